// Request rate limit per OAuth client: `TASE_RATE_LIMIT` requests per one-second window (default 60; 0 turns it
// off). Refused requests answer 429 with `Retry-After`; every limited answer carries the IETF `RateLimit-Policy`
// and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers: `"default";q=60;w=1` and `"default";r=…;t=…`).
//
// Where the count lives:
// - PostgreSQL (any number of processes): the table rate_limit_windows holds one row per client with the count
//   of its current window. A process does not write it per request: it claims a small *lease* of requests
//   (a twentieth of the limit, at least 1) with one upsert, serves those from memory, and claims again when
//   they are used up. The sum of all leases granted in a window never exceeds the limit, so the limit holds
//   across processes exactly; a lease left unused by one process is the only slack (the window ends after
//   a second anyway). Once the shared count is exhausted a process refuses from memory until the window ends.
//   Windows are whole seconds of the wall clock, so the processes' clocks must agree (NTP), as for tokens.
// - SQLite (one process): the count is kept in memory.
//
// Rate limiting measures real request throughput, so it reads the wall clock (`now` option), not the
// service's business clock that tests move.
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Engine } from '../db/index.ts';
import { ApiError, errorItem } from './errors.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';

const RATE_WINDOW_SECONDS = 1;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window (an estimate across processes). */
  remaining: number;
  /** Seconds until the window resets (whole seconds, at least 1 when refused). */
  reset: number;
}

interface LocalWindow {
  window: number;
  /** Requests counted here (memory mode) or leased and not yet used (shared mode). */
  count: number;
  /** Shared mode: the shared count after this process's last claim. */
  shared: number;
  exhausted: boolean;
}

const LOCAL_LIMIT = 10_000;

export class RateLimiter {
  readonly limit: number;
  readonly policy: string;
  readonly #db: Db;
  readonly #engine: Engine;
  readonly #shared: boolean;
  readonly #lease: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, LocalWindow>();

  constructor(options: { limit: number; db: Db; engine: Engine; shared?: boolean; lease?: number; now?: () => number }) {
    this.limit = options.limit;
    this.policy = `"default";q=${options.limit};w=${RATE_WINDOW_SECONDS}`;
    this.#db = options.db;
    this.#engine = options.engine;
    this.#shared = options.shared ?? options.engine === 'postgres';
    this.#lease = Math.max(1, Math.min(options.limit, options.lease ?? Math.floor(options.limit / 20)));
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Counts one request of a client; undefined when rate limiting is off. */
  async take(clientId: string): Promise<RateDecision | undefined> {
    if (!this.enabled) return undefined;
    const nowMs = this.#now();
    const window = Math.floor(nowMs / 1000 / RATE_WINDOW_SECONDS);
    const reset = Math.max(1, Math.ceil(((window + 1) * RATE_WINDOW_SECONDS * 1000 - nowMs) / 1000));
    let local = this.#windows.get(clientId);
    if (!local || local.window !== window) {
      if (!local && this.#windows.size >= LOCAL_LIMIT) this.#prune(window);
      local = { window, count: 0, shared: 0, exhausted: false };
      this.#windows.set(clientId, local);
    }
    if (!this.#shared) {
      if (local.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, reset };
      local.count += 1;
      return { allowed: true, limit: this.limit, remaining: this.limit - local.count, reset };
    }
    if (local.count === 0 && !local.exhausted) {
      const granted = await this.#claim(clientId, window);
      // another request of this client may have claimed meanwhile: leases add up
      local = this.#windows.get(clientId)!;
      if (local.window !== window) {
        local = { window, count: 0, shared: 0, exhausted: false };
        this.#windows.set(clientId, local);
      }
      local.count += granted.granted;
      local.shared = Math.max(local.shared, granted.shared);
      if (granted.granted === 0) local.exhausted = true;
    }
    if (local.count === 0) return { allowed: false, limit: this.limit, remaining: 0, reset };
    local.count -= 1;
    return { allowed: true, limit: this.limit, remaining: Math.max(0, this.limit - local.shared) + local.count, reset };
  }

  /** Claims a lease from the shared count of the window; answers how many requests were granted. */
  async #claim(clientId: string, window: number): Promise<{ granted: number; shared: number }> {
    if (this.#engine !== 'postgres') return this.#upsert(this.#db, clientId, window);
    // A counter of one second needs no durability: without waiting for the WAL flush a claim costs a fraction.
    return this.#db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return this.#upsert(trx, clientId, window);
    });
  }

  async #upsert(db: Db, clientId: string, window: number): Promise<{ granted: number; shared: number }> {
    const lease = this.#lease;
    const row = await db
      .insertInto('rate_limit_windows')
      .values({ client_id: clientId, window_start: window, count: lease })
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet({
          count: sql`case when rate_limit_windows.window_start = ${window} then rate_limit_windows.count + ${lease} else ${lease} end`,
          window_start: window,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    if (Number(row.window_start) !== window) return { granted: 0, shared: count };
    const before = count - lease;
    return { granted: Math.max(0, Math.min(lease, this.limit - before)), shared: Math.min(count, this.limit) };
  }

  #prune(window: number): void {
    for (const [key, value] of this.#windows) if (value.window < window) this.#windows.delete(key);
    if (this.#windows.size >= LOCAL_LIMIT) this.#windows.clear();
  }

  headers(decision: RateDecision): Record<string, string> {
    const headers: Record<string, string> = {
      'ratelimit-policy': this.policy,
      ratelimit: `"default";r=${decision.remaining};t=${decision.reset}`,
    };
    if (!decision.allowed) headers['retry-after'] = String(decision.reset);
    return headers;
  }

  /** Counts a request and sets the headers; throws the 429 when the client is over its limit. */
  async check(clientId: string, reply: FastifyReply): Promise<void> {
    const decision = await this.take(clientId);
    if (!decision) return;
    const headers = this.headers(decision);
    if (!decision.allowed) {
      throw new ApiError([errorItem('RATE_LIMITED', undefined, { limit: this.limit, window: RATE_WINDOW_SECONDS })], headers);
    }
    reply.headers(headers);
  }
}

/** Windows that ended this long ago are deleted; younger ones are left alone (clocks of processes differ a little). */
const ENDED_WINDOW_KEEP_SECONDS = 60;

/**
 * Deletes up to `batch.limit` rows of rate_limit_windows whose window ended more than a minute ago (housekeeping,
 * src/housekeeping/task.ts); answers how many went. A row is rewritten for the current window by the next request
 * of its client, so only the rows of clients that stopped sending stay behind. The windows are seconds of the
 * wall clock, which is the service clock in production. A claim racing with the delete is safe: on PostgreSQL
 * the candidate rows are locked and re-checked (a row just moved to the current window is no longer a
 * candidate), and a deleted row is simply inserted again. On the embedded engine the table is not used.
 */
export async function purgeExpiredWindows(db: Db, batch: PurgeBatch): Promise<number> {
  const current = Math.floor(batch.now.getTime() / 1000 / RATE_WINDOW_SECONDS);
  const before = current - Math.ceil(ENDED_WINDOW_KEEP_SECONDS / RATE_WINDOW_SECONDS);
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where('client_id', 'in', purgeCandidates(db.selectFrom('rate_limit_windows').select('client_id').where('window_start', '<', before), batch))
    .executeTakeFirst();
  return deletedRows(result);
}

/**
 * Limits every request that carries a valid access token, by its client. It runs after the route's
 * authentication (onRequest) and before the body is read (preParsing), so a refused request costs no parsing.
 * The token endpoint counts its requests by the authenticated client itself (see src/auth/routes.ts).
 */
export function installRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  if (!limiter.enabled) return;
  app.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.auth) await limiter.check(request.auth.clientId, reply);
    return payload;
  });
}
