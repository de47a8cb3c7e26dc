// Year-end: the opening balances of a fiscal year, booked when the year before it is closed. A fiscal year's
// balance-sheet accounts start from its opening-balances receipt (RECEIPT_FOR_OPENING_ACCOUNTS), which holds the
// closing balances of the year before, with that year's result moved to retained earnings (tilikauden tulos →
// edellisten tilikausien voitto/tappio): the receipt balances, so the opening balances sum to zero, and
// income-statement accounts start the year at zero.
//
// Balance rule: the balance of a balance-sheet account before a day sums the lines from the start of the latest
// fiscal year before that day whose opening balances are booked (a live opening receipt: approved, neither a
// reversal nor reversed), or every line when no year has them (years never closed keep one running balance).
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import { isBalanceSheet, RESULT_OF_THE_YEAR_ACCOUNT, RETAINED_EARNINGS_ACCOUNT } from '../accounts/index.ts';
import type { YearEndBooking, FiscalYearSpan } from '../fiscal/index.ts';
import type { DraftLine } from './mapping.ts';
import type { LedgerPosting } from './posting.ts';
import { OPENING_RECEIPT_TYPE } from './opening.ts';

/** The receipt holds no VAT: the status of "no VAT handling". */
const NO_VAT_HANDLING = 12;

/** Whether the receipt `r` is a live opening receipt: an approved opening, neither a reversal nor reversed. */
const liveOpening = (eb: ExpressionBuilder<Database & { r: Database['ledger_receipts'] }, 'r'>, companyId: number) =>
  eb.and([
    eb('r.type', '=', OPENING_RECEIPT_TYPE),
    eb('r.status', '=', 'APPROVED'),
    eb('r.reverses_receipt_id', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('ledger_receipts as x')
          .select('x.id')
          .where('x.company_id', '=', companyId)
          // a reversal has the type of what it reverses: found by the receipts' type index
          .where('x.type', '=', OPENING_RECEIPT_TYPE)
          .whereRef('x.reverses_receipt_id', '=', 'r.id'),
      ),
    ),
  ]);

/** The live opening receipts of a fiscal year (normally one). */
async function liveOpeningReceipts(db: Db, companyId: number, fiscalYearId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ledger_receipts as r')
    .select('r.id')
    .where('r.company_id', '=', companyId)
    .where('r.fiscal_year_id', '=', fiscalYearId)
    .where((eb) => liveOpening(eb, companyId))
    .orderBy('r.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Start of the latest fiscal year starting before `day` with live opening balances, or null. */
async function balanceWindowStart(db: Db, companyId: number, day: string): Promise<string | null> {
  const years = await db
    .selectFrom('fiscal_years')
    .select(['id', 'start_date'])
    .where('company_id', '=', companyId)
    .where('start_date', '<', day)
    .orderBy('start_date', 'desc')
    .execute();
  for (const year of years)
    if ((await liveOpeningReceipts(db, companyId, Number(year.id))).length > 0) return year.start_date;
  return null;
}

/**
 * The opening state the balances of a day start from: the live opening receipts of the latest fiscal year starting
 * on or before `day` that has them, with that year's first day; undefined when no such year has them (balances
 * then run from the first line). What the reports carry balances across years by.
 */
export async function openingStateOn(
  db: Db,
  companyId: number,
  day: string,
): Promise<{ startDate: string; receiptIds: number[] } | undefined> {
  const rows = await db
    .selectFrom('ledger_receipts as r')
    .innerJoin('fiscal_years as y', (join) =>
      join.onRef('y.id', '=', 'r.fiscal_year_id').on('y.company_id', '=', companyId),
    )
    .select(['r.id', 'y.start_date'])
    .where('r.company_id', '=', companyId)
    .where('y.start_date', '<=', day)
    .where((eb) => liveOpening(eb, companyId))
    .orderBy('y.start_date', 'desc')
    .orderBy('r.id')
    .execute();
  if (rows.length === 0) return undefined;
  const startDate = rows[0].start_date;
  return { startDate, receiptIds: rows.filter((r) => r.start_date === startDate).map((r) => Number(r.id)) };
}

/** Whether a fiscal year's opening balances are booked (a live opening receipt). */
export async function hasOpeningBalances(db: Db, companyId: number, fiscalYearId: number): Promise<boolean> {
  return (await liveOpeningReceipts(db, companyId, fiscalYearId)).length > 0;
}

/**
 * Balances of the balance-sheet accounts before `day` (nonzero ones), by the balance rule above. Each account of
 * the chart is sought in the reports index (which leads with the account; the lines have no index by day): the
 * opening balances are lines too, and no month total holds them.
 */
export async function balanceSheetBefore(db: Db, companyId: number, day: string): Promise<Map<string, MinorUnits>> {
  const from = await balanceWindowStart(db, companyId, day);
  const chart = await db
    .selectFrom('accounts')
    .select(['number', 'type'])
    .where('company_id', '=', companyId)
    .orderBy('number')
    .execute();
  const balanceSheet = chart.filter((a) => isBalanceSheet(a.type)).map((a) => a.number);
  if (balanceSheet.length === 0) return new Map();
  let query = db
    .selectFrom('ledger_entries as e')
    .select(['e.account_number', sql<unknown>`sum(e.amount_minor)`.as('total')])
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where('e.account_number', 'in', balanceSheet)
    .where('e.entry_date', '<', day);
  if (from !== null) query = query.where('e.entry_date', '>=', from);
  const rows = await query.groupBy('e.account_number').orderBy('e.account_number').execute();
  const balances = new Map<string, MinorUnits>();
  for (const row of rows) {
    const total = minor(row.total);
    if (total !== 0n) balances.set(row.account_number, total);
  }
  return balances;
}

/**
 * The lines of the opening balances of a year starting on `day`: every balance-sheet account's closing balance,
 * except the result account's, whose balance goes with the income statement's result to retained earnings.
 */
function openingLines(
  balances: Map<string, MinorUnits>,
  resultText: string,
): { account: string; amountMinor: MinorUnits; description?: string }[] {
  const lines: { account: string; amountMinor: MinorUnits; description?: string }[] = [];
  let carried = 0n;
  for (const [account, amountMinor] of balances) {
    if (account === RESULT_OF_THE_YEAR_ACCOUNT) continue;
    lines.push({ account, amountMinor });
    carried += amountMinor;
  }
  if (carried !== 0n)
    lines.push({ account: RETAINED_EARNINGS_ACCOUNT, amountMinor: -carried, description: resultText });
  return lines;
}

/** The year-end work fiscal years ask of the ledger (wired when the services are built). */
export function yearEndBooking(posting: LedgerPosting): YearEndBooking {
  return {
    async bookOpening(trx: Db, companyId: number, closed: FiscalYearSpan, next: FiscalYearSpan): Promise<void> {
      if ((await liveOpeningReceipts(trx, companyId, next.id)).length > 0) return;
      const balances = await balanceSheetBefore(trx, companyId, next.startDate);
      const lines = openingLines(balances, `Result of the fiscal year ${closed.startDate} – ${closed.endDate}`);
      if (lines.length === 0) return;
      const draftLines: DraftLine[] = lines.map((l) => ({
        account: l.account,
        amountMinor: l.amountMinor,
        description: l.description ?? null,
      }));
      await posting.bookOutsidePeriods(trx, companyId, next.id, {
        type: OPENING_RECEIPT_TYPE,
        status: 'APPROVED',
        name: `Opening balances ${next.startDate} – ${next.endDate}`,
        receiptDate: next.startDate,
        vatType: 'PURCHASE',
        vatStatus: NO_VAT_HANDLING,
        lines: draftLines,
      });
    },

    async postingsAfterOpening(trx: Db, companyId: number, next: FiscalYearSpan, limit: number): Promise<number[]> {
      const opening = await liveOpeningReceipts(trx, companyId, next.id);
      if (opening.length === 0) return [];
      // after it in the year's gapless numbering, which follows the order the receipts were booked in (ids
      // are handed out in blocks per process, so they need not)
      const openingNumber = trx
        .selectFrom('ledger_receipts')
        .select('receipt_number')
        .where('company_id', '=', companyId)
        .where('id', '=', opening[0]);
      const rows = await trx
        .selectFrom('ledger_receipts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('fiscal_year_id', '=', next.id)
        .where('type', '!=', OPENING_RECEIPT_TYPE)
        .where('receipt_number', '>', openingNumber)
        .orderBy('receipt_number')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async reverseOpening(trx: Db, companyId: number, next: FiscalYearSpan): Promise<void> {
      for (const id of await liveOpeningReceipts(trx, companyId, next.id))
        await posting.reverseOutsidePeriods(trx, companyId, id, `Reversal of opening balances ${next.startDate}`);
    },
  };
}
