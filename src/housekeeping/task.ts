// Housekeeping: a background task that deletes rows nothing can use any more, so that tables do not grow without
// bound (every client-credentials token request, for one, leaves a session row behind). The rules of what is
// expired belong to each area and live in its store; each area lists its purges in its descriptor
// (`purge` in its index.ts), and this task only runs them:
//
//   auth_sessions           revoked, or no token of them can be valid any more       auth/store.ts purgeExpiredSessions
//   auth_codes              expired more than a day ago (used or not)                auth/store.ts purgeSpentCodes
//   login_flows             expired more than a day ago                              login/store.ts purgeExpiredFlows
//   authenticator_sessions  expired                                                  authenticator/store.ts purgeExpired
//   authenticator_factors   app enrolments unfinished 30 minutes after they began    authenticator/store.ts purgeUnfinishedEnrolments
//   authenticator_challenges  passkey ceremonies never finished, expired             authenticator/store.ts purgeExpiredChallenges
//   mfa_transactions        past their 24-hour status window                          mfa/store.ts purgeExpired
//   webhook_deliveries      delivered, failed or cancelled more than 30 days ago     webhooks/store.ts purgeFinishedDeliveries
//   rate_limit_windows      slots claimed more than a minute ago                     platform/rate-limit.ts purgeExpiredWindows
//
// Every statement deletes at most `batchSize` rows and is repeated until fewer went (src/db/purge.ts), so no
// statement locks much for long. What is expired is decided by ctx.clock (tests move it); only the interval
// between passes is wall-clock time. On PostgreSQL several processes may run passes at the same time: the
// candidates are taken with SKIP LOCKED and deleting is idempotent, so they share the work and nothing breaks.
//
// Company tables are purged company by company. Deleting expired rows of every company is a legitimate
// cross-company operation, but doing it per company keeps the one rule of the company-scope guard
// (src/db/company-scope.ts) without exception: every statement that touches a company's rows names that company,
// so the guard needs no escape hatch, the deletes use the same company-first indexes as everything else, and the
// schema stays shardable by company_id. It costs a handful of index look-ups per company and pass. The single
// read across companies is the list of company ids (`ctx.companies.ids`, the company area's).
import type { AppContext } from '../platform/context.ts';
import type { AnyArea, CompanyPurge, GlobalPurge } from '../platform/area.ts';
import type { PurgeBatch } from '../db/purge.ts';

const DEFAULT_INTERVAL_MS = 10 * 60_000;
const DEFAULT_FIRST_RUN_MS = 15_000;
const DEFAULT_BATCH_SIZE = 1000;
const COMPANY_PAGE = 1000;

/** Rows deleted by one pass, per purge (named by the areas: authSessions, loginFlows, …). */
export type HousekeepingCounts = Record<string, number>;

/** The purges housekeeping runs, by count name. */
export interface Purges {
  company: [string, CompanyPurge][];
  global: [string, GlobalPurge][];
}

/** The purges the areas declare, in module-list order. */
export function purgesOf(areas: readonly AnyArea[]): Purges {
  return {
    company: areas.flatMap((a) => Object.entries(a.purge?.company ?? {})),
    global: areas.flatMap((a) => Object.entries(a.purge?.global ?? {})),
  };
}

export interface HousekeepingOptions {
  /** What to purge (the areas' declarations, purgesOf). */
  purges: Purges;
  /** Wall-clock time between two passes; 0 runs no pass by itself (runOnce still works). */
  intervalMs?: number;
  /** Wall-clock time from start to the first pass. */
  firstRunMs?: number;
  /** Most rows one delete statement removes. */
  batchSize?: number;
}

type Logger = { warn(data: object, message: string): void };

export class Housekeeping {
  readonly #ctx: AppContext;
  readonly #intervalMs: number;
  readonly #firstRunMs: number;
  readonly #batchSize: number;
  readonly #purges: Purges;
  #logger: Logger | undefined;
  #running = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<HousekeepingCounts> | undefined;

  constructor(ctx: AppContext, options: HousekeepingOptions) {
    this.#ctx = ctx;
    this.#purges = options.purges;
    this.#intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.#firstRunMs = options.firstRunMs ?? DEFAULT_FIRST_RUN_MS;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(this.#batchSize) || this.#batchSize < 1)
      throw new Error(`batchSize must be a positive integer, got ${this.#batchSize}`);
  }

  get running(): boolean {
    return this.#running;
  }

  /** Runs a pass shortly after start and then every interval, until stop(). No-op with interval 0. */
  start(logger?: Logger): void {
    if (logger) this.#logger = logger;
    if (this.#running || this.#intervalMs <= 0) return;
    this.#running = true;
    this.#stopping = false;
    this.#schedule(this.#firstRunMs);
  }

  /** Stops the timer; a pass in progress ends after its current statement. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#pass?.catch(() => undefined);
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#tick();
    }, delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (!this.#running) return;
    if (!this.#pass) {
      try {
        await this.#runPass();
      } catch (err) {
        if (this.#running) this.#logger?.warn({ err }, 'housekeeping pass failed');
      }
    }
    if (this.#running) this.#schedule(this.#intervalMs);
  }

  /**
   * One whole pass now (the `tase admin housekeeping` command, tests): waits for a pass in progress, then runs
   * one that starts after this call, against the clock's present. Answers the rows deleted per table.
   */
  async runOnce(): Promise<HousekeepingCounts> {
    while (this.#pass) await this.#pass.catch(() => undefined);
    return this.#runPass();
  }

  #runPass(): Promise<HousekeepingCounts> {
    const pass = this.#purgeAll().finally(() => {
      if (this.#pass === pass) this.#pass = undefined;
    });
    this.#pass = pass;
    return pass;
  }

  async #purgeAll(): Promise<HousekeepingCounts> {
    const db = this.#ctx.db;
    const batch: PurgeBatch = { now: this.#ctx.clock.now(), limit: this.#batchSize, engine: this.#ctx.engine };
    const counts: HousekeepingCounts = {};
    for (const [name] of [...this.#purges.company, ...this.#purges.global]) counts[name] = 0;
    for (const [name, purge] of this.#purges.global) counts[name] += await this.#untilDone(() => purge(db, batch));
    let after = 0;
    for (;;) {
      const ids = await this.#ctx.companies.ids(db, after, COMPANY_PAGE);
      for (const companyId of ids) {
        if (this.#stopping) break;
        for (const [name, purge] of this.#purges.company)
          counts[name] += await this.#untilDone(() => purge(db, companyId, batch));
      }
      if (ids.length < COMPANY_PAGE || this.#stopping) break;
      after = ids[ids.length - 1];
    }
    return counts;
  }

  /** Repeats one bounded purge until it deletes fewer rows than a batch (or the task is stopping). */
  async #untilDone(purge: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await purge();
      total += deleted;
      if (deleted < this.#batchSize || this.#stopping) return total;
    }
  }
}
