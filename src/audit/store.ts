// SQL of the audit trail of the books: rows are only ever appended (no update, no delete).
import type { Db } from '../db/index.ts';

export interface AuditEventRow {
  company_id: number;
  id: number;
  /** What changed: FISCAL_YEAR, FISCAL_PERIOD, VAT_RETURN, LEDGER_ACCOUNT. */
  subject: string;
  /** Its id (an account's number). */
  subject_id: string;
  action: string;
  /** Who made the change; null for the `tase admin` command. */
  user_id: number | null;
  recorded_at: string;
  /** The subject before the change and after it (JSON), null where it did not exist. */
  before: string | null;
  after: string | null;
}

declare module '../db/types.ts' {
  interface Database {
    audit_events: AuditEventRow;
  }
}

export async function appendEvent(db: Db, row: AuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

export interface EventQuery {
  subject?: string;
  subjectId?: string;
  /** Recorded on these days (UTC), [first, last], either end open. */
  first?: string;
  last?: string;
}

function filtered(db: Db, companyId: number, query: EventQuery) {
  let q = db.selectFrom('audit_events').where('company_id', '=', companyId);
  if (query.subject !== undefined) q = q.where('subject', '=', query.subject);
  if (query.subjectId !== undefined) q = q.where('subject_id', '=', query.subjectId);
  if (query.first !== undefined) q = q.where('recorded_at', '>=', query.first);
  // recorded_at is an ISO timestamp in UTC: a day's events sort before the next day
  if (query.last !== undefined) q = q.where('recorded_at', '<', `${query.last}T99`);
  return q;
}

export async function listEvents(
  db: Db,
  companyId: number,
  query: EventQuery,
  limit: number,
  offset: number,
): Promise<AuditEventRow[]> {
  return filtered(db, companyId, query).selectAll().orderBy('id').limit(limit).offset(offset).execute();
}

export async function countEvents(db: Db, companyId: number, query: EventQuery): Promise<number> {
  const row = await filtered(db, companyId, query)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
