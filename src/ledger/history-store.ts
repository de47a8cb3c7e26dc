// SQL of the audit trail of vouchers: rows are only ever appended (no update, no delete).
import type { Db } from '../db/index.ts';

export interface LedgerReceiptHistoryRow {
  company_id: number;
  id: number;
  receipt_id: number;
  /** APPROVE, REOPEN, EDIT, INVALIDATE. */
  action: string;
  /** The user who made the change; null when a document area changed it on its own. */
  user_id: number | null;
  changed_at: string;
  /** The receipt before the change (JSON of a ReceiptSnapshot), and after it. */
  before: string;
  after: string;
}

declare module '../db/types.ts' {
  interface Database {
    ledger_receipt_history: LedgerReceiptHistoryRow;
  }
}

export async function appendHistory(db: Db, row: LedgerReceiptHistoryRow): Promise<void> {
  await db.insertInto('ledger_receipt_history').values(row).execute();
}

export async function historyOf(db: Db, companyId: number, receiptIds: number[]): Promise<LedgerReceiptHistoryRow[]> {
  if (receiptIds.length === 0) return [];
  return db
    .selectFrom('ledger_receipt_history')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('receipt_id')
    .orderBy('id')
    .execute();
}

export async function hasHistory(db: Db, companyId: number, receiptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_receipt_history')
    .select('id')
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
