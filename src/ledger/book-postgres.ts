// The receipt book of PostgreSQL, where writers run side by side: the checks' facts are read in one statement that
// holds the periods and their years FOR SHARE until the posting commits (a closing waits for it), and the checked
// receipts are written in one more statement, whatever their number, which also takes their ids and numbers from
// the counters in the same transaction (a rolled-back posting gives its numbers back).
import { sql } from 'kysely';
import { allocateIds, type Db } from '../db/index.ts';
import { insertRows, type ColumnType } from '../db/bulk.ts';
import type { PeriodOfDate } from '../fiscal/index.ts';
import type { FactsWanted, PostingFacts } from './posting-checks.ts';
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
   * Every lookup goes by key from the wanted values, so that the plan a prepared statement keeps does not depend on
   * how many there are.
   */
  async facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    const found = await sql<FoundFacts>`with
      periods as materialized (select d.date, f.* from unnest(cast(${[...wanted.dates]} as text[])) d(date)
        cross join lateral (select p.id as period_id, p.closed as period_closed, y.id as year_id,
            y.closed as year_closed, y.start_date, y.end_date
          from fiscal_periods p join fiscal_years y on y.company_id = ${companyId} and y.id = p.fiscal_year_id
          where p.company_id = ${companyId} and p.start_date <= d.date and p.end_date >= d.date
          limit 1 for share of p, y) f)
      select (select json_agg(row_to_json(periods)) from periods) as periods,
        (select json_agg(json_build_array(a.number, a.active)) from unnest(cast(${[...wanted.accounts]} as text[])) w(number)
          join accounts a on a.company_id = ${companyId} and a.number = w.number) as accounts,
        (select json_agg(json_build_array(i.id, i.dimension_id, i.status)) from unnest(cast(${[...wanted.items]} as bigint[])) w(id)
          join dimension_items i on i.company_id = ${companyId} and i.id = w.id) as items,
        (select json_agg(b.id) from unnest(cast(${[...wanted.partners]} as bigint[])) w(id)
          join business_partners b on b.company_id = ${companyId} and b.id = w.id) as partners`.execute(trx);
    const { periods, accounts, items, partners } = found.rows[0];
    const byDate = new Map<string, PeriodOfDate | undefined>(wanted.dates.map((date) => [date, undefined]));
    for (const { date, ...period } of periods ?? []) byDate.set(date, period);
    return {
      periods: byDate,
      accounts: new Map(accounts ?? []),
      items: new Map(
        (items ?? []).map(([id, dimensionId, status]) => [
          Number(id),
          { dimensionId: Number(dimensionId), active: status === 'ACTIVE' },
        ]),
      ),
      partners: new Set((partners ?? []).map(Number)),
    };
  }

  async write(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
  ): Promise<WrittenReceipt[]> {
    // the statement turns the indexes the rows carry into ids (see writeNumbered)
    return writeNumbered(trx, header.companyId, newReceipts(drafts, fiscalYearIds, header, 0, 0));
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

/** The columns the statement fills itself: the keys, which it allocates, and the number. */
const ALLOCATED = new Set(['company_id', 'id', 'receipt_id', 'entry_id', 'receipt_number']);
const filled = (types: Record<string, ColumnType>) => Object.keys(types).filter((c) => !ALLOCATED.has(c));
const columns = (names: string[], prefix = '') => sql.raw(names.map((c) => `${prefix}${c}`).join(', '));
const typed = (types: Record<string, ColumnType>, keys: string) =>
  sql.raw([keys, ...filled(types).map((c) => `${c} ${types[c]}`)].join(', '));
const MONTH_COLUMNS = sql.raw(
  Object.entries(MONTH_TOTAL_TYPES)
    .map(([column, type]) => `${column} ${type}`)
    .join(', '),
);
const json = (rows: readonly object[]) =>
  JSON.stringify(rows, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * New receipts written in one statement (one round trip, whatever their number): it advances the counters (the
 * receipts' ids, their numbers in each fiscal year, the lines' ids, the company's receipt count, in that order,
 * so concurrent postings lock them in one order), writes the receipts (numbered in the order given within each
 * year), their lines and their allocations, and adds the lines to the month totals (after the counters, in key
 * order). In the rows given, a receipt's `id` is its index; a line's `id` is its
 * index among all the lines and its `receipt_id` its receipt's index; an allocation's `entry_id` is its line's
 * index. The text is the same for every call (rows as JSON), so the server prepares it once per connection.
 */
async function writeNumbered(trx: Db, companyId: number, receipts: readonly store.NewReceipt[]) {
  for (const { row, entries } of receipts) store.checkEntries(companyId, row.id, entries);
  const { RECEIPT_TYPES, ENTRY_TYPES, DIMENSION_TYPES } = store;
  const entries = receipts.flatMap((r) => r.entries);
  const result = await sql<{ first_receipt: number; numbers: [number, number][] }>`with
    receipt_rows as materialized (select * from json_to_recordset(cast(${json(receipts.map((r) => r.row))} as json))
      as r(${typed(RECEIPT_TYPES, 'id bigint')})),
    years as (select fiscal_year_id, count(*) as receipts from receipt_rows group by fiscal_year_id),
    ids as (insert into id_sequences (company_id, name, last_id)
      select ${companyId}, n.name, n.count from (
        select 1 as position, 'ledger_receipts' as name, cast(${receipts.length} as bigint) as count
        union all select 2, ${store.RECEIPT_NUMBER_PREFIX} || fiscal_year_id, receipts from years
        union all select 3, 'ledger_entries', ${entries.length}
        union all select 4, ${store.RECEIPT_COUNT}, ${receipts.length}) n
      order by n.position, n.name
      on conflict (company_id, name) do update set last_id = id_sequences.last_id + excluded.last_id
      returning name, last_id),
    allocated as (select max(last_id) filter (where name = 'ledger_receipts') - ${receipts.length} + 1 as first_receipt,
        max(last_id) filter (where name = 'ledger_entries') - ${entries.length} + 1 as first_entry
      from ids),
    year_numbers as (select y.fiscal_year_id, i.last_id - y.receipts as before from years y
      join ids i on i.name = ${store.RECEIPT_NUMBER_PREFIX} || y.fiscal_year_id),
    receipt as (insert into ledger_receipts (company_id, id, receipt_number, ${columns(filled(RECEIPT_TYPES))})
      select ${companyId}, n.first_receipt + r.id,
        y.before + row_number() over (partition by r.fiscal_year_id order by r.id), ${columns(filled(RECEIPT_TYPES), 'r.')}
      from allocated n cross join receipt_rows r join year_numbers y on y.fiscal_year_id = r.fiscal_year_id
      returning id, receipt_number),
    lines as (insert into ledger_entries (company_id, receipt_id, id, ${columns(filled(ENTRY_TYPES))})
      select ${companyId}, n.first_receipt + l.receipt_id, n.first_entry + l.id, ${columns(filled(ENTRY_TYPES), 'l.')}
      from allocated n cross join json_to_recordset(cast(${json(entries)} as json))
          as l(${typed(ENTRY_TYPES, 'receipt_id bigint, id bigint')})),
    allocations as (insert into ledger_entry_dimensions
        (company_id, receipt_id, entry_id, dimension_id, item_id, amount_minor)
      select ${companyId}, n.first_receipt + d.receipt_id, n.first_entry + d.entry_id, d.dimension_id, d.item_id,
        d.amount_minor
      from allocated n cross join json_to_recordset(cast(${json(receipts.flatMap((r) => r.dimensions))} as json))
        as d(${typed(DIMENSION_TYPES, 'receipt_id bigint, entry_id bigint')})),
    months as (insert into ledger_account_months
        (company_id, account_number, month, debit_minor, credit_minor, line_count)
      select ${companyId}, m.account_number, m.month, m.debit_minor, m.credit_minor, m.line_count
      from allocated n cross join json_to_recordset(cast(${json(monthTotalsOf(receipts))} as json))
        as m(${MONTH_COLUMNS})
      on conflict (company_id, account_number, month) do update set
        debit_minor = ledger_account_months.debit_minor + excluded.debit_minor,
        credit_minor = ledger_account_months.credit_minor + excluded.credit_minor,
        line_count = ledger_account_months.line_count + excluded.line_count)
    select n.first_receipt, (select json_agg(json_build_array(id, receipt_number)) from receipt) as numbers
    from allocated n`.execute(trx);
  const { first_receipt: first, numbers } = result.rows[0];
  const numberOf = new Map(numbers.map(([id, number]) => [Number(id), Number(number)]));
  return receipts.map((_, i) => ({ id: Number(first) + i, receiptNumber: numberOf.get(Number(first) + i)! }));
}
