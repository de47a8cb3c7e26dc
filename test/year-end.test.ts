// Year-end closing over real HTTP: a month of postings in December 2025, the year closed, the opening balances
// of 2026 checked against figures computed by hand, in the API and in the SIE file; reopening refused once 2026
// has receipts after its opening balances, allowed before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { parseSie } from '../src/domain/sie-parse.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-02-15T10:00:00Z');
let year2025: number;
let year2026: number;

const DECEMBER: { date: string; name: string; lines: [string, string][] }[] = [
  {
    date: '2025-12-01',
    name: 'Osakepääoma',
    lines: [
      ['1910', '2500.00'],
      ['2000', '-2500.00'],
    ],
  },
  {
    date: '2025-12-05',
    name: 'Myynti 25,5 %',
    lines: [
      ['1700', '1255.00'],
      ['3000', '-1000.00'],
      ['2930', '-255.00'],
    ],
  },
  {
    date: '2025-12-10',
    name: 'Osto 25,5 %',
    lines: [
      ['4000', '400.00'],
      ['1763', '102.00'],
      ['2871', '-502.00'],
    ],
  },
  {
    date: '2025-12-15',
    name: 'Suoritus',
    lines: [
      ['1910', '1255.00'],
      ['1700', '-1255.00'],
    ],
  },
  {
    date: '2025-12-20',
    name: 'Palkka',
    lines: [
      ['5010', '2000.00'],
      ['2921', '-400.00'],
      ['2940', '-1600.00'],
    ],
  },
  {
    date: '2025-12-28',
    name: 'Vuokra',
    lines: [
      ['7230', '300.00'],
      ['1910', '-300.00'],
    ],
  },
  {
    date: '2025-12-30',
    name: 'Korkotuotto',
    lines: [
      ['1910', '12.34'],
      ['9220', '-12.34'],
    ],
  },
  {
    date: '2025-12-31',
    name: 'Korkokulu',
    lines: [
      ['9460', '45.67'],
      ['1910', '-45.67'],
    ],
  },
];

/*
 * By hand. Income statement 2025: 3000 −1000.00, 9220 −12.34, 4000 400.00, 5010 2000.00, 7230 300.00,
 * 9460 45.67: a loss of 1733.33. Balance sheet on 2025-12-31: 1910 2500 + 1255 − 300 + 12.34 − 45.67 = 3421.67,
 * 1700 0, 1763 102.00, 2000 −2500.00, 2871 −502.00, 2921 −400.00, 2930 −255.00, 2940 −1600.00 (sum −1733.33).
 * Opening balances of 2026: those, and the loss to retained earnings, 2250 +1733.33; they sum to zero.
 */
const OPENING_2026: [string, number][] = [
  ['1763', 102],
  ['1910', 3421.67],
  ['2000', -2500],
  ['2871', -502],
  ['2921', -400],
  ['2930', -255],
  ['2940', -1600],
  ['2250', 1733.33],
];

async function sie(start: string) {
  const response = await fetch(`${svc.base}/api/sie/file?accountingPeriodStart=${start}`, {
    headers: { authorization: `Bearer ${await svc.token()}` },
  });
  expect(response.status).toBe(200);
  return parseSie(Buffer.from(await response.arrayBuffer()));
}

async function receiptsOf(start: string, end: string) {
  const list = await svc.api('GET', `/ledgerreceipts?startDate=${start}&endDate=${end}&size=200`);
  expect(list.status, list.text).toBe(200);
  return list.body.results as { id: number; type: string; receiptNumber: number }[];
}

beforeAll(async () => {
  svc = await startService({ clock });
  const created = await svc.api('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
  expect(created.status, created.text).toBe(200);
  year2025 = created.body.id;
  const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears as { id: number; startDate: string }[];
  year2026 = years.find((y) => y.startDate === '2026-01-01')!.id;
  for (const r of DECEMBER)
    await postReceipt(svc, {
      date: r.date,
      name: r.name,
      lines: r.lines.map(([account, amount]) => ({ account, amount })),
    });
  // booked in 2026 before 2025 is closed: it does not hold the reopening back
  await postReceipt(svc, {
    date: '2026-01-10',
    name: 'Myynti tammikuu',
    lines: [
      { account: '1910', amount: '100.00' },
      { account: '3000', amount: '-100.00' },
    ],
  });
});
afterAll(() => svc.close());

async function openingReceipts() {
  return (await receiptsOf('2026-01-01', '2026-01-01')).filter((r) => r.type === 'RECEIPT_FOR_OPENING_ACCOUNTS');
}

describe('closing a fiscal year', () => {
  it('opens the next year with the closing balances and the result moved to retained earnings, summing to zero', async () => {
    const closed = await svc.api('PUT', `/fiscalyears/${year2025}/close`);
    expect(closed.status, closed.text).toBe(200);
    const [opening] = await openingReceipts();
    expect(opening).toBeDefined();
    const receipt = (await svc.api('GET', `/ledgerreceipts/${opening.id}`)).body;
    expect(receipt).toMatchObject({
      type: 'RECEIPT_FOR_OPENING_ACCOUNTS',
      status: 'APPROVED',
      receiptDate: '2026-01-01',
      name: 'Opening balances 2026-01-01 – 2026-12-31',
    });
    const lines = receipt.transactions.map((t: { account: string; accountingValue: number }) => [
      t.account,
      t.accountingValue,
    ]);
    expect(lines).toEqual(OPENING_2026);
    const cents = receipt.transactions.reduce(
      (sum: number, t: { accountingValue: number }) => sum + Math.round(t.accountingValue * 100),
      0,
    );
    expect(cents).toBe(0);
    // the result line says what it is
    expect(receipt.transactions.at(-1).description).toBe('Result of the fiscal year 2025-01-01 – 2025-12-31');
    // numbered after the receipt booked in 2026 before the close
    expect(opening.receiptNumber).toBe(2);
  });

  it('keeps the reports balances single after the close: the opening balances restate, not add', async () => {
    const answer = await svc.api('GET', '/reports/ledgeraccounts/balances?date=2026-01-31&accounts=1910,2000,3000');
    expect(answer.status, answer.text).toBe(200);
    const balances = Object.fromEntries(
      answer.body.balances.map((b: { accountNumber: string; balance: number }) => [b.accountNumber, b.balance]),
    );
    // 1910: 3421.67 at the end of 2025 and the January sale of 100.00; 3000 restarts with the year
    expect(balances).toEqual({ '1910': 3521.67, '2000': -2500, '3000': -100 });
    const trial = await svc.api('GET', '/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31');
    expect(trial.status, trial.text).toBe(200);
    const bank = trial.body.accounts.find((r: { accountNumber: string }) => r.accountNumber === '1910');
    expect(bank).toMatchObject({ openingBalance: 3421.67, closingBalance: 3521.67 });
  });

  it('writes the opening balances as #IB of 2026 (summing to zero) and the closing ones as #UB', async () => {
    const doc = await sie('2026-01-01');
    const of = (list: typeof doc.openingBalances, year: number) =>
      Object.fromEntries(list.filter((b) => b.year === year).map((b) => [b.account, b.amountMinor]));
    expect(of(doc.openingBalances, 0)).toEqual({
      '1763': 10200n,
      '1910': 342167n,
      '2000': -250000n,
      '2250': 173333n,
      '2871': -50200n,
      '2921': -40000n,
      '2930': -25500n,
      '2940': -160000n,
    });
    expect(Object.values(of(doc.openingBalances, 0)).reduce((a, b) => a + b, 0n)).toBe(0n);
    expect(of(doc.closingBalances, 0)).toMatchObject({ '1910': 352167n, '2250': 173333n });
    // 2025 closes with its own balances and result; 2026's result is its January sale
    expect(of(doc.closingBalances, -1)).toEqual({
      '1763': 10200n,
      '1910': 342167n,
      '2000': -250000n,
      '2871': -50200n,
      '2921': -40000n,
      '2930': -25500n,
      '2940': -160000n,
    });
    expect(of(doc.results, -1)).toEqual({
      '3000': -100000n,
      '4000': 40000n,
      '5010': 200000n,
      '7230': 30000n,
      '9220': -1234n,
      '9460': 4567n,
    });
    expect(of(doc.results, 0)).toEqual({ '3000': -10000n });
    // the opening balances are #IB, not a voucher; no chart type is claimed
    expect(doc.vouchers.map((v) => v.text)).toEqual(['Myynti tammikuu']);
    expect(doc.chartType).toBeUndefined();
  });

  it('reopens the year before 2026 has postings after its opening balances, reversing them; closing again rebooks them', async () => {
    const reopened = await svc.api('PUT', `/fiscalyears/${year2025}/open`);
    expect(reopened.status, reopened.text).toBe(200);
    const year = (await svc.api('GET', '/fiscalyears')).body.fiscalYears.find((y: { id: number }) => y.id === year2025);
    expect(year).toMatchObject({ status: 'OPEN', isOpen: true });
    expect(year.periods.every((p: { status: string }) => p.status === 'OPEN')).toBe(true);
    // the opening receipt and its reversal net to nothing
    const doc = await sie('2026-01-01');
    expect(doc.openingBalances.filter((b) => b.year === 0 && b.account === '2250')).toEqual([]);
    expect((await svc.api('PUT', `/fiscalyears/${year2025}/open`)).body.errors[0].message).toMatch(
      /^FISCAL_YEAR_NOT_CLOSED/,
    );
    // a correction in December, then the year closed again: new opening balances
    await postReceipt(svc, {
      date: '2025-12-31',
      name: 'Korjaus',
      lines: [
        { account: '7230', amount: '16.67' },
        { account: '1910', amount: '-16.67' },
      ],
    });
    expect((await svc.api('PUT', `/fiscalyears/${year2025}/close`)).status).toBe(200);
    const live = (await sie('2026-01-01')).openingBalances.filter((b) => b.year === 0);
    expect(Object.fromEntries(live.map((b) => [b.account, b.amountMinor]))).toMatchObject({
      '1910': 340500n,
      '2250': 175000n,
    });
    expect(live.reduce((a, b) => a + b.amountMinor, 0n)).toBe(0n);
  });

  it('refuses reopening once 2026 has receipts after its opening balances', async () => {
    const after = await postReceipt(svc, {
      date: '2026-02-01',
      name: 'Myynti helmikuu',
      lines: [
        { account: '1910', amount: '50.00' },
        { account: '3000', amount: '-50.00' },
      ],
    });
    const refused = await svc.api('PUT', `/fiscalyears/${year2025}/open`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toContain('FISCAL_YEAR_REOPEN_REFUSED');
    expect(refused.body.errors[0].message).toContain(String(after.id));
    expect(
      (await svc.api('GET', '/fiscalyears')).body.fiscalYears.find((y: { id: number }) => y.id === year2025).status,
    ).toBe('CLOSED');
  });

  it('books the opening balances when the next year is added after the close', async () => {
    const closed = await svc.api('PUT', `/fiscalyears/${year2026}/close`);
    expect(closed.status, closed.text).toBe(200);
    const next = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
    expect(next.status, next.text).toBe(200);
    const opening = (await receiptsOf('2027-01-01', '2027-01-01')).filter(
      (r) => r.type === 'RECEIPT_FOR_OPENING_ACCOUNTS',
    );
    expect(opening).toHaveLength(1);
    const doc = await sie('2027-01-01');
    const ib = doc.openingBalances.filter((b) => b.year === 0);
    expect(ib.reduce((a, b) => a + b.amountMinor, 0n)).toBe(0n);
    // 2026: 1910 3405.00 + 100.00 + 50.00; retained earnings 1750.00 less the 2026 profit of 150.00
    expect(Object.fromEntries(ib.map((b) => [b.account, b.amountMinor]))).toMatchObject({
      '1910': 355500n,
      '2250': 160000n,
    });
  });
});
