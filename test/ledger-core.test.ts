// The posting core as later areas use it: post / replace / setStatus / reverse inside the caller's own
// transaction, with the pure posting builders of src/domain/postings.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { Decimal } from '../src/domain/decimal.ts';
import { ApiError } from '../src/platform/errors.ts';
import { purchaseInvoicePostings, salesInvoicePostings, UnbalancedPostingError } from '../src/domain/postings.ts';
import { ledgerSums, reversalOf, writeEntries } from '../src/ledger/store.ts';
import type { ReceiptDraft } from '../src/ledger/posting.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-10-01T08:00:00Z');

const salesDraft = (netMinor: bigint): ReceiptDraft => ({
  type: 'SALES_INVOICE',
  status: 'APPROVED',
  name: 'Invoice 1001',
  receiptDate: '2026-10-01',
  vatType: 'SALES',
  vatStatus: 1,
  invoiceId: 77,
  invoiceNumber: 1001,
  lines: salesInvoicePostings([{ netMinor, vatPercent: new Decimal('25.5') }], { description: 'Invoice 1001' }),
});

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('LedgerService.post', () => {
  it('books an approved sales invoice receipt that counts in the ledger at once', async () => {
    const { ledger } = svc.app.services;
    const posted = await svc.app.ctx.db
      .transaction()
      .execute((trx) => ledger.post(trx, svc.demo.companyId, salesDraft(100000n)));
    expect(posted.receiptNumber).toBeGreaterThan(0);
    const answer = await svc.api('GET', `/ledgerreceipts/${posted.id}`);
    expect(answer.body).toMatchObject({
      type: 'SALES_INVOICE',
      status: 'APPROVED',
      invoiceId: 77,
      invoiceNumber: 1001,
      vatType: 'SALES',
    });
    expect(
      answer.body.transactions.map((t: { account: string; accountingValue: number }) => [t.account, t.accountingValue]),
    ).toEqual([
      ['1700', 1255],
      ['3000', -1000],
      ['2930', -255],
    ]);
    const sums = new Map(
      (await ledgerSums(svc.app.ctx.db, svc.demo.companyId)).map((r) => [r.account_number, r.total]),
    );
    expect(sums.get('1700')).toBe(125500n);
    expect(sums.get('2930')).toBe(-25500n);
    // its status follows its document: the journal actions and PUT refuse it
    expect((await svc.api('PUT', `/ledgerreceipts/${posted.id}/invalidate`)).body.errors[0].message).toMatch(
      /^RECEIPT_TYPE_NOT_EDITABLE/,
    );
    expect((await svc.api('PUT', `/ledgerreceipts/${posted.id}`, answer.body)).body.errors[0].message).toMatch(
      /^RECEIPT_TYPE_NOT_EDITABLE/,
    );
  });

  it('writes nothing when the caller’s transaction fails after posting', async () => {
    const { ledger } = svc.app.services;
    const before = await svc.api('GET', '/ledgerreceipts?size=200');
    await expect(
      svc.app.ctx.db.transaction().execute(async (trx) => {
        await ledger.post(trx, svc.demo.companyId, salesDraft(5000n));
        throw new Error('the invoice could not be saved');
      }),
    ).rejects.toThrow('the invoice could not be saved');
    const after = await svc.api('GET', '/ledgerreceipts?size=200');
    expect(after.body.meta.totalCount).toBe(before.body.meta.totalCount);
    // and the receipt number is given back
    const next = await svc.app.ctx.db
      .transaction()
      .execute((trx) => ledger.post(trx, svc.demo.companyId, salesDraft(5000n)));
    const numbers = before.body.results.map((r: { receiptNumber: number }) => r.receiptNumber);
    expect(next.receiptNumber).toBe(Math.max(...numbers) + 1);
  });

  it('refuses an unbalanced or invalid draft with every problem', async () => {
    const { ledger } = svc.app.services;
    const draft = salesDraft(1000n);
    draft.lines[0] = { ...draft.lines[0], amountMinor: draft.lines[0].amountMinor + 1n };
    draft.lines[1] = { ...draft.lines[1], account: '3999' };
    const error = await svc.app.ctx.db
      .transaction()
      .execute((trx) => ledger.post(trx, svc.demo.companyId, draft))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).items.map((i) => i.message).sort()).toEqual([
      'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
      'RECEIPT_NOT_BALANCED: debits and credits differ by 0.01.',
    ]);
  });

  it('the writer of ledger lines itself refuses unbalanced lines', async () => {
    const companyId = svc.demo.companyId;
    const line = (id: number, amount: bigint) => ({
      company_id: companyId,
      receipt_id: 999999,
      id,
      fiscal_year_id: 1,
      entry_date: '2026-10-01',
      account_number: '1910',
      amount_minor: amount,
      description: null,
      vat_percent: null,
      vat_status: null,
      vat_type: null,
      vat_deduction_percent: null,
      partner_id: null,
      transaction_type: 'ENTRY',
      balance_code: null,
      allocations: null,
      start_date: null,
      end_date: null,
      in_ledger: true,
    });
    await expect(
      svc.app.ctx.db
        .transaction()
        .execute((trx) => writeEntries(trx, companyId, 999999, [line(1, 100n), line(2, -99n)], [])),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);
  });
});

describe('LedgerService.replace and setStatus', () => {
  it('replaces a document’s receipt keeping its number, and moves it through statuses', async () => {
    const { ledger } = svc.app.services;
    const db = svc.app.ctx.db;
    const companyId = svc.demo.companyId;
    const draft: ReceiptDraft = {
      type: 'PURCHASE_INVOICE',
      status: 'UNFINISHED',
      name: 'Bill 7',
      receiptDate: '2026-10-01',
      vatType: 'PURCHASE',
      vatStatus: 1,
      lines: purchaseInvoicePostings([{ netMinor: 40000n, vatPercent: new Decimal('25.5') }]),
    };
    const posted = await db.transaction().execute((trx) => ledger.post(trx, companyId, draft));
    const replaced = await db.transaction().execute((trx) =>
      ledger.replace(trx, companyId, posted.id, {
        ...draft,
        lines: purchaseInvoicePostings([{ netMinor: 50000n, vatPercent: new Decimal('13.5'), account: '7000' }]),
      }),
    );
    expect(replaced.receiptNumber).toBe(posted.receiptNumber);
    const wire = await ledger.receipt(db, companyId, posted.id);
    expect(wire?.transactions.map((t) => [t.account, t.accountingValue.toFixed()])).toEqual([
      ['7000', '500'],
      ['1763', '67.5'],
      ['2871', '-567.5'],
    ]);
    const before = new Map((await ledgerSums(db, companyId)).map((r) => [r.account_number, r.total]));
    await db.transaction().execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'APPROVED'));
    const after = new Map((await ledgerSums(db, companyId)).map((r) => [r.account_number, r.total]));
    expect((after.get('2871') ?? 0n) - (before.get('2871') ?? 0n)).toBe(-56750n);
    const illegal = await db
      .transaction()
      .execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'APPROVED'))
      .catch((e: ApiError) => e);
    expect((illegal as ApiError).items[0].message).toMatch(/^ILLEGAL_RECEIPT_STATUS_TRANSITION/);
    await db.transaction().execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'INVALIDATED'));
    const end = new Map((await ledgerSums(db, companyId)).map((r) => [r.account_number, r.total]));
    expect(end.get('2871') ?? 0n).toBe(before.get('2871') ?? 0n);
  });
});

describe('LedgerService.reverse', () => {
  it('books a linked reversal of a posted receipt inside the caller’s transaction, once', async () => {
    const { ledger } = svc.app.services;
    const db = svc.app.ctx.db;
    const companyId = svc.demo.companyId;
    const totals = async () => new Map((await ledgerSums(db, companyId)).map((r) => [r.account_number, r.total]));
    const before = await totals();
    const posted = await db.transaction().execute((trx) => ledger.post(trx, companyId, salesDraft(20000n)));
    expect((await totals()).get('1700')).toBe((before.get('1700') ?? 0n) + 25100n);

    // the caller's transaction rolls back: no reversal remains, and its number is given back
    await expect(
      db.transaction().execute(async (trx) => {
        await ledger.reverse(trx, companyId, posted.id);
        throw new Error('the document failed');
      }),
    ).rejects.toThrow('the document failed');
    expect(await reversalOf(db, companyId, posted.id)).toBeUndefined();

    const reversal = await db
      .transaction()
      .execute((trx) => ledger.reverse(trx, companyId, posted.id, { receiptDate: '2026-10-02' }));
    expect(reversal.receiptNumber).toBe(posted.receiptNumber + 1);
    expect(await reversalOf(db, companyId, posted.id)).toBe(reversal.id);
    const wire = await ledger.receipt(db, companyId, reversal.id);
    expect(wire).toMatchObject({
      type: 'SALES_INVOICE',
      status: 'APPROVED',
      receiptDate: '2026-10-02',
      name: `Reversal of receipt ${posted.receiptNumber}`,
      invoiceId: 77,
    });
    expect(wire?.transactions.map((t) => [t.account, t.accountingValue.toFixed(), t.vatPercent.toFixed()])).toEqual([
      ['1700', '-251', '0'],
      ['3000', '200', '25.5'],
      ['2930', '51', '25.5'],
    ]);
    expect((await ledger.receipt(db, companyId, posted.id))?.status).toBe('APPROVED');
    const after = await totals();
    for (const account of ['1700', '3000', '2930']) expect(after.get(account) ?? 0).toBe(before.get(account) ?? 0);

    const again = await db
      .transaction()
      .execute((trx) => ledger.reverse(trx, companyId, posted.id))
      .catch((e: unknown) => e);
    expect((again as ApiError).items[0].message).toMatch(/^ILLEGAL_RECEIPT_STATUS_TRANSITION: a REVERSED receipt/);

    const draft = await db
      .transaction()
      .execute((trx) => ledger.post(trx, companyId, { ...salesDraft(100n), status: 'UNFINISHED' }));
    const unfinished = await db
      .transaction()
      .execute((trx) => ledger.reverse(trx, companyId, draft.id))
      .catch((e: unknown) => e);
    expect((unfinished as ApiError).items[0].message).toMatch(/^ILLEGAL_RECEIPT_STATUS_TRANSITION: a UNFINISHED/);
  });
});

describe('the count of receipts', () => {
  it('answers totalCount from the company counter, exactly as a count of the table, filtered or not', async () => {
    const { db } = svc.app.ctx;
    const companyId = svc.demo.companyId;
    const counted = async (type?: string) => {
      let query = db.selectFrom('ledger_receipts').where('company_id', '=', companyId);
      if (type) query = query.where('type', '=', type);
      return Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    };
    await db.transaction().execute((trx) => svc.app.services.ledger.post(trx, companyId, salesDraft(700n)));
    const all = await svc.api('GET', '/ledgerreceipts?size=1');
    expect(all.body.meta.totalCount).toBe(await counted());
    expect(all.body.meta.totalCount).toBeGreaterThan(0);
    const sales = await svc.api('GET', '/ledgerreceipts?size=1&types=SALES_INVOICE');
    expect(sales.body.meta.totalCount).toBe(await counted('SALES_INVOICE'));
    // another company's receipts are not counted
    const other = await otherCompany(svc);
    const theirs = await svc.request('GET', '/api/ledgerreceipts', { token: other.token });
    expect(theirs.body.meta.totalCount).toBe(0);
  });
});

describe('totalCount of a filtered page', () => {
  // 1 005 receipts dated one day: more than a first page counts
  const DAY = '2026-10-15';
  const MANY = 1005;
  const filtered = (query: string) => svc.api('GET', `/ledgerreceipts?startDate=${DAY}&endDate=${DAY}&${query}`);

  beforeAll(async () => {
    const { ledger } = svc.app.services;
    await svc.app.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < MANY; i++)
        await ledger.post(trx, svc.demo.companyId, { ...salesDraft(100n + BigInt(i)), receiptDate: DAY });
    });
  }, 120_000);

  it('is left out on a first page of more than 1 000 matches and on a middle page', async () => {
    const first = await filtered('size=50');
    expect(first.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 50 });
    const middle = await filtered('size=50&page=10');
    expect(middle.body.meta).toEqual({ pageNumber: 10, pageSize: 50, resultCount: 50 });
    const keyset = await filtered(`size=50&previousId=${first.body.results[49].id}`);
    expect(keyset.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 50 });
    expect(keyset.body.results[0].id).toBeGreaterThan(first.body.results[49].id);
  });

  it('is exact on a page that ends the list, and on a first page of at most 1 000 matches', async () => {
    const last = await filtered('size=50&page=20');
    expect(last.body.meta).toEqual({ pageNumber: 20, pageSize: 50, resultCount: 5, totalCount: MANY });
    const fewer = await filtered('size=50&types=JOURNAL');
    expect(fewer.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 0, totalCount: 0 });
    const exactlyFull = await filtered('size=200&page=5');
    expect(exactlyFull.body.meta).toEqual({ pageNumber: 5, pageSize: 200, resultCount: 5, totalCount: MANY });
    const sales = await svc.api('GET', '/ledgerreceipts?size=50&types=SALES_INVOICE&orderByDate=DESC');
    expect(sales.body.meta.totalCount).toBeUndefined();
    const dayBefore = await svc.api('GET', '/ledgerreceipts?size=5&endDate=2026-10-14');
    const counted = await svc.app.ctx.db
      .selectFrom('ledger_receipts')
      .where('company_id', '=', svc.demo.companyId)
      .where('receipt_date', '<=', '2026-10-14')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(dayBefore.body.meta.totalCount).toBe(Number(counted.n));
  });

  it('is unknown on a page past the end of a filtered list', async () => {
    const past = await filtered('size=50&page=30');
    expect(past.body.meta).toEqual({ pageNumber: 30, pageSize: 50, resultCount: 0 });
  });

  it('is always the exact count without filters, on any page and with keyset paging', async () => {
    const counted = Number(
      (
        await svc.app.ctx.db
          .selectFrom('ledger_receipts')
          .where('company_id', '=', svc.demo.companyId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(counted).toBeGreaterThan(MANY);
    for (const query of ['size=50', 'size=50&page=7', 'size=50&page=1000', 'size=20&previousId=100&orderById=ASC'])
      expect((await svc.api('GET', `/ledgerreceipts?${query}`)).body.meta.totalCount).toBe(counted);
  });
});
