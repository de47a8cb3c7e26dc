// SQL of webhooks: the subscriptions and the delivery outbox.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';

export interface WebhookRow {
  company_id: number;
  uuid: string;
  url: string;
  authentication_type: string;
  shared_secret: string | null;
  hash_function: string | null;
  created_at: string;
  version: string;
}

export interface WebhookSubscriptionRow {
  company_id: number;
  event_type: string;
  webhook_uuid: string;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELED';

export interface AttemptLogEntry {
  at: string;
  /** HTTP status answered by the receiver, when it answered. */
  status?: number;
  error?: string;
  durationMs: number;
}

export interface WebhookDeliveryRow {
  company_id: number;
  id: number;
  delivery_id: string;
  webhook_uuid: string;
  event_type: string;
  body: string;
  status: string;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  deadline_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  /** JSON array of AttemptLogEntry (bounded by the retry schedule). */
  attempt_log: string;
}

declare module '../db/types.ts' {
  interface Database {
    webhooks: WebhookRow;
    webhook_subscriptions: WebhookSubscriptionRow;
    webhook_deliveries: WebhookDeliveryRow;
  }
}

export async function getWebhook(db: Db, companyId: number, uuid: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

export async function subscriptionsOf(db: Db, companyId: number, uuids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return out;
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .select(['webhook_uuid', 'event_type'])
    .where('company_id', '=', companyId)
    .where('webhook_uuid', 'in', uuids)
    .orderBy('event_type')
    .execute();
  for (const r of rows) out.get(r.webhook_uuid)?.push(r.event_type);
  return out;
}

export async function subscriptionsFor(db: Db, companyId: number, events: string[]): Promise<WebhookSubscriptionRow[]> {
  if (events.length === 0) return [];
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('event_type', 'in', events)
    .execute();
}

export interface WebhookSearch {
  url?: string;
  eventTypes?: string[];
  order: 'asc' | 'desc';
}

export async function searchWebhooks(
  db: Db,
  companyId: number,
  search: WebhookSearch,
  limit: number,
  offset: number,
): Promise<{ rows: WebhookRow[]; total: number }> {
  let query = db.selectFrom('webhooks').where('company_id', '=', companyId);
  if (search.url !== undefined) query = query.where('url', '=', search.url);
  if (search.eventTypes && search.eventTypes.length > 0) {
    const types = search.eventTypes;
    query = query.where('uuid', 'in', (eb) =>
      eb
        .selectFrom('webhook_subscriptions')
        .select('webhook_uuid')
        .where('company_id', '=', companyId)
        .where('event_type', 'in', types),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', search.order)
    .orderBy('uuid', search.order)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function deleteSubscriptions(db: Db, companyId: number, uuid: string): Promise<void> {
  await db
    .deleteFrom('webhook_subscriptions')
    .where('company_id', '=', companyId)
    .where('webhook_uuid', '=', uuid)
    .execute();
}

/** Pending deliveries of a deleted webhook are cancelled (kept, visible as CANCELED until purged). */
export async function cancelPendingDeliveries(db: Db, companyId: number, uuid: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'CANCELED',
      lease_owner: null,
      lease_until: null,
      last_error: 'webhook deleted',
      next_attempt_at: now,
    })
    .where('company_id', '=', companyId)
    .where('webhook_uuid', '=', uuid)
    .where('status', '=', 'PENDING')
    .execute();
}

export async function searchDeliveries(
  db: Db,
  companyId: number,
  uuid: string,
  status: DeliveryStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  let query = db.selectFrom('webhook_deliveries').where('company_id', '=', companyId).where('webhook_uuid', '=', uuid);
  if (status) query = query.where('status', '=', status);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(total.n) };
}

/**
 * Claims up to `limit` due deliveries for one worker: sets a lease (owner and expiry) on rows that are pending,
 * due, and not leased by a live worker — or leased by this same worker, whose rounds run one after another: a
 * lease of its own is one a failed round left (the database went away mid-round, e.g. a failover), not one in
 * flight, and waiting for it to expire would hold those deliveries back for the whole lease. On PostgreSQL the
 * candidates are locked with SKIP LOCKED, so several processes never claim the same row; SQLite serialises
 * writers, which gives the same guarantee.
 *
 * This is the one statement that reads across companies: the queue is global by nature (raw SQL, which the
 * company-scope guard lets through because it names company_id). Every other statement on these tables
 * names its company.
 */
export async function claimDue(
  db: Db,
  engine: 'sqlite' | 'postgres',
  owner: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const candidates = sql`select company_id, id from webhook_deliveries
      where status = 'PENDING' and next_attempt_at <= ${now}
        and (lease_until is null or lease_until <= ${now} or lease_owner = ${owner})
      order by next_attempt_at limit ${limit}`;
  const query =
    engine === 'postgres'
      ? sql<WebhookDeliveryRow>`update webhook_deliveries d set lease_owner = ${owner}, lease_until = ${leaseUntil}
          from (${candidates} for update skip locked) due
          where d.company_id = due.company_id and d.id = due.id
            and d.status = 'PENDING' and (d.lease_until is null or d.lease_until <= ${now} or d.lease_owner = ${owner})
          returning d.*`
      : sql<WebhookDeliveryRow>`update webhook_deliveries set lease_owner = ${owner}, lease_until = ${leaseUntil}
          where (company_id, id) in (${candidates})
          returning *`;
  const result = await query.execute(db);
  return result.rows.map((r) => ({
    ...r,
    company_id: Number(r.company_id),
    id: Number(r.id),
    attempts: Number(r.attempts),
  }));
}

type AttemptChanges = Pick<
  WebhookDeliveryRow,
  | 'status'
  | 'attempts'
  | 'next_attempt_at'
  | 'last_attempt_at'
  | 'last_status'
  | 'last_error'
  | 'delivered_at'
  | 'attempt_log'
>;

/**
 * Records the outcomes of a round in one statement (one round trip, one commit), each row only if this worker
 * still holds its lease. Same effect as recordAttempt per row.
 */
export async function recordAttempts(
  db: Db,
  owner: string,
  outcomes: { row: Pick<WebhookDeliveryRow, 'company_id' | 'id'>; changes: AttemptChanges }[],
): Promise<void> {
  for (let start = 0; start < outcomes.length; start += 500) {
    const values = outcomes.slice(start, start + 500).map(
      ({ row, changes: c }) =>
        sql`(cast(${row.company_id} as bigint), cast(${row.id} as bigint), cast(${c.status} as text), cast(${c.attempts} as integer),
             cast(${c.next_attempt_at} as text), cast(${c.last_attempt_at} as text), cast(${c.last_status} as integer),
             cast(${c.last_error} as text), cast(${c.delivered_at} as text), cast(${c.attempt_log} as text))`,
    );
    await sql`with v(company_id, id, status, attempts, next_attempt_at, last_attempt_at, last_status, last_error, delivered_at, attempt_log)
        as (values ${sql.join(values)})
      update webhook_deliveries set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
        last_attempt_at = v.last_attempt_at, last_status = v.last_status, last_error = v.last_error,
        delivered_at = v.delivered_at, attempt_log = v.attempt_log, lease_owner = null, lease_until = null
      from v
      where webhook_deliveries.company_id = v.company_id and webhook_deliveries.id = v.id and webhook_deliveries.lease_owner = ${owner}`.execute(
      db,
    );
  }
}

/** Gives back leases of this worker that it did not use (e.g. on shutdown). */
export async function releaseLease(
  db: Db,
  row: Pick<WebhookDeliveryRow, 'company_id' | 'id'>,
  owner: string,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_until: null })
    .where('company_id', '=', row.company_id)
    .where('id', '=', row.id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Finished deliveries (delivered, failed, cancelled) stay visible in GET /webhooks/{uuid}/deliveries this long. */
const FINISHED_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes up to `batch.limit` deliveries of a company that finished more than 30 days ago (housekeeping,
 * src/housekeeping/task.ts); answers how many went. DELIVERED, FAILED (a failed one can be sent again with PUT
 * …/retry during those 30 days) and CANCELED alike; a PENDING delivery is never deleted. "Finished" is its last
 * activity: `next_attempt_at` is the due time of its last attempt (or the cancellation) and `last_attempt_at`
 * when that attempt ran (later, if the worker was behind), so both must be older than 30 days. The index
 * webhook_deliveries_finished (company_id, status, next_attempt_at) finds the candidates.
 */
export async function purgeFinishedDeliveries(db: Db, companyId: number, batch: PurgeBatch): Promise<number> {
  const before = isoDateTime(new Date(batch.now.getTime() - FINISHED_DELIVERY_KEEP_MS));
  const finished: DeliveryStatus[] = ['DELIVERED', 'FAILED', 'CANCELED'];
  const candidates = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', 'in', finished)
    .where('next_attempt_at', '<', before)
    .where((eb) => eb.or([eb('last_attempt_at', 'is', null), eb('last_attempt_at', '<', before)]));
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('company_id', '=', companyId)
    .where('id', 'in', purgeCandidates(candidates, batch))
    .executeTakeFirst();
  return deletedRows(result);
}
