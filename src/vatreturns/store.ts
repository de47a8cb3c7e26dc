// SQL of filed VAT returns, and the ledger lines a VAT return is computed from (read from the ledger's tables).
import type { Db } from '../db/index.ts';
import { RECEIPT_TYPES_OUTSIDE_VAT_RETURN } from '../domain/vat-return.ts';

export interface VatReturnRow {
  company_id: number;
  id: number;
  period_type: string;
  start_date: string;
  end_date: string;
  /** JSON of the figures as filed, amounts as exact decimal texts. */
  figures: string;
  settlement_receipt_id: number | null;
  filed_at: string;
  filed_by: number | null;
}

declare module '../db/types.ts' {
  interface Database {
    vat_returns: VatReturnRow;
  }
}

export async function insertReturn(db: Db, row: VatReturnRow): Promise<void> {
  await db.insertInto('vat_returns').values(row).execute();
}

export async function listReturns(db: Db, companyId: number): Promise<VatReturnRow[]> {
  return db
    .selectFrom('vat_returns')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

export async function getReturn(db: Db, companyId: number, id: number): Promise<VatReturnRow | undefined> {
  return db
    .selectFrom('vat_returns')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The first filed return whose period overlaps `start`..`end`. */
export async function overlapping(
  db: Db,
  companyId: number,
  start: string,
  end: string,
): Promise<VatReturnRow | undefined> {
  return db
    .selectFrom('vat_returns')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .executeTakeFirst();
}

export interface VatLedgerLine {
  account_number: string;
  amount_minor: number | string | bigint;
  vat_percent: string | null;
  vat_type: string | null;
  vat_status: number | null;
  header_vat_type: string;
  header_vat_status: number;
  account_type: string | null;
}

/** The lines in the ledger dated `start`..`end`, of receipts that are taxable events. */
export async function ledgerLines(db: Db, companyId: number, start: string, end: string): Promise<VatLedgerLine[]> {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_receipts as r', (join) =>
      join.onRef('r.id', '=', 'e.receipt_id').on('r.company_id', '=', companyId),
    )
    .leftJoin('accounts as a', (join) =>
      join.onRef('a.number', '=', 'e.account_number').on('a.company_id', '=', companyId),
    )
    .select([
      'e.account_number',
      'e.amount_minor',
      'e.vat_percent',
      'e.vat_type',
      'e.vat_status',
      'r.vat_type as header_vat_type',
      'r.vat_status as header_vat_status',
      'a.type as account_type',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where('e.entry_date', '>=', start)
    .where('e.entry_date', '<=', end)
    .where('r.type', 'not in', [...RECEIPT_TYPES_OUTSIDE_VAT_RETURN])
    .orderBy('e.receipt_id')
    .orderBy('e.id')
    .execute();
}
