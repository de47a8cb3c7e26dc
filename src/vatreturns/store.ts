// SQL of filed VAT returns, and the ledger lines a VAT return is computed from (read from the ledger's tables).
import { allocateIds, type Db } from '../db/index.ts';
import { RECEIPT_TYPES_OUTSIDE_VAT_RETURN } from '../domain/vat-return.ts';
import { getCompany } from '../company/index.ts';
import { accountsWithLines } from '../ledger/index.ts';

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
  /** 1 for the return first filed, n + 1 for the correction replacing version n. */
  version: number;
  /** Why a corrected return was filed (null on version 1). */
  correction_reason: string | null;
  /** The version a corrected return replaces. */
  replaces_id: number | null;
}

/** A voucher booked in an open period that corrects a filed VAT period. */
export interface VatCorrectionRow {
  company_id: number;
  id: number;
  receipt_id: number;
  period_type: string;
  start_date: string;
  end_date: string;
  /** The corrected return that took the voucher in; null until one is filed. */
  vat_return_id: number | null;
  created_at: string;
  created_by: number | null;
}

declare module '../db/types.ts' {
  interface Database {
    vat_returns: VatReturnRow;
    vat_return_corrections: VatCorrectionRow;
  }
}

/**
 * Takes the company's lock of the VAT register until the transaction ends (the row of its id counter, advanced
 * by nothing): filings and corrections of a company then run one at a time, and each sees what the one before
 * wrote, so a voucher is never counted in a period's return and in a correction at once.
 */
export async function lockRegister(db: Db, companyId: number): Promise<void> {
  await allocateIds(db, companyId, 'vat_returns', 0);
}

/** The company's filed returns (every version). */
const returnsOf = (db: Db, companyId: number) =>
  db.selectFrom('vat_returns').selectAll().where('company_id', '=', companyId);

/** The company's correcting vouchers. */
const correctionsOf = (db: Db, companyId: number) =>
  db.selectFrom('vat_return_corrections').selectAll().where('company_id', '=', companyId);

export async function insertReturn(db: Db, row: VatReturnRow): Promise<void> {
  await db.insertInto('vat_returns').values(row).execute();
}

export async function listReturns(db: Db, companyId: number): Promise<VatReturnRow[]> {
  return returnsOf(db, companyId).orderBy('start_date').orderBy('version').orderBy('id').execute();
}

/** The latest filed version of exactly the period `start`..`end`. */
export async function latestOfPeriod(
  db: Db,
  companyId: number,
  start: string,
  end: string,
): Promise<VatReturnRow | undefined> {
  return returnsOf(db, companyId)
    .where('start_date', '=', start)
    .where('end_date', '=', end)
    .orderBy('version', 'desc')
    .executeTakeFirst();
}

export async function insertCorrection(db: Db, row: VatCorrectionRow): Promise<void> {
  await db.insertInto('vat_return_corrections').values(row).execute();
}

/** Names another period for a correction not yet filed; false when it was filed meanwhile. */
export async function retargetCorrection(
  db: Db,
  companyId: number,
  receiptId: number,
  period: { period_type: string; start_date: string; end_date: string },
): Promise<boolean> {
  const result = await db
    .updateTable('vat_return_corrections')
    .set(period)
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .where('vat_return_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCorrection(db: Db, companyId: number, receiptId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('vat_return_corrections')
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .where('vat_return_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function getCorrection(
  db: Db,
  companyId: number,
  receiptId: number,
): Promise<VatCorrectionRow | undefined> {
  return correctionsOf(db, companyId).where('receipt_id', '=', receiptId).executeTakeFirst();
}

export async function listCorrections(db: Db, companyId: number): Promise<VatCorrectionRow[]> {
  return correctionsOf(db, companyId).orderBy('start_date').orderBy('receipt_id').execute();
}

/** The corrections naming the period `start`..`end`. */
export async function correctionsOfPeriod(
  db: Db,
  companyId: number,
  start: string,
  end: string,
): Promise<VatCorrectionRow[]> {
  return correctionsOf(db, companyId)
    .where('start_date', '=', start)
    .where('end_date', '=', end)
    .orderBy('receipt_id')
    .execute();
}

/** Records the corrected return that took the vouchers in. */
export async function markCorrectionsFiled(
  db: Db,
  companyId: number,
  ids: readonly number[],
  vatReturnId: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('vat_return_corrections')
    .set({ vat_return_id: vatReturnId })
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .where('vat_return_id', 'is', null)
    .execute();
}

/** The receipt a correction names: its type and date (read from the ledger's table). */
export async function receiptOf(
  db: Db,
  companyId: number,
  receiptId: number,
): Promise<{ type: string; receipt_date: string } | undefined> {
  return db
    .selectFrom('ledger_receipts')
    .select(['type', 'receipt_date'])
    .where('company_id', '=', companyId)
    .where('id', '=', receiptId)
    .executeTakeFirst();
}

/** Those of the receipts `ids` that are unfinished (not yet approved or invalidated). */
export async function unfinishedReceipts(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_receipts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'UNFINISHED')
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The latest date of the receipts `ids` (undefined for none). */
export async function latestReceiptDate(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const row = await db
    .selectFrom('ledger_receipts')
    .select('receipt_date')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .orderBy('receipt_date', 'desc')
    .executeTakeFirst();
  return row?.receipt_date;
}

/** The business id of the company (the tenant register's), for the return's file. */
export async function businessIdOf(db: Db, companyId: number): Promise<string | null> {
  return (await getCompany(db, companyId))?.business_id ?? null;
}

export async function getReturn(db: Db, companyId: number, id: number): Promise<VatReturnRow | undefined> {
  return returnsOf(db, companyId).where('id', '=', id).executeTakeFirst();
}

/** The first filed return whose period overlaps `start`..`end`. */
export async function overlapping(
  db: Db,
  companyId: number,
  start: string,
  end: string,
): Promise<VatReturnRow | undefined> {
  return returnsOf(db, companyId)
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

/**
 * The lines a VAT return of `start`..`end` is computed from: the lines dated in the period of receipts that are
 * taxable events and correct no other period, and the lines of the vouchers that correct this period, wherever
 * they are dated (a correction belongs to the period it corrects, not to the one it is booked in).
 */
export async function ledgerLines(db: Db, companyId: number, start: string, end: string): Promise<VatLedgerLine[]> {
  const columns = [
    'e.receipt_id',
    'e.id',
    'e.account_number',
    'e.amount_minor',
    'e.vat_percent',
    'e.vat_type',
    'e.vat_status',
    'r.vat_type as header_vat_type',
    'r.vat_status as header_vat_status',
    'a.type as account_type',
  ] as const;
  // the period's lines: each account with lines in its months sought in the reports index, which leads with the
  // account (the lines have no index by day); the types left out hold no month total's lines anyway
  const accounts = await accountsWithLines(db, companyId, start, end);
  const own = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_receipts as r', (join) =>
      join.onRef('r.id', '=', 'e.receipt_id').on('r.company_id', '=', companyId),
    )
    .leftJoin('accounts as a', (join) =>
      join.onRef('a.number', '=', 'e.account_number').on('a.company_id', '=', companyId),
    )
    .leftJoin('vat_return_corrections as c', (join) =>
      join.onRef('c.receipt_id', '=', 'e.receipt_id').on('c.company_id', '=', companyId),
    )
    .select(columns)
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where('e.account_number', 'in', accounts.length > 0 ? accounts : [''])
    .where('e.entry_date', '>=', start)
    .where('e.entry_date', '<=', end)
    .where('r.type', 'not in', [...RECEIPT_TYPES_OUTSIDE_VAT_RETURN])
    .where('c.receipt_id', 'is', null)
    .execute();
  // the vouchers correcting the period, found from their corrections, their lines by receipt: cross joins, which
  // SQLite keeps in this order (without statistics it would rather walk every line of the company)
  const corrections = await db
    .selectFrom('vat_return_corrections as c')
    .crossJoin('ledger_receipts as r')
    .crossJoin('ledger_entries as e')
    .leftJoin('accounts as a', (join) =>
      join.onRef('a.number', '=', 'e.account_number').on('a.company_id', '=', companyId),
    )
    .select(columns)
    .where('c.company_id', '=', companyId)
    .where('r.company_id', '=', companyId)
    .whereRef('r.id', '=', 'c.receipt_id')
    .where('e.company_id', '=', companyId)
    .whereRef('e.receipt_id', '=', 'c.receipt_id')
    .where('c.start_date', '=', start)
    .where('c.end_date', '=', end)
    .where('e.in_ledger', '=', true)
    .where('r.type', 'not in', [...RECEIPT_TYPES_OUTSIDE_VAT_RETURN])
    .execute();
  return [...own, ...corrections]
    .sort((x, y) => Number(x.receipt_id) - Number(y.receipt_id) || Number(x.id) - Number(y.id))
    .map(({ receipt_id: _r, id: _i, ...line }) => line);
}
