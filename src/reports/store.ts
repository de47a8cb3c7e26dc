// SQL of the reports: every figure is an aggregate computed by the database over ledger lines that are in the
// ledger (their receipt is APPROVED), or of the receipts in the statuses a report asks for (`StatusFilter`). Lines are never loaded into the service to be summed; only one page of a
// general ledger, or one chunk of an export, is ever read as rows.
//
// One primitive gives every figure: `movements`, the debits and credits per account over a range of days. Whole
// calendar months come from the ledger's month totals (`ledger_account_months`, kept in the posting transaction),
// so a year is a dozen rows per account however many lines it holds; only the days of a partial month at either
// end of the range are summed from the lines, through the reports' date index. A filter the month totals cannot
// answer (a dimension item, receipt types) sums the lines themselves, through indexes that start with it.
//
// Reports own no table: they read the ledger's, accounts', dimensions' and fiscal tables (whose row types their
// owners' stores merge into Database) and write none.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import { accountsWithLines, entriesOf, OPENING_RECEIPT_TYPE, openingStateOn } from '../ledger/index.ts';
import { getCompany } from '../company/index.ts';
import type { LineDetail, LineDetails } from './line-details.ts';

/** Debits (positive lines) and credits (negative lines, as a positive sum), minor units. */
export interface Movement {
  debit: MinorUnits;
  credit: MinorUnits;
}

/** Movements per account number. */
export type Movements = Map<string, Movement>;

/**
 * Which receipts' lines count instead of those in the ledger: the union of the receipts in `receipts` statuses of
 * their own (APPROVED: in the ledger; UNFINISHED: drafts) and the approved receipts of the invoices in `invoices`.
 */
export interface StatusFilter {
  receipts: ('APPROVED' | 'UNFINISHED')[];
  /** Invoices in these statuses, of these types (the ones the caller may view). */
  invoices?: { statuses: string[]; types: string[] };
}

/** Which lines count, beyond being in the ledger (or in the receipts of `statuses`). */
export interface LineFilter {
  /** Lines of the receipts in these statuses rather than those in the ledger. */
  statuses?: StatusFilter;
  /** Only the amounts of the lines allocated to this dimension item (the allocated amount of each line). */
  dimension?: { dimensionId: number; itemId: number };
  /** Only lines of receipts of these types. */
  receiptTypes?: string[];
  /** Only these accounts. */
  accounts?: string[];
  /** Only lines of receipts matching these (see `ReceiptFilter`). */
  receipts?: ReceiptFilter;
  /** Only lines whose description holds this text (folded, see `folded`). */
  description?: string;
  /** Only lines of this amount (minor units); `eitherSide`: its debit or its credit. */
  amount?: { minor: MinorUnits; eitherSide: boolean };
}

/** Conditions on the receipt of a line. */
export interface ReceiptFilter {
  /** Text the receipt's name holds (folded, see `folded`). */
  name?: string;
  /** Receipt numbers: ranges [low, high], inclusive. */
  numbers?: [number, number][];
  /** Entered into the ledger on these days (UTC) of its record: [first, last], either end open. */
  entered?: { first?: string; last?: string };
  /**
   * The currency of the receipt's document: an invoice's receipt has its invoice's currency, every other receipt
   * the company's (`companyCurrency`).
   */
  currency?: { currency: string; companyCurrency: string };
}

/** Whether a filter narrows lines beyond what the month totals can answer (accounts are answered there). */
function narrowsLines(filter: LineFilter): boolean {
  return Boolean(
    filter.statuses ||
    filter.dimension ||
    filter.receiptTypes ||
    filter.receipts ||
    filter.description !== undefined ||
    filter.amount,
  );
}

/**
 * Whether a line `e` counts by its receipt's status: in the ledger (`in_ledger`, true exactly while its receipt is
 * APPROVED), or per `statuses`. Drafts and invoices are found by their receipts' and invoices' keys.
 */
function counted(companyId: number, statuses: StatusFilter | undefined) {
  if (!statuses) return sql<boolean>`e.in_ledger = ${true}`;
  const any = [];
  if (statuses.receipts.includes('APPROVED')) any.push(sql`e.in_ledger = ${true}`);
  if (statuses.receipts.includes('UNFINISHED'))
    any.push(
      sql`e.receipt_id in (select r.id from ledger_receipts r where r.company_id = ${companyId} and r.status = 'UNFINISHED')`,
    );
  const invoices = statuses.invoices;
  if (invoices && invoices.statuses.length > 0 && invoices.types.length > 0)
    any.push(
      sql`(e.in_ledger = ${true} and e.receipt_id in (select r.id from ledger_receipts r where r.company_id = ${companyId}
        and r.invoice_id in (select i.id from invoices i where i.company_id = ${companyId}
          and i.status in (${sql.join(invoices.statuses)}) and i.type in (${sql.join(invoices.types)}))))`,
    );
  if (any.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(any, sql` or `)})`;
}

/**
 * Text as the text filters compare it: lower case, with Å, Ä and Ö lowered too. SQLite's lower() lowers only
 * A–Z, so the SQL side folds those three explicitly (`foldedSql`) and the two engines agree.
 */
export const folded = (text: string) => text.replace(/[A-Z\u00c5\u00c4\u00d6]/g, (c) => c.toLowerCase());

const foldedSql = (column: string) =>
  sql`lower(replace(replace(replace(${sql.ref(column)}, 'Å', 'å'), 'Ä', 'ä'), 'Ö', 'ö'))`;

/** `column` holds the (already folded) text: LIKE with its wildcards escaped. */
function holds(column: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${foldedSql(column)} like ${pattern} escape '\\'`;
}

// ---------------------------------------------------------------------------------------------- calendar days

const MS_PER_DAY = 86_400_000;
const dayOffset = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
/** The day before a date; before the first day there is none: '' sorts before every date, so a range ending there is empty. */
export const dayBefore = (date: string) => (date <= BEGINNING ? '' : dayOffset(date, -1));

/** The first day of every range: before any ledger line (used when no fiscal year starts before a date). */
export const BEGINNING = '0000-01-01';

const monthOf = (date: string) => date.slice(0, 7);
const firstOfMonth = (month: string) => `${month}-01`;
const lastOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0); // day 0 of the next month (setUTCFullYear takes years below 100 as they are)
  return `${month}-${String(last.getUTCDate()).padStart(2, '0')}`;
};
const yyyymm = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
// Past the last month of the calendar '9999-13' sorts after every date, before the first one '' before every date,
// so that ranges at the calendar's ends stay empty instead of wrapping around.
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (y === 9999 && m === 12) return '9999-13';
  return m === 12 ? yyyymm(y + 1, 1) : yyyymm(y, m + 1);
}
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (y === 0 && m === 1) return '';
  return m === 1 ? yyyymm(y - 1, 12) : yyyymm(y, m - 1);
}

function add(into: Movements, account: string, debit: MinorUnits, credit: MinorUnits) {
  if (debit === 0n && credit === 0n && into.has(account)) return;
  const m = into.get(account) ?? { debit: 0n, credit: 0n };
  m.debit += debit;
  m.credit += credit;
  into.set(account, m);
}

const debitSum = sql<unknown>`coalesce(sum(case when amount_minor > 0 then amount_minor else 0 end), 0)`;
const creditSum = sql<unknown>`coalesce(sum(case when amount_minor < 0 then -amount_minor else 0 end), 0)`;

/** Lines of the days [from, through], summed from the lines (no month totals). */
async function lineMovements(
  db: Db,
  companyId: number,
  from: string,
  through: string,
  filter: LineFilter,
  into: Movements,
): Promise<void> {
  if (from > through) return;
  let rows: { account_number: string; debit: unknown; credit: unknown }[];
  if (filter.dimension) {
    const { dimensionId, itemId } = filter.dimension;
    // the item's allocations, then each one's line by its key: a cross join, which SQLite keeps in this order
    // (without statistics its planner would rather walk every line of the company in the covering reports index)
    let q = db
      .selectFrom('ledger_entry_dimensions as d')
      .crossJoin('ledger_entries as e')
      .whereRef('e.receipt_id', '=', 'd.receipt_id')
      .whereRef('e.id', '=', 'd.entry_id')
      .select([
        'e.account_number',
        sql<unknown>`coalesce(sum(case when d.amount_minor > 0 then d.amount_minor else 0 end), 0)`.as('debit'),
        sql<unknown>`coalesce(sum(case when d.amount_minor < 0 then -d.amount_minor else 0 end), 0)`.as('credit'),
      ])
      .where('d.company_id', '=', companyId)
      .where('d.dimension_id', '=', dimensionId)
      .where('d.item_id', '=', itemId)
      .where('e.company_id', '=', companyId)
      .where(counted(companyId, filter.statuses))
      .where(notOpeningBalances(companyId))
      .where('e.entry_date', '>=', from)
      .where('e.entry_date', '<=', through);
    if (filter.accounts) q = q.where('e.account_number', 'in', orNone(filter.accounts));
    for (const condition of lineConditions(companyId, filter)) q = q.where(condition);
    rows = await q.groupBy('e.account_number').execute();
  } else {
    const accounts =
      filter.accounts ?? (countsLedgerOnly(filter) ? await accountsWithLines(db, companyId, from, through) : undefined);
    let q = db
      .selectFrom('ledger_entries as e')
      .select(['e.account_number', debitSum.as('debit'), creditSum.as('credit')])
      .where('e.company_id', '=', companyId)
      .where(counted(companyId, filter.statuses))
      .where(notOpeningBalances(companyId))
      .where('e.entry_date', '>=', from)
      .where('e.entry_date', '<=', through);
    if (accounts) q = q.where('e.account_number', 'in', orNone(accounts));
    for (const condition of lineConditions(companyId, filter)) q = q.where(condition);
    rows = await q.groupBy('e.account_number').execute();
  }
  for (const r of rows) add(into, String(r.account_number), minor(r.debit), minor(r.credit));
}

const orNone = (values: string[]) => (values.length > 0 ? values : ['']);

/**
 * Whether a filter counts only lines in the ledger, whose accounts the month totals know (`accountsWithLines`):
 * a read of some days then seeks those accounts in the reports index. Drafts (UNFINISHED) are in no month total.
 */
const countsLedgerOnly = (filter: Pick<LineFilter, 'statuses'>) =>
  !filter.statuses || !filter.statuses.receipts.includes('UNFINISHED');

/**
 * Lines not of an opening-balances receipt (RECEIPT_FOR_OPENING_ACCOUNTS): those restate the balances before a
 * fiscal year, and the reports carry balance-sheet balances across years from the lines themselves, so counting
 * them too would double every balance.
 */
function notOpeningBalances(companyId: number, table: 'e' | 'ledger_entries' = 'e') {
  return sql<boolean>`${sql.ref(`${table}.receipt_id`)} not in (select o.id from ledger_receipts o where o.company_id = ${companyId} and o.type = ${OPENING_RECEIPT_TYPE})`;
}

const dayAfter = (date: string) => dayOffset(date, 1);

/** The receipt conditions as SQL over `ledger_receipts r`. */
function receiptConditions(companyId: number, filter: LineFilter) {
  const conditions = [];
  if (filter.receiptTypes) conditions.push(sql`r.type in (${sql.join(orNone(filter.receiptTypes))})`);
  const receipts = filter.receipts ?? {};
  if (receipts.name !== undefined) conditions.push(holds('r.name', receipts.name));
  if (receipts.numbers)
    conditions.push(
      sql`(${sql.join(
        receipts.numbers.map(([low, high]) => sql`r.receipt_number between ${low} and ${high}`),
        sql` or `,
      )})`,
    );
  // created_at is an ISO timestamp in UTC: a day's records sort from the day itself to before the next day
  if (receipts.entered?.first) conditions.push(sql`r.created_at >= ${receipts.entered.first}`);
  if (receipts.entered?.last) conditions.push(sql`r.created_at < ${dayAfter(receipts.entered.last)}`);
  if (receipts.currency) {
    const { currency, companyCurrency } = receipts.currency;
    const invoiceCurrency = sql`(select i.currency from invoices i where i.company_id = ${companyId} and i.id = r.invoice_id)`;
    conditions.push(sql`coalesce(${invoiceCurrency}, ${companyCurrency}) = ${currency}`);
  }
  return conditions;
}

/**
 * The conditions of a filter on a line `e` beyond its date and account: the receipt's as one semi-join on the
 * receipt's primary key, the line's own on its columns.
 */
function lineConditions(companyId: number, filter: LineFilter) {
  const conditions = [];
  const onReceipt = receiptConditions(companyId, filter);
  if (onReceipt.length > 0)
    conditions.push(
      sql<boolean>`e.receipt_id in (select r.id from ledger_receipts r where r.company_id = ${companyId} and ${sql.join(onReceipt, sql` and `)})`,
    );
  if (filter.description !== undefined) conditions.push(holds('e.description', filter.description));
  if (filter.amount) {
    const { minor: amount, eitherSide } = filter.amount;
    conditions.push(
      eitherSide ? sql<boolean>`e.amount_minor in (${amount}, ${-amount})` : sql<boolean>`e.amount_minor = ${amount}`,
    );
  }
  return conditions;
}

/** Whole months [first, last] from the ledger's month totals. */
async function monthMovements(
  db: Db,
  companyId: number,
  first: string,
  last: string,
  accounts: string[] | undefined,
  into: Movements,
): Promise<void> {
  let q = db
    .selectFrom('ledger_account_months')
    .select([
      'account_number',
      sql<unknown>`coalesce(sum(debit_minor), 0)`.as('debit'),
      sql<unknown>`coalesce(sum(credit_minor), 0)`.as('credit'),
    ])
    .where('company_id', '=', companyId)
    .where('month', '>=', first)
    .where('month', '<=', last);
  if (accounts) q = q.where('account_number', 'in', orNone(accounts));
  const rows = await q.groupBy('account_number').execute();
  for (const r of rows) add(into, r.account_number, minor(r.debit), minor(r.credit));
}

/**
 * Debits and credits per account of the lines in the ledger dated [from, through] (inclusive) that pass the
 * filter. Accounts with no line in the range may be missing or have zero movements.
 */
export async function movements(
  db: Db,
  companyId: number,
  from: string,
  through: string,
  filter: LineFilter = {},
): Promise<Movements> {
  const into: Movements = new Map();
  if (from > through) return into;
  if (narrowsLines(filter)) {
    await lineMovements(db, companyId, from, through, filter, into);
    return into;
  }
  // whole months inside the range from the month totals, the partial months at its ends from the lines
  const firstWhole = from === firstOfMonth(monthOf(from)) ? monthOf(from) : nextMonth(monthOf(from));
  const lastWhole = through === lastOfMonth(monthOf(through)) ? monthOf(through) : previousMonth(monthOf(through));
  if (firstWhole > lastWhole) {
    await lineMovements(db, companyId, from, through, filter, into);
    return into;
  }
  await monthMovements(db, companyId, firstWhole, lastWhole, filter.accounts, into);
  await lineMovements(db, companyId, from, dayBefore(firstOfMonth(firstWhole)), filter, into);
  await lineMovements(db, companyId, firstOfMonth(nextMonth(lastWhole)), through, filter, into);
  return into;
}

/**
 * Whether the opening balances of a year count under a filter: they are lines of the ledger, with no dimension
 * allocation and not of any receipt a receipt or line condition picks out, so only the ledger itself (optionally
 * with drafts and invoices beside it) and an account filter keep them.
 */
function keepsOpeningBalances(filter: LineFilter): boolean {
  const { statuses } = filter;
  return (
    (!statuses || statuses.receipts.includes('APPROVED')) &&
    !filter.dimension &&
    !filter.receiptTypes &&
    !filter.receipts &&
    filter.description === undefined &&
    !filter.amount
  );
}

/**
 * Debits and credits per account carried to the start of `day`: the opening balances of the latest fiscal year
 * starting on or before it that has them (src/ledger/year-end.ts `openingStateOn`) and the lines from that
 * year's first day to the day before; every line before it when no year has them, or when the filter leaves the
 * opening balances out. A closed year's result thus reaches retained earnings (2250) in every report from the next
 * year on, and balance-sheet accounts restart from the state the closing fixed (as the SIE export's #IB).
 */
export async function carriedTo(db: Db, companyId: number, day: string, filter: LineFilter = {}): Promise<Movements> {
  const opening = keepsOpeningBalances(filter) ? await openingStateOn(db, companyId, day) : undefined;
  if (!opening) return movements(db, companyId, BEGINNING, dayBefore(day), filter);
  const into = await movements(db, companyId, opening.startDate, dayBefore(day), filter);
  // the opening receipts' lines by their key (a few hundred at most), summed here
  const accounts = filter.accounts ? new Set(filter.accounts) : undefined;
  for (const line of await entriesOf(db, companyId, opening.receiptIds)) {
    if (accounts && !accounts.has(line.account_number)) continue;
    const amount = line.amount_minor;
    add(into, line.account_number, amount > 0n ? amount : 0n, amount < 0n ? -amount : 0n);
  }
  return into;
}

/** Per account: sums before cut-off dates and debits/credits in a window (the SIE export's figures). */
interface AccountSums {
  account: string;
  /** Sum of lines dated before each of the asked cut-off dates, in the asked order. */
  before: MinorUnits[];
  /** Debits (positive lines) and credits (negative lines, as a positive sum) dated within [from, through]. */
  debit: MinorUnits;
  credit: MinorUnits;
}

interface SumsQuery {
  /** Cut-off dates: `before[i]` sums the lines dated strictly before `cutoffs[i]`. */
  cutoffs: string[];
  /** Start of the debit/credit window (inclusive). */
  from: string;
  /** Last date counted at all (inclusive). */
  through: string;
}

export async function sumsByAccount(db: Db, companyId: number, query: SumsQuery): Promise<AccountSums[]> {
  const before = await Promise.all(
    query.cutoffs.map((cutoff) => movements(db, companyId, BEGINNING, dayBefore(cutoff))),
  );
  const window = await movements(db, companyId, query.from, query.through);
  const accounts = [...new Set([...window.keys(), ...before.flatMap((m) => [...m.keys()])])].sort();
  return accounts.map((account) => {
    const w = window.get(account);
    return {
      account,
      before: before.map((m) => {
        const b = m.get(account);
        return b ? b.debit - b.credit : 0n;
      }),
      debit: w?.debit ?? 0n,
      credit: w?.credit ?? 0n,
    };
  });
}

export interface ChartAccount {
  number: string;
  name: string;
  type: string;
  active: boolean;
}

export async function chart(db: Db, companyId: number, numbers?: string[]): Promise<ChartAccount[]> {
  let q = db.selectFrom('accounts').select(['number', 'name', 'type', 'active']).where('company_id', '=', companyId);
  if (numbers) q = q.where('number', 'in', numbers.length > 0 ? numbers : ['']);
  const rows = await q.orderBy('number').execute();
  return rows.map((r) => ({ number: r.number, name: r.name, type: r.type, active: Boolean(r.active) }));
}

export interface FiscalYear {
  id: number;
  start: string;
  end: string;
  closed: boolean;
}

export async function fiscalYears(db: Db, companyId: number): Promise<FiscalYear[]> {
  const rows = await db
    .selectFrom('fiscal_years')
    .select(['id', 'start_date', 'end_date', 'closed'])
    .where('company_id', '=', companyId)
    .orderBy('start_date')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), start: r.start_date, end: r.end_date, closed: Boolean(r.closed) }));
}

// ------------------------------------------------------------------------------------------- general ledger

export interface LedgerLine {
  account: string;
  date: string;
  receiptId: number;
  entryId: number;
  amount: MinorUnits;
  description: string | null;
  partnerId: number | null;
  vatPercent: string | null;
  vatStatus: number | null;
  receiptNumber: number;
  receiptName: string;
  receiptType: string;
  /** APPROVED, or UNFINISHED for a draft counted by a status filter. */
  receiptStatus: string;
}

export interface LinesQuery extends Omit<LineFilter, 'dimension'> {
  start: string;
  end: string;
  /** Opening-balances receipts whose lines are listed too (see `openingListedIn`). */
  opening?: number[];
}

/**
 * The opening-balances receipts a listing of the lines of [start, end] shows as its first lines: those of the
 * fiscal year starting on `start`, when the filter keeps them. A listing has no opening-balance column, so a
 * period from a year's first day shows the state the year opened with as the voucher it is.
 */
export async function openingListedIn(
  db: Db,
  companyId: number,
  start: string,
  filter: LineFilter,
): Promise<number[] | undefined> {
  const types = filter.receiptTypes;
  if (types && !types.includes(OPENING_RECEIPT_TYPE)) return undefined;
  if (!keepsOpeningBalances({ ...filter, receiptTypes: undefined })) return undefined;
  const opening = await openingStateOn(db, companyId, start);
  return opening?.startDate === start ? opening.receiptIds : undefined;
}

function linesBase(db: Db, companyId: number, query: LinesQuery) {
  const notOpening = notOpeningBalances(companyId);
  let q = db
    .selectFrom('ledger_entries as e')
    .where('e.company_id', '=', companyId)
    .where(counted(companyId, query.statuses))
    .where(query.opening ? sql<boolean>`(${notOpening} or e.receipt_id in (${sql.join(query.opening)}))` : notOpening)
    .where('e.entry_date', '>=', query.start)
    .where('e.entry_date', '<=', query.end);
  if (query.accounts) q = q.where('e.account_number', 'in', orNone(query.accounts));
  for (const condition of lineConditions(companyId, query)) q = q.where(condition);
  return q;
}

export async function countLines(db: Db, companyId: number, query: LinesQuery): Promise<number> {
  // counted per account: the grouping leads both engines' planners to the reports index (index only)
  const rows = await linesBase(db, companyId, query)
    .select(['e.account_number', sql<unknown>`count(*)`.as('n')])
    .groupBy('e.account_number')
    .execute();
  return rows.reduce((total, r) => total + Number(r.n), 0);
}

/** How many lines of an account are in the ledger in one month of a range (general-ledger order). */
export interface MonthLines {
  account: string;
  month: string;
  count: number;
}

/** Lines per account and month of [from, through] counted from the lines, each account sought in the reports index. */
async function countedMonthLines(
  db: Db,
  companyId: number,
  from: string,
  through: string,
  accounts: string[] | undefined,
): Promise<MonthLines[]> {
  if (from > through) return [];
  const seek = accounts ?? (await accountsWithLines(db, companyId, from, through));
  const month = sql<string>`substr(e.entry_date, 1, 7)`;
  const rows = await db
    .selectFrom('ledger_entries as e')
    .select(['e.account_number', month.as('month'), sql<unknown>`count(*)`.as('n')])
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where(notOpeningBalances(companyId))
    .where('e.entry_date', '>=', from)
    .where('e.entry_date', '<=', through)
    .where('e.account_number', 'in', orNone(seek))
    .groupBy(['e.account_number', month])
    .execute();
  return rows.map((r) => ({ account: r.account_number, month: r.month, count: Number(r.n) }));
}

/** The whole months of [start, end] and its partial months' days at either end (none when it has no whole month). */
function wholeMonthsOf(start: string, end: string) {
  const firstWhole = start === firstOfMonth(monthOf(start)) ? monthOf(start) : nextMonth(monthOf(start));
  const lastWhole = end === lastOfMonth(monthOf(end)) ? monthOf(end) : previousMonth(monthOf(end));
  if (firstWhole > lastWhole) return undefined;
  return {
    firstWhole,
    lastWhole,
    head: [start, dayBefore(firstOfMonth(firstWhole))] as const,
    tail: [firstOfMonth(nextMonth(lastWhole)), end] as const,
  };
}

function wholeMonthTotals(db: Db, companyId: number, firstWhole: string, lastWhole: string, accounts?: string[]) {
  let q = db
    .selectFrom('ledger_account_months')
    .where('company_id', '=', companyId)
    .where('month', '>=', firstWhole)
    .where('month', '<=', lastWhole)
    .where('line_count', '>', 0);
  if (accounts) q = q.where('account_number', 'in', orNone(accounts));
  return q;
}

// in the order of the lines themselves: text compared as the databases' index compares it (bytewise)
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The lines of [start, end] per account and month, in general-ledger order (account, then month), none empty:
 * whole months from the month totals' line counts, the days of a partial month at either end of the range
 * counted from the lines. A few rows per account and month, however many lines they hold.
 */
export async function monthLines(
  db: Db,
  companyId: number,
  start: string,
  end: string,
  accounts: string[] | undefined,
): Promise<MonthLines[]> {
  if (start > end) return [];
  const span = wholeMonthsOf(start, end);
  let parts: MonthLines[];
  if (!span) parts = await countedMonthLines(db, companyId, start, end, accounts);
  else {
    const [whole, head, tail] = await Promise.all([
      wholeMonthTotals(db, companyId, span.firstWhole, span.lastWhole, accounts)
        .select(['account_number', 'month', 'line_count'])
        .execute(),
      countedMonthLines(db, companyId, ...span.head, accounts),
      countedMonthLines(db, companyId, ...span.tail, accounts),
    ]);
    parts = [
      ...head,
      ...whole.map((r) => ({ account: r.account_number, month: r.month, count: Number(r.line_count) })),
      ...tail,
    ];
  }
  return parts.filter((p) => p.count > 0).sort((a, b) => order(a.account, b.account) || order(a.month, b.month));
}

/** How many lines of an account are in the ledger in a range. */
export interface AccountLines {
  account: string;
  count: number;
}

/**
 * The lines of [start, end] per account, in general-ledger order, none empty: `monthLines` summed per account,
 * the whole months' sums by the database. One row per account instead of one per account and month: the rows a
 * page's start is looked for in stay as many as the accounts when the months fill up (a year of a busy company has
 * nearly every account in every month).
 */
export async function accountLines(
  db: Db,
  companyId: number,
  start: string,
  end: string,
  accounts: string[] | undefined,
): Promise<AccountLines[]> {
  if (start > end) return [];
  const span = wholeMonthsOf(start, end);
  const counts = new Map<string, number>();
  const add = (account: string, n: number) => counts.set(account, (counts.get(account) ?? 0) + n);
  if (!span) for (const m of await countedMonthLines(db, companyId, start, end, accounts)) add(m.account, m.count);
  else {
    const [whole, head, tail] = await Promise.all([
      wholeMonthTotals(db, companyId, span.firstWhole, span.lastWhole, accounts)
        .select(['account_number', sql<unknown>`sum(line_count)`.as('n')])
        .groupBy('account_number')
        .execute(),
      countedMonthLines(db, companyId, ...span.head, accounts),
      countedMonthLines(db, companyId, ...span.tail, accounts),
    ]);
    for (const r of whole) add(r.account_number, Number(r.n));
    for (const m of [...head, ...tail]) add(m.account, m.count);
  }
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([account, count]) => ({ account, count }))
    .sort((a, b) => order(a.account, b.account));
}

/** Where a general-ledger page starts: the lines of `account` from `date` on, skipping the first `skip`. */
export interface PageStart {
  account: string;
  date: string;
  skip: number;
}

interface LineKey {
  account_number: string;
  entry_date: string;
  receipt_id: number;
  id: number;
  amount_minor: unknown;
}

/** A line's key with its text. */
interface PageLine extends LineKey, LineDetail {}

/** The lines of `query` in general-ledger order: account, date, receipt, line (the reports index's order). */
function linesInLedgerOrder(db: Db, companyId: number, query: LinesQuery) {
  return linesBase(db, companyId, query)
    .orderBy('e.account_number')
    .orderBy('e.entry_date')
    .orderBy('e.receipt_id')
    .orderBy('e.id');
}

/** Keys of lines in general-ledger order, from the reports index alone (index-only). */
function lineKeysQuery(db: Db, companyId: number, query: LinesQuery, limit: number, offset = 0) {
  return linesInLedgerOrder(db, companyId, query)
    .select(['e.account_number', 'e.entry_date', 'e.receipt_id', 'e.id', 'e.amount_minor'])
    .limit(limit)
    .offset(offset);
}

/**
 * The first `limit` lines in general-ledger order with only their day and amount, for sums over lines skipped: the
 * subquery hands each row's columns to the grouping (at a million receipts a page deep in a bank account's month
 * skips thousands of lines; with the five key columns the sum per day cost 5–15 % more).
 */
function skippedLinesQuery(db: Db, companyId: number, query: LinesQuery, limit: number) {
  return linesInLedgerOrder(db, companyId, query).select(['e.entry_date', 'e.amount_minor']).limit(limit);
}

const lineKeys = (db: Db, companyId: number, query: LinesQuery, limit: number, offset = 0): Promise<LineKey[]> =>
  lineKeysQuery(db, companyId, query, limit, offset).execute();

/**
 * A page's lines with their text, in general-ledger order, read as the reports index is walked: on SQLite each line
 * is one read of its row by the rowid its index entry holds (the row is read only for the lines kept, not those
 * skipped by `offset`), where looking the page's keys up again in the primary key was two reads a line, into a
 * table whose lines of one account and day lie far apart once a million receipts interleave.
 */
function pageLines(db: Db, companyId: number, query: LinesQuery, limit: number, offset: number): Promise<PageLine[]> {
  return linesInLedgerOrder(db, companyId, query)
    .select(['e.account_number', 'e.entry_date', 'e.receipt_id', 'e.id', 'e.amount_minor'])
    .select(['e.description', 'e.partner_id', 'e.vat_percent', 'e.vat_status'])
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The sum of the first `count` lines in general-ledger order, from the reports index alone. */
async function sumOfFirst(db: Db, companyId: number, query: LinesQuery, count: number): Promise<MinorUnits> {
  if (count === 0) return 0n;
  const row = await db
    .selectFrom(skippedLinesQuery(db, companyId, query, count).as('k'))
    .select(sql<unknown>`sum(k.amount_minor)`.as('total'))
    .executeTakeFirst();
  return row?.total == null ? 0n : minor(row.total);
}

/**
 * The day of its month on which a page starts, from the lines of its account that come before the page counted and
 * summed per day: how many of that day's lines come before the page, and the sum of the days before it. Only the
 * `skip` lines before the page are read (in the reports index's order, a limit then a grouping), not the rest of
 * the month: a count per day is a fraction of what ranking and summing every line skipped (a window over them)
 * costs, and stopping at the page reads on average half of what counting the whole month read (a bank account's
 * thousands of lines a month at a million receipts).
 */
async function dayOfSkip(
  db: Db,
  companyId: number,
  query: Omit<LinesQuery, 'accounts'>,
  from: PageStart,
): Promise<{ date: string; skip: number; skipped: MinorUnits }> {
  if (from.skip === 0) return { date: from.date, skip: 0, skipped: 0n };
  const monthEnd = lastOfMonth(monthOf(from.date));
  const before = skippedLinesQuery(
    db,
    companyId,
    { ...query, start: from.date, end: query.end < monthEnd ? query.end : monthEnd, accounts: [from.account] },
    from.skip,
  );
  const days = await db
    .selectFrom(before.as('k'))
    .select(['k.entry_date', sql<unknown>`count(*)`.as('n'), sql<unknown>`sum(k.amount_minor)`.as('total')])
    .groupBy('k.entry_date')
    .orderBy('k.entry_date')
    .execute();
  // the page starts on the last day read, after that day's lines read (or on a later day, past all of them)
  let counted = 0;
  let skipped = 0n;
  for (const d of days.slice(0, -1)) {
    counted += Number(d.n);
    skipped += minor(d.total);
  }
  const last = days.at(-1);
  if (last && counted + Number(last.n) === from.skip) return { date: last.entry_date, skip: Number(last.n), skipped };
  // the month holds fewer lines than its count says (a write since): the page starts after them
  if (last) {
    counted += Number(last.n);
    skipped += minor(last.total);
  }
  return { date: dayAfter(monthEnd), skip: from.skip - counted, skipped };
}

/** One page of lines in general-ledger order: account, date, receipt, line. */
export async function pageOfLines(
  db: Db,
  companyId: number,
  query: LinesQuery,
  limit: number,
  offset: number,
  details: LineDetails,
): Promise<LedgerLine[]> {
  return completeLines(db, companyId, await lineKeys(db, companyId, query, limit, offset), details);
}

/**
 * One page of general-ledger lines from a position found from the month line counts: the lines of the position's
 * account from its day (counted up to the page) on, skipping those of that day before the page, then those of
 * the accounts after it (`after`, in order, with how many lines each has in the period) until the page is full.
 * Each query names its accounts, so both engines seek each account's days in the reports index and read no line
 * outside the page but the skipped ones. Answers with the page the sum of the skipped lines (the running balance
 * of the position's account goes on from it).
 */
export async function pageFrom(
  db: Db,
  companyId: number,
  query: Omit<LinesQuery, 'accounts'>,
  limit: number,
  from: PageStart,
  after: { account: string; count: number }[],
): Promise<{ lines: LedgerLine[]; skipped: MinorUnits }> {
  const day = await dayOfSkip(db, companyId, query, from);
  const firstQuery = { ...query, start: day.date, accounts: [from.account] };
  const [first, skippedThatDay] = await Promise.all([
    pageLines(db, companyId, firstQuery, limit, day.skip),
    sumOfFirst(db, companyId, firstQuery, day.skip),
  ]);
  const skipped = day.skipped + skippedThatDay;
  let room = limit - first.length;
  const whole: string[] = [];
  let last: { account: string; take: number } | undefined;
  for (const a of after) {
    if (room <= 0) break;
    if (a.count >= room) {
      last = { account: a.account, take: room };
      break;
    }
    whole.push(a.account);
    room -= a.count;
  }
  const [middle, end] = await Promise.all([
    whole.length > 0 ? pageLines(db, companyId, { ...query, accounts: whole }, limit, 0) : [],
    last ? pageLines(db, companyId, { ...query, accounts: [last.account] }, last.take, 0) : [],
  ]);
  const lines = await completeLines(db, companyId, [...first, ...middle, ...end].slice(0, limit));
  return { lines, skipped };
}

/**
 * Lines completed with their receipt, and with their text: that of the lines themselves when they were read with it
 * (`pageLines`), else found by their keys (`lineDetails`).
 */
async function completeLines(
  db: Db,
  companyId: number,
  keys: readonly LineKey[] | readonly PageLine[],
  lineDetails?: LineDetails,
): Promise<LedgerLine[]> {
  if (keys.length === 0) return [];
  const receiptIds = [...new Set(keys.map((k) => Number(k.receipt_id)))];
  const [details, receipts] = await Promise.all([
    lineDetails ? lineDetails(db, companyId, keys) : (keys as readonly PageLine[]),
    db
      .selectFrom('ledger_receipts')
      .select(['id', 'receipt_number', 'name', 'type', 'status'])
      .where('company_id', '=', companyId)
      .where('id', 'in', receiptIds)
      .execute(),
  ]);
  const detailOf = new Map(details.map((d) => [`${d.receipt_id}/${d.id}`, d]));
  const receiptOf = new Map(receipts.map((r) => [Number(r.id), r]));
  return keys.map((k) => {
    const d = detailOf.get(`${k.receipt_id}/${k.id}`);
    const r = receiptOf.get(Number(k.receipt_id));
    return {
      account: k.account_number,
      date: k.entry_date,
      receiptId: Number(k.receipt_id),
      entryId: Number(k.id),
      amount: minor(k.amount_minor),
      description: d?.description ?? null,
      partnerId: d?.partner_id == null ? null : Number(d.partner_id),
      vatPercent: d?.vat_percent ?? null,
      vatStatus: d?.vat_status == null ? null : Number(d.vat_status),
      receiptNumber: Number(r?.receipt_number ?? 0),
      receiptName: r?.name ?? '',
      receiptType: r?.type ?? '',
      receiptStatus: r?.status ?? 'APPROVED',
    };
  });
}

/** The company's currency: the currency of every receipt that has no invoice behind it. */
export async function companyCurrency(db: Db, companyId: number): Promise<string> {
  return (await getCompany(db, companyId))?.currency ?? 'EUR';
}

/** The company's name and business id, as the financial statements are headed. */
export async function companyIdentity(
  db: Db,
  companyId: number,
): Promise<{ name: string; businessId: string | null; currency: string }> {
  const row = await getCompany(db, companyId);
  return { name: row?.name ?? '', businessId: row?.business_id ?? null, currency: row?.currency ?? 'EUR' };
}
