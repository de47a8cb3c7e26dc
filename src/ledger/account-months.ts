// Per company, account and calendar month: the debits and credits of the lines in the ledger (their receipt is
// APPROVED) and how many there are, leaving out the opening-balances receipts, so that reports sum a few rows per
// account and month instead of every line: a report's cost stays flat as the ledger grows. Reports read this
// table. New lines are added by their writer in the statements that write them (migration 0403): one grouped
// upsert per batch (`addMonthTotals`, or a CTE of PostgreSQL's posting statement), or, for a single receipt on
// SQLite, the receipt's insert trigger, which sums its lines written just before it. A trigger on every line cost
// SQLite an upsert and a receipt lookup per line posted. Lines deleted or moved follow by the triggers of
// migration 0355 (the count since reports migration 0392, for the general ledger's paging).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { jsonRows, type ColumnType } from '../db/bulk.ts';
import type { MinorUnits } from '../domain/decimal.ts';
import { OPENING_RECEIPT_TYPE } from './opening.ts';

interface LedgerAccountMonthRow {
  company_id: number;
  account_number: string;
  /** YYYY-MM of the lines' date. */
  month: string;
  /** Sum of the positive lines, cents. */
  debit_minor: MinorUnits;
  /** Sum of the negative lines as a positive amount, cents. */
  credit_minor: MinorUnits;
  /** How many lines (general-ledger paging, reports migration 0392). */
  line_count: number;
}

declare module '../db/types.ts' {
  interface Database {
    ledger_account_months: LedgerAccountMonthRow;
  }
}

/** What new lines add to one account's month. */
export type MonthTotal = Omit<LedgerAccountMonthRow, 'company_id'>;

export const MONTH_TOTAL_TYPES = {
  account_number: 'text',
  month: 'text',
  debit_minor: 'bigint',
  credit_minor: 'bigint',
  line_count: 'bigint',
} as const satisfies Record<keyof MonthTotal, ColumnType>;

interface NewLines {
  row: { type: string };
  entries: readonly { account_number: string; entry_date: string; amount_minor: MinorUnits; in_ledger: unknown }[];
}

/**
 * What new receipts' lines add to the month totals: the lines in the ledger, of receipts other than a year's
 * opening balances, grouped by account and month, in key order (concurrent writers upsert them in one order).
 */
export function monthTotalsOf(receipts: readonly NewLines[]): MonthTotal[] {
  const totals = new Map<string, MonthTotal>();
  for (const { row, entries } of receipts) {
    if (row.type === OPENING_RECEIPT_TYPE) continue;
    for (const line of entries) {
      if (!line.in_ledger) continue;
      const month = line.entry_date.slice(0, 7);
      const key = `${line.account_number}\u0000${month}`;
      let total = totals.get(key);
      if (!total) {
        total = { account_number: line.account_number, month, debit_minor: 0n, credit_minor: 0n, line_count: 0 };
        totals.set(key, total);
      }
      if (line.amount_minor > 0n) total.debit_minor += line.amount_minor;
      else total.credit_minor -= line.amount_minor;
      total.line_count++;
    }
  }
  return [...totals.values()].sort((a, b) =>
    a.account_number === b.account_number ? compare(a.month, b.month) : compare(a.account_number, b.account_number),
  );
}

/** Byte order, as the engines compare the keys (text in C collation). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds new lines' month totals (monthTotalsOf) to the company's, in one statement whatever their number. */
export async function addMonthTotals(db: Db, companyId: number, totals: readonly MonthTotal[]): Promise<void> {
  if (totals.length === 0) return;
  // (SQLite needs a WHERE before an upsert's ON CONFLICT when the rows come from a SELECT)
  await sql`insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor, line_count)
    select ${companyId}, m.account_number, m.month, m.debit_minor, m.credit_minor, m.line_count
    from ${jsonRows(db, totals, MONTH_TOTAL_TYPES)} m where true
    on conflict (company_id, account_number, month) do update set
      debit_minor = ledger_account_months.debit_minor + excluded.debit_minor,
      credit_minor = ledger_account_months.credit_minor + excluded.credit_minor,
      line_count = ledger_account_months.line_count + excluded.line_count`.execute(db);
}

/**
 * The accounts with lines in the month totals of the months of [from, through] (dates), in byte order: the
 * accounts a read of the in-ledger lines of those days (opening balances apart) seeks in the reports index, which
 * leads with the account. The lines have no index by day: its upkeep cost every posted line a fourth b-tree entry
 * (reports migration 0414), where a read by day seeks a few dozen accounts.
 */
export async function accountsWithLines(db: Db, companyId: number, from: string, through: string): Promise<string[]> {
  if (from > through) return [];
  const rows = await db
    .selectFrom('ledger_account_months')
    .select('account_number')
    .distinct()
    .where('company_id', '=', companyId)
    .where('month', '>=', from.slice(0, 7))
    .where('month', '<=', through.slice(0, 7))
    .where('line_count', '>', 0)
    .orderBy('account_number')
    .execute();
  return rows.map((r) => r.account_number);
}
