// Property-based test of the year-end over real HTTP (fast-check): whatever balanced receipts are posted across
// 2024–2026 and however many of those years are then closed (in order), every report — balances on a date, the
// trial balance, both general ledgers, the ledger-accounts report — agrees with a model computed here and with
// the others and the SIE export's opening balances, and each sums to zero: a closed year's result is on 2250
// from the next year on, the results of years not closed are reported apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock.ts';
import { parseSie } from '../src/domain/sie-parse.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-04-15T10:00:00Z');

const BALANCE_SHEET = ['1700', '1910', '2000', '2250', '2871'];
const INCOME_STATEMENT = ['3000', '4000', '7000'];
const ACCOUNTS = [...BALANCE_SHEET, ...INCOME_STATEMENT];
const YEARS = [2024, 2025, 2026];

interface Line {
  date: string;
  account: string;
  cents: number;
}

const receiptArb = fc
  .record({
    year: fc.constantFrom(...YEARS),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constantFrom(1, 15, 28),
    lines: fc.array(
      fc.record({ account: fc.constantFrom(...ACCOUNTS), cents: fc.integer({ min: -9_999_99, max: 9_999_99 }) }),
      { minLength: 1, maxLength: 4 },
    ),
    last: fc.constantFrom(...ACCOUNTS),
  })
  .map(({ year, month, day, lines, last }) => {
    const m = year === 2026 ? ((month - 1) % 3) + 1 : month;
    const date = `${year}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const sum = lines.reduce((s, l) => s + l.cents, 0);
    return { date, lines: [...lines, { account: last, cents: -sum }] };
  });

const yearOf = (date: string) => Number(date.slice(0, 4));
const isIncome = (account: string) => INCOME_STATEMENT.includes(account);

/** The model: balances at the start of day `day` (lines before it), as of the fiscal year holding it. */
function modelBefore(lines: Line[], closed: number, day: string): Map<string, number> {
  const year = yearOf(day);
  // the latest year up to `day`'s whose previous year is closed and has an opening state
  let base = 0;
  for (const y of YEARS) if (y <= year && y - 1 <= 2023 + closed && y - 1 >= 2024) base = y;
  const out = new Map<string, number>();
  const put = (account: string, cents: number) => out.set(account, (out.get(account) ?? 0) + cents);
  for (const l of lines) {
    if (l.date >= day) continue;
    if (isIncome(l.account)) {
      if (yearOf(l.date) === year) put(l.account, l.cents);
      else if (base > 0 && yearOf(l.date) < base) put('2250', l.cents);
    } else put(l.account, l.cents);
  }
  return nonzero(out);
}

/** Results of earlier years not closed to 2250 at the start of `day`. */
function unclosedResult(lines: Line[], closed: number, day: string): number {
  const year = yearOf(day);
  return lines
    .filter((l) => isIncome(l.account) && yearOf(l.date) < year && yearOf(l.date) > 2023 + closed)
    .reduce((s, l) => s + l.cents, 0);
}

const nonzero = (m: Map<string, number>) => new Map([...m].filter(([, v]) => v !== 0));
const cents = (v: number) => Math.round(v * 100);
const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

async function get(token: string, path: string) {
  const answer = await svc.api('GET', path, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
async function post(token: string, path: string, body: unknown) {
  const answer = await svc.api('POST', path, body, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}
async function put(token: string, path: string) {
  const answer = await svc.api('PUT', path, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

const PERIODS: [string, string][] = [
  ['2024-01-01', '2024-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2026-01-01', '2026-03-31'],
  ['2025-06-01', '2026-01-31'],
  ['2024-07-01', '2026-02-28'],
  ['2026-01-15', '2026-03-31'],
];

describe('year-end property', () => {
  it('every report agrees with the model and the others and sums to zero, across two and three years', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(receiptArb, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(1, 2),
        async (receipts, closed) => {
          run += 1;
          const { token } = await otherCompany(svc, `Vuosi ${run} Oy`);
          // 2026 exists with the company; 2025 and 2024 are added before it
          await post(token, '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
          await post(token, '/fiscalyears', { startDate: '2024-01-01', endDate: '2024-12-31' });
          const years = (await get(token, '/fiscalyears')).fiscalYears as { id: number; startDate: string }[];
          const yearId = (y: number) => years.find((f) => f.startDate === `${y}-01-01`)!.id;
          const lines: Line[] = [];
          for (const r of receipts) {
            await postReceipt(
              svc,
              {
                date: r.date,
                name: 'Vienti',
                lines: r.lines.map((l) => ({ account: l.account, amount: (l.cents / 100).toFixed(2) })),
              },
              token,
            );
            lines.push(...r.lines.map((l) => ({ date: r.date, ...l })));
          }
          for (let i = 0; i < closed; i++) await put(token, `/fiscalyears/${yearId(2024 + i)}/close`);

          for (const [start, end] of PERIODS) {
            // balances at the end of `end` (as of its own fiscal year)
            const endModel = modelBefore(lines, closed, end);
            for (const l of lines)
              if (l.date === end) endModel.set(l.account, (endModel.get(l.account) ?? 0) + l.cents);
            const expectedEnd = nonzero(endModel);
            const balances = await get(token, `/reports/ledgeraccounts/balances?date=${end}`);
            const reported = nonzero(
              new Map(
                (balances.balances as { accountNumber: string; balance: number }[]).map((b) => [
                  b.accountNumber,
                  cents(b.balance),
                ]),
              ),
            );
            expect(reported, `balances on ${end}`).toEqual(expectedEnd);
            // the balances and the results not closed to equity sum to zero
            const endYearStart = `${end.slice(0, 4)}-01-01`;
            expect(sum(reported.values()) + unclosedResult(lines, closed, endYearStart)).toBe(0);

            const trial = await get(token, `/reports/trialbalance?startDate=${start}&endDate=${end}`);
            type Row = { accountNumber: string; openingBalance: number; closingBalance: number };
            const rows = trial.accounts as Row[];
            const closing = nonzero(new Map(rows.map((r) => [r.accountNumber, cents(r.closingBalance)])));
            const opening = nonzero(new Map(rows.map((r) => [r.accountNumber, cents(r.openingBalance)])));
            expect(closing, `trial closing ${start}–${end}`).toEqual(expectedEnd);
            expect(opening, `trial opening ${start}–${end}`).toEqual(modelBefore(lines, closed, start));
            expect(cents(trial.totals.closingBalance) + cents(trial.previousYearsResult)).toBe(0);
            expect(cents(trial.totals.debit)).toBe(cents(trial.totals.credit));
            expect(cents(trial.totals.openingBalance) + unclosedResult(lines, closed, start)).toBe(0);

            // the general ledger: its accounts' balances are the trial balance's; each account's last running
            // balance is its closing one
            const gl = await get(token, `/reports/generalledger?startDate=${start}&endDate=${end}&size=200`);
            type GlAccount = { accountNumber: string; openingBalance: number; closingBalance: number };
            const glAccounts = gl.accounts as GlAccount[];
            expect(nonzero(new Map(glAccounts.map((a) => [a.accountNumber, cents(a.closingBalance)])))).toEqual(
              closing,
            );
            expect(nonzero(new Map(glAccounts.map((a) => [a.accountNumber, cents(a.openingBalance)])))).toEqual(
              opening,
            );
            const lastRunning = new Map<string, number>();
            for (const l of gl.results as { accountNumber: string; balance: number }[])
              lastRunning.set(l.accountNumber, cents(l.balance));
            for (const [account, balance] of lastRunning) {
              // (an account whose lines are all zero has no trial-balance row)
              const closingOf = cents(rows.find((r) => r.accountNumber === account)?.closingBalance ?? 0);
              // an income-statement account crossing a year start closes there: its running balance runs on
              if (!isIncome(account) && yearOf(start) === yearOf(end)) expect(balance).toBe(closingOf);
            }

            // the ledger-accounts report: balance-sheet balances at the end, income-statement sums of the period
            const values = await post(token, '/reports/ledgeraccounts', { startDate: start, endDate: end });
            const reportedValues = nonzero(
              new Map(
                (values.reportData.periods[0].rows as { name: string; value: number }[]).map((r) => [
                  r.name.split(' ')[0],
                  cents(r.value),
                ]),
              ),
            );
            const expectedValues = new Map([...expectedEnd].filter(([a]) => !isIncome(a)));
            for (const l of lines)
              if (isIncome(l.account) && l.date >= start && l.date <= end)
                expectedValues.set(l.account, (expectedValues.get(l.account) ?? 0) + l.cents);
            expect(reportedValues, `ledgeraccounts ${start}–${end}`).toEqual(nonzero(expectedValues));
          }

          // a year's own general ledger of an account: from its first day it opens with the state the close fixed
          for (const year of [2025, 2026]) {
            const start = `${year}-01-01`;
            const end = year === 2026 ? '2026-03-31' : '2025-12-31';
            const trial = await get(token, `/reports/trialbalance?startDate=${start}&endDate=${end}`);
            for (const account of ['1910', '2250']) {
              const ledger = await post(token, `/reports/generalledger/${account}`, { startDate: start, endDate: end });
              const row = (
                trial.accounts as { accountNumber: string; openingBalance: number; closingBalance: number }[]
              ).find((r) => r.accountNumber === account);
              const opensWithState = closed >= year - 2024;
              const expected = opensWithState
                ? (row?.closingBalance ?? 0)
                : (row?.closingBalance ?? 0) - (row?.openingBalance ?? 0);
              expect(cents(ledger.ledgerAccount.totalAccountingValue), `${account} ${year}`).toBe(cents(expected));
            }
            // the SIE export's opening balances are the trial balance's opening column
            const response = await fetch(`${svc.base}/api/sie/file?accountingPeriodStart=${start}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            expect(response.status).toBe(200);
            const doc = parseSie(Buffer.from(await response.arrayBuffer()));
            const ib = nonzero(
              new Map(doc.openingBalances.filter((b) => b.year === 0).map((b) => [b.account, Number(b.amountMinor)])),
            );
            const trialOpening = nonzero(
              new Map(
                (trial.accounts as { accountNumber: string; openingBalance: number }[])
                  .filter((r) => !isIncome(r.accountNumber))
                  .map((r) => [r.accountNumber, cents(r.openingBalance)]),
              ),
            );
            expect(ib, `SIE #IB ${year}`).toEqual(trialOpening);
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 600_000);
});
