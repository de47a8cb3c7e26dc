// Corrected VAT returns over real HTTP: January filed, an error found, the correction vouchers booked in open
// February naming January, January's corrected return previewed and filed as version 2 beside version 1 with the
// settlement of the difference, February's own return without the corrections, both versions written as the
// Tax Administration's file (VSRALVKV) and checked field by field, and bad input refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-10T09:00:00Z');

type Line = [account: string, amount: number, vatPercent?: number];
const receipt = (receiptDate: string, name: string, vatType: 'SALES' | 'PURCHASE', lines: Line[]) => ({
  type: 'JOURNAL',
  name,
  receiptDate,
  vatType,
  vatStatus: 1,
  transactions: lines.map(([account, accountingValue, vatPercent]) => ({
    transactionType: 'ENTRY',
    account,
    accountingValue,
    vatPercent: vatPercent ?? 0,
  })),
});

async function post(body: ReturnType<typeof receipt>): Promise<number> {
  const created = await svc.api('POST', '/ledgerreceipts', body);
  expect(created.status, created.text).toBe(200);
  const approved = await svc.api('PUT', `/ledgerreceipts/${created.body.id}/approve`);
  expect(approved.status, approved.text).toBe(200);
  return created.body.id;
}

const preview = (startDate: string) => svc.api('GET', `/vat/returns/preview?periodType=MONTH&startDate=${startDate}`);
const januaryTarget = { periodType: 'MONTH', startDate: '2026-01-01' };
const lines = (r: { transactions: { account: string; accountingValue: number }[] }) =>
  r.transactions.map((t) => [t.account, t.accountingValue]);
const summaries = async () =>
  (await svc.api('GET', '/ledgerreceipts?types=VAT_SUMMARY')).body.results as { id: number }[];

let januarySaleId = 0;
let missedSaleId = 0;
let missedPurchaseId = 0;
let version1: any;
let version2: any;
let januarySaleBefore: unknown;

beforeAll(async () => {
  svc = await startService({ clock });
  // January 2026 as first filed: a sale of 1 000.00 + 25.5 % and a purchase of 400.00 + 25.5 %
  januarySaleId = await post(
    receipt('2026-01-05', 'Consulting', 'SALES', [
      ['1700', 1255],
      ['3000', -1000, 25.5],
      ['2930', -255, 25.5],
    ]),
  );
  await post(
    receipt('2026-01-08', 'Office supplies', 'PURCHASE', [
      ['4000', 400, 25.5],
      ['1763', 102, 25.5],
      ['2871', -502],
    ]),
  );
  // February's own sale: 2 000.00 + 25.5 %
  await post(
    receipt('2026-02-03', 'Training', 'SALES', [
      ['1700', 2510],
      ['3000', -2000, 25.5],
      ['2930', -510, 25.5],
    ]),
  );
  januarySaleBefore = (await svc.api('GET', `/ledgerreceipts/${januarySaleId}`)).body;
});
afterAll(() => svc.close());

// Hand-worked figures.
// January, version 1:   301 tax 255.00 (base 1 000.00), 307 102.00, 308 255 − 102 = 153.00
// The error: a January sale of 200.00 + 51.00 VAT and a January purchase of 100.00 + 25.50 VAT were left out.
// Corrected, version 2:  301 tax 255 + 51 = 306.00 (base 1 200.00), 307 102 + 25.50 = 127.50,
//                        308 306 − 127.50 = 178.50; the difference, 25.50 payable, settled:
//                        Dr 2930 51.00 / Cr 1763 25.50 / Cr 2939 25.50
// February:              301 tax 510.00 (base 2 000.00), 307 0, 308 510.00 — the corrections left out.

describe('a filed month corrected by a corrected return of that month', () => {
  it('files January as version 1', async () => {
    const answer = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
    expect(answer.status, answer.text).toBe(200);
    version1 = answer.body;
    expect(version1).toMatchObject({
      status: 'FILED',
      version: 1,
      correctionReason: null,
      replacesVatReturnId: null,
      correctionReceiptIds: [],
      domesticSalesTax: [{ vatPercent: 25.5, field: '301', taxBase: 1000, tax: 255 }],
      deductibleTax: 102,
      taxPayable: 153,
    });
  });

  it('refuses a corrected return with no difference, and writes nothing', async () => {
    const before = await summaries();
    const answer = await svc.api('POST', '/vat/returns/corrected', {
      ...januaryTarget,
      correctionReason: 'CALCULATION_ERROR',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([
      {
        status: 409,
        field: 'startDate',
        message:
          'VAT_RETURN_NO_DIFFERENCE: the VAT return of 2026-01-01 – 2026-01-31 has the figures of its filed version 1; there is nothing to correct.',
      },
    ]);
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toEqual([version1]);
    expect(await summaries()).toEqual(before);
  });

  it('books the correction vouchers in open February, each naming January', async () => {
    missedSaleId = await post(
      receipt('2026-02-10', 'Correction: January sale left out', 'SALES', [
        ['1700', 251],
        ['3000', -200, 25.5],
        ['2930', -51, 25.5],
      ]),
    );
    missedPurchaseId = await post(
      receipt('2026-02-09', 'Correction: January purchase left out', 'PURCHASE', [
        ['4000', 100, 25.5],
        ['1763', 25.5, 25.5],
        ['2871', -125.5],
      ]),
    );
    for (const id of [missedSaleId, missedPurchaseId]) {
      const answer = await svc.api('PUT', `/vat/corrections/${id}`, januaryTarget);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        receiptId: id,
        periodType: 'MONTH',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        vatReturnId: null,
        createdAt: '2026-03-10T09:00:00.000',
      });
    }
    // the real interface's receipt keeps its real shape: nothing of the correction is added to it
    const voucher = await svc.api('GET', `/ledgerreceipts/${missedSaleId}`);
    expect(Object.keys(voucher.body).filter((k) => /vatPeriod|correct/i.test(k))).toEqual([]);
  });

  it('previews January corrected: the figures differ from version 1 by exactly the vouchers', async () => {
    const answer = await preview('2026-01-01');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'DRAFT',
      version: 2,
      correctionReceiptIds: [missedSaleId, missedPurchaseId],
      domesticSalesTax: [{ vatPercent: 25.5, field: '301', taxBase: 1200, tax: 306 }],
      deductibleTax: 127.5,
      taxPayable: 178.5,
    });
    expect(answer.body.domesticSalesTax[0].tax - version1.domesticSalesTax[0].tax).toBe(51);
    expect(answer.body.deductibleTax - version1.deductibleTax).toBe(25.5);
    expect(answer.body.taxPayable - version1.taxPayable).toBe(25.5);
  });

  it("leaves the corrections out of February's own return", async () => {
    const february = (await preview('2026-02-01')).body;
    expect(february).toMatchObject({
      domesticSalesTax: [{ vatPercent: 25.5, field: '301', taxBase: 2000, tax: 510 }],
      deductibleTax: 0,
      taxPayable: 510,
    });
    expect(february.version).toBeUndefined();
  });

  it('files the corrected return as version 2 and settles the difference', async () => {
    const answer = await svc.api('POST', '/vat/returns/corrected', {
      ...januaryTarget,
      correctionReason: 'CALCULATION_ERROR',
    });
    expect(answer.status, answer.text).toBe(200);
    version2 = answer.body;
    expect(version2).toMatchObject({
      status: 'FILED',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      version: 2,
      correctionReason: 'CALCULATION_ERROR',
      replacesVatReturnId: version1.id,
      correctionReceiptIds: [missedSaleId, missedPurchaseId],
      domesticSalesTax: [{ vatPercent: 25.5, field: '301', taxBase: 1200, tax: 306 }],
      deductibleTax: 127.5,
      taxPayable: 178.5,
    });
    expect(version2.id).not.toBe(version1.id);
    // dated the latest correction voucher's day, in open February
    const settlement = (await svc.api('GET', `/ledgerreceipts/${version2.settlementReceiptId}`)).body;
    expect(settlement).toMatchObject({ type: 'VAT_SUMMARY', status: 'APPROVED', receiptDate: '2026-02-10' });
    expect(lines(settlement)).toEqual([
      ['2930', 51],
      ['1763', -25.5],
      ['2939', -25.5],
    ]);
    // version 1 is kept beside version 2, as filed
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toEqual([version1, version2]);
    expect((await svc.api('GET', `/vat/returns/${version1.id}`)).body).toEqual(version1);
    expect((await svc.api('GET', `/vat/returns/${version2.id}`)).body).toEqual(version2);
    // nothing of January is rewritten, and it stays closed
    expect((await svc.api('GET', `/ledgerreceipts/${januarySaleId}`)).body).toEqual(januarySaleBefore);
    const version1Settlement = (await svc.api('GET', `/ledgerreceipts/${version1.settlementReceiptId}`)).body;
    expect(lines(version1Settlement)).toEqual([
      ['2930', 255],
      ['1763', -102],
      ['2939', -153],
    ]);
    const corrections = (await svc.api('GET', '/vat/corrections')).body.vatCorrections;
    expect(corrections.map((c: { receiptId: number; vatReturnId: number }) => [c.receiptId, c.vatReturnId])).toEqual([
      [missedSaleId, version2.id],
      [missedPurchaseId, version2.id],
    ]);
  });

  it("files February's own return without the corrections", async () => {
    const answer = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-02-01' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ taxPayable: 510, deductibleTax: 0, version: 1 });
    const settlement = (await svc.api('GET', `/ledgerreceipts/${answer.body.settlementReceiptId}`)).body;
    expect(lines(settlement)).toEqual([
      ['2930', 510],
      ['2939', -510],
    ]);
  });

  it('refuses a second corrected return with no difference', async () => {
    const answer = await svc.api('POST', '/vat/returns/corrected', {
      ...januaryTarget,
      correctionReason: 'CALCULATION_ERROR',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].message).toContain('has the figures of its filed version 2');
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toHaveLength(3);
  });
});

describe("the Tax Administration's file", () => {
  // 10 March 2026 09:00 UTC is 11:00 in Helsinki
  const header = [
    '000:VSRALVKV',
    '198:10032026110000',
    '014:1234567-1_TASE',
    '048:Tase',
    '010:1234567-1',
    '050:K',
    '052:1',
    '053:2026',
  ];
  const zeros = (codes: string[]) => codes.map((c) => `${c}:0,00`);

  it('writes version 1 field by field', async () => {
    const answer = await svc.api('GET', `/vat/returns/${version1.id}/file`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=ISO-8859-1');
    expect(answer.text.endsWith('\r\n')).toBe(true);
    expect(answer.text.split('\r\n').slice(0, -1)).toEqual([
      ...header,
      '301:255,00',
      ...zeros(['302', '303', '304', '305', '306']),
      '307:102,00',
      '308:153,00',
      ...zeros(['309', '310', '311', '312', '313', '314', '318', '319', '320']),
      '999:1',
    ]);
  });

  it('writes version 2 as a corrected return with its reason', async () => {
    const answer = await svc.api('GET', `/vat/returns/${version2.id}/file`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text.split('\r\n').slice(0, -1)).toEqual([
      ...header,
      '301:306,00',
      ...zeros(['302', '303', '304', '305', '306']),
      '307:127,50',
      '308:178,50',
      ...zeros(['309', '310', '311', '312', '313', '314', '318', '319', '320']),
      '332:1',
      '999:1',
    ]);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="VSRALVKV_2026-01-01_2026-01-31_v2.txt"',
    );
  });

  it('writes a period with nothing to report as "no activity"', async () => {
    const filed = await svc.api('POST', '/vat/returns', { periodType: 'QUARTER', startDate: '2025-10-01' });
    expect(filed.status, filed.text).toBe(200);
    const answer = await svc.api('GET', `/vat/returns/${filed.body.id}/file`);
    expect(answer.text.split('\r\n').slice(0, -1)).toEqual([
      ...header.slice(0, 5),
      '050:Q',
      '052:4',
      '053:2025',
      '056:1',
      '999:1',
    ]);
  });

  it('needs the business id', async () => {
    const other = await otherCompany(svc);
    const filed = await svc.request('POST', '/api/vat/returns', {
      token: other.token,
      body: { periodType: 'MONTH', startDate: '2026-01-01' },
    });
    expect(filed.status, filed.text).toBe(200);
    const answer = await svc.request('GET', `/api/vat/returns/${filed.body.id}/file`, { token: other.token });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].message).toContain('BUSINESS_ID_MISSING');
    // the demo company's version 2 is not found in the other company (ids count per company)
    expect((await svc.request('GET', `/api/vat/returns/${version2.id}/file`, { token: other.token })).status).toBe(404);
  });
});

describe('bad input, refused with nothing written', () => {
  let marchSaleId = 0;
  const correctionsNow = async () => (await svc.api('GET', '/vat/corrections')).body.vatCorrections;

  beforeAll(async () => {
    marchSaleId = await post(
      receipt('2026-03-02', 'March sale', 'SALES', [
        ['1700', 125.5],
        ['3000', -100, 25.5],
        ['2930', -25.5, 25.5],
      ]),
    );
  });

  it('refuses a correction naming a period not filed', async () => {
    const before = await correctionsNow();
    const answer = await svc.api('PUT', `/vat/corrections/${marchSaleId}`, {
      periodType: 'MONTH',
      startDate: '2025-12-01',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        status: 400,
        field: 'startDate',
        message:
          'VAT_RETURN_NOT_FILED: no VAT return of 2025-12-01 – 2025-12-31 is filed; a correction names a filed period.',
      },
    ]);
    // January is filed as a month, not as the first quarter
    const quarter = await svc.api('PUT', `/vat/corrections/${marchSaleId}`, {
      periodType: 'QUARTER',
      startDate: '2026-01-01',
    });
    expect(quarter.status).toBe(400);
    expect(quarter.body.errors[0].message).toContain('VAT_RETURN_NOT_FILED');
    expect(await correctionsNow()).toEqual(before);
  });

  it('refuses a period that does not exist', async () => {
    for (const startDate of ['2026-01-15', '2026-13-01', '2026-02-30']) {
      const answer = await svc.api('PUT', `/vat/corrections/${marchSaleId}`, { periodType: 'MONTH', startDate });
      expect(answer.status, startDate).toBe(400);
      expect(answer.body.errors[0].field).toBe('startDate');
    }
    const week = await svc.api('PUT', `/vat/corrections/${marchSaleId}`, {
      periodType: 'WEEK',
      startDate: '2026-01-01',
    });
    expect(week.status).toBe(400);
    const corrected = await svc.api('POST', '/vat/returns/corrected', {
      periodType: 'MONTH',
      startDate: '2026-01-15',
      correctionReason: 'CALCULATION_ERROR',
    });
    expect(corrected.status).toBe(400);
    expect(corrected.body.errors[0].message).toContain('VAT_PERIOD_INVALID');
    expect(await correctionsNow()).toHaveLength(2);
  });

  it('refuses a corrected return of a period not filed, and one without its reason', async () => {
    const before = await summaries();
    const answer = await svc.api('POST', '/vat/returns/corrected', {
      periodType: 'MONTH',
      startDate: '2026-03-01',
      correctionReason: 'TAX_AUDIT_GUIDANCE',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'startDate' });
    expect(answer.body.errors[0].message).toContain('VAT_RETURN_NOT_FILED');
    const reasonless = await svc.api('POST', '/vat/returns/corrected', januaryTarget);
    expect(reasonless.status).toBe(400);
    expect(await summaries()).toEqual(before);
  });

  it('refuses vouchers that cannot be corrections', async () => {
    const inFiled = await svc.api('PUT', `/vat/corrections/${januarySaleId}`, januaryTarget);
    expect(inFiled.status).toBe(400);
    expect(inFiled.body.errors).toEqual([
      {
        status: 400,
        field: 'receiptId',
        message:
          'VAT_CORRECTION_IN_FILED_PERIOD: the receipt is dated 2026-01-05, in the filed VAT period 2026-01-01 – 2026-01-31; a correction is a voucher booked in an open period.',
      },
    ]);
    const settlement = await svc.api('PUT', `/vat/corrections/${version2.settlementReceiptId}`, januaryTarget);
    expect(settlement.status).toBe(400);
    expect(settlement.body.errors[0].message).toContain('VAT_CORRECTION_NOT_TAXABLE');
    const missing = await svc.api('PUT', '/vat/corrections/999999', januaryTarget);
    expect(missing.status).toBe(404);
    expect(await correctionsNow()).toHaveLength(2);
  });

  it('keeps a filed correction as filed', async () => {
    const retarget = await svc.api('PUT', `/vat/corrections/${missedSaleId}`, {
      periodType: 'MONTH',
      startDate: '2026-02-01',
    });
    expect(retarget.status).toBe(409);
    expect(retarget.body.errors[0].message).toBe(
      `VAT_CORRECTION_FILED: receipt ${missedSaleId} was filed in the corrected VAT return ${version2.id}; its correction cannot change.`,
    );
    expect((await svc.api('DELETE', `/vat/corrections/${missedSaleId}`)).status).toBe(409);
    expect((await correctionsNow())[0]).toMatchObject({ receiptId: missedSaleId, startDate: '2026-01-01' });
  });

  it('lets an unfiled correction go, and refuses a settlement dated in a closed period with nothing written', async () => {
    const named = await svc.api('PUT', `/vat/corrections/${marchSaleId}`, januaryTarget);
    expect(named.status, named.text).toBe(200);
    expect((await preview('2026-03-01')).body.taxPayable).toBe(0);
    expect((await preview('2026-01-01')).body).toMatchObject({ version: 3, taxPayable: 204 });

    const before = await summaries();
    const closed = await svc.api('POST', '/vat/returns/corrected', {
      ...januaryTarget,
      correctionReason: 'CALCULATION_ERROR',
      settlementDate: '2026-02-20',
    });
    expect(closed.status).toBe(400);
    expect(closed.body.errors[0]).toMatchObject({ field: 'settlementDate' });
    expect(closed.body.errors[0].message).toContain('CLOSED_FISCAL_PERIOD');
    expect(await summaries()).toEqual(before);
    expect((await svc.api('GET', '/vat/returns')).body.vatReturns).toHaveLength(4);
    expect((await correctionsNow()).find((c: { receiptId: number }) => c.receiptId === marchSaleId)).toMatchObject({
      vatReturnId: null,
    });

    const let_go = await svc.api('DELETE', `/vat/corrections/${marchSaleId}`);
    expect(let_go.status).toBe(204);
    expect((await preview('2026-03-01')).body.taxPayable).toBe(25.5);
    expect((await preview('2026-01-01')).body).toMatchObject({ version: 3, taxPayable: 178.5 });
  });

  it('files a corrected return once when two filings race', async () => {
    const voucher = await post(
      receipt('2026-03-04', 'Correction: January sale left out, again', 'SALES', [
        ['1700', 12.55],
        ['3000', -10, 25.5],
        ['2930', -2.55, 25.5],
      ]),
    );
    expect((await svc.api('PUT', `/vat/corrections/${voucher}`, januaryTarget)).status).toBe(200);
    const file = () =>
      svc.api('POST', '/vat/returns/corrected', { ...januaryTarget, correctionReason: 'TAX_AUDIT_GUIDANCE' });
    const answers = await Promise.all([file(), file(), file()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const filed = answers.find((a) => a.status === 200)!.body;
    expect(filed).toMatchObject({ version: 3, replacesVatReturnId: version2.id, correctionReceiptIds: [voucher] });
    expect(filed.taxPayable).toBe(181.05);
    const januaries = (await svc.api('GET', '/vat/returns')).body.vatReturns.filter(
      (r: { startDate: string; periodType: string }) => r.startDate === '2026-01-01' && r.periodType === 'MONTH',
    );
    expect(januaries.map((r: { version: number }) => r.version)).toEqual([1, 2, 3]);
  });

  it('keeps a correction whose own period was filed since: letting it go would leave it out of every return', async () => {
    const voucher = await post(
      receipt('2026-04-02', 'Correction: January sale left out, once more', 'SALES', [
        ['1700', 12.55],
        ['3000', -10, 25.5],
        ['2930', -2.55, 25.5],
      ]),
    );
    expect((await svc.api('PUT', `/vat/corrections/${voucher}`, januaryTarget)).status).toBe(200);
    const april = await svc.api('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-04-01' });
    expect(april.status, april.text).toBe(200);
    expect(april.body).toMatchObject({ taxPayable: 0, domesticSalesTax: [], settlementReceiptId: null });
    const letGo = await svc.api('DELETE', `/vat/corrections/${voucher}`);
    expect(letGo.status).toBe(400);
    expect(letGo.body.errors[0].message).toContain('VAT_CORRECTION_IN_FILED_PERIOD');
    expect((await preview('2026-01-01')).body).toMatchObject({ version: 4, correctionReceiptIds: [voucher] });
  });

  it('refuses a corrected return while a correction voucher of the period is not approved', async () => {
    const created = await svc.api(
      'POST',
      '/ledgerreceipts',
      receipt('2026-03-06', 'Correction: draft', 'SALES', [
        ['1700', 12.55],
        ['3000', -10, 25.5],
        ['2930', -2.55, 25.5],
      ]),
    );
    expect(created.status, created.text).toBe(200);
    const draft = created.body.id;
    expect((await svc.api('PUT', `/vat/corrections/${draft}`, januaryTarget)).status).toBe(200);
    const before = await summaries();
    const answer = await svc.api('POST', '/vat/returns/corrected', {
      ...januaryTarget,
      correctionReason: 'CALCULATION_ERROR',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        status: 400,
        field: 'startDate',
        message: `VAT_CORRECTION_UNFINISHED: correction vouchers ${draft} of this period are not approved; approve or invalidate them first.`,
      },
    ]);
    expect(await summaries()).toEqual(before);
    expect((await svc.api('DELETE', `/vat/corrections/${draft}`)).status).toBe(204);
  });
});
