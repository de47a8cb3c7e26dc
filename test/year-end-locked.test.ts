// Year-end in the order accountants work, over real HTTP: January 2026 is booked, locked and its VAT return
// filed before 2025 is closed; the close still succeeds, and every report of 2026 opens with the state it fixed —
// 2250 holding the 2025 result — agreeing with each other and with the SIE export, each summing to zero. Bad
// input (unfinished vouchers, a second close, reopening under a closed year) is refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { parseSie } from '../src/domain/sie-parse.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-20T10:00:00Z');
let year2025: number;
let year2026: number;

/*
 * By hand. 2025: share capital 2500.00 paid to the bank, a sale of 1000.00 paid, rent of 300.00 paid: 1910
 * 3200.00, 2000 −2500.00, a profit of 700.00 (3000 −1000.00, 7230 300.00). The opening state of 2026: 1910
 * 3200.00, 2000 −2500.00, 2250 −700.00; it sums to zero. January 2026: a sale of 200.00 paid, so on 2026-01-31:
 * 1910 3400.00, 2000 −2500.00, 2250 −700.00, 3000 −200.00 (sum 0), the result of 2026 so far a profit of 200.00.
 */
const OPENING_2026 = { '1910': 3200, '2000': -2500, '2250': -700 };
const JANUARY_END = { '1910': 3400, '2000': -2500, '2250': -700, '3000': -200 };

const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0);

async function ok(method: string, path: string, body?: unknown) {
  const answer = await svc.api(method, path, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

async function years() {
  return (await ok('GET', '/fiscalyears')).fiscalYears as {
    id: number;
    startDate: string;
    status: string;
    periods: { id: number; startDate: string; status: string }[];
  }[];
}

async function openingReceipts(date: string) {
  const list = await ok('GET', `/ledgerreceipts?startDate=${date}&endDate=${date}&size=200`);
  return (list.results as { id: number; type: string; status: string }[]).filter(
    (r) => r.type === 'RECEIPT_FOR_OPENING_ACCOUNTS',
  );
}

async function balancesOn(date: string): Promise<Record<string, number>> {
  const answer = await ok('GET', `/reports/ledgeraccounts/balances?date=${date}`);
  return Object.fromEntries(
    (answer.balances as { accountNumber: string; balance: number }[]).map((b) => [b.accountNumber, b.balance]),
  );
}

async function sieOpening(start: string) {
  const response = await fetch(`${svc.base}/api/sie/file?accountingPeriodStart=${start}`, {
    headers: { authorization: `Bearer ${await svc.token()}` },
  });
  expect(response.status).toBe(200);
  const doc = parseSie(Buffer.from(await response.arrayBuffer()));
  return Object.fromEntries(
    doc.openingBalances.filter((b) => b.year === 0).map((b) => [b.account, Number(b.amountMinor) / 100]),
  );
}

let draftId = 0;

beforeAll(async () => {
  svc = await startService({ clock });
  year2025 = (await ok('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' })).id;
  year2026 = (await years()).find((y) => y.startDate === '2026-01-01')!.id;
  const book = (date: string, name: string, lines: [string, string][]) =>
    postReceipt(svc, { date, name, lines: lines.map(([account, amount]) => ({ account, amount })) });
  await book('2025-03-01', 'Osakepääoma', [
    ['1910', '2500.00'],
    ['2000', '-2500.00'],
  ]);
  await book('2025-06-10', 'Myynti', [
    ['1910', '1000.00'],
    ['3000', '-1000.00'],
  ]);
  await book('2025-09-15', 'Vuokra', [
    ['7230', '300.00'],
    ['1910', '-300.00'],
  ]);
  await book('2026-01-10', 'Myynti tammikuu', [
    ['1910', '200.00'],
    ['3000', '-200.00'],
  ]);
  // January's VAT return filed, which locks January for good
  await ok('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
  const draft = await postReceipt(svc, {
    date: '2025-12-31',
    name: 'Luonnos',
    approve: false,
    lines: [
      { account: '7230', amount: '10.00' },
      { account: '1910', amount: '-10.00' },
    ],
  });
  draftId = draft.id;
});
afterAll(() => svc.close());

describe('closing 2025 with January 2026 locked and filed', () => {
  it('refuses while an unfinished voucher is dated in 2025, writing nothing', async () => {
    const refused = await svc.api('PUT', `/fiscalyears/${year2025}/close`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        status: 400,
        message: `FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS: approve or invalidate receipts ${draftId} first.`,
        field: 'fiscalYearId',
      },
    ]);
    const y2025 = (await years()).find((y) => y.id === year2025)!;
    expect(y2025.status).toBe('OPEN');
    expect(y2025.periods.every((p) => p.status === 'OPEN')).toBe(true);
    expect(await openingReceipts('2026-01-01')).toEqual([]);
    await ok('PUT', `/ledgerreceipts/${draftId}/invalidate`);
  });

  it('closes the year although January is locked and filed, opening 2026 with 2250 holding the result', async () => {
    const january = (await years()).find((y) => y.id === year2026)!.periods[0];
    expect(january.status).toBe('CLOSED');
    await ok('PUT', `/fiscalyears/${year2025}/close`);
    const [opening] = await openingReceipts('2026-01-01');
    const receipt = await ok('GET', `/ledgerreceipts/${opening.id}`);
    expect(receipt).toMatchObject({
      type: 'RECEIPT_FOR_OPENING_ACCOUNTS',
      status: 'APPROVED',
      receiptDate: '2026-01-01',
    });
    const lines = Object.fromEntries(
      (receipt.transactions as { account: string; accountingValue: number }[]).map((t) => [
        t.account,
        t.accountingValue,
      ]),
    );
    expect(lines).toEqual(OPENING_2026);
    // January stays locked, its filed return as it was
    expect((await years()).find((y) => y.id === year2026)!.periods[0].status).toBe('CLOSED');
    const [filed] = (await ok('GET', '/vat/returns')).vatReturns;
    expect(filed).toMatchObject({ startDate: '2026-01-01', status: 'FILED' });
  });

  it('refuses closing it twice, with nothing booked again', async () => {
    const refused = await svc.api('PUT', `/fiscalyears/${year2025}/close`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ status: 400, message: 'FISCAL_YEAR_CLOSED', field: 'fiscalYearId' }]);
    expect(await openingReceipts('2026-01-01')).toHaveLength(1);
  });
});

describe("2026's reports open with the state the close fixed", () => {
  it('balances on a date: 2250 holds the 2025 result and the balances sum to zero', async () => {
    expect(await balancesOn('2026-01-31')).toEqual(JANUARY_END);
    expect(await balancesOn('2026-01-01')).toEqual(OPENING_2026);
    expect(cents(Object.values(await balancesOn('2026-06-30')))).toBe(0);
    // 2025 itself is untouched: its own result, no 2250
    expect(await balancesOn('2025-12-31')).toEqual({ '1910': 3200, '2000': -2500, '3000': -1000, '7230': 300 });
  });

  it('the trial balance opens January with the opening state, every column summing to zero', async () => {
    const trial = await ok('GET', '/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31');
    const rows = Object.fromEntries(
      (trial.accounts as { accountNumber: string; openingBalance: number; closingBalance: number }[]).map((r) => [
        r.accountNumber,
        [r.openingBalance, r.closingBalance],
      ]),
    );
    expect(rows).toEqual({
      '1910': [3200, 3400],
      '2000': [-2500, -2500],
      '2250': [-700, -700],
      '3000': [0, -200],
    });
    expect(trial.totals).toEqual({ openingBalance: 0, debit: 200, credit: 200, closingBalance: 0 });
    expect(trial.previousYearsResult).toBe(0);
    // across the year end: 2025's income-statement balances close, the result is on 2250 already
    const across = await ok('GET', '/reports/trialbalance?startDate=2025-12-01&endDate=2026-01-31');
    expect(across.totals.closingBalance).toBe(0);
    expect(across.previousYearsResult).toBe(0);
  });

  it('the general ledger lists 2250 with its opening balance, and the account report shows the opening voucher', async () => {
    const page = await ok('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-01-31');
    const accounts = Object.fromEntries(
      (page.accounts as { accountNumber: string; openingBalance: number; closingBalance: number }[]).map((a) => [
        a.accountNumber,
        [a.openingBalance, a.closingBalance],
      ]),
    );
    expect(accounts).toEqual({
      '1910': [3200, 3400],
      '2000': [-2500, -2500],
      '2250': [-700, -700],
      '3000': [0, -200],
    });
    const bank = (page.results as { accountNumber: string; balance: number }[]).find((l) => l.accountNumber === '1910');
    expect(bank?.balance).toBe(3400);

    const ledger = await ok('POST', '/reports/generalledger/2250', { startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(ledger.ledgerAccount.totalAccountingValue).toBe(-700);
    expect(ledger.ledgerAccount.ledgerReceiptTransactions).toMatchObject([
      { type: 'RECEIPT_FOR_OPENING_ACCOUNTS', receiptDate: '2026-01-01', accountingValue: -700 },
    ]);
    const bankLedger = await ok('POST', '/reports/generalledger/1910', {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(bankLedger.ledgerAccount.totalAccountingValue).toBe(3400);
    // from a later day the listing holds that period's lines only
    const february = await ok('POST', '/reports/generalledger/2250', {
      startDate: '2026-02-01',
      endDate: '2026-12-31',
    });
    expect(february.ledgerAccount.ledgerReceiptTransactions).toEqual([]);
  });

  it('the ledger-accounts report and the statements agree, and the balance sheet balances', async () => {
    const values = await ok('POST', '/reports/ledgeraccounts', { startDate: '2026-01-01', endDate: '2026-01-31' });
    const rows = Object.fromEntries(
      (values.reportData.periods[0].rows as { name: string; value: number }[]).map((r) => [
        r.name.split(' ')[0],
        r.value,
      ]),
    );
    expect(rows).toEqual(JANUARY_END);
    const sheet = await ok('POST', '/reports/accounting', {
      type: 'BALANCE_SHEET',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    const lines = sheet.reportData.periods[0].rows as { name: string; value: number }[];
    const row = (name: string) => lines.find((r) => r.name === name)?.value;
    expect(Math.abs(row('Edellisten tilikausien voitto (tappio)')!)).toBe(700);
    expect(Math.abs(row('Tilikauden voitto (tappio)')!)).toBe(200);
    expect(Math.abs(row('Vastaavaa yhteensä')!)).toBe(3400);
    expect(Math.abs(row('Vastattavaa yhteensä')!)).toBe(3400);
  });

  it('all agree with the SIE export of 2026', async () => {
    expect(await sieOpening('2026-01-01')).toEqual(OPENING_2026);
  });
});

describe('reopening', () => {
  it('refuses reopening 2025 while 2026 is closed; 2026 reopens around its filed January', async () => {
    await ok('PUT', `/fiscalyears/${year2026}/close`);
    const refused = await svc.api('PUT', `/fiscalyears/${year2025}/open`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ status: 409, field: 'fiscalYearId' });
    expect(refused.body.errors[0].message).toMatch(/^FISCAL_YEAR_NEXT_CLOSED/);
    expect((await years()).find((y) => y.id === year2025)!.status).toBe('CLOSED');
    expect(await openingReceipts('2026-01-01')).toHaveLength(1);
    await ok('PUT', `/fiscalyears/${year2026}/open`);
    const y2026 = (await years()).find((y) => y.id === year2026)!;
    expect(y2026.status).toBe('OPEN');
    expect(y2026.periods.map((p) => p.status)).toEqual(['CLOSED', ...Array(11).fill('OPEN')]);
  });

  it('reopens 2025 with January locked, reversing the opening state; closing again books it anew', async () => {
    await ok('PUT', `/fiscalyears/${year2025}/open`);
    const balances = await balancesOn('2026-01-31');
    expect(balances['2250']).toBeUndefined();
    expect(balances['1910']).toBe(3400);
    const trial = await ok('GET', '/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31');
    // the 2025 result not yet closed to equity is reported apart, as before any close
    expect(trial.previousYearsResult).toBe(-700);
    await ok('PUT', `/fiscalyears/${year2025}/close`);
    expect(await balancesOn('2026-01-31')).toEqual(JANUARY_END);
    expect(await sieOpening('2026-01-01')).toEqual(OPENING_2026);
  });
});
