// SQL of ledger receipts and their entries, written only by the ledger (posting.ts, service.ts); the writers of
// entries (`insertPostedReceipts`, `insertCheckedReceipts`, `writeEntries`) refuse an unbalanced set of lines, so no
// unbalanced receipt can be stored. The month totals (ledger_account_months) follow every write of lines by trigger (migration 0355).
import { sql } from 'kysely';
import { allocateIds, type Db } from '../db/index.ts';
import { insertRows, withRows, type ColumnType } from '../db/bulk.ts';
import type { PageRequest } from '../platform/paging.ts';
import { assertBalanced } from '../domain/postings.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import type {} from './account-months.ts';
import { factTables, FACT_COLUMNS, type FactsWanted, type FoundFacts } from './posting-checks.ts';

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

/** A new receipt as the writers of new receipts take it: its row, its lines and their dimension allocations. */
export interface NewReceipt {
  row: LedgerReceiptRow;
  entries: LedgerEntryRow[];
  dimensions: LedgerEntryDimensionRow[];
}

/**
 * SQLite: writes new receipts with their lines and their dimension allocations (the month totals follow by
 * trigger), in order, and answers their numbers. Writers are serialised, so each fiscal year's next numbers are
 * its counter's next values without a gap: one receipt takes its number in its insert; many read the counters
 * once and go in RECEIPT_CHUNK rows an insert, numbered in the order given. The receipts' trigger advances the
 * counters and the company's receipt count. Then the lines of all the receipts and their allocations, up to CHUNK
 * rows an insert. (PostgreSQL books through `insertCheckedReceipts`.)
 */
export async function insertPostedReceipts(db: Db, receipts: readonly NewReceipt[]): Promise<number[]> {
  for (const { row, entries } of receipts) checkEntries(row.company_id, row.id, entries);
  const numbers = receipts.length === 1 ? [await insertNumbered(db, receipts[0].row)] : await insertMany(db, receipts);
  await insertLines(
    db,
    receipts.flatMap((r) => r.entries),
    receipts.flatMap((r) => r.dimensions),
  );
  return numbers;
}

/**
 * Writes one receipt of the year-end, outside the posting statement (which books only into open periods), numbered
 * next in its fiscal year. On SQLite as `insertPostedReceipts` (the trigger advances the counters); on
 * PostgreSQL, which has no such trigger, the number and the company's receipt count are taken from their
 * counters here, as the posting statement takes them.
 */
export async function insertYearEndReceipt(db: Db, engine: string, receipt: NewReceipt): Promise<number> {
  if (engine !== 'postgres') return (await insertPostedReceipts(db, [receipt]))[0];
  const { row, entries, dimensions } = receipt;
  checkEntries(row.company_id, row.id, entries);
  const number = await allocateIds(db, row.company_id, receiptNumberCounter(Number(row.fiscal_year_id)));
  await allocateIds(db, row.company_id, RECEIPT_COUNT);
  await insertRows(db, 'ledger_receipts', [{ ...row, receipt_number: number }]);
  await insertLines(db, entries, dimensions);
  return number;
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
export interface PostingCheck extends FactsWanted {
  /** The drafts passed the checks that need no data: without that, the statement only reads. */
  draftValid: boolean;
  /** The distinct (item, dimension) pairs the allocations name. */
  pairs: readonly { itemId: number; dimensionId: number }[];
}

/** What the statement found (as posting-checks.ts reads it) and, when it wrote the receipts, their ids and numbers. */
export interface CheckedPosting extends FoundFacts {
  /** By receipt, in the order given: its id and number. */
  written: { id: number; receiptNumber: number }[] | undefined;
}

/**
 * PostgreSQL: new receipts checked and written in one statement (one round trip, whatever their number). It holds
 * the periods of their dates and the years FOR SHARE until the transaction ends (a closing waits for it), reads the
 * accounts, dimension items and partners the drafts name (posting-checks.ts `factTables`), and — only when every
 * check passes — advances the counters (the receipts' ids, their numbers in each fiscal year, the lines' ids, the
 * company's receipt count, in that order), writes the receipts (numbered in the order given within each year), their
 * lines and their allocations. In the rows given, a receipt's `id` is its index in `receipts`; a line's `id` is its
 * index among all the lines and its `receipt_id` its receipt's index; an allocation's `entry_id` is its line's
 * index. The caller reports problems from what was found; the checks in SQL are the same as posting.ts applies to
 * it. The text is the same for every call (rows as JSON), so the server prepares it once per connection.
 */
export async function insertCheckedReceipts(
  db: Db,
  companyId: number,
  check: PostingCheck,
  receipts: readonly NewReceipt[],
): Promise<CheckedPosting> {
  // invalid drafts are only checked (their lines may not balance): nothing is written
  if (check.draftValid) for (const { row, entries } of receipts) checkEntries(companyId, row.id, entries);
  const columns = (names: string[], prefix = '') => sql.raw(names.map((c) => `${prefix}${c}`).join(', '));
  const receiptColumns = filled(RECEIPT_TYPES);
  const entryColumns = filled(ENTRY_TYPES);
  const typed = (types: Record<string, ColumnType>, extra: string) =>
    sql.raw([extra, ...filled(types).map((c) => `${c} ${types[c]}`)].join(', '));
  const json = (rows: readonly object[]) =>
    JSON.stringify(rows, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  const entries = receipts.flatMap((r) => r.entries);
  const result = await sql<
    FoundFacts & { first_receipt: number | null; numbers: [number, number][] | null }
  >`with ${factTables(companyId, check)},
    wanted_items as (select * from unnest(cast(${check.pairs.map((i) => i.itemId)} as bigint[]),
      cast(${check.pairs.map((i) => i.dimensionId)} as bigint[])) w(id, dimension_id)),
    ok as (select 1 where ${check.draftValid}
        and (select count(*) from periods where not period_closed and not year_closed) = ${check.dates.length}
        and (select count(*) from found_accounts where active) = ${check.accounts.length}
        and (select count(*) from wanted_items w join found_items f on f.id = w.id
          and f.dimension_id = w.dimension_id and f.status = 'ACTIVE') = ${check.pairs.length}
        and (select count(*) from found_partners) = ${check.partners.length}),
    receipt_rows as materialized (select * from json_to_recordset(cast(${json(receipts.map((r) => r.row))} as json))
      as r(${typed(RECEIPT_TYPES, 'id bigint')})),
    years as (select p.year_id, count(*) as receipts from receipt_rows r join periods p on p.date = r.receipt_date
      group by p.year_id),
    ids as (insert into id_sequences (company_id, name, last_id)
      select ${companyId}, n.name, n.count from ok cross join (
        select 1 as position, 'ledger_receipts' as name, cast(${receipts.length} as bigint) as count
        union all select 2, ${RECEIPT_NUMBER_PREFIX} || year_id, receipts from years
        union all select 3, 'ledger_entries', ${entries.length}
        union all select 4, ${RECEIPT_COUNT}, ${receipts.length}) n
      order by n.position, n.name
      on conflict (company_id, name) do update set last_id = id_sequences.last_id + excluded.last_id
      returning name, last_id),
    allocated as (select max(last_id) filter (where name = 'ledger_receipts') - ${receipts.length} + 1 as first_receipt,
        max(last_id) filter (where name = 'ledger_entries') - ${entries.length} + 1 as first_entry
      from ids having count(*) > 0),
    year_numbers as (select y.year_id, i.last_id - y.receipts as before from years y
      join ids i on i.name = ${RECEIPT_NUMBER_PREFIX} || y.year_id),
    receipt as (insert into ledger_receipts (company_id, id, fiscal_year_id, receipt_number, ${columns(receiptColumns)})
      select ${companyId}, n.first_receipt + r.id, p.year_id,
        y.before + row_number() over (partition by p.year_id order by r.id), ${columns(receiptColumns, 'r.')}
      from allocated n cross join receipt_rows r join periods p on p.date = r.receipt_date
        join year_numbers y on y.year_id = p.year_id
      returning id, receipt_number),
    lines as (insert into ledger_entries (company_id, receipt_id, id, fiscal_year_id, ${columns(entryColumns)})
      select ${companyId}, n.first_receipt + l.receipt_id, n.first_entry + l.id, p.year_id, ${columns(entryColumns, 'l.')}
      from allocated n cross join json_to_recordset(cast(${json(entries)} as json))
          as l(${typed(ENTRY_TYPES, 'receipt_id bigint, id bigint')})
        join periods p on p.date = l.entry_date),
    allocations as (insert into ledger_entry_dimensions
        (company_id, receipt_id, entry_id, dimension_id, item_id, amount_minor)
      select ${companyId}, n.first_receipt + d.receipt_id, n.first_entry + d.entry_id, d.dimension_id, d.item_id,
        d.amount_minor
      from allocated n cross join json_to_recordset(cast(${json(receipts.flatMap((r) => r.dimensions))} as json))
        as d(${typed(DIMENSION_TYPES, 'receipt_id bigint, entry_id bigint')}))
    select ${FACT_COLUMNS}, n.first_receipt,
      (select json_agg(json_build_array(id, receipt_number)) from receipt) as numbers
    from (select 1) one left join allocated n on true`.execute(db);
  const { first_receipt: first, numbers, ...found } = result.rows[0];
  const numberOf = new Map((numbers ?? []).map(([id, number]) => [Number(id), Number(number)]));
  return {
    ...found,
    written:
      first === null
        ? undefined
        : receipts.map((_, i) => ({ id: Number(first) + i, receiptNumber: numberOf.get(Number(first) + i)! })),
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
