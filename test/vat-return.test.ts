// The periodic VAT return over real HTTP: VAT lines required on taxed transactions, the figures of a month of
// postings checked against hand-computed ones, filing with its VAT settlement receipt (VAT_SUMMARY), and the lock
// of a filed period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { insertFiscalYear } from '../src/fiscal/service.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-02-10T09:00:00Z');

type Line = [account: string, amount: number, vatPercent?: number];
const receipt = (
  receiptDate: string,
  name: string,
  vatType: 'SALES' | 'PURCHASE',
  vatStatus: number,
  lines: Line[],
) => ({
  type: 'JOURNAL',
  name,
  receiptDate,
  vatType,
  vatStatus,
  transactions: lines.map(([account, accountingValue, vatPercent]) => ({
    transactionType: 'ENTRY',
    account,
    accountingValue,
    vatPercent: vatPercent ?? 0,
  })),
});

async function post(body: ReturnType<typeof receipt>, approve = true): Promise<number> {
  const created = await svc.api('POST', '/ledgerreceipts', body);
  expect(created.status, created.text).toBe(200);
  if (approve) {
    const approved = await svc.api('PUT', `/ledgerreceipts/${created.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
  }
  return created.body.id;
}

async function period(date: string): Promise<{ yearId: number; periodId: number; status: string }> {
  const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears;
  for (const y of years)
    for (const p of y.periods)
      if (p.startDate <= date && date <= p.endDate) return { yearId: y.id, periodId: p.id, status: p.status };
  throw new Error(`no period for ${date}`);
}

const preview = (periodType: string, startDate: string) =>
  svc.api('GET', `/vat/returns/preview?periodType=${periodType}&startDate=${startDate}`);

let unfinishedId = 0;
let januarySaleId = 0;

beforeAll(async () => {
  svc = await startService({ clock });
  await svc.app.ctx.db
    .transaction()
    .execute((trx) => insertFiscalYear(trx, svc.demo.companyId, '2025-01-01', '2025-12-31', clock.now()));

  // December 2025: a sale at the reduced rate of 2025, 14 %
  await post(
    receipt('2025-12-15', 'Lunch catering', 'SALES', 1, [
      ['1700', 114],
      ['3000', -100, 14],
      ['2930', -14, 14],
    ]),
  );
  // January 2026
  januarySaleId = await post(
    receipt('2026-01-05', 'Consulting', 'SALES', 1, [
      ['1700', 1255],
      ['3000', -1000, 25.5],
      ['2930', -255, 25.5],
    ]),
  );
  await post(
    receipt('2026-01-07', 'Food sale', 'SALES', 1, [
      ['1700', 227],
      ['3000', -200, 13.5],
      ['2930', -27, 13.5],
    ]),
  );
  await post(
    receipt('2026-01-08', 'Office supplies', 'PURCHASE', 1, [
      ['4000', 400, 25.5],
      ['1763', 102, 25.5],
      ['2871', -502],
    ]),
  );
  await post(
    receipt('2026-01-10', 'Goods from Germany', 'PURCHASE', 4, [
      ['4000', 2000, 25.5],
      ['2871', -2000],
      ['1763', 510, 25.5],
      ['2930', -510, 25.5],
    ]),
  );
  await post(
    receipt('2026-01-12', 'Software service from Sweden', 'PURCHASE', 7, [
      ['4470', 1000, 25.5],
      ['2871', -1000],
      ['1763', 255, 25.5],
      ['2930', -255, 25.5],
    ]),
  );
  await post(
    receipt('2026-01-14', 'Renovation subcontract', 'PURCHASE', 2, [
      ['4450', 3000, 25.5],
      ['2871', -3000],
      ['1763', 765, 25.5],
      ['2930', -765, 25.5],
    ]),
  );
  await post(
    receipt('2026-01-15', 'Goods to Estonia', 'SALES', 5, [
      ['1700', 1500],
      ['3350', -1500],
    ]),
  );
  await post(
    receipt('2026-01-16', 'Services to Denmark', 'SALES', 6, [
      ['1700', 800],
      ['3340', -800],
    ]),
  );
  await post(
    receipt('2026-01-17', 'Export to Norway', 'SALES', 3, [
      ['1700', 600],
      ['3380', -600],
    ]),
  );
  await post(
    receipt('2026-01-31', 'Salaries January', 'PURCHASE', 12, [
      ['5010', 4000],
      ['2921', -1056],
      ['2940', -2944],
    ]),
  );
  // not approved: not in the return, and it keeps the month from being filed
  unfinishedId = await post(
    receipt('2026-01-20', 'Draft sale', 'SALES', 1, [
      ['1700', 125.5],
      ['3000', -100, 25.5],
      ['2930', -25.5, 25.5],
    ]),
    false,
  );
});
afterAll(() => svc.close());

// Hand-computed figures of January 2026:
//   301 25.5 %: base 1 000.00, tax 255.00        302 13.5 %: base 200.00, tax 27.00
//   305 EU goods 2 000 × 25.5 % = 510.00           306 EU services 1 000 × 25.5 % = 255.00
//   318 construction 3 000 × 25.5 % = 765.00       307 deductible 102 + 510 + 255 + 765 = 1 632.00
//   output VAT 255 + 27 + 510 + 255 + 765 = 1 812.00; payable 1 812 − 1 632 = 180.00
//   304 export 600.00, 311 EU goods sales 1 500.00, 312 EU services sales 800.00
//   313 2 000.00, 314 1 000.00, 320 3 000.00; salaries carry no VAT
const JANUARY = {
  status: 'DRAFT',
  periodType: 'MONTH',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  domesticSalesTax: [
    { vatPercent: 25.5, field: '301', taxBase: 1000, tax: 255 },
    { vatPercent: 13.5, field: '302', taxBase: 200, tax: 27 },
  ],
  euGoodsPurchaseTax: 510,
  euServicesPurchaseTax: 255,
  importTax: 0,
  constructionPurchaseTax: 765,
  deductibleTax: 1632,
  taxPayable: 180,
  zeroRatedSales: 600,
  euGoodsSales: 1500,
  euServicesSales: 800,
  constructionSales: 0,
  euGoodsPurchases: 2000,
  euServicesPurchases: 1000,
  imports: 0,
  constructionPurchases: 3000,
};

describe('VAT lines', () => {
  it('refuses a taxed sale without its output VAT line, and a VAT line of the wrong amount', async () => {
    const missing = await svc.api(
      'POST',
      '/ledgerreceipts',
      receipt('2026-02-02', 'Sale without VAT', 'SALES', 1, [
        ['1700', 1000],
        ['3000', -1000, 25.5],
      ]),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      {
        status: 400,
        field: 'transactions',
        message:
          'VAT_LINE_MISSING: the taxed transactions need -255.00 of VAT at 25.5 % on account 2930; the receipt books 0.00 there.',
      },
    ]);
    const wrong = await svc.api(
      'POST',
      '/ledgerreceipts',
      receipt('2026-02-02', 'Purchase with short VAT', 'PURCHASE', 1, [
        ['4000', 400, 25.5],
        ['1763', 100, 25.5],
        ['2871', -500],
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].message).toContain('VAT_LINE_MISSING');
    // an EU service purchase needs both self-assessed lines
    const half = await svc.api(
      'POST',
      '/ledgerreceipts',
      receipt('2026-02-02', 'EU service, input side only', 'PURCHASE', 7, [
        ['4470', 1000, 25.5],
        ['1763', 255, 25.5],
        ['2871', -1255],
      ]),
    );
    expect(half.status).toBe(400);
    expect(half.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'VAT_LINE_MISSING: the taxed transactions need -255.00 of VAT at 25.5 % on account 2930; the receipt books 0.00 there.',
    ]);
  });

  it('keeps the VAT status of each line', async () => {
    const body = receipt('2026-02-03', 'Mixed sale', 'SALES', 1, [
      ['1700', 1755],
      ['3000', -1000, 25.5],
      ['2930', -255, 25.5],
      ['3350', -500],
    ]);
    body.transactions[3] = { ...body.transactions[3], vatStatus: 5 } as (typeof body.transactions)[number];
    const id = await post(body);
    const stored = (await svc.api('GET', `/ledgerreceipts/${id}`)).body;
    expect(stored.transactions.map((t: { vatStatus?: number }) => t.vatStatus ?? null)).toEqual([null, null, null, 5]);
    const february = (await preview('MONTH', '2026-02-01')).body;
    expect(february).toMatchObject({
      domesticSalesTax: [{ vatPercent: 25.5, field: '301', taxBase: 1000, tax: 255 }],
      euGoodsSales: 500,
      taxPayable: 255,
    });
  });
});

describe('the VAT return', () => {
  it('computes a month of postings as hand-computed', async () => {
    const answer = await preview('MONTH', '2026-01-01');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual(JANUARY);
  });

  it('computes December 2025 at the 14 % rate, a quarter and a year', async () => {
    const december = (await preview('MONTH', '2025-12-01')).body;
    expect(december.domesticSalesTax).toEqual([{ vatPercent: 14, field: '302', taxBase: 100, tax: 14 }]);
    expect(december.taxPayable).toBe(14);
    const quarter = (await preview('QUARTER', '2025-10-01')).body;
    expect(quarter).toMatchObject({ endDate: '2025-12-31', taxPayable: 14, deductibleTax: 0 });
    const year = (await preview('YEAR', '2025-01-01')).body;
    expect(year).toMatchObject({ endDate: '2025-12-31', taxPayable: 14 });
  });

  it('refuses a period that does not start on its first day', async () => {
    for (const [type, start] of [
      ['MONTH', '2026-01-15'],
      ['QUARTER', '2026-02-01'],
      ['YEAR', '2026-04-01'],
    ]) {
      const answer = await preview(type, start);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field: 'startDate' });
      expect(answer.body.errors[0].message).toContain('VAT_PERIOD_INVALID');
    }
    expect((await preview('WEEK', '2026-01-01')).status).toBe(400);
  });
});

describe('filing', () => {
  it('refuses while an unfinished receipt is dated in the period, and writes nothing', async () => {
    const answer = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toContain('FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS');
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toEqual([]);
    expect((await period('2026-01-15')).status).toBe('OPEN');
    const summaries = await svc.api('GET', '/ledgerreceipts?types=VAT_SUMMARY');
    expect(summaries.body.results).toEqual([]);
  });

  it('files the month: books the VAT settlement receipt and closes the period', async () => {
    expect((await svc.api('PUT', `/ledgerreceipts/${unfinishedId}/invalidate`)).status).toBe(200);
    const answer = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
    expect(answer.status, answer.text).toBe(200);
    const filed = answer.body;
    expect(filed).toMatchObject({ ...JANUARY, status: 'FILED', filedBy: (await svc.api('GET', '/users')).body.id });
    expect(filed.id).toBeGreaterThan(0);
    expect(filed.filedAt).toMatch(/^2026-02-10T09:00/);

    // Dr 2930 1 812.00 / Cr 1763 1 632.00 / Cr 2939 180.00, dated the last day of the period
    const settlement = (await svc.api('GET', `/ledgerreceipts/${filed.settlementReceiptId}`)).body;
    expect(settlement).toMatchObject({ type: 'VAT_SUMMARY', status: 'APPROVED', receiptDate: '2026-01-31' });
    expect(
      settlement.transactions.map((t: { account: string; accountingValue: number }) => [t.account, t.accountingValue]),
    ).toEqual([
      ['2930', 1812],
      ['1763', -1632],
      ['2939', -180],
    ]);
    // the settlement is not itself a taxable event: the return's figures stay the same (the preview of a filed
    // period is its corrected return, which would be version 2 and take in no correction voucher)
    expect((await preview('MONTH', '2026-01-01')).body).toEqual({ ...JANUARY, version: 2, correctionReceiptIds: [] });

    expect((await period('2026-01-15')).status).toBe('CLOSED');
    expect((await svc.api('GET', `/vat/returns/${filed.id}`)).body).toEqual(filed);
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toEqual([filed]);
  });

  it('keeps a filed period closed: no reopening, no posting, no change to its vouchers', async () => {
    const { yearId, periodId } = await period('2026-01-15');
    const reopen = await svc.api('PUT', `/fiscalyears/${yearId}/periods/${periodId}/open`);
    expect(reopen.status).toBe(409);
    expect(reopen.body.errors[0].message).toBe(
      'VAT_PERIOD_FILED: the VAT return of 2026-01-01 – 2026-01-31 is filed, so its period stays closed; correct it with a new voucher in an open period.',
    );
    for (const status of ['OPEN', 'PENDING']) {
      const tracking = await svc.api('PUT', `/fiscalyears/${yearId}/trackingPeriods/${periodId}`, { status });
      expect(tracking.status).toBe(409);
    }
    const unfinished = await svc.api('PUT', `/ledgerreceipts/${januarySaleId}/unfinished`);
    expect(unfinished.status).toBe(400);
    expect(unfinished.body.errors[0].message).toContain('CLOSED_FISCAL_PERIOD');
    const late = await svc.api(
      'POST',
      '/ledgerreceipts',
      receipt('2026-01-20', 'Late sale', 'SALES', 1, [
        ['1700', 125.5],
        ['3000', -100, 25.5],
        ['2930', -25.5, 25.5],
      ]),
    );
    expect(late.status).toBe(400);
    expect(late.body.errors[0].message).toContain('CLOSED_FISCAL_PERIOD');
    expect(await period('2026-01-15')).toMatchObject({ status: 'CLOSED' });
  });

  it('refuses to file a period overlapping a filed one; a correction goes into an open period', async () => {
    for (const [periodType, startDate] of [
      ['MONTH', '2026-01-01'],
      ['QUARTER', '2026-01-01'],
      ['YEAR', '2026-01-01'],
    ]) {
      const again = await svc.api('POST', '/vat/returns', { periodType, startDate });
      expect(again.status).toBe(409);
      expect(again.body.errors[0].message).toBe(
        'VAT_RETURN_ALREADY_FILED: the VAT return of 2026-01-01 – 2026-01-31 was filed already.',
      );
    }
    // a credit note for January's sale, booked in February
    await post(
      receipt('2026-02-05', 'Credit note for consulting', 'SALES', 1, [
        ['1700', -125.5],
        ['3000', 100, 25.5],
        ['2930', 25.5, 25.5],
      ]),
    );
    const february = (await preview('MONTH', '2026-02-01')).body;
    expect(february.domesticSalesTax).toEqual([{ vatPercent: 25.5, field: '301', taxBase: 900, tax: 229.5 }]);
    expect(february.taxPayable).toBe(229.5);
  });

  it('files a period without VAT with no settlement receipt', async () => {
    const answer = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2025-11-01' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ status: 'FILED', taxPayable: 0, settlementReceiptId: null });
  });

  it('files a period once when two filings race', async () => {
    const file = () => svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2025-10-01' });
    const answers = await Promise.all([file(), file(), file()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const filed = (await svc.api('GET', '/vat/returns')).body.vatReturns;
    expect(filed.filter((r: { startDate: string }) => r.startDate === '2025-10-01')).toHaveLength(1);
  });

  it('answers 404 for another company’s return and keeps companies apart', async () => {
    const other = await otherCompany(svc);
    const filed = (await svc.api('GET', '/vat/returns')).body.vatReturns[0];
    const answer = await svc.request('GET', `/api/vat/returns/${filed.id}`, { token: other.token });
    expect(answer.status).toBe(404);
    expect((await svc.request('GET', '/api/vat/returns', { token: other.token })).body.vatReturns).toEqual([]);
    const theirs = await svc.request('GET', '/api/vat/returns/preview?periodType=MONTH&startDate=2026-01-01', {
      token: other.token,
    });
    expect(theirs.body.taxPayable).toBe(0);
  });
});
