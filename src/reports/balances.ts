// Pure rules of the reports: how per-account sums from the database become opening and closing balances.
//
// Balance-sheet accounts (assets, liabilities, equity) carry their balance across fiscal years: their opening
// balance is every line before the period. Income-statement accounts (income, expenses) start each fiscal year
// at zero: their opening balance is the lines from the start of the fiscal year up to the period. The results
// of earlier fiscal years that no line has moved to equity are reported apart (`previousYearsResult`), so that
// the closing balances plus that result always sum to zero.
import type { MinorUnits } from '../domain/decimal.ts';
import type { AccountSums, ChartAccount } from './store.ts';

const INCOME_STATEMENT_TYPES: ReadonlySet<string> = new Set(['INCOME', 'EXPENSE']);

export function isIncomeStatement(type: string | undefined): boolean {
  return type !== undefined && INCOME_STATEMENT_TYPES.has(type);
}

/** Start of the fiscal year a date belongs to for income-statement accounts: the last year starting on or before it. */
export function fiscalYearStartOn(years: readonly { start: string }[], date: string): string | undefined {
  let found: string | undefined;
  for (const y of years) if (y.start <= date && (found === undefined || y.start > found)) found = y.start;
  return found;
}

/** Cut-off before any ledger line: used when no fiscal year starts before a date. */
export const BEGINNING = '0000-01-01';

interface TrialBalanceRow {
  account: string;
  name: string;
  type: string | undefined;
  opening: MinorUnits;
  debit: MinorUnits;
  credit: MinorUnits;
  closing: MinorUnits;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  totals: { opening: MinorUnits; debit: MinorUnits; credit: MinorUnits; closing: MinorUnits };
  previousYearsResult: MinorUnits;
}

/**
 * Trial balance rows from sums with cut-offs [fiscal year start, period start] and debits/credits of the
 * period. Accounts with no opening balance and no line in the period are left out.
 */
export function trialBalance(sums: readonly AccountSums[], chart: ReadonlyMap<string, ChartAccount>): TrialBalance {
  const rows: TrialBalanceRow[] = [];
  const totals = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
  let previousYearsResult = 0n;
  for (const s of sums) {
    const account = chart.get(s.account);
    const [beforeYear, beforeStart] = s.before;
    const incomeStatement = isIncomeStatement(account?.type);
    if (incomeStatement) previousYearsResult += beforeYear;
    const opening = incomeStatement ? beforeStart - beforeYear : beforeStart;
    if (opening === 0n && s.debit === 0n && s.credit === 0n) continue;
    const closing = opening + s.debit - s.credit;
    rows.push({
      account: s.account,
      name: account?.name ?? '',
      type: account?.type,
      opening,
      debit: s.debit,
      credit: s.credit,
      closing,
    });
    totals.opening += opening;
    totals.debit += s.debit;
    totals.credit += s.credit;
    totals.closing += closing;
  }
  return { rows, totals, previousYearsResult };
}

export interface AccountBalance {
  account: string;
  name: string;
  type: string | undefined;
  balance: MinorUnits;
}

/**
 * Balances on a date from sums with the cut-off [fiscal year start] and debits/credits from that start through
 * the date: balance-sheet accounts count every line, income-statement accounts the lines of the fiscal year.
 */
export function balancesOn(sums: readonly AccountSums[], chart: ReadonlyMap<string, ChartAccount>): AccountBalance[] {
  const out: AccountBalance[] = [];
  for (const s of sums) {
    const account = chart.get(s.account);
    const incomeStatement = isIncomeStatement(account?.type);
    const inYear = s.debit - s.credit;
    if (incomeStatement && s.debit === 0n && s.credit === 0n) continue;
    out.push({
      account: s.account,
      name: account?.name ?? '',
      type: account?.type,
      balance: incomeStatement ? inYear : s.before[0] + inYear,
    });
  }
  return out;
}
