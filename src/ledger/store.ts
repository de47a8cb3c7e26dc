// SQL of ledger receipts and their entries, written only by the ledger (posting.ts, service.ts and the receipt books
// book-sqlite.ts, book-postgres.ts); the writers of entries (`insertPostedReceipts`, the PostgreSQL book's statement,
// `writeEntries`) refuse an unbalanced set of lines (`checkEntries`), so no unbalanced receipt can be stored. The month
// totals (ledger_account_months) follow every write of lines: new lines added by their writer (account-months.ts),
// lines deleted or moved by trigger (migration 0355).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { insertRows, withRows, type ColumnType } from '../db/bulk.ts';
import type { PageRequest } from '../platform/paging.ts';
import { assertBalanced } from '../domain/postings.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import { addMonthTotals, monthTotalsOf } from './account-months.ts';

export interface LedgerReceiptRow {
  company_id: number;
  id: number;
  fiscal_year_id: number;
  receipt_number: number;
  type: string;
  status: string;
  name: string;
  receipt_date: string;
  vat_type: string;
  vat_status: number;
  vat_processing: string | null;
  invoice_id: number | null;
  invoice_number: number | null;
  invoice_notes: string | null;
  accountants_notes: string | null;
  transaction_description: string | null;
  receipt_validity: string | null;
  period_start_date: string | null;
  period_end_date: string | null;
  partner_id: number | null;
  partner_code: string | null;
  depreciation: string | null;
  vat_date: string | null;
  serial_series: string | null;
  serial_number: number | null;
  /** The receipt this one reverses (a reversal), or null. */
  reverses_receipt_id: number | null;
  version: string;
  created_at: string;
}

export interface LedgerEntryRow {
  company_id: number;
  receipt_id: number;
  id: number;
  fiscal_year_id: number;
  /** The receipt date. */
  entry_date: string;
  account_number: string;
  /** Cents; debit positive, credit negative. Read through `entriesOf`, which makes it a bigint. */
  amount_minor: MinorUnits;
  description: string | null;
  vat_percent: string | null;
  vat_status: number | null;
  vat_type: string | null;
  vat_deduction_percent: string | null;
  partner_id: number | null;
  transaction_type: string;
  balance_code: string | null;
  /** JSON array of exact decimals, or null. */
  allocations: string | null;
  start_date: string | null;
  end_date: string | null;
  /** True exactly while the receipt is APPROVED. */
  in_ledger: boolean | number;
}

export interface LedgerEntryDimensionRow {
  company_id: number;
  receipt_id: number;
  entry_id: number;
  dimension_id: number;
  item_id: number;
  /** Read through `dimensionsOf`, which makes it a bigint. */
  amount_minor: MinorUnits;
}

declare module '../db/types.ts' {
  interface Database {
    ledger_receipts: LedgerReceiptRow;
    ledger_entries: LedgerEntryRow;
    ledger_entry_dimensions: LedgerEntryDimensionRow;
  }
}

// rows per INSERT: keeps bound parameters (19 a line) under the engines' limits (SQLite 32766, PostgreSQL 65535),
// so up to this many lines are written in one statement
const CHUNK = 1000;

export async function getReceipt(db: Db, companyId: number, id: number): Promise<LedgerReceiptRow | undefined> {
  return db
    .selectFrom('ledger_receipts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The reversal of a receipt, if one was booked. */
export async function reversalOf(db: Db, companyId: number, receiptId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_receipts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('reverses_receipt_id', '=', receiptId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The ids of the company's receipts of a type, as a subquery (the kinds of a search of attachments). */
export function receiptIdsOfType(db: Db, companyId: number, type: string) {
  return db.selectFrom('ledger_receipts').select('id').where('company_id', '=', companyId).where('type', '=', type);
}

export async function getReceipts(db: Db, companyId: number, ids: number[]): Promise<LedgerReceiptRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_receipts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function entriesOf(db: Db, companyId: number, receiptIds: number[]): Promise<LedgerEntryRow[]> {
  if (receiptIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('receipt_id')
    .orderBy('id')
    .execute();
  return withMinorUnits(rows);
}

export async function dimensionsOf(
  db: Db,
  companyId: number,
  receiptIds: number[],
): Promise<LedgerEntryDimensionRow[]> {
  if (receiptIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entry_dimensions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('entry_id')
    .orderBy('dimension_id')
    .orderBy('item_id')
    .execute();
  return withMinorUnits(rows);
}

/**
 * The one place stored amounts become `MinorUnits`: the drivers answer a bigint column as a number (SQLite) or a
 * string (PostgreSQL); `minor` converts exactly or throws. In place, as these rows are fresh from the driver.
 */
function withMinorUnits<R extends { amount_minor: MinorUnits }>(rows: R[]): R[] {
  for (const r of rows) r.amount_minor = minor(r.amount_minor);
  return rows;
}

/**
 * The counter of a company's receipts (a sequence of `id_sequences` whose last value is the count): raised in the
 * transaction of each insert, and receipts are never deleted, so it is exact. Set for existing databases by
 * migration 0307.
 */
export const RECEIPT_COUNT = 'ledger_receipts:count';

/** A new receipt as the writers of new receipts take it: its row, its lines and their dimension allocations. */
export interface NewReceipt {
  row: LedgerReceiptRow;
  entries: LedgerEntryRow[];
  dimensions: LedgerEntryDimensionRow[];
}

/**
 * SQLite: writes new receipts with their lines and their dimension allocations, in order, and answers their
 * numbers; the lines reach the month totals in the same statements. Writers are serialised, so each fiscal year's
 * next numbers are its counter's next values without a gap. One receipt: its lines (and allocations) first, then
 * the receipt, whose insert takes its number from its year's counter and whose trigger (migration 0403) advances
 * the counters and adds its lines to the month totals — two statements. Many: the counters read once, the receipts
 * RECEIPT_CHUNK rows an insert, numbered in the order given (their trigger finds no lines yet), then the lines of
 * all of them, up to CHUNK rows an insert, and their month totals in one upsert. (PostgreSQL books through its own
 * statement, book-postgres.ts.)
 */
export async function insertPostedReceipts(db: Db, receipts: readonly NewReceipt[]): Promise<number[]> {
  for (const { row, entries } of receipts) checkEntries(row.company_id, row.id, entries);
  if (receipts.length === 1) {
    const [{ row, entries, dimensions }] = receipts;
    await insertRowsOf(db, entries, dimensions);
    return [await insertNumbered(db, row)];
  }
  const numbers = await insertMany(db, receipts);
  await insertLines(db, receipts);
  return numbers;
}

/** Receipts per insert: keeps the bound parameters (28 a receipt) under SQLite's limit of 32 766. */
const RECEIPT_CHUNK = 500;

/** Numbers the receipts from their years' counters, read once, and inserts them. */
async function insertMany(db: Db, receipts: readonly NewReceipt[]): Promise<number[]> {
  const companyId = receipts[0].row.company_id;
  const years = [...new Set(receipts.map((r) => Number(r.row.fiscal_year_id)))];
  const counters = await db
    .selectFrom('id_sequences')
    .select(['name', 'last_id'])
    .where('company_id', '=', companyId)
    .where('name', 'in', years.map(receiptNumberCounter))
    .execute();
  const last = new Map(years.map((year) => [year, 0]));
  for (const { name, last_id } of counters) last.set(Number(name.slice(RECEIPT_NUMBER_PREFIX.length)), Number(last_id));
  const rows = receipts.map(({ row }) => {
    const year = Number(row.fiscal_year_id);
    const number = last.get(year)! + 1;
    last.set(year, number);
    return { ...row, receipt_number: number };
  });
  for (let i = 0; i < rows.length; i += RECEIPT_CHUNK)
    await insertRows(db, 'ledger_receipts', rows.slice(i, i + RECEIPT_CHUNK));
  return rows.map((r) => r.receipt_number);
}

/** Inserts one receipt, its number taken in the insert from its year's counter. */
async function insertNumbered(db: Db, row: LedgerReceiptRow): Promise<number> {
  const [numbered] = await withRows(db, 'ledger_receipts:numbered', [row], ([receipt]) =>
    db
      .insertInto('ledger_receipts')
      .values({
        ...receipt,
        receipt_number: (eb) =>
          eb
            .selectFrom('id_sequences')
            .select(sql<number>`coalesce(max(last_id), 0) + 1`.as('next'))
            .where('company_id', '=', receipt.company_id)
            // (a bound number is a real to SQLite: '…:1.0' without the cast)
            .where('name', '=', sql<string>`${RECEIPT_NUMBER_PREFIX} || cast(${receipt.fiscal_year_id} as integer)`),
      })
      .returning('receipt_number'),
  );
  return Number(numbered.receipt_number);
}

/** The columns of the rows, with their SQL types (PostgreSQL's posting statement reads the rows from JSON). */
export const RECEIPT_TYPES = {
  company_id: 'bigint',
  id: 'bigint',
  fiscal_year_id: 'bigint',
  receipt_number: 'integer',
  type: 'text',
  status: 'text',
  name: 'text',
  receipt_date: 'text',
  vat_type: 'text',
  vat_status: 'integer',
  vat_processing: 'text',
  invoice_id: 'bigint',
  invoice_number: 'integer',
  invoice_notes: 'text',
  accountants_notes: 'text',
  transaction_description: 'text',
  receipt_validity: 'text',
  period_start_date: 'text',
  period_end_date: 'text',
  partner_id: 'bigint',
  partner_code: 'text',
  depreciation: 'text',
  vat_date: 'text',
  serial_series: 'text',
  serial_number: 'integer',
  reverses_receipt_id: 'bigint',
  version: 'text',
  created_at: 'text',
} as const satisfies Record<keyof LedgerReceiptRow, ColumnType>;

export const ENTRY_TYPES = {
  company_id: 'bigint',
  receipt_id: 'bigint',
  id: 'bigint',
  fiscal_year_id: 'bigint',
  entry_date: 'text',
  account_number: 'text',
  amount_minor: 'bigint',
  description: 'text',
  vat_percent: 'text',
  vat_status: 'integer',
  vat_type: 'text',
  vat_deduction_percent: 'text',
  partner_id: 'bigint',
  transaction_type: 'text',
  balance_code: 'text',
  allocations: 'text',
  start_date: 'text',
  end_date: 'text',
  in_ledger: 'boolean',
} as const satisfies Record<keyof LedgerEntryRow, ColumnType>;

export const DIMENSION_TYPES = {
  company_id: 'bigint',
  receipt_id: 'bigint',
  entry_id: 'bigint',
  dimension_id: 'bigint',
  item_id: 'bigint',
  amount_minor: 'bigint',
} as const satisfies Record<keyof LedgerEntryDimensionRow, ColumnType>;

/** The counters of the fiscal years' receipt numbers (in `id_sequences`) are named by this and the year's id. */
export const RECEIPT_NUMBER_PREFIX = 'receipt_number:';
export const receiptNumberCounter = (fiscalYearId: number) => `${RECEIPT_NUMBER_PREFIX}${fiscalYearId}`;

/** The rows of lines and of their allocations, without their month totals. */
async function insertRowsOf(db: Db, entries: LedgerEntryRow[], dimensions: LedgerEntryDimensionRow[]) {
  for (let i = 0; i < entries.length; i += CHUNK) await insertRows(db, 'ledger_entries', entries.slice(i, i + CHUNK));
  for (let i = 0; i < dimensions.length; i += CHUNK)
    await insertRows(db, 'ledger_entry_dimensions', dimensions.slice(i, i + CHUNK));
}

/** Inserts receipts' lines and their allocations (of one company), and adds the lines to the month totals. */
export async function insertLines(
  db: Db,
  receipts: readonly {
    row: Pick<LedgerReceiptRow, 'company_id' | 'type'>;
    entries: LedgerEntryRow[];
    dimensions: LedgerEntryDimensionRow[];
  }[],
) {
  await insertRowsOf(
    db,
    receipts.flatMap((r) => r.entries),
    receipts.flatMap((r) => r.dimensions),
  );
  if (receipts.length > 0) await addMonthTotals(db, receipts[0].row.company_id, monthTotalsOf(receipts));
}

/** Lines of one receipt that sum to zero, or throws: no unbalanced receipt is stored, whoever writes it. */
export function checkEntries(companyId: number, receiptId: number, entries: LedgerEntryRow[]): void {
  assertBalanced(entries.map((e) => e.amount_minor));
  for (const e of entries) {
    if (e.company_id !== companyId || e.receipt_id !== receiptId) throw new Error('ledger entry of another receipt');
  }
}

export async function updateReceipt(db: Db, row: LedgerReceiptRow): Promise<void> {
  const { company_id, id, ...fields } = row;
  await db
    .updateTable('ledger_receipts')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces every line (and dimension allocation) of an existing receipt. Refuses a set of lines that does not sum
 * to zero, as `insertPostedReceipts` does, so an unbalanced receipt cannot be stored whoever calls it.
 */
export async function writeEntries(
  db: Db,
  companyId: number,
  receiptId: number,
  entries: LedgerEntryRow[],
  dimensions: LedgerEntryDimensionRow[],
): Promise<void> {
  checkEntries(companyId, receiptId, entries);
  // its type decides whether the lines count in the month totals (a year's opening balances do not)
  const receipt = await db
    .selectFrom('ledger_receipts')
    .select('type')
    .where('company_id', '=', companyId)
    .where('id', '=', receiptId)
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('ledger_entry_dimensions')
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .execute();
  await db
    .deleteFrom('ledger_entries')
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .execute();
  await insertLines(db, [{ row: { company_id: companyId, type: receipt.type }, entries, dimensions }]);
}

/** Replaces the dimension allocations of one line. */
export async function writeEntryDimensions(
  db: Db,
  companyId: number,
  receiptId: number,
  entryId: number,
  dimensions: LedgerEntryDimensionRow[],
): Promise<void> {
  await db
    .deleteFrom('ledger_entry_dimensions')
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .where('entry_id', '=', entryId)
    .execute();
  if (dimensions.length > 0) await db.insertInto('ledger_entry_dimensions').values(dimensions).execute();
}

/** Sets whether the receipt's lines count in the ledger (true exactly while it is APPROVED). */
export async function setInLedger(db: Db, companyId: number, receiptId: number, inLedger: boolean): Promise<void> {
  await db
    .updateTable('ledger_entries')
    .set({ in_ledger: inLedger })
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .execute();
}

export interface ReceiptSearch {
  types?: string[];
  statuses?: string[];
  startDate?: string;
  endDate?: string;
  createdStart?: string;
  createdEnd?: string;
  versionStart?: string;
  versionEnd?: string;
  partnerId?: number;
  /** Orderings before the id order, in the given precedence (`orderByDate`, `orderByCreated`, `orderByVersion`). */
  orderBy?: [ReceiptOrderColumn, 'asc' | 'desc'][];
}

export type ReceiptOrderColumn = 'receipt_date' | 'created_at' | 'version';

function matching(db: Db, companyId: number, search: ReceiptSearch) {
  let query = db.selectFrom('ledger_receipts').where('company_id', '=', companyId);
  if (search.types?.length) query = query.where('type', 'in', search.types);
  if (search.statuses?.length) query = query.where('status', 'in', search.statuses);
  if (search.startDate) query = query.where('receipt_date', '>=', search.startDate);
  if (search.endDate) query = query.where('receipt_date', '<=', search.endDate);
  if (search.createdStart) query = query.where('created_at', '>=', search.createdStart);
  if (search.createdEnd) query = query.where('created_at', '<=', search.createdEnd);
  if (search.versionStart) query = query.where('version', '>=', search.versionStart);
  if (search.versionEnd) query = query.where('version', '<=', search.versionEnd);
  if (search.partnerId !== undefined) query = query.where('partner_id', '=', search.partnerId);
  return query;
}

/** One page of the receipts that match `search`. */
export async function searchReceipts(
  db: Db,
  companyId: number,
  search: ReceiptSearch,
  page: PageRequest,
): Promise<LedgerReceiptRow[]> {
  let rows = matching(db, companyId, search).selectAll();
  if (page.previousId !== undefined) rows = rows.where('id', page.order === 'asc' ? '>' : '<', page.previousId);
  for (const [column, direction] of search.orderBy ?? []) rows = rows.orderBy(column, direction);
  return rows.orderBy('id', page.order).limit(page.pageSize).offset(page.offset).execute();
}

/** True when `search` has no filter: every receipt of the company matches. */
export function isUnfiltered(search: ReceiptSearch): boolean {
  const { orderBy: _, ...filters } = search;
  return Object.values(filters).every((f) => f === undefined || (Array.isArray(f) && f.length === 0));
}

/**
 * How many receipts the company has, exactly, from its counter (advanced by every insert in its transaction): a
 * count of the table would grow with the ledger, about 10x slower a page at a million receipts.
 */
export async function receiptCount(db: Db, companyId: number): Promise<number> {
  const counter = await db
    .selectFrom('id_sequences')
    .select('last_id')
    .where('company_id', '=', companyId)
    .where('name', '=', RECEIPT_COUNT)
    .executeTakeFirst();
  return Number(counter?.last_id ?? 0);
}

/** How many receipts match `search`, counting no further than `limit`. */
export async function countReceiptsUpTo(
  db: Db,
  companyId: number,
  search: ReceiptSearch,
  limit: number,
): Promise<number> {
  const row = await db
    .selectFrom(matching(db, companyId, search).select('id').limit(limit).as('hits'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Ids of receipts in a status dated within [start, end]: closing checks. */
export async function receiptIdsIn(
  db: Db,
  companyId: number,
  status: string,
  start: string,
  end: string,
  limit = 200,
): Promise<number[]> {
  const rows = await db
    .selectFrom('ledger_receipts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', status)
    .where('receipt_date', '>=', start)
    .where('receipt_date', '<=', end)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Sum of in-ledger lines per account (used by tests and checks; reports have their own queries). */
export async function ledgerSums(db: Db, companyId: number): Promise<{ account_number: string; total: MinorUnits }[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account_number', sql<unknown>`sum(amount_minor)`.as('total')])
    .where('company_id', '=', companyId)
    .where('in_ledger', '=', true)
    .groupBy('account_number')
    .orderBy('account_number')
    .execute();
  return rows.map((r) => ({ account_number: r.account_number, total: minor(r.total) }));
}
