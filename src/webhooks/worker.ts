// The delivery worker: claims due outbox rows with a lease, POSTs each message to its webhook, and records the
// outcome. Everything it knows is in the database (no queue in memory), so deliveries survive a restart; on
// PostgreSQL several processes may run workers side by side, the lease keeping them from sending the same row
// at the same time. Delivery is at-least-once: a process that dies after the receiver answered but before
// the outcome was recorded sends again once the lease expires; receivers de-duplicate by X-Tase-Delivery.
//
// Time: due times, leases and retry delays come from ctx.clock (tests move it); only the polling interval,
// which decides how often the database is asked, is wall-clock time.
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { AppContext } from '../platform/context.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { LATEST_VERSION } from '../platform/versions.ts';
import { nextAttemptAt } from './retry.ts';
import { addressAllowed, guardedLookup, hostOf, targetPolicy, type TargetPolicy } from './targets.ts';
import * as store from './store.ts';
import { failedDeliveries } from '../platform/metrics.ts';

export const DEFAULT_SIGNATURE_HEADER = 'X-Tase-Signature';
export const DELIVERY_HEADER = 'X-Tase-Delivery';
export const EVENT_HEADER = 'X-Tase-Event';
export const ATTEMPT_HEADER = 'X-Tase-Attempt';

/** Hex HMAC-SHA512 of the exact body bytes (UTF-8) with the webhook's shared secret. */
function signBody(secret: string, body: string): string {
  return createHmac('sha512', secret).update(body, 'utf8').digest('hex');
}

export interface WorkerOptions {
  /** How often the database is asked for due deliveries when idle (wall-clock ms). */
  pollIntervalMs?: number;
  /** Rows claimed at once. */
  batchSize?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Time one attempt may take (connect, send, answer), wall-clock ms. */
  attemptTimeoutMs?: number;
  /** Lease length on claimed rows, clock time: longer than any attempt. */
  leaseMs?: number;
  /** Where a failed round is reported (the app's logger). */
  logger?: { warn(data: object, message: string): void };
}

interface AttemptResult {
  status?: number;
  error?: string;
  durationMs: number;
}

interface Outcome {
  row: store.WebhookDeliveryRow;
  changes: Parameters<typeof store.recordAttempts>[2][number]['changes'];
}

const MAX_ERROR_LENGTH = 500;
const MAX_RESPONSE_BYTES = 64 * 1024;

export class DeliveryWorker {
  readonly #ctx: AppContext;
  readonly #owner = `w-${randomBytes(8).toString('hex')}`;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #attemptTimeoutMs: number;
  readonly #leaseMs: number;
  readonly #policy: TargetPolicy;
  readonly #signatureHeader: string;
  #logger: WorkerOptions['logger'];
  readonly #httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  readonly #httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });
  #running = false;
  #loop: Promise<void> | undefined;
  #wakeUp: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #woken = false;

  constructor(ctx: AppContext, options: WorkerOptions = {}) {
    this.#ctx = ctx;
    this.#pollIntervalMs = options.pollIntervalMs ?? 200;
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = options.concurrency ?? 32;
    this.#attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#policy = targetPolicy(ctx.config.mode, ctx.config.webhookAllowPrivate);
    this.#signatureHeader = ctx.config.webhookSignatureHeader ?? DEFAULT_SIGNATURE_HEADER;
    this.#logger = options.logger;
  }

  get running(): boolean {
    return this.#running;
  }

  start(logger?: WorkerOptions['logger']): void {
    if (logger) this.#logger = logger;
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Stops polling and waits for the deliveries in flight to be recorded. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.wake();
    await this.#loop;
    this.#httpAgent.destroy();
    this.#httpsAgent.destroy();
  }

  /** Asks the database now instead of at the next poll (e.g. after a commit that wrote events). */
  wake(): void {
    this.#woken = true;
    const wake = this.#wakeUp;
    this.#wakeUp = undefined;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    wake?.();
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (err) {
        if (!this.#running) break;
        this.#logger?.warn({ err }, 'webhook delivery round failed');
      }
      if (!this.#running) break;
      if (claimed >= this.#batchSize) continue;
      if (this.#woken) {
        this.#woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#wakeUp = resolve;
        this.#timer = setTimeout(() => this.wake(), this.#pollIntervalMs);
        this.#timer.unref();
      });
      this.#woken = false;
    }
  }

  /** One round: claims the due deliveries and sends them. Answers how many were claimed. */
  async runOnce(): Promise<number> {
    const now = this.#ctx.clock.now();
    const rows = await store.claimDue(
      this.#ctx.db,
      this.#ctx.engine,
      this.#owner,
      isoDateTime(now),
      isoDateTime(new Date(now.getTime() + this.#leaseMs)),
      this.#batchSize,
    );
    if (rows.length === 0) return 0;
    // one read per webhook of the round, and the outcomes written together in one statement (one commit)
    const webhooks = new Map<string, Promise<store.WebhookRow | undefined>>();
    const webhookOf = (row: store.WebhookDeliveryRow) => {
      const key = `${row.company_id}:${row.webhook_uuid}`;
      let found = webhooks.get(key);
      if (!found) webhooks.set(key, (found = store.getWebhook(this.#ctx.db, row.company_id, row.webhook_uuid)));
      return found;
    };
    const outcomes: Outcome[] = [];
    const unused: store.WebhookDeliveryRow[] = [];
    let failure: Error | undefined;
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.#concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (!this.#running || failure !== undefined) {
          unused.push(row);
          continue;
        }
        try {
          outcomes.push(await this.#deliver(row, await webhookOf(row)));
        } catch (err) {
          // the database failed under the round: the rest stays leased by this worker, which claims it again
          // at its next round (claimDue), so nothing is sent twice at once and nothing waits for the lease
          failure ??= err instanceof Error ? err : new Error(String(err));
        }
      }
    });
    // every lane ends before the round does: a row still being sent must not be claimed again meanwhile
    await Promise.all(lanes);
    await store.recordAttempts(this.#ctx.db, this.#owner, outcomes);
    if (failure !== undefined) throw failure;
    for (const row of unused) await store.releaseLease(this.#ctx.db, row, this.#owner);
    return rows.length;
  }

  /** Sends one delivery; answers what to record. */
  async #deliver(row: store.WebhookDeliveryRow, webhook: store.WebhookRow | undefined): Promise<Outcome> {
    if (!webhook) {
      return {
        row,
        changes: {
          status: 'CANCELED',
          attempts: row.attempts,
          next_attempt_at: row.next_attempt_at,
          last_attempt_at: row.last_attempt_at,
          last_status: row.last_status,
          last_error: 'webhook deleted',
          delivered_at: null,
          attempt_log: row.attempt_log,
        },
      };
    }
    const attempt = row.attempts + 1;
    const startedAt = this.#ctx.clock.now();
    const result = await this.#post(webhook, row, attempt);
    const finishedAt = this.#ctx.clock.now();
    const log = JSON.parse(row.attempt_log) as store.AttemptLogEntry[];
    const entry: store.AttemptLogEntry = { at: isoDateTime(startedAt), durationMs: result.durationMs };
    if (result.status !== undefined) entry.status = result.status;
    if (result.error !== undefined) entry.error = result.error;
    log.push(entry);
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
    if (!ok) failedDeliveries.inc();
    const retryAt = ok ? null : nextAttemptAt(finishedAt, attempt, parseDateTime(row.deadline_at));
    return {
      row,
      changes: {
        status: ok ? 'DELIVERED' : retryAt ? 'PENDING' : 'FAILED',
        attempts: attempt,
        next_attempt_at: retryAt ? isoDateTime(retryAt) : row.next_attempt_at,
        last_attempt_at: isoDateTime(startedAt),
        last_status: result.status ?? null,
        last_error: result.error ?? null,
        delivered_at: ok ? isoDateTime(finishedAt) : null,
        attempt_log: JSON.stringify(log),
      },
    };
  }

  #post(webhook: store.WebhookRow, row: store.WebhookDeliveryRow, attempt: number): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(webhook.url);
    } catch {
      return Promise.resolve({ error: 'invalid webhook url', durationMs: 0 });
    }
    const host = hostOf(url);
    if (isIP(host) && !addressAllowed(host, this.#policy)) {
      return Promise.resolve({ error: `${host} is an address webhooks may not reach`, durationMs: 0 });
    }
    const body = Buffer.from(row.body, 'utf8');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': `Tase-Webhooks/${LATEST_VERSION}`,
      [DELIVERY_HEADER]: row.delivery_id,
      [EVENT_HEADER]: row.event_type,
      [ATTEMPT_HEADER]: String(attempt),
    };
    if (webhook.authentication_type === 'HMAC' && webhook.shared_secret)
      headers[this.#signatureHeader] = signBody(webhook.shared_secret, row.body);
    const secure = url.protocol === 'https:';
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, error: result.error?.slice(0, MAX_ERROR_LENGTH), durationMs: elapsed() });
      };
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers,
          agent: secure ? this.#httpsAgent : this.#httpAgent,
          lookup: guardedLookup(this.#policy),
        },
        (res: IncomingMessage) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) res.destroy();
          });
          const done = () =>
            finish({
              status: res.statusCode,
              error:
                res.statusCode && res.statusCode >= 200 && res.statusCode < 300
                  ? undefined
                  : `answered ${res.statusCode}`,
            });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${this.#attemptTimeoutMs} ms`));
      }, this.#attemptTimeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish({ error: err.code && err.code !== 'ETARGETNOTALLOWED' ? `${err.code}: ${err.message}` : err.message }),
      );
      req.end(body);
    });
  }
}
