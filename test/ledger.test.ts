// Ledger receipts and journals over real HTTP: the posting rules, statuses, numbering, dimensions, locking
// and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');

const tx = (account: string, accountingValue: number, extra: Record<string, unknown> = {}) => ({
  transactionType: 'ENTRY',
  account,
  accountingValue,
  vatPercent: 0,
  ...extra,
});
const journal = (transactions: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'JOURNAL',
  name: 'Office rent',
  receiptDate: '2026-03-10',
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions,
  ...extra,
});
// a taxed line carries its VAT line (input VAT 1763 at the same percent)
const balanced = () =>
  journal([
    tx('7000', 100, { vatPercent: 25.5, description: 'Rent March' }),
    tx('1763', 25.5, { vatPercent: 25.5 }),
    tx('1910', -125.5),
  ]);

async function create(body: unknown, query = '') {
  const answer = await svc.api('POST', `/ledgerreceipts${query}`, body);
  if (answer.status !== 200) throw new Error(`create failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

const messages = (answer: { body: { errors: { message: string }[] } }) => answer.body.errors.map((e) => e.message);
const fields = (answer: { body: { errors: { field?: string }[] } }) => answer.body.errors.map((e) => e.field);

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('POST /ledgerreceipts', () => {
  it('creates an UNFINISHED journal receipt with ids, a number and exact amounts', async () => {
    const answer = await svc.api('POST', '/ledgerreceipts', balanced());
    expect(answer.status).toBe(200);
    const receipt = answer.body;
    expect(receipt).toMatchObject({
      type: 'JOURNAL',
      status: 'UNFINISHED',
      name: 'Office rent',
      receiptDate: '2026-03-10',
      vatType: 'PURCHASE',
      vatStatus: 1,
    });
    expect(receipt.id).toBeGreaterThan(0);
    expect(receipt.receiptNumber).toBeGreaterThan(0);
    expect(receipt.version).toMatch(/^2026-03-15T10:00/);
    expect(receipt.transactions).toHaveLength(3);
    expect(receipt.transactions[0]).toMatchObject({
      transactionType: 'ENTRY',
      account: '7000',
      accountingValue: 100,
      vatPercent: 25.5,
      description: 'Rent March',
    });
    expect(receipt.transactions[0].id).not.toBe(receipt.transactions[1].id);
    expect(receipt.invoiceId).toBeNull();
    expect(receipt.partnerId).toBeNull();
  });

  it('keeps cents exact', async () => {
    const raw = JSON.stringify(journal([tx('7000', 1), tx('1910', -1)]))
      .replace('"accountingValue":1,', '"accountingValue":0.1,')
      .replace('"accountingValue":-1,', '"accountingValue":-0.1,');
    const answer = await svc.api('POST', '/ledgerreceipts', undefined, { raw });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"accountingValue":0.1');
    expect(answer.text).toContain('"accountingValue":-0.1');
  });

  it('refuses an unbalanced receipt and reports every problem together', async () => {
    const answer = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([tx('7000', 100.01), tx('9999', -100), tx('1910', 0)]),
    );
    expect(answer.status).toBe(400);
    expect(messages(answer).sort()).toEqual([
      'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
      'RECEIPT_NOT_BALANCED: debits and credits differ by 0.01.',
    ]);
    expect(fields(answer).sort()).toEqual(['transactions', 'transactions[1].account']);
    // the 255-character description limit
    const long = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([tx('7000', 1, { description: 'x'.repeat(256) }), tx('1910', -1, { description: 'y'.repeat(255) })]),
    );
    expect(long.status).toBe(400);
    expect(fields(long)).toEqual(['transactions[0].description']);
  });

  it('refuses other receipt types, empty receipts and more than two decimals', async () => {
    expect(messages(await svc.api('POST', '/ledgerreceipts', { ...balanced(), type: 'SALES_INVOICE' }))).toEqual([
      'ONLY_JOURNAL_RECEIPTS_CAN_BE_CREATED',
    ]);
    expect((await svc.api('POST', '/ledgerreceipts', journal([]))).status).toBe(400);
    const decimals = await svc.api('POST', '/ledgerreceipts', journal([tx('7000', 1.005), tx('1910', -1.005)]));
    expect(decimals.status).toBe(400);
    expect(fields(decimals)).toContain('transactions[0].accountingValue');
  });

  it('refuses VAT statuses the company does not use and VAT percents not valid on the day', async () => {
    const answer = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([tx('7000', 100, { vatPercent: 24 }), tx('1910', -100, { vatStatus: 5 })], { vatStatus: 77 }),
    );
    expect(answer.status).toBe(400);
    expect(fields(answer).sort()).toEqual(['transactions[0].vatPercent', 'transactions[1].vatStatus', 'vatStatus']);
    // 14 % was a Finnish rate until the end of 2025, 13.5 % from 2026
    expect(
      (
        await svc.api(
          'POST',
          '/ledgerreceipts',
          journal([tx('4000', 100, { vatPercent: 14 }), tx('1910', -100)], { receiptDate: '2026-01-05' }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await svc.api(
          'POST',
          '/ledgerreceipts',
          journal([tx('4000', 100, { vatPercent: 13.5 }), tx('1763', 13.5, { vatPercent: 13.5 }), tx('1910', -113.5)], {
            receiptDate: '2026-01-05',
          }),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a date outside every fiscal year', async () => {
    const answer = await svc.api('POST', '/ledgerreceipts', { ...balanced(), receiptDate: '2031-01-01' });
    expect(answer.status).toBe(400);
    expect(messages(answer)).toEqual(['NO_FISCAL_YEAR_FOR_DATE: no fiscal year holds 2031-01-01.']);
  });

  it('adds the balancing row with createReconciliation=true', async () => {
    const receipt = await create(journal([tx('7000', 80), tx('1763', 20.4)]), '?createReconciliation=true');
    expect(receipt.transactions).toHaveLength(3);
    expect(receipt.transactions[2]).toMatchObject({
      transactionType: 'RECONCILIATION_ENTRY',
      account: '2871',
      accountingValue: -100.4,
    });
    const sales = await create(journal([tx('3000', -50)], { vatType: 'SALES' }), '?createReconciliation=true');
    expect(sales.transactions[1]).toMatchObject({ account: '1700', accountingValue: 50 });
  });

  it('checks partners and dimension items', async () => {
    const dim = await svc.api('POST', '/dimensions', {
      name: 'Cost centre',
      items: [{ codeName: 'HQ' }, { codeName: 'Old', status: 'P' }],
    });
    expect(dim.status).toBe(200);
    const [hq, old] = dim.body.items;
    const partner = await svc.api('POST', '/businesspartners', { name: 'Landlord Oy', type: 'SUPPLIER' });
    expect(partner.status).toBe(200);
    const ok = await create(
      journal(
        [
          tx('7000', 100, {
            partnerId: partner.body.id,
            dimensionItemValues: [{ dimensionId: dim.body.id, itemId: hq.id, value: 100 }],
          }),
          tx('1910', -100),
        ],
        { partnerId: partner.body.id },
      ),
    );
    expect(ok.transactions[0].dimensionItemValues).toEqual([{ dimensionId: dim.body.id, itemId: hq.id, value: 100 }]);
    expect(ok.partnerId).toBe(partner.body.id);
    const bad = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([
        tx('7000', 100, {
          partnerId: 999999,
          dimensionItemValues: [
            { dimensionId: dim.body.id, itemId: old.id, value: 60 },
            { dimensionId: dim.body.id, itemId: 999999, value: 40 },
          ],
        }),
        tx('1910', -100),
      ]),
    );
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual(
      expect.arrayContaining([
        'DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION',
        'LEDGER_PARTNER_NOT_FOUND: no business partner 999999.',
      ]),
    );
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        'transactions[0].dimensionItemValues[0]',
        'transactions[0].dimensionItemValues[1]',
        'transactions[0].partnerId',
      ]),
    );
    // values per dimension must add up to the transaction amount
    const partial = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([
        tx('7000', 100, { dimensionItemValues: [{ dimensionId: dim.body.id, itemId: hq.id, value: 60 }] }),
        tx('1910', -100),
      ]),
    );
    expect(messages(partial)[0]).toMatch(/^DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION/);
    // an item of another dimension
    const dim2 = await svc.api('POST', '/dimensions', { name: 'Project', items: [{ codeName: 'P1' }] });
    const wrong = await svc.api(
      'POST',
      '/ledgerreceipts',
      journal([
        tx('7000', 100, { dimensionItemValues: [{ dimensionId: dim2.body.id, itemId: hq.id, value: 100 }] }),
        tx('1910', -100),
      ]),
    );
    expect(messages(wrong)).toEqual(['DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION']);
  });
});

describe('receipt numbers', () => {
  it('numbers receipts per fiscal year without gaps, also after refused postings', async () => {
    const first = await create(balanced());
    expect((await svc.api('POST', '/ledgerreceipts', journal([tx('7000', 1), tx('1910', -2)]))).status).toBe(400);
    expect((await svc.api('POST', '/ledgerreceipts', journal([tx('9998', 1), tx('1910', -1)]))).status).toBe(400);
    const second = await create(balanced());
    expect(second.receiptNumber).toBe(first.receiptNumber + 1);
    // the next fiscal year starts again from 1
    const year = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
    expect(year.status).toBe(200);
    const next = await create({ ...balanced(), receiptDate: '2027-02-01' });
    expect(next.receiptNumber).toBe(1);
    const nextAgain = await create({ ...balanced(), receiptDate: '2027-02-02' });
    expect(nextAgain.receiptNumber).toBe(2);
  });

  it('numbers concurrent postings without gaps or duplicates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        svc.api('POST', '/ledgerreceipts', { ...balanced(), receiptDate: '2027-03-01' }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const numbers = answers.map((a) => a.body.receiptNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => numbers[0] + i));
  });
});

describe('GET /ledgerreceipts', () => {
  it('gets one, a batch, and 404 for missing ids', async () => {
    const a = await create(balanced());
    const b = await create(balanced());
    expect((await svc.api('GET', `/ledgerreceipts/${a.id}`)).body.id).toBe(a.id);
    const batch = await svc.api('GET', `/ledgerreceipts/${b.id},${a.id},999999,x`);
    expect(batch.body.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    expect((await svc.api('GET', '/ledgerreceipts/999999')).status).toBe(404);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await svc.api('GET', `/ledgerreceipts/${tooMany}`)).status).toBe(400);
  });

  it('searches with filters and paging', async () => {
    const marker = await create({ ...balanced(), receiptDate: '2026-04-20' });
    const byDate = await svc.api('GET', '/ledgerreceipts?startDate=2026-04-20&endDate=2026-04-20');
    expect(byDate.status).toBe(200);
    expect(byDate.body.results.map((r: { id: number }) => r.id)).toEqual([marker.id]);
    expect(byDate.body.results[0]).toMatchObject({
      type: 'JOURNAL',
      status: 'UNFINISHED',
      receiptNumber: marker.receiptNumber,
      created: expect.any(String),
      version: marker.version,
    });
    const paged = await svc.api('GET', '/ledgerreceipts?size=2&page=0&types=JOURNAL&status=UNFINISHED,APPROVED');
    expect(paged.body.meta.pageSize).toBe(2);
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.meta.totalCount).toBeGreaterThan(2);
    expect((await svc.api('GET', '/ledgerreceipts?status=DONE')).status).toBe(400);
    expect((await svc.api('GET', '/ledgerreceipts?types=SALES_INVOICE')).body.results).toEqual([]);
  });

  it('takes repeated types and orders by date, creation or version before the id', async () => {
    const late = await create({ ...balanced(), receiptDate: '2026-04-22' });
    const early = await create({ ...balanced(), receiptDate: '2026-04-21' });
    const window = 'startDate=2026-04-21&endDate=2026-04-22';
    const ids = async (query: string) =>
      (await svc.api('GET', `/ledgerreceipts?${window}&${query}`)).body.results.map((r: { id: number }) => r.id);
    expect(await ids('types=JOURNAL&types=SALES_INVOICE')).toEqual([late.id, early.id]);
    expect(await ids('types=JOURNAL,SALES_INVOICE')).toEqual([late.id, early.id]);
    expect(await ids('orderByDate=ASC')).toEqual([early.id, late.id]);
    expect(await ids('orderByDate=DESC')).toEqual([late.id, early.id]);
    expect(await ids('orderByCreated=DESC&orderById=DESC')).toEqual([early.id, late.id]);
    expect((await svc.api('GET', `/ledgerreceipts?${window}&orderByVersion=UP`)).status).toBe(400);
    expect((await svc.api('GET', `/ledgerreceipts?${window}&types=NOPE`)).status).toBe(400);
  });
});

describe('PUT /ledgerreceipts/{id}', () => {
  it('overwrites an unfinished receipt, keeping transaction ids sent back', async () => {
    const receipt = await create(balanced());
    const body = {
      ...receipt,
      name: 'Office rent, corrected',
      transactions: [
        { ...receipt.transactions[0], accountingValue: 120 },
        { ...receipt.transactions[1], accountingValue: 30.6 },
        { ...receipt.transactions[2], accountingValue: -150.6 },
        tx('7900', 5),
        tx('1910', -5),
      ],
    };
    const answer = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, body);
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe('Office rent, corrected');
    expect(answer.body.receiptNumber).toBe(receipt.receiptNumber);
    expect(answer.body.transactions.map((t: { id: number }) => t.id).slice(0, 3)).toEqual(
      receipt.transactions.map((t: { id: number }) => t.id),
    );
    expect(answer.body.version > receipt.version).toBe(true);
    // the old version is stale now
    const stale = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, body);
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].field).toBe('version');
  });

  it('needs the version, refuses read-only changes, and balances with createReconciliation', async () => {
    const receipt = await create(balanced());
    const { version, ...noVersion } = receipt;
    expect(fields(await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, noVersion))).toEqual(['version']);
    expect(fields(await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, { ...receipt, receiptNumber: 999 }))).toEqual([
      'receiptNumber',
    ]);
    const body = {
      ...receipt,
      version,
      transactions: [tx('7000', 42), { ...tx('1910', 0), transactionType: 'RECONCILIATION_ENTRY' }],
    };
    const answer = await svc.api('PUT', `/ledgerreceipts/${receipt.id}?createReconciliation=true`, body);
    expect(answer.status).toBe(200);
    expect(answer.body.transactions[1]).toMatchObject({
      account: '1910',
      accountingValue: -42,
      transactionType: 'RECONCILIATION_ENTRY',
    });
  });

  it('refuses edits of approved receipts and moves to another fiscal year', async () => {
    const receipt = await create(balanced());
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/approve`)).status).toBe(200);
    const approved = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    expect(messages(await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, approved))[0]).toMatch(
      /^RECEIPT_NOT_EDITABLE_IN_STATUS/,
    );
    await svc.api('PUT', `/ledgerreceipts/${receipt.id}/unfinished`);
    const unfinished = (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body;
    const moved = await svc.api('PUT', `/ledgerreceipts/${receipt.id}`, { ...unfinished, receiptDate: '2027-01-15' });
    expect(messages(moved)[0]).toMatch(/^RECEIPT_DATE_MOVES_FISCAL_YEAR/);
  });
});

describe('status actions', () => {
  it('approve, unfinished and invalidate follow the allowed transitions', async () => {
    const receipt = await create(balanced());
    const put = (action: string) => svc.api('PUT', `/ledgerreceipts/${receipt.id}/${action}`);
    const status = async () => (await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body.status;
    const approve = await put('approve');
    expect(approve.status).toBe(200);
    expect(approve.body.message).toMatch(/APPROVED/);
    expect(await status()).toBe('APPROVED');
    expect(messages(await put('approve'))).toEqual([
      'ILLEGAL_RECEIPT_STATUS_TRANSITION: a APPROVED receipt cannot become APPROVED.',
    ]);
    expect((await put('unfinished')).status).toBe(200);
    expect(await status()).toBe('UNFINISHED');
    expect((await put('invalidate')).status).toBe(200);
    expect(await status()).toBe('INVALIDATED');
    expect((await put('approve')).status).toBe(400);
    expect((await put('invalidate')).status).toBe(400);
    expect((await put('unfinished')).status).toBe(200);
    expect((await put('approve')).status).toBe(200);
    expect((await put('invalidate')).status).toBe(200);
    expect((await svc.api('PUT', '/ledgerreceipts/999999/approve')).status).toBe(404);
  });

  it('refuses to approve when an account became inactive meanwhile', async () => {
    const receipt = await create(journal([tx('7600', 10), tx('1910', -10)]));
    expect((await svc.api('PATCH', '/coa/7600', { active: false })).status).toBe(200);
    const answer = await svc.api('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
        field: 'transactions[0].account',
      }),
    ]);
    expect((await svc.api('PATCH', '/coa/7600', { active: true })).status).toBe(200);
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/approve`)).status).toBe(200);
  });
});

describe('PUT /ledgerreceipts/{id}/transactions/{transactionId}/dimensions', () => {
  it('replaces the allocations of one transaction', async () => {
    const dim = await svc.api('POST', '/dimensions', {
      name: 'Region',
      items: [{ codeName: 'North' }, { codeName: 'South' }, { codeName: 'Gone', status: 'P' }],
    });
    const [north, south, gone] = dim.body.items;
    const receipt = await create(balanced());
    const t = receipt.transactions[0];
    const path = `/ledgerreceipts/${receipt.id}/transactions/${t.id}/dimensions`;
    const values = (list: unknown[]) => ({ dimensionItemValues: list });
    const answer = await svc.api(
      'PUT',
      path,
      values([
        { dimensionId: dim.body.id, itemId: north.id, value: 30 },
        { dimensionId: dim.body.id, itemId: south.id, value: 70 },
      ]),
    );
    expect(answer.status).toBe(200);
    // the answer is the whole receipt, as in the real interface
    expect(answer.body).toMatchObject({ id: receipt.id, type: 'JOURNAL' });
    expect(answer.body.transactions[0]).toMatchObject({
      id: t.id,
      account: '7000',
      dimensionItemValues: [
        { itemId: north.id, value: 30 },
        { itemId: south.id, value: 70 },
      ],
    });
    const again = await svc.api('GET', `/ledgerreceipts/${receipt.id}`);
    expect(again.body.transactions[0].dimensionItemValues).toHaveLength(2);
    expect(again.body.version > receipt.version).toBe(true);
    expect(again.body).toEqual(answer.body);
    expect(
      messages(await svc.api('PUT', path, values([{ dimensionId: dim.body.id, itemId: gone.id, value: 100 }]))),
    ).toEqual(['DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION']);
    expect(
      (await svc.api('PUT', path, values([{ dimensionId: dim.body.id, itemId: north.id, value: 99 }]))).status,
    ).toBe(400);
    // a bare array (the former body) is refused
    expect((await svc.api('PUT', path, [])).status).toBe(400);
    expect((await svc.api('PUT', path, values([]))).body.transactions[0].dimensionItemValues).toBeUndefined();
    expect(
      (await svc.api('PUT', `/ledgerreceipts/${receipt.id}/transactions/999999/dimensions`, values([]))).status,
    ).toBe(404);
  });
});

describe('GET /journals', () => {
  it('answers the first journal receipt matching the status and date filters', async () => {
    clock.set('2026-05-02T08:00:00Z');
    const a = await create({ ...balanced(), receiptDate: '2026-05-01' });
    const b = await create({ ...balanced(), receiptDate: '2026-05-02' });
    await svc.api('PUT', `/ledgerreceipts/${b.id}/approve`);
    clock.set('2026-05-03T08:00:00Z');
    const first = await svc.api('GET', '/journals?startDate=2026-05-01&endDate=2026-05-02');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: a.id,
      ledgerReceiptId: a.id,
      type: 'JOURNAL',
      status: 'UNFINISHED',
      date: '2026-05-01',
      partnerId: null,
      receiptNumber: a.receiptNumber,
    });
    expect(first.body.counterParty).toBeUndefined();
    const approved = await svc.api(
      'GET',
      '/journals?statuses=APPROVED,INVALIDATED&startDate=2026-05-01&endDate=2026-05-02',
    );
    expect(approved.body.id).toBe(b.id);
    const created = await svc.api(
      'GET',
      '/journals?createdStartDate=2026-05-02&createdEndDate=2026-05-02&startDate=2026-05-02',
    );
    expect(created.body.id).toBe(b.id);
    expect((await svc.api('GET', '/journals?createdStartDate=2026-05-03T00:00:00')).status).toBe(404);
    const changed = await svc.api(
      'GET',
      `/journals?versionStartDate=${b.version}&versionEndDate=2026-05-02&statuses=APPROVED`,
    );
    expect(changed.body.id).toBe(b.id);
    expect((await svc.api('GET', '/journals?statuses=SENT')).status).toBe(400);
  });

  it('names the business partner as the counterparty', async () => {
    clock.set('2026-05-04T08:00:00Z');
    const partner = await svc.api('POST', '/businesspartners', {
      type: 'CUSTOMER',
      name: 'Counter Oy',
      address: { name: 'Counter Oy', street: 'Katu 1', zip: '00100', city: 'Helsinki', country: 'FINLAND' },
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', bankAccount: 'FI2112345600000785', bic: 'NDEAFIHH' },
      invoicingInfo: { identifier: '1234567-8', email: 'billing@counter.example' },
    });
    expect(partner.status, partner.text).toBe(200);
    const receipt = await create({ ...balanced(), receiptDate: '2026-05-04', partnerId: partner.body.id });
    const journal = await svc.api('GET', '/journals?startDate=2026-05-04&endDate=2026-05-04');
    expect(journal.body).toMatchObject({
      id: receipt.id,
      partnerId: partner.body.id,
      counterParty: {
        counterPartyAddress: {
          name: 'Counter Oy',
          street: 'Katu 1',
          zip: '00100',
          city: 'Helsinki',
          country: 'FINLAND',
        },
        email: 'billing@counter.example',
        bankAccount: { accountNumber: 'FI2112345600000785', bic: 'NDEAFIHH' },
      },
    });
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another company’s receipts on every route', async () => {
    const receipt = await create(balanced());
    const t = receipt.transactions[0];
    const other = await otherCompany(svc);
    const as = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await as('GET', `/ledgerreceipts/${receipt.id}`)).status).toBe(404);
    expect((await as('PUT', `/ledgerreceipts/${receipt.id}`, receipt)).status).toBe(404);
    for (const action of ['approve', 'unfinished', 'invalidate'])
      expect((await as('PUT', `/ledgerreceipts/${receipt.id}/${action}`)).status).toBe(404);
    expect(
      (await as('PUT', `/ledgerreceipts/${receipt.id}/transactions/${t.id}/dimensions`, { dimensionItemValues: [] }))
        .status,
    ).toBe(404);
    const search = await as('GET', '/ledgerreceipts');
    expect(search.body.results.some((r: { id: number }) => r.id === receipt.id)).toBe(false);
    expect((await as('GET', '/journals')).status).toBe(404);
    // the demo company's receipt is untouched
    expect((await svc.api('GET', `/ledgerreceipts/${receipt.id}`)).body.status).toBe('UNFINISHED');
  });

  it('needs the ledger receipt right', async () => {
    const viewer = await svc.admin.createUser({
      username: 'ledgerviewer',
      password: 'Viewer-pass-1',
      firstName: 'V',
      lastName: 'V',
      email: 'v@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, viewer.userId, 'VIEWER');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: viewer.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/ledgerreceipts', { token })).status).toBe(200);
    expect((await svc.request('POST', '/api/ledgerreceipts', { token, body: balanced() })).status).toBe(403);
    const none = await svc.admin.createUser({
      username: 'noaccess',
      password: 'Nothing-pass-1',
      firstName: 'N',
      lastName: 'N',
      email: 'n@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, none.userId, 'EMPLOYEE');
    const key2 = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: none.userId,
      clientId: svc.demo.clientId,
    });
    expect((await svc.request('GET', '/api/journals', { token: await svc.tokenFor(key2.apiKey) })).status).toBe(403);
  });
});
