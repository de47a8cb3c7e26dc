// SQL of ledger receipts and their entries, written only by the ledger (posting.ts, service.ts); the writers of
// entries (`insertPostedReceipt`, `insertCheckedReceipt`, `writeEntries`) refuse an unbalanced set of lines, so no
// unbalanced receipt can be stored. The month totals (ledger_account_months) follow every write of lines by trigger (migration 0355).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { insertRows, withRows, type ColumnType } from '../db/bulk.ts';
import type { PageRequest } from '../platform/paging.ts';
import { assertBalanced } from '../domain/postings.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import type { PeriodOfDate } from '../fiscal/index.ts';
import type {} from './account-months.ts';

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
// so a receipt of up to this many lines is written in one statement
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

/** Locks the receipt row for the rest of the transaction (PostgreSQL; SQLite serialises writers anyway). */
export async function lockReceipt(
  db: Db,
  companyId: number,
  id: number,
  engine: 'sqlite' | 'postgres',
): Promise<LedgerReceiptRow | undefined> {
  let query = db.selectFrom('ledger_receipts').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
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

/**
 * SQLite: writes a new receipt with its lines and their dimension allocations (the month totals follow by
 * trigger). The receipt's insert takes its number from the fiscal year's counter (writers are serialised, so the
 * number is the next one without a gap) and its trigger advances the counter and the company's receipt count;
 * then one insert of the lines and, when there are any, one of the allocations. Answers the receipt number.
 * (PostgreSQL books through `insertCheckedReceipt`.)
 */
export async function insertPostedReceipt(
  db: Db,
  row: LedgerReceiptRow,
  entries: LedgerEntryRow[],
  dimensions: LedgerEntryDimensionRow[],
): Promise<number> {
  checkEntries(row.company_id, row.id, entries);
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
  await insertLines(db, entries, dimensions);
  return Number(numbered.receipt_number);
}

/** The columns of the rows, with their SQL types (PostgreSQL's single posting statement reads the rows from JSON). */
const RECEIPT_TYPES = {
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

const ENTRY_TYPES = {
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

const DIMENSION_TYPES = {
  company_id: 'bigint',
  receipt_id: 'bigint',
  entry_id: 'bigint',
  dimension_id: 'bigint',
  item_id: 'bigint',
  amount_minor: 'bigint',
} as const satisfies Record<keyof LedgerEntryDimensionRow, ColumnType>;

/** The columns a posting statement fills itself: the keys, which it allocates, and the fiscal year it found. */
const ALLOCATED = new Set(['company_id', 'id', 'receipt_id', 'entry_id', 'fiscal_year_id', 'receipt_number']);
const filled = (types: Record<string, ColumnType>) => Object.keys(types).filter((c) => !ALLOCATED.has(c));

/** What the posting statement is to check, besides writing. */
export interface PostingCheck {
  /** The draft passed the checks that need no data: without that, the statement only reads. */
  draftValid: boolean;
  date: string;
  accounts: readonly string[];
  /** The distinct (item, dimension) pairs the allocations name. */
  items: readonly { itemId: number; dimensionId: number }[];
  partners: readonly number[];
}

/** What the statement found (as posting-checks.ts reads it) and, when it wrote the receipt, its id and number. */
export interface CheckedPosting {
  period: PeriodOfDate | undefined;
  accounts: [string, boolean][];
  items: [number, number, string][];
  partners: number[];
  written: { id: number; receiptNumber: number; fiscalYearId: number } | undefined;
}

/**
 * PostgreSQL: a new receipt checked and written in one statement (one round trip). It holds the period of the
 * date and its year FOR SHARE until the transaction ends (a closing waits for it), reads the accounts, dimension
 * items and partners the draft names, and — only when every check passes — advances the counters (the receipt's
 * id and number, its lines' ids, the company's receipt count, in that order), writes the receipt, its lines
 * (ids `first + i`, `entries[i].id` being i) and their allocations (`entry_id` the line's index). The caller
 * reports problems from what was found; the checks in SQL are the same as posting.ts applies to it. The text is
 * the same for every receipt (rows as JSON), so the server prepares it once per connection.
 */
export async function insertCheckedReceipt(
  db: Db,
  check: PostingCheck,
  row: LedgerReceiptRow,
  entries: LedgerEntryRow[],
  dimensions: LedgerEntryDimensionRow[],
): Promise<CheckedPosting> {
  // an invalid draft is only checked (its lines may not balance): nothing is written
  if (check.draftValid) checkEntries(row.company_id, row.id, entries);
  const companyId = row.company_id;
  const columns = (names: string[], prefix = '') => sql.raw(names.map((c) => `${prefix}${c}`).join(', '));
  const receiptColumns = filled(RECEIPT_TYPES);
  const entryColumns = filled(ENTRY_TYPES);
  const typed = (types: Record<string, ColumnType>, extra: string) =>
    sql.raw([extra, ...filled(types).map((c) => `${c} ${types[c]}`)].join(', '));
  const json = (rows: readonly object[]) =>
    JSON.stringify(rows, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  const result = await sql<{
    period: CheckedPosting['period'] | null;
    accounts: [string, boolean][] | null;
    items: [number, number, string][] | null;
    partners: number[] | null;
    id: number | null;
    receipt_number: number | null;
  }>`with period as materialized (
      select p.id as period_id, p.closed as period_closed, y.id as year_id, y.closed as year_closed,
        y.start_date, y.end_date
      from fiscal_periods p join fiscal_years y on y.company_id = ${companyId} and y.id = p.fiscal_year_id
      where p.company_id = ${companyId} and p.start_date <= ${check.date} and p.end_date >= ${check.date}
      limit 1 for share of p, y),
    found_accounts as materialized (select number, active from accounts
      where company_id = ${companyId} and number = any(cast(${[...check.accounts]} as text[]))),
    wanted_items as (select * from unnest(cast(${check.items.map((i) => i.itemId)} as bigint[]),
      cast(${check.items.map((i) => i.dimensionId)} as bigint[])) w(id, dimension_id)),
    found_items as materialized (select id, dimension_id, status from dimension_items
      where company_id = ${companyId} and id = any(cast(${[...new Set(check.items.map((i) => i.itemId))]} as bigint[]))),
    found_partners as materialized (select id from business_partners
      where company_id = ${companyId} and id = any(cast(${[...check.partners]} as bigint[]))),
    ok as (select year_id from period
      where ${check.draftValid} and not period_closed and not year_closed
        and (select count(*) from found_accounts where active) = ${check.accounts.length}
        and (select count(*) from wanted_items w join found_items f on f.id = w.id
          and f.dimension_id = w.dimension_id and f.status = 'ACTIVE') = ${check.items.length}
        and (select count(*) from found_partners) = ${check.partners.length}),
    ids as (insert into id_sequences (company_id, name, last_id)
      select ${companyId}, n.name, n.count from ok cross join lateral (values (1, 'ledger_receipts', cast(1 as bigint)),
        (2, ${RECEIPT_NUMBER_PREFIX} || ok.year_id, 1), (3, 'ledger_entries', ${entries.length}),
        (4, ${RECEIPT_COUNT}, 1)) n(position, name, count)
      order by n.position
      on conflict (company_id, name) do update set last_id = id_sequences.last_id + excluded.last_id
      returning name, last_id),
    allocated as (select max(last_id) filter (where name = 'ledger_receipts') as id,
        max(last_id) filter (where name like ${`${RECEIPT_NUMBER_PREFIX}%`}) as receipt_number,
        max(last_id) filter (where name = 'ledger_entries') - ${entries.length} + 1 as first_entry,
        (select year_id from ok) as year_id
      from ids having count(*) > 0),
    receipt as (insert into ledger_receipts (company_id, id, fiscal_year_id, receipt_number, ${columns(receiptColumns)})
      select ${companyId}, n.id, n.year_id, n.receipt_number, ${columns(receiptColumns, 'r.')}
      from allocated n cross join json_to_recordset(cast(${json([row])} as json)) as r(${typed(RECEIPT_TYPES, 'id bigint')})),
    lines as (insert into ledger_entries (company_id, receipt_id, id, fiscal_year_id, ${columns(entryColumns)})
      select ${companyId}, n.id, n.first_entry + l.id, n.year_id, ${columns(entryColumns, 'l.')}
      from allocated n cross join json_to_recordset(cast(${json(entries)} as json)) as l(${typed(ENTRY_TYPES, 'id bigint')})),
    allocations as (insert into ledger_entry_dimensions
        (company_id, receipt_id, entry_id, dimension_id, item_id, amount_minor)
      select ${companyId}, n.id, n.first_entry + d.entry_id, d.dimension_id, d.item_id, d.amount_minor
      from allocated n cross join json_to_recordset(cast(${json(dimensions)} as json))
        as d(${typed(DIMENSION_TYPES, 'entry_id bigint')}))
    select (select row_to_json(period) from period) as period,
      (select json_agg(json_build_array(number, active)) from found_accounts) as accounts,
      (select json_agg(json_build_array(id, dimension_id, status)) from found_items) as items,
      (select json_agg(id) from found_partners) as partners,
      n.id, n.receipt_number
    from (select 1) one left join allocated n on true`.execute(db);
  const found = result.rows[0];
  return {
    period: found.period ?? undefined,
    accounts: found.accounts ?? [],
    items: found.items ?? [],
    partners: found.partners ?? [],
    written:
      found.id === null || found.receipt_number === null || !found.period
        ? undefined
        : {
            id: Number(found.id),
            receiptNumber: Number(found.receipt_number),
            fiscalYearId: Number(found.period.year_id),
          },
  };
}

/** The counters of the fiscal years' receipt numbers (in `id_sequences`) are named by this and the year's id. */
const RECEIPT_NUMBER_PREFIX = 'receipt_number:';
export const receiptNumberCounter = (fiscalYearId: number) => `${RECEIPT_NUMBER_PREFIX}${fiscalYearId}`;

async function insertLines(db: Db, entries: LedgerEntryRow[], dimensions: LedgerEntryDimensionRow[]) {
  for (let i = 0; i < entries.length; i += CHUNK) await insertRows(db, 'ledger_entries', entries.slice(i, i + CHUNK));
  for (let i = 0; i < dimensions.length; i += CHUNK)
    await insertRows(db, 'ledger_entry_dimensions', dimensions.slice(i, i + CHUNK));
}

/** Lines of one receipt that sum to zero, or throws: no unbalanced receipt is stored, whoever writes it. */
function checkEntries(companyId: number, receiptId: number, entries: LedgerEntryRow[]): void {
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
 * to zero, as `insertPostedReceipt` does, so an unbalanced receipt cannot be stored whoever calls it.
 */
export async function writeEntries(
  db: Db,
  companyId: number,
  receiptId: number,
  entries: LedgerEntryRow[],
  dimensions: LedgerEntryDimensionRow[],
): Promise<void> {
  checkEntries(companyId, receiptId, entries);
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
  await insertLines(db, entries, dimensions);
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
