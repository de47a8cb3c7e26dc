// Request rate limit per OAuth client: at most `TASE_RATE_LIMIT` requests in any one-second span (default 60;
// 0 turns it off). Refused requests answer 429 with `Retry-After`; every limited answer carries the IETF
// `RateLimit-Policy` and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers: `"default";q=60;w=1` and
// `"default";r=…;t=…`).
//
// The limit is a sliding window, not whole seconds of the clock: fixed windows let a burst that straddles a
// boundary take two windows' worth. A client's allowance is a ring of *slots*, each worth a lease of k requests
// (k·slots = the limit). Claiming a slot stamps it with the time of the claim; a slot can be claimed again only
// when its stamp is older than the window plus the lease's lifetime, and the requests of a lease are served
// within that lifetime of the claim (an unused rest expires). Any one-second span thus overlaps at most `slots`
// leases: never more than the limit is served in it, however claims and requests interleave.
//
// Where the ring lives:
// - PostgreSQL, and an SQLite file (any number of processes): rows of rate_limit_windows, one per slot, stamped
//   by the database's clock (PostgreSQL) or the machine's (SQLite, one machine). A claim is one statement that
//   takes the oldest free slot (SKIP LOCKED: concurrent claims take different slots); a process claims a lease
//   of a twentieth of the limit and serves it from memory, so the hot path touches the database once per
//   lease. Once no slot is free, the process refuses from memory until the oldest slot frees.
// - In-memory SQLite (one process): the ring is kept in memory, one slot per request (an exact sliding log)
//   unless the limit is above a thousand.
//
// Rate limiting measures real request throughput, so it reads a monotonic clock (`now` option), not the
// service's business clock that tests move.
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Engine } from '../db/index.ts';
import { ApiError, errorItem } from './errors.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';

const RATE_WINDOW_SECONDS = 1;
const WINDOW_MS = RATE_WINDOW_SECONDS * 1000;
/**
 * How long after its claim a lease taken from the shared store may be served from. A client sending steadily but
 * slowly claims a slot per lifetime and uses little of each lease: with 20 slots a lifetime of a tenth of the
 * window keeps such a trickle to 11 slots in any window and a half (window plus lifetime), leaving the rest for
 * bursts; a much shorter one would run out of slots far below the limit.
 */
export const LEASE_LIFETIME_MS = 100;
/** Slots of a client's ring kept in the database (leases of a twentieth of the limit) and at most in memory. */
const SHARED_SLOTS = 20;
const MEMORY_SLOTS = 1000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left now (an estimate across processes). */
  remaining: number;
  /** Seconds until a refused client may send again (whole seconds, at least 1). */
  reset: number;
}

/** The answer of a claim: granted or not; when not, how long until the oldest slot frees. */
interface Grant {
  granted: boolean;
  waitMs: number;
  /** Slots still free after this claim (an estimate across processes). */
  free: number;
}

interface SlotStore {
  claim(clientId: string, now: number): Grant | Promise<Grant>;
}

/** What this process holds for a client: the rest of its current lease, or the time it refuses until. */
interface ClientState {
  units: number;
  expires: number;
  blockedUntil: number;
  free: number;
  claiming: Promise<unknown> | undefined;
}

const LOCAL_LIMIT = 10_000;

/** Slots and lease size for a limit: `slots · lease = limit` exactly, with at most `maxSlots` slots where possible. */
function slotsFor(limit: number, maxSlots: number, lease?: number): { slots: number; lease: number } {
  if (lease !== undefined) {
    const size = Math.min(limit, Math.max(1, lease, Math.ceil(limit / maxSlots)));
    return { slots: Math.floor(limit / size), lease: size };
  }
  const least = Math.max(1, Math.ceil(limit / maxSlots));
  // the smallest divisor of the limit not below `least` (a few steps; else slightly under the limit)
  for (let size = least; size <= least * 2 && size <= limit; size++)
    if (limit % size === 0) return { slots: limit / size, lease: size };
  return { slots: Math.floor(limit / least), lease: least };
}

class MemorySlots implements SlotStore {
  readonly #slots: number;
  readonly #span: number;
  readonly #rings = new Map<string, { stamps: Float64Array; next: number }>();

  constructor(slots: number, span: number) {
    this.#slots = slots;
    this.#span = span;
  }

  claim(clientId: string, now: number): Grant {
    let ring = this.#rings.get(clientId);
    if (!ring) {
      if (this.#rings.size >= LOCAL_LIMIT) this.#prune(now);
      ring = { stamps: new Float64Array(this.#slots).fill(-Infinity), next: 0 };
      this.#rings.set(clientId, ring);
    }
    // stamps are written in time order, so the ring from `next` on runs from the oldest claim to the newest
    const oldest = ring.stamps[ring.next];
    if (oldest > now - this.#span) return { granted: false, waitMs: oldest + this.#span - now, free: 0 };
    ring.stamps[ring.next] = now;
    ring.next = (ring.next + 1) % this.#slots;
    let free = 0;
    while (free < this.#slots - 1 && ring.stamps[(ring.next + free) % this.#slots] <= now - this.#span) free++;
    return { granted: true, waitMs: 0, free };
  }

  #prune(now: number): void {
    for (const [key, ring] of this.#rings) {
      const newest = ring.stamps[(ring.next + this.#slots - 1) % this.#slots];
      if (newest <= now - this.#span) this.#rings.delete(key);
    }
    if (this.#rings.size >= LOCAL_LIMIT) this.#rings.clear();
  }
}

/** Slot rows are keyed by client and slot number; the unit separator cannot occur in a client id of a form. */
const slotKey = (clientId: string, slot: number) => `${clientId}\u001f${slot}`;

class SharedSlots implements SlotStore {
  readonly #db: Db;
  readonly #engine: Engine;
  readonly #slots: number;
  readonly #lease: number;
  readonly #span: number;
  readonly #keys = new Map<string, string[]>();

  constructor(db: Db, engine: Engine, slots: number, lease: number, span: number) {
    this.#db = db;
    this.#engine = engine;
    this.#slots = slots;
    this.#lease = lease;
    this.#span = span;
  }

  #keysOf(clientId: string): string[] {
    let keys = this.#keys.get(clientId);
    if (!keys) {
      if (this.#keys.size >= LOCAL_LIMIT) this.#keys.clear();
      keys = Array.from({ length: this.#slots }, (_, slot) => slotKey(clientId, slot));
      this.#keys.set(clientId, keys);
    }
    return keys;
  }

  async claim(clientId: string): Promise<Grant> {
    const keys = this.#keysOf(clientId);
    const outcome = await this.#take(keys);
    if (outcome.slots < this.#slots) {
      // first claim of the client, its idle slots purged, or a ring made under a lower limit: complete the ring
      // (a grant's estimate of free slots then counts the new ones), and claim again if nothing was free
      await this.#db
        .insertInto('rate_limit_windows')
        .values(keys.map((key) => ({ client_id: key, window_start: 0, count: this.#lease })))
        .onConflict((oc) => oc.column('client_id').doNothing())
        .execute();
      if (!outcome.grant.granted) return (await this.#take(keys)).grant;
      return { ...outcome.grant, free: outcome.grant.free + this.#slots - outcome.slots };
    }
    return outcome.grant;
  }

  async #take(keys: string[]): Promise<{ grant: Grant; slots: number }> {
    const span = this.#span;
    if (this.#engine === 'postgres') {
      // One statement. The stamp is the database's clock, the same for every process. A counter of one second
      // needs no durability: without waiting for the WAL flush a claim costs a fraction.
      const { rows } = await sql<{ granted: number; now: number; oldest: number | null; free: number; slots: number }>`
        with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as now, set_config('synchronous_commit', 'off', true) as durability),
        candidate as (
          select rate_limit_windows.client_id from rate_limit_windows, clock
          where rate_limit_windows.client_id = any(${keys}::text[]) and rate_limit_windows.window_start <= clock.now - ${span}
          order by rate_limit_windows.window_start limit 1 for update of rate_limit_windows skip locked),
        taken as (
          update rate_limit_windows set window_start = clock.now from clock, candidate
          where rate_limit_windows.client_id = candidate.client_id and rate_limit_windows.window_start <= clock.now - ${span}
          returning rate_limit_windows.client_id)
        select (select count(*) from taken)::int as granted, (select now from clock) as now,
          (select min(window_start) from rate_limit_windows where client_id = any(${keys}::text[])) as oldest,
          (select count(*) from rate_limit_windows, clock where client_id = any(${keys}::text[]) and window_start <= clock.now - ${span})::int as free,
          (select count(*) from rate_limit_windows where client_id = any(${keys}::text[]))::int as slots`.execute(
        this.#db,
      );
      const row = rows[0];
      return {
        grant: this.#grant(Number(row.granted) > 0, Number(row.now), row.oldest, Number(row.free)),
        slots: Number(row.slots),
      };
    }
    // SQLite: processes on one machine share its clock; a write statement holds the database's write lock
    const now = Date.now();
    const keyList = JSON.stringify(keys);
    const { rows: taken } = await sql<{ client_id: string }>`
      update rate_limit_windows set window_start = ${now}
      where client_id = (select client_id from rate_limit_windows where client_id in (select value from json_each(${keyList})) and window_start <= ${now - span} order by window_start limit 1)
      returning client_id`.execute(this.#db);
    const { rows } = await sql<{ oldest: number | null; free: number | null; slots: number }>`
      select min(window_start) as oldest, sum(window_start <= ${now - span}) as free, count(*) as slots
      from rate_limit_windows where client_id in (select value from json_each(${keyList}))`.execute(this.#db);
    const row = rows[0];
    return {
      grant: this.#grant(taken.length > 0, now, row.oldest, Number(row.free ?? 0) + taken.length),
      slots: Number(row.slots),
    };
  }

  /** `free` counted before the claim took its slot. */
  #grant(granted: boolean, now: number, oldest: number | null, free: number): Grant {
    if (granted) return { granted, waitMs: 0, free: Math.max(0, free - 1) };
    const waitMs = oldest === null ? 1 : Math.max(1, Number(oldest) + this.#span - now);
    return { granted, waitMs, free: 0 };
  }
}

export class RateLimiter {
  readonly limit: number;
  readonly policy: string;
  readonly #lease: number;
  /** How long after its claim a lease may be served from (0: at once, by the request that claimed it). */
  readonly #lifetime: number;
  readonly #store: SlotStore;
  readonly #now: () => number;
  readonly #clients = new Map<string, ClientState>();

  /** `shared`: keep the ring in the database; by default on PostgreSQL and on an SQLite file (`databaseUrl`). */
  constructor(options: {
    limit: number;
    db: Db;
    engine: Engine;
    databaseUrl?: string;
    shared?: boolean;
    lease?: number;
    now?: () => number;
  }) {
    this.limit = options.limit;
    this.policy = `"default";q=${options.limit};w=${RATE_WINDOW_SECONDS}`;
    this.#now = options.now ?? (() => performance.now());
    const inMemory = !options.databaseUrl || /^(sqlite:(\/\/)?)?(:memory:)?$/.test(options.databaseUrl);
    const shared = options.shared ?? (options.engine === 'postgres' || !inMemory);
    const { slots, lease } = slotsFor(Math.max(1, options.limit), shared ? SHARED_SLOTS : MEMORY_SLOTS, options.lease);
    this.#lease = lease;
    // a claim in memory is served at once; a lease of several requests, or one claimed over the network, lives a while
    this.#lifetime = !shared && lease === 1 ? 0 : LEASE_LIFETIME_MS;
    const span = WINDOW_MS + this.#lifetime;
    this.#store = shared
      ? new SharedSlots(options.db, options.engine, slots, lease, span)
      : new MemorySlots(slots, span);
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Counts one request of a client; undefined when rate limiting is off. */
  async take(clientId: string): Promise<RateDecision | undefined> {
    if (!this.enabled) return undefined;
    let state = this.#clients.get(clientId);
    if (!state) {
      if (this.#clients.size >= LOCAL_LIMIT) this.#prune();
      state = { units: 0, expires: 0, blockedUntil: 0, free: 0, claiming: undefined };
      this.#clients.set(clientId, state);
    }
    for (;;) {
      const now = this.#now();
      if (state.units > 0 && now <= state.expires) {
        state.units -= 1;
        return this.#allowed(state);
      }
      if (now < state.blockedUntil)
        return {
          allowed: false,
          limit: this.limit,
          remaining: 0,
          reset: Math.max(1, Math.ceil((state.blockedUntil - now) / 1000)),
        };
      if (state.claiming) {
        // one claim at a time per client in this process: the others use its lease, or claim after it
        await state.claiming;
        continue;
      }
      const claimed = this.#store.claim(clientId, now);
      let grant: Grant;
      let late = false;
      if (claimed instanceof Promise) {
        state.claiming = claimed.catch(() => undefined);
        try {
          grant = await claimed;
        } finally {
          state.claiming = undefined;
        }
        late = this.#now() - now > this.#lifetime;
      } else grant = claimed;
      if (!grant.granted) {
        state.units = 0;
        state.blockedUntil = now + grant.waitMs;
        continue;
      }
      state.free = grant.free;
      // the lease counts from its claim: what arrives too late to be served within its lifetime is void
      if (late) continue;
      state.units = this.#lease - 1;
      state.expires = now + this.#lifetime;
      return this.#allowed(state);
    }
  }

  #allowed(state: ClientState): RateDecision {
    return {
      allowed: true,
      limit: this.limit,
      remaining: Math.min(this.limit - 1, state.units + state.free * this.#lease),
      reset: RATE_WINDOW_SECONDS,
    };
  }

  #prune(): void {
    const now = this.#now();
    for (const [key, state] of this.#clients)
      if (!state.claiming && now > state.expires && now >= state.blockedUntil) this.#clients.delete(key);
    if (this.#clients.size >= LOCAL_LIMIT) this.#clients.clear();
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
      throw new ApiError(
        [errorItem('RATE_LIMITED', undefined, { limit: this.limit, window: RATE_WINDOW_SECONDS })],
        headers,
      );
    }
    reply.headers(headers);
  }
}

/** Slots claimed this long ago are deleted; younger ones are left alone (they may still count). */
const ENDED_WINDOW_KEEP_SECONDS = 60;

/**
 * Deletes up to `batch.limit` slot rows of rate_limit_windows claimed more than a minute ago (housekeeping,
 * src/housekeeping/task.ts); answers how many went. The slots of a client that keeps sending are stamped again
 * and again, so only the rows of clients that stopped stay behind; a ring missing rows is made again on the next
 * claim (a deleted slot was free). Stamps are milliseconds of the wall clock, which is the service clock in
 * production. A claim racing with the delete is safe: on PostgreSQL the candidate rows are locked and re-checked
 * (a slot just stamped is no longer a candidate).
 */
export async function purgeExpiredWindows(db: Db, batch: PurgeBatch): Promise<number> {
  const before = batch.now.getTime() - ENDED_WINDOW_KEEP_SECONDS * 1000;
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where(
      'client_id',
      'in',
      purgeCandidates(
        db.selectFrom('rate_limit_windows').select('client_id').where('window_start', '<', before),
        batch,
      ),
    )
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
