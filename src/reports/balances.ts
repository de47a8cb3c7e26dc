// Pure rules of the reports: how movements per account from the database become opening and closing balances.
//
// Balance-sheet accounts (assets, liabilities, equity) carry their balance across fiscal years: their balance is
// every line up to the day. Income-statement accounts (income, expenses) start each fiscal year at zero: their
// balance is the lines of the day's fiscal year up to it. So across a fiscal-year boundary an income-statement
// account's balance at the end of the earlier year is closed (`closedAtYearStart`), and the results of earlier
// fiscal years that no line has moved to equity are reported apart (`previousYearsResult`): the closing balances
// plus that result always sum to zero.
import type { MinorUnits } from '../domain/decimal.ts';
import { isIncomeStatementAccount } from '../domain/financial-statements.ts';
import type { ChartAccount, Movement, Movements } from './store.ts';

const INCOME_STATEMENT_TYPES: ReadonlySet<string> = new Set(['INCOME', 'EXPENSE']);

export function isIncomeStatement(type: string | undefined): boolean {
  return type !== undefined && INCOME_STATEMENT_TYPES.has(type);
}

/** Whether an account restarts at each fiscal year: by its type in the chart, else by its number. */
export function restartsEachYear(account: string, chart: ReadonlyMap<string, ChartAccount>): boolean {
  const known = chart.get(account);
  return known ? isIncomeStatement(known.type) : isIncomeStatementAccount(account);
}

/** Start of the fiscal year a date belongs to for income-statement accounts: the last year starting on or before it. */
export function fiscalYearStartOn(years: readonly { start: string }[], date: string): string | undefined {
  let found: string | undefined;
  for (const y of years) if (y.start <= date && (found === undefined || y.start > found)) found = y.start;
  return found;
}

/**
 * Movements per account in the four spans a period [start, end] needs: before the fiscal year of `start`, in
 * that year before `start`, in the period, and in the fiscal year of `end` up to it (left out when `start` and
 * `end` are in the same fiscal year: then it is the second span plus the period).
 */
export interface PeriodSpans {
  beforeStartYear: Movements;
  startYearBeforeStart: Movements;
  period: Movements;
  endYear?: Movements;
  /**
   * With `endYear`: what is carried to the start of `end`'s fiscal year (store.ts `carriedTo`). When that year
   * opens with the state a close fixed, balance-sheet accounts restart there from it, as income-statement ones
   * restart from zero.
   */
  endYearCarried?: Movements;
}

const NONE: Movement = { debit: 0n, credit: 0n };
const net = (m: Movement | undefined) => (m ? m.debit - m.credit : 0n);
const moved = (m: Movement | undefined) => m !== undefined && (m.debit !== 0n || m.credit !== 0n);

interface TrialBalanceRow {
  account: string;
  opening: MinorUnits;
  debit: MinorUnits;
  credit: MinorUnits;
  /** Income-statement balance closed at a fiscal-year start within the period (0 for balance-sheet accounts). */
  closedAtYearStart: MinorUnits;
  closing: MinorUnits;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  totals: { opening: MinorUnits; debit: MinorUnits; credit: MinorUnits; closing: MinorUnits };
  previousYearsResult: MinorUnits;
}

/**
 * Trial balance rows: opening balance on `start` (in its fiscal year), the period's debits and credits, and the
 * closing balance on `end` (in its fiscal year): closing = opening + debit − credit − closedAtYearStart. Accounts
 * with no opening balance and no line in the period are left out.
 */
export function trialBalance(spans: PeriodSpans, chart: ReadonlyMap<string, ChartAccount>): TrialBalance {
  const accounts = [
    ...new Set([
      ...spans.beforeStartYear.keys(),
      ...spans.startYearBeforeStart.keys(),
      ...spans.period.keys(),
      ...(spans.endYearCarried?.keys() ?? []),
    ]),
  ].sort();
  const rows: TrialBalanceRow[] = [];
  const totals = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
  let previousYearsResult = 0n;
  for (const account of accounts) {
    const earlier = net(spans.beforeStartYear.get(account));
    const inYear = net(spans.startYearBeforeStart.get(account));
    const period = spans.period.get(account) ?? NONE;
    let opening: MinorUnits;
    let closing: MinorUnits;
    if (restartsEachYear(account, chart)) {
      opening = inYear;
      closing = spans.endYear ? net(spans.endYear.get(account)) : inYear + net(period);
      previousYearsResult += earlier;
    } else {
      opening = earlier + inYear;
      closing =
        spans.endYear && spans.endYearCarried
          ? net(spans.endYearCarried.get(account)) + net(spans.endYear.get(account))
          : opening + net(period);
    }
    // what a year start closed (an income-statement balance, or a balance-sheet one restated by the opening
    // state): the earlier years' results that are not in the closing balances
    previousYearsResult += opening + net(period) - closing;
    if (opening === 0n && closing === 0n && !moved(period)) continue;
    rows.push({
      account,
      opening,
      debit: period.debit,
      credit: period.credit,
      closedAtYearStart: opening + net(period) - closing,
      closing,
    });
    totals.opening += opening;
    totals.debit += period.debit;
    totals.credit += period.credit;
    totals.closing += closing;
  }
  return { rows, totals, previousYearsResult };
}

export interface AccountBalance {
  account: string;
  /** Balance at the end of the day: every line for balance-sheet accounts, the fiscal year's for the others. */
  balance: MinorUnits;
  incomeStatement: boolean;
}

/**
 * Balances at the end of a day from the movements before its fiscal year and in that year up to the day. Lists
 * balance-sheet accounts with any line up to the day and income-statement accounts with a line in the year.
 */
export function balancesOn(
  beforeYear: Movements,
  inYear: Movements,
  chart: ReadonlyMap<string, ChartAccount>,
): AccountBalance[] {
  const out: AccountBalance[] = [];
  for (const account of [...new Set([...beforeYear.keys(), ...inYear.keys()])].sort()) {
    const incomeStatement = restartsEachYear(account, chart);
    const year = inYear.get(account);
    if (incomeStatement && !moved(year)) continue;
    if (!incomeStatement && !moved(year) && !moved(beforeYear.get(account))) continue;
    out.push({
      account,
      balance: incomeStatement ? net(year) : net(beforeYear.get(account)) + net(year),
      incomeStatement,
    });
  }
  return out;
}

/** The net (debit positive) of each account's movements. */
export const netOf = (movements: Movements): Map<string, MinorUnits> =>
  new Map([...movements].map(([account, m]) => [account, net(m)]));
