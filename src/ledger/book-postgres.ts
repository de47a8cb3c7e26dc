// The receipt book of PostgreSQL, where writers run side by side: the checks' facts are read in one statement that
// holds the periods and their years FOR SHARE until the posting commits (a closing waits for it), and the checked
// receipts are written in one more statement, whatever their number, which also takes their ids and numbers from
// the counters in the same transaction (a rolled-back posting gives its numbers back). Given facts checked already
// (a cache's, posting-facts-cache.ts), the writing statement holds the periods itself and writes only while those
// facts are still the database's: one statement.
import { sql, type RawBuilder } from 'kysely';
import { allocateIds, type Db } from '../db/index.ts';
import { insertRows, rowWriter, type ColumnType } from '../db/bulk.ts';
import type { PeriodOfDate, PeriodWithDates } from '../fiscal/index.ts';
import type { DimensionItemFact, FactsWanted, PostingFacts } from './posting-checks.ts';
import type { CompanyFacts } from './posting-facts-cache.ts';
import { newReceipts, type BookingHeader, type ReceiptBook, type WrittenReceipt } from './book.ts';
import type { ReceiptDraft } from './mapping.ts';
import * as store from './store.ts';
import { MONTH_TOTAL_TYPES, monthTotalsOf } from './account-months.ts';

/** What the facts statement answers, as JSON columns (null for an empty list). */
interface FoundFacts {
  periods: (PeriodOfDate & { date: string })[] | null;
  accounts: [string, boolean][] | null;
  items: [number, number, string][] | null;
  partners: number[] | null;
}

export class PostgresReceiptBook implements ReceiptBook {
  /**
   * Every lookup goes by key from the wanted values, which go as JSON arrays whose length the planner never knows,
   * so that the server keeps one plan of the statement however many there are (see factsStillHold).
   */
  async facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    const keys = (values: readonly unknown[]) => sql`json_array_elements_text(cast(${json(values)} as json))`;
    const found = await sql<FoundFacts>`with
      periods as materialized (${periodsHeld(companyId, sql`${keys(wanted.dates)} d(date)`)})
      select (select json_agg(row_to_json(periods)) from periods) as periods,
        (select json_agg(json_build_array(a.number, a.active)) from ${keys(wanted.accounts)} w(number)
          join accounts a on a.company_id = ${companyId} and a.number = w.number) as accounts,
        (select json_agg(json_build_array(i.id, i.dimension_id, i.status)) from ${keys(wanted.items)} w(id)
          join dimension_items i on i.company_id = ${companyId} and i.id = cast(w.id as bigint)) as items,
        (select json_agg(b.id) from ${keys(wanted.partners)} w(id)
          join business_partners b on b.company_id = ${companyId} and b.id = cast(w.id as bigint)) as partners`.execute(
      trx,
    );
    const { periods, accounts, items, partners } = found.rows[0];
    const byDate = new Map<string, PeriodOfDate | undefined>(wanted.dates.map((date) => [date, undefined]));
    for (const { date, ...period } of periods ?? []) byDate.set(date, period);
    return {
      periods: byDate,
      accounts: new Map(accounts ?? []),
      items: itemFacts(items),
      partners: new Set((partners ?? []).map(Number)),
    };
  }

  /** Every period of the company with its year, and every account and dimension item: one statement. */
  async companyFacts(trx: Db, companyId: number): Promise<CompanyFacts> {
    const found = await sql<{
      periods: PeriodWithDates[] | null;
      accounts: [string, boolean][] | null;
      items: [number, number, string][] | null;
    }>`select
      (select json_agg(json_build_object('period_id', p.id, 'period_closed', p.closed, 'year_id', y.id,
          'year_closed', y.closed, 'start_date', y.start_date, 'end_date', y.end_date,
          'period_start', p.start_date, 'period_end', p.end_date) order by p.start_date)
        from fiscal_periods p join fiscal_years y on y.company_id = ${companyId} and y.id = p.fiscal_year_id
        where p.company_id = ${companyId}) as periods,
      (select json_agg(json_build_array(a.number, a.active)) from accounts a where a.company_id = ${companyId})
        as accounts,
      (select json_agg(json_build_array(i.id, i.dimension_id, i.status)) from dimension_items i
        where i.company_id = ${companyId}) as items`.execute(trx);
    const { periods, accounts, items } = found.rows[0];
    return {
      periods: periods ?? [],
      accounts: new Map(accounts ?? []),
      items: itemFacts(items),
    };
  }

  async write(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
  ): Promise<WrittenReceipt[]> {
    // the statement turns the indexes the rows carry into ids (see writeNumbered)
    return (await writeNumbered(trx, header.companyId, newReceipts(drafts, fiscalYearIds, header, 0, 0)))!;
  }

  async writeIfFacts(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
    facts: PostingFacts,
  ): Promise<WrittenReceipt[] | undefined> {
    const guard = factsStillHold(header.companyId, facts);
    if (!guard) return undefined;
    return writeNumbered(trx, header.companyId, newReceipts(drafts, fiscalYearIds, header, 0, 0), guard);
  }

  async writeYearEnd(
    trx: Db,
    draft: ReceiptDraft,
    fiscalYearId: number,
    header: BookingHeader,
  ): Promise<WrittenReceipt> {
    const { companyId } = header;
    const id = await allocateIds(trx, companyId, 'ledger_receipts', 1);
    const firstEntryId = await allocateIds(trx, companyId, 'ledger_entries', draft.lines.length);
    const [receipt] = newReceipts([draft], [fiscalYearId], header, id, firstEntryId);
    store.checkEntries(companyId, id, receipt.entries);
    const receiptNumber = await allocateIds(trx, companyId, store.receiptNumberCounter(fiscalYearId));
    await allocateIds(trx, companyId, store.RECEIPT_COUNT);
    await insertRows(trx, 'ledger_receipts', [{ ...receipt.row, receipt_number: receiptNumber }]);
    await store.insertLines(trx, [receipt]);
    return { id, receiptNumber };
  }

  lock(trx: Db, companyId: number, receiptId: number): Promise<store.LedgerReceiptRow | undefined> {
    return trx
      .selectFrom('ledger_receipts')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', receiptId)
      .forUpdate()
      .executeTakeFirst();
  }
}

const ACTIVE_ITEM = 'ACTIVE';

const itemFacts = (items: [number, number, string][] | null): Map<number, DimensionItemFact> =>
  new Map(
    (items ?? []).map(([id, dimensionId, status]) => [
      Number(id),
      { dimensionId: Number(dimensionId), active: status === ACTIVE_ITEM },
    ]),
  );

/**
 * The period holding each date of `source` (rows `d` with a column `date`, and any others, which are kept), with
 * its year, held FOR SHARE of both until the transaction ends, so that a closing of either waits for the posting.
 */
const periodsHeld = (companyId: number, source: RawBuilder<unknown>) =>
  sql`select d.*, f.* from ${source}
    cross join lateral (select p.id as period_id, p.closed as period_closed, y.id as year_id,
        y.closed as year_closed, y.start_date, y.end_date
      from fiscal_periods p join fiscal_years y on y.company_id = ${companyId} and y.id = p.fiscal_year_id
      where p.company_id = ${companyId} and p.start_date <= d.date and p.end_date >= d.date
      limit 1 for share of p, y) f`;

/**
 * The CTEs `held` and `guard` of writeNumbered that compare facts given (a cache's, posting-facts-cache.ts) with
 * the database's, reading them as `facts` reads them and holding the periods as it holds them: `guard.holds` is
 * true when every fact given is the database's, each period, account, dimension item and partner found with the
 * same values. A comparison of facts, not a rule: the rules are those of posting-checks.ts, which judged the drafts
 * on these facts. Undefined for facts it cannot compare (a date without a period: no posting is written on that).
 *
 * The facts go as JSON rows, whose count the planner never knows (json_to_recordset: 100 rows, in every plan), so
 * that the server keeps one generic plan of the statement instead of planning it anew at each execution, as it does
 * when a custom plan is cheaper than the generic one for the arrays' actual sizes (measured: 1.7 ms of server CPU a
 * receipt planned each time, 0.7 ms with the plan kept; PostgreSQL manual, PREPARE, plan_cache_mode).
 */
function factsStillHold(companyId: number, facts: PostingFacts) {
  const periods: { date: string; given: PeriodOfDate }[] = [];
  for (const [date, p] of facts.periods) {
    if (!p) return undefined;
    const { period_id, period_closed, year_id, year_closed, start_date, end_date } = p;
    periods.push({ date, given: { period_id, period_closed, year_id, year_closed, start_date, end_date } });
  }
  const accounts = [...facts.accounts].map(([number, active]) => ({ number, active }));
  const items = [...facts.items].map(([id, item]) => ({ id, dimension_id: item.dimensionId, active: item.active }));
  return sql`held as materialized (${periodsHeld(
    companyId,
    sql`json_to_recordset(cast(${json(periods)} as json)) as d(date text, given jsonb)`,
  )}),
    guard as materialized (select
      (select count(*) from held h where to_jsonb(h) - 'date' - 'given' = h.given) = ${periods.length}
      and (select count(*) from json_to_recordset(cast(${json(accounts)} as json)) as w(number text, active boolean)
        join accounts a on a.company_id = ${companyId} and a.number = w.number and a.active = w.active)
        = ${accounts.length}
      and (select count(*)
        from json_to_recordset(cast(${json(items)} as json)) as w(id bigint, dimension_id bigint, active boolean)
        join dimension_items i on i.company_id = ${companyId} and i.id = w.id and i.dimension_id = w.dimension_id
          and (i.status = ${ACTIVE_ITEM}) = w.active) = ${items.length}
      and (select count(*) from json_array_elements_text(cast(${json([...facts.partners])} as json)) as w(id)
        join business_partners b on b.company_id = ${companyId} and b.id = cast(w.id as bigint))
        = ${facts.partners.size}
      as holds),`;
}

/** The columns the statement fills itself: the keys, which it allocates, and the number. */
const ALLOCATED = new Set(['company_id', 'id', 'receipt_id', 'entry_id', 'receipt_number']);
const filled = (types: Record<string, ColumnType>) => Object.keys(types).filter((c) => !ALLOCATED.has(c));
const columns = (names: string[], prefix = '') => sql.raw(names.map((c) => `${prefix}${c}`).join(', '));

/**
 * Rows given as a table (in parentheses): one parameter of JSON arrays, a row's values in the order of `keys` and
 * then of its filled columns of `types`, read by position through jsonb. As objects read by json_to_recordset, the
 * server built a table of every object's keys to find its columns in, and the text carried every key on every row:
 * 5,000 lines of ten columns took 46 ms from the client's call to its answer that way, and 24 ms as arrays (one
 * server, measured side by side).
 */
function rowsByPosition(
  rows: readonly object[],
  types: Record<string, ColumnType>,
  keys: Record<string, ColumnType>,
): RawBuilder<unknown> {
  const order = [...Object.keys(keys), ...filled(types)];
  const typeOf = { ...types, ...keys };
  // bigints made texts here, so that JSON.stringify needs no replacer (called for every value, it cost more than
  // the rest of the text)
  const write = rowWriter(order, true);
  const arrays = rows.map((row) => {
    const values = new Array<unknown>(order.length);
    write(row, values, 0);
    return values;
  });
  const fields = order.map((column, i) => `cast(r ->> ${i} as ${typeOf[column]}) as ${column}`).join(', ');
  return sql`(select ${sql.raw(fields)} from jsonb_array_elements(cast(${JSON.stringify(arrays)} as jsonb)) as r)`;
}

const json = (rows: readonly unknown[]) =>
  JSON.stringify(rows, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * New receipts written in one statement (one round trip, whatever their number): it advances the counters (the
 * receipts' ids, their numbers in each fiscal year, the lines' ids, the company's receipt count, in that order,
 * so concurrent postings lock them in one order), writes the receipts (numbered in the order given within each
 * year), their lines and their allocations, and adds the lines to the month totals (after the counters, in key
 * order). In the rows given, a receipt's `id` is its index; a line's `id` is its
 * index among all the lines and its `receipt_id` its receipt's index; an allocation's `entry_id` is its line's
 * index. The text is the same for every call (rows as JSON), so the server prepares it once per connection.
 * With `guard` (factsStillHold) it first compares the facts the drafts were checked on with the database's, and
 * when they differ advances no counter (`allocated` is then empty, so nothing is written) and answers undefined.
 */
async function writeNumbered(
  trx: Db,
  companyId: number,
  receipts: readonly store.NewReceipt[],
  guard = sql`guard as (select true as holds),`,
): Promise<WrittenReceipt[] | undefined> {
  for (const { row, entries } of receipts) store.checkEntries(companyId, row.id, entries);
  const { RECEIPT_TYPES, ENTRY_TYPES, DIMENSION_TYPES } = store;
  const entries = receipts.flatMap((r) => r.entries);
  const result = await sql<{ first_receipt: number; numbers: [number, number][] }>`with ${guard}
    receipt_rows as materialized ${rowsByPosition(
      receipts.map((r) => r.row),
      RECEIPT_TYPES,
      { id: 'bigint' },
    )},
    years as (select fiscal_year_id, count(*) as receipts from receipt_rows group by fiscal_year_id),
    ids as (insert into id_sequences (company_id, name, last_id)
      select ${companyId}, n.name, n.count from (
        select 1 as position, 'ledger_receipts' as name, cast(${receipts.length} as bigint) as count
        union all select 2, ${store.RECEIPT_NUMBER_PREFIX} || fiscal_year_id, receipts from years
        union all select 3, 'ledger_entries', ${entries.length}
        union all select 4, ${store.RECEIPT_COUNT}, ${receipts.length}) n
      where (select holds from guard)
      order by n.position, n.name
      on conflict (company_id, name) do update set last_id = id_sequences.last_id + excluded.last_id
      returning name, last_id),
    allocated as (select max(last_id) filter (where name = 'ledger_receipts') - ${receipts.length} + 1 as first_receipt,
        max(last_id) filter (where name = 'ledger_entries') - ${entries.length} + 1 as first_entry
      from ids having count(*) > 0),
    year_numbers as (select y.fiscal_year_id, i.last_id - y.receipts as before from years y
      join ids i on i.name = ${store.RECEIPT_NUMBER_PREFIX} || y.fiscal_year_id),
    receipt as (insert into ledger_receipts (company_id, id, receipt_number, ${columns(filled(RECEIPT_TYPES))})
      select ${companyId}, n.first_receipt + r.id,
        y.before + row_number() over (partition by r.fiscal_year_id order by r.id), ${columns(filled(RECEIPT_TYPES), 'r.')}
      from allocated n cross join receipt_rows r join year_numbers y on y.fiscal_year_id = r.fiscal_year_id
      returning id, receipt_number),
    lines as (insert into ledger_entries (company_id, receipt_id, id, ${columns(filled(ENTRY_TYPES))})
      select ${companyId}, n.first_receipt + l.receipt_id, n.first_entry + l.id, ${columns(filled(ENTRY_TYPES), 'l.')}
      from allocated n cross join ${rowsByPosition(entries, ENTRY_TYPES, { receipt_id: 'bigint', id: 'bigint' })} as l),
    allocations as (insert into ledger_entry_dimensions
        (company_id, receipt_id, entry_id, dimension_id, item_id, amount_minor)
      select ${companyId}, n.first_receipt + d.receipt_id, n.first_entry + d.entry_id, d.dimension_id, d.item_id,
        d.amount_minor
      from allocated n cross join ${rowsByPosition(
        receipts.flatMap((r) => r.dimensions),
        DIMENSION_TYPES,
        { receipt_id: 'bigint', entry_id: 'bigint' },
      )} as d),
    months as (insert into ledger_account_months
        (company_id, account_number, month, debit_minor, credit_minor, line_count)
      select ${companyId}, m.account_number, m.month, m.debit_minor, m.credit_minor, m.line_count
      from allocated n cross join ${rowsByPosition(monthTotalsOf(receipts), MONTH_TOTAL_TYPES, {})} as m
      on conflict (company_id, account_number, month) do update set
        debit_minor = ledger_account_months.debit_minor + excluded.debit_minor,
        credit_minor = ledger_account_months.credit_minor + excluded.credit_minor,
        line_count = ledger_account_months.line_count + excluded.line_count)
    select n.first_receipt, (select json_agg(json_build_array(id, receipt_number)) from receipt) as numbers
    from allocated n`.execute(trx);
  if (result.rows.length === 0) return undefined;
  const { first_receipt: first, numbers } = result.rows[0];
  const numberOf = new Map(numbers.map(([id, number]) => [Number(id), Number(number)]));
  return receipts.map((_, i) => ({ id: Number(first) + i, receiptNumber: numberOf.get(Number(first) + i)! }));
}
