// The audit trail of the books: what other areas record when they close or reopen a period or a fiscal year, file
// a VAT return or change the chart of accounts, and its listing. Recording runs in the caller's transaction, so
// an event is kept exactly when its change is.
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { isoDateTime } from '../platform/clock.ts';
import { paged, type PageRequest } from '../platform/paging.ts';
import * as store from './store.ts';
import type { AuditEventWire, AuditSubject } from './schemas.ts';

/** A change of the books, as its area records it. */
export interface AuditEvent {
  subject: AuditSubject;
  /** The subject's id: a fiscal year's, a period's, a VAT return's, an account's number. */
  subjectId: number | string;
  /** What was done, in the words of the subject's operations: CLOSE, REOPEN, PENDING, FILE, CREATE, UPDATE. */
  action: string;
  /** Who did it; null for the `tase admin` command. */
  userId: number | null;
  at: Date;
  /** The subject before and after the change, as its area shows it; null where it did not exist. */
  before: object | null;
  after: object | null;
}

/**
 * Appends an event to the audit trail in the caller's transaction `trx` (the change it records commits or rolls
 * back with it). The one way into the trail: other areas call it through src/audit/index.ts.
 */
export async function recordAuditEvent(trx: Db, companyId: number, event: AuditEvent): Promise<void> {
  await store.appendEvent(trx, {
    company_id: companyId,
    id: await allocateId(trx, companyId, 'audit_events'),
    subject: event.subject,
    subject_id: String(event.subjectId),
    action: event.action,
    user_id: event.userId,
    recorded_at: isoDateTime(event.at),
    before: event.before === null ? null : JSON.stringify(event.before),
    after: event.after === null ? null : JSON.stringify(event.after),
  });
}

const toWire = (row: store.AuditEventRow): AuditEventWire => ({
  id: Number(row.id),
  subject: row.subject as AuditSubject,
  subjectId: row.subject_id,
  action: row.action,
  userId: row.user_id === null ? null : Number(row.user_id),
  recordedAt: row.recorded_at,
  before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
  after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
});

export class AuditService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async list(companyId: number, query: store.EventQuery, page: PageRequest) {
    const db = this.#ctx.readDb;
    const [rows, total] = await Promise.all([
      store.listEvents(db, companyId, query, page.pageSize, page.offset),
      store.countEvents(db, companyId, query),
    ]);
    return paged(rows.map(toWire), total, page);
  }
}
