// Invoices over real HTTP: documents (create, read, batch, search, replace), numbering, figures, reference
// codes, blind-copy addresses, search (and its index built for invoices stored before it) and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import { allMigrations } from '../src/modules.ts';
import { runMigrations } from '../src/db/migration-runner.ts';
import { searchGrams } from '../src/invoices/mapping.ts';
import { freshDatabase } from './support/database.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');

export const salesInvoice = (extra: Record<string, unknown> = {}) => ({
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: { counterPartyAddress: { name: 'Äänekosken Kauppa Oy' }, email: 'laskut@example.com' },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'EMAIL',
  invoiceRows: [
    { product: 'Consulting', quantity: 3, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 },
    { product: 'Book', quantity: 1, unit: 'PIECE', unitPrice: 20.01, discountPercent: 10, vatPercent: 10 },
  ],
  ...extra,
});

async function create(body: unknown) {
  const answer = await svc.api('POST', '/invoices', body);
  if (answer.status !== 200) throw new Error(`create failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

const messages = (answer: { body: { errors: { message: string }[] } }) => answer.body.errors.map((e) => e.message);
const fields = (answer: { body: { errors: { field?: string }[] } }) => answer.body.errors.map((e) => e.field);

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('POST /invoices and GET /invoices/{id}', () => {
  it('creates an UNFINISHED invoice with a number, row ids and exact sums', async () => {
    const invoice = await create(salesInvoice());
    expect(invoice).toMatchObject({ type: 'SALES_INVOICE', status: 'UNFINISHED', isOffer: false });
    expect(invoice.invoiceNumber).toBeGreaterThan(0);
    expect(invoice.invoiceRows.map((r: { id: number }) => r.id)).toEqual([
      invoice.invoiceRows[0].id,
      invoice.invoiceRows[0].id + 1,
    ]);
    // 300.00 + 25.5 % = 76.50; 20.01 less 10 % = 18.009 → 18.01, + 10 % = 1.80
    expect(invoice.invoiceSumInfo).toEqual([
      {
        currency: 'EUR',
        inAccountingCurrency: true,
        excludingVatTotal: 318.01,
        vatSumTotal: 78.3,
        invoiceSumTotal: 396.31,
      },
    ]);
    expect(invoice.sum).toBe(396.31);
    const read = await svc.api('GET', `/invoices/${invoice.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(invoice);
  });

  it('numbers invoices per type without gaps, also after a refused request', async () => {
    const a = await create(salesInvoice());
    const refused = await svc.api('POST', '/invoices', salesInvoice({ vatStatus: 999 }));
    expect(refused.status).toBe(400);
    const b = await create(salesInvoice());
    expect(b.invoiceNumber).toBe(a.invoiceNumber + 1);
    const order = await create(salesInvoice({ type: 'SALES_ORDER' }));
    expect(order.invoiceNumber).toBe(1);
  });

  it('answers a batch of up to 200 ids as a list', async () => {
    const a = await create(salesInvoice());
    const b = await create(salesInvoice());
    const answer = await svc.api('GET', `/invoices/${b.id},${a.id},999999`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((i: { id: number }) => i.id)).toEqual([a.id, b.id]);
    const tooMany = await svc.api('GET', `/invoices/${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.status).toBe(400);
    expect((await svc.api('GET', '/invoices/999999')).status).toBe(404);
  });

  it('computes prices including VAT, invoice discounts and foreign currency exactly', async () => {
    const invoice = await create(
      salesInvoice({
        discountPercent: 5,
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: true },
        paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'USD', dueDate: '2026-03-24', currencyRate: 1.0834 },
        invoiceRows: [
          { product: 'A', quantity: 1, unit: 'PIECE', unitPrice: 125.5, discountPercent: 0, vatPercent: 25.5 },
          { product: 'B', quantity: 3, unit: 'PIECE', unitPrice: 0.33, discountPercent: 0, vatPercent: 25.5 },
        ],
      }),
    );
    // gross rows 119.225 → 119.23 and 0.9405 → 0.94; rate gross 120.17, VAT 120.17 × 25.5 / 125.5 = 24.417… → 24.42
    expect(invoice.invoiceSumInfo[0]).toEqual({
      currency: 'USD',
      inAccountingCurrency: false,
      excludingVatTotal: 95.75,
      vatSumTotal: 24.42,
      invoiceSumTotal: 120.17,
    });
    // in EUR: 95.75 / 1.0834 = 88.379… → 88.38; 24.42 / 1.0834 = 22.540… → 22.54
    expect(invoice.invoiceSumInfo[1]).toEqual({
      currency: 'EUR',
      inAccountingCurrency: true,
      excludingVatTotal: 88.38,
      vatSumTotal: 22.54,
      invoiceSumTotal: 110.92,
    });
  });

  it('takes the VAT rates of the invoice date', async () => {
    const old = await svc.api(
      'POST',
      '/invoices',
      salesInvoice({
        date: '2025-12-31',
        invoiceRows: [
          { product: 'Food', quantity: 1, unit: 'PIECE', unitPrice: 10, discountPercent: 0, vatPercent: 13.5 },
        ],
      }),
    );
    expect(old.status).toBe(400);
    expect(fields(old)).toEqual(['invoiceRows[0].vatPercent']);
    const before = await svc.api(
      'POST',
      '/invoices',
      salesInvoice({
        invoiceRows: [
          { product: 'Food', quantity: 1, unit: 'PIECE', unitPrice: 10, discountPercent: 0, vatPercent: 14 },
        ],
      }),
    );
    expect(before.status).toBe(400);
    expect(messages(before)[0]).toContain('VAT_PERCENT_NOT_VALID');
    const now = await svc.api(
      'POST',
      '/invoices',
      salesInvoice({
        invoiceRows: [
          { product: 'Food', quantity: 1, unit: 'PIECE', unitPrice: 10, discountPercent: 0, vatPercent: 13.5 },
        ],
      }),
    );
    expect(now.status).toBe(200);
  });

  it('checks productId against the product register', async () => {
    const product = await svc.api('POST', '/products', {
      type: 'SALES',
      name: 'Widget',
      unit: 'PIECE',
      price: 10,
      discount: 0,
      vat: 25.5,
      currency: 'EUR',
      active: true,
    });
    expect(product.status).toBe(200);
    const row = { product: 'Widget', quantity: 1, unit: 'PIECE', unitPrice: 10, discountPercent: 0, vatPercent: 25.5 };
    const bad = await svc.api('POST', '/invoices', salesInvoice({ invoiceRows: [row, { ...row, productId: 999999 }] }));
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(['invoiceRows[1].productId']);
    const good = await create(salesInvoice({ invoiceRows: [{ ...row, productId: product.body.id }] }));
    expect(good.invoiceRows[0].productId).toBe(product.body.id);
    const found = await svc.api('GET', `/invoices?productId=${product.body.id}`);
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([good.id]);
  });
});

describe('reference codes', () => {
  it('checks the check digits of each reference type, naming the field', async () => {
    const withRef = (code: string, type?: string) =>
      salesInvoice({
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'EUR',
          dueDate: '2026-03-24',
          currencyRate: 1,
          bankReferenceCode: code,
          ...(type ? { bankReferenceCodeType: type } : {}),
        },
      });
    for (const [code, type] of [
      ['1234561', 'FI'],
      ['RF18539007547034', 'RF'],
      ['1230', 'OCR'],
      ['026840149965328', 'FIK71'],
      ['12345 61', undefined],
    ] as const) {
      const answer = await svc.api('POST', '/invoices', withRef(code, type));
      expect(answer.status, `${type} ${code}`).toBe(200);
    }
    for (const [code, type] of [
      ['1234562', 'FI'],
      ['RF19539007547034', 'RF'],
      ['1231', 'OCR'],
      ['026840149965327', 'FIK71'],
      ['123', 'FIK73'],
    ] as const) {
      const answer = await svc.api('POST', '/invoices', withRef(code, type));
      expect(answer.status, `${type} ${code}`).toBe(400);
      expect(fields(answer)).toEqual(['paymentInfo.bankReferenceCode']);
      expect(messages(answer)[0]).toContain('INVALID_BANK_REFERENCE_CODE');
    }
  });

  it('generates a Finnish or RF reference on request', async () => {
    const pay = (generatedReferenceType: string) => ({
      paymentMethod: 'BANK_TRANSFER',
      currency: 'EUR',
      dueDate: '2026-03-24',
      currencyRate: 1,
      generatedReferenceType,
    });
    const fi = await create(salesInvoice({ paymentInfo: pay('FI') }));
    expect(fi.paymentInfo.bankReferenceCodeType).toBe('FI');
    expect(fi.paymentInfo.bankReferenceCode).toMatch(/^1\d{3,}\d$/);
    const rf = await create(salesInvoice({ paymentInfo: pay('RF') }));
    expect(rf.paymentInfo.bankReferenceCode).toMatch(/^RF\d{2}1\d+$/);
    expect(rf.paymentInfo.generatedReferenceType).toBeUndefined();
  });
});

describe('counterParty.bccAddresses', () => {
  const withBcc = (bccAddresses: string[], type = 'SALES_INVOICE') =>
    salesInvoice({
      type,
      counterParty: { counterPartyAddress: { name: 'Acme' }, email: 'main@example.com', bccAddresses },
    });

  it('allows up to 4 plain addresses on sales documents only', async () => {
    expect((await svc.api('POST', '/invoices', withBcc(['a@example.com', 'b@example.com']))).status).toBe(200);
    const five = await svc.api('POST', '/invoices', withBcc(['a@x.fi', 'b@x.fi', 'c@x.fi', 'd@x.fi', 'e@x.fi']));
    expect(five.status).toBe(400);
    const same = await svc.api('POST', '/invoices', withBcc(['MAIN@example.com']));
    expect(fields(same)).toEqual(['counterParty.bccAddresses[0]']);
    expect(messages(same)).toEqual(['BCC_ADDRESS_EQUALS_MAIN_ADDRESS']);
    const special = await svc.api('POST', '/invoices', withBcc(['a b<c>@example.com']));
    expect(messages(special)).toEqual(['BCC_ADDRESS_INVALID']);
    const purchase = await svc.api('POST', '/invoices', withBcc(['a@example.com'], 'PURCHASE_INVOICE'));
    expect(purchase.status).toBe(400);
    expect(fields(purchase)).toEqual(['counterParty.bccAddresses']);
  });
});

describe('PUT /invoices/{id}', () => {
  it('requires the current version, keeps row ids and gives new rows new ids in order', async () => {
    const invoice = await create(salesInvoice());
    const { version, ...withoutVersion } = invoice;
    expect((await svc.api('PUT', `/invoices/${invoice.id}`, withoutVersion)).status).toBe(400);
    const stale = await svc.api('PUT', `/invoices/${invoice.id}`, { ...invoice, version: '2020-01-01T00:00:00' });
    expect(stale.status).toBe(400);
    expect(fields(stale)).toEqual(['version']);
    clock.advance(1000);
    const rows = [
      invoice.invoiceRows[1],
      { product: 'New', quantity: 2, unit: 'PIECE', unitPrice: 5, discountPercent: 0, vatPercent: 25.5 },
      { product: 'Newer', quantity: 1, unit: 'PIECE', unitPrice: 1, discountPercent: 0, vatPercent: 25.5 },
    ];
    const put = await svc.api('PUT', `/invoices/${invoice.id}`, { ...invoice, version, invoiceRows: rows });
    expect(put.status).toBe(200);
    const ids = put.body.invoiceRows.map((r: { id: number }) => r.id);
    expect(ids[0]).toBe(invoice.invoiceRows[1].id);
    expect(ids[2]).toBe(ids[1] + 1);
    expect(ids[1]).toBeGreaterThan(invoice.invoiceRows[1].id);
    expect(put.body.version).not.toBe(version);
    const foreignRow = await svc.api('PUT', `/invoices/${invoice.id}`, {
      ...put.body,
      invoiceRows: [{ ...rows[1], id: 999999 }],
    });
    expect(fields(foreignRow)).toEqual(['invoiceRows[0].id']);
  });

  it('cannot change the type, status or attachments', async () => {
    const invoice = await create(salesInvoice());
    const type = await svc.api('PUT', `/invoices/${invoice.id}`, { ...invoice, type: 'SALES_ORDER' });
    expect(messages(type)).toEqual(['INVOICE_TYPE_CANNOT_BE_CHANGED']);
    const status = await svc.api('PUT', `/invoices/${invoice.id}`, { ...invoice, status: 'SENT' });
    expect(fields(status)).toEqual(['status']);
    const attachments = await svc.api('PUT', `/invoices/${invoice.id}`, {
      ...invoice,
      attachments: [{ name: 'a.pdf', referenceType: 'INVOICE', referenceId: invoice.id, sendWithInvoice: true }],
    });
    expect(fields(attachments)).toEqual(['attachments']);
  });
});

describe('GET /invoices', () => {
  it('finds by searchTerm ignoring case and ä ö å, by type, status, offer and product', async () => {
    const a = await create(salesInvoice({ counterParty: { counterPartyAddress: { name: 'Åbo Öljy Ab' } } }));
    const b = await create(
      salesInvoice({ counterParty: { counterPartyAddress: { name: 'Other' } }, additionalInformation: 'Säätö job' }),
    );
    const offer = await create(
      salesInvoice({ isOffer: true, counterParty: { counterPartyAddress: { name: 'Offer Oy' } } }),
    );
    const ids = async (query: string) =>
      (await svc.api('GET', `/invoices?${query}`)).body.results.map((r: { id: number }) => r.id);
    expect(await ids('searchTerm=abo%20olj')).toEqual([a.id]);
    expect(await ids('searchTerm=%C3%85BO')).toEqual([a.id]);
    expect(await ids('searchTerm=saato')).toEqual([b.id]);
    expect(await ids(`searchTerm=${b.invoiceNumber}`)).toContain(b.id);
    expect(await ids('isOffer=true')).toEqual([offer.id]);
    expect(await ids('types=SALES_ORDER&size=200')).not.toContain(a.id);
    expect(await ids('status=UNFINISHED&size=200')).toContain(a.id);
    const page = await svc.api('GET', '/invoices?size=2&page=0');
    expect(page.body.meta).toMatchObject({ pageNumber: 0, pageSize: 2, resultCount: 2 });
    expect(page.body.results[0]).toHaveProperty('invoiceSumInfo');
  });

  it('finds a word of three or more characters anywhere in the text, and one or two at the start of a word', async () => {
    const kauppa = await create(
      salesInvoice({ counterParty: { counterPartyAddress: { name: 'Lähimyymälä Ärrä Oy' } } }),
    );
    const ids = async (term: string) =>
      (await svc.api('GET', `/invoices?searchTerm=${encodeURIComponent(term)}&size=200`)).body.results.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids('MYYMALA')).toEqual([kauppa.id]);
    expect(await ids('imyyM')).toEqual([kauppa.id]);
    expect(await ids('arra lahi')).toEqual([kauppa.id]);
    expect(await ids('la ar')).toEqual([kauppa.id]);
    expect(await ids('ah')).not.toContain(kauppa.id); // not the start of a word
    expect(await ids('malah')).toEqual([]); // its trigrams are all there, the word is not
    // the term is the invoice's again after an edit
    const renamed = await svc.api('PUT', `/invoices/${kauppa.id}`, {
      ...kauppa,
      counterParty: { ...kauppa.counterParty, counterPartyAddress: { name: 'Rautamyymälä Oy' } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await ids('lahimyy')).toEqual([]);
    expect(await ids('rautam')).toEqual([kauppa.id]);
  });

  it('counts the matches on the first page and on the last, not on pages between', async () => {
    for (let i = 0; i < 5; i++)
      await create(salesInvoice({ counterParty: { counterPartyAddress: { name: `Paging Testi ${i}` } } }));
    const meta = async (query: string) =>
      (await svc.api('GET', `/invoices?searchTerm=paging%20testi&${query}`)).body.meta;
    expect(await meta('size=2&page=0')).toEqual({ pageNumber: 0, pageSize: 2, resultCount: 2, totalCount: 5 });
    expect(await meta('size=2&page=1')).toEqual({ pageNumber: 1, pageSize: 2, resultCount: 2 });
    expect(await meta('size=2&page=2')).toEqual({ pageNumber: 2, pageSize: 2, resultCount: 1, totalCount: 5 });
    expect(await meta('size=2&page=3')).toEqual({ pageNumber: 3, pageSize: 2, resultCount: 0 });
    const first = await svc.api('GET', '/invoices?searchTerm=paging%20testi&size=2');
    const next = await svc.api(
      'GET',
      `/invoices?searchTerm=paging%20testi&size=2&previousId=${first.body.results[1].id}`,
    );
    expect(next.body.meta).toEqual({ pageNumber: 0, pageSize: 2, resultCount: 2 });
    expect(next.body.results[0].id).toBeGreaterThan(first.body.results[1].id);
  });
});

describe('GET /invoices items', () => {
  it('show the figures, counterparty and dates of the invoice as it reads, also when it has no listing', async () => {
    const invoice = await create(
      salesInvoice({
        counterParty: {
          counterPartyAddress: { name: 'Listaus Valuutta Oy', street: 'Aurakatu 1', zip: '20100', city: 'Turku' },
          email: 'a@example.com',
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'USD',
          dueDate: '2026-03-24',
          newDueDate: '2026-04-07',
          currencyRate: 1.0834,
        },
        invoiceChannel: 'MAIL',
      }),
    );
    const item = async () =>
      (await svc.api('GET', '/invoices?searchTerm=listaus%20valuutta')).body.results.find(
        (r: { id: number }) => r.id === invoice.id,
      );
    const expected = (wire: typeof invoice) => ({
      id: wire.id,
      invoiceChannel: wire.invoiceChannel,
      counterParty: wire.counterParty,
      invoiceSumInfo: wire.invoiceSumInfo,
      newDueDate: '2026-04-07',
      dueDate: '2026-04-07',
    });
    expect(invoice.invoiceSumInfo).toHaveLength(2);
    expect(await item()).toMatchObject(expected(invoice));
    const edited = await svc.api('PUT', `/invoices/${invoice.id}`, {
      ...invoice,
      counterParty: {
        ...invoice.counterParty,
        counterPartyAddress: { ...invoice.counterParty.counterPartyAddress, name: 'Listaus Valuutta Ab' },
      },
      invoiceRows: [{ ...invoice.invoiceRows[0], quantity: 7 }],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await item()).toMatchObject(expected(edited.body));
    // an invoice written before listings were kept is listed from its document
    await svc.app.ctx.db
      .updateTable('invoices')
      .set({ listing: null })
      .where('company_id', '=', svc.demo.companyId)
      .where('id', '=', invoice.id)
      .execute();
    expect(await item()).toMatchObject(expected(edited.body));
  });
});

describe('GET /invoices by searchTerm, against the rule it states', () => {
  // the rule: a word of three or more characters occurs anywhere in the folded text (name, number, additional
  // information), a word of one or two begins a word of it; every word must match
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const matches = (text: string, term: string) =>
    fold(term)
      .split(/[^0-9a-z]+/)
      .filter(Boolean)
      .every((word) =>
        word.length >= 3
          ? fold(text).includes(word)
          : fold(text)
              .split(/[^0-9a-z]+/)
              .some((w) => w.startsWith(word)),
      );
  const made: { id: number; text: string }[] = [];
  const names = ['Vaasan Kauppa', 'Oulun Kuljetus', 'Vaasan Rakennus', 'Porin Kauppa', 'Åbo Sähkö'];

  beforeAll(async () => {
    // common words (every invoice has "haku"), words of one invoice in five, and numbers shared by a few
    for (let n = 0; n < 30; n++) {
      const name = `${names[n % names.length]} ${1200 + (n % 7)} Oy`;
      const info = `Hakuaineisto ${n % 3 === 0 ? 'vuosihuolto' : 'kuukausi'}`;
      const invoice = await create(
        salesInvoice({ counterParty: { counterPartyAddress: { name } }, additionalInformation: info }),
      );
      made.push({ id: invoice.id, text: `${name} ${invoice.invoiceNumber} ${info}` });
    }
  });

  const everything = async (term: string, query = '') => {
    const answer = await svc.api('GET', `/invoices?searchTerm=${encodeURIComponent(term)}&size=200${query}`);
    return answer.body.results.map((r: { id: number }) => r.id);
  };
  const expected = (term: string) =>
    made.filter((m) => m.text.toLowerCase().includes('hakuaineisto') && matches(m.text, term)).map((m) => m.id);

  it.each([
    ['a common word', 'hakuaineisto'],
    ['a rare and a common word', 'vuosihuolto hakuaineisto'],
    ['a customer name and a number', 'VAASAN 1203 hakuaineisto'],
    ['a number of four digits', '1204 haku'],
    ['a substring of a common and a word start', 'aineis ku'],
    ['a name with an accent', 'ÅBO sahko haku'],
    ['a word no invoice holds', 'haku vaasan 1999'],
  ])('%s', async (_, term) => {
    expect(await everything(term)).toEqual(expected(term));
    expect(await everything(term, '&orderById=DESC')).toEqual(expected(term).reverse());
  });

  it('pages through the same matches by page and by previousId, counting on the first and the last page', async () => {
    const term = 'hakuaineisto kauppa';
    const all = expected(term);
    expect(all.length).toBeGreaterThan(7);
    const byPage: number[] = [];
    for (let page = 0; ; page++) {
      const answer = await svc.api('GET', `/invoices?searchTerm=${term}&size=5&page=${page}`);
      const ids = answer.body.results.map((r: { id: number }) => r.id);
      byPage.push(...ids);
      const last = ids.length < 5;
      if (page === 0 || (last && ids.length > 0)) expect(answer.body.meta.totalCount).toBe(all.length);
      else expect(answer.body.meta.totalCount).toBeUndefined();
      if (last) break;
    }
    expect(byPage).toEqual(all);
    const byKey = async (order: string) => {
      const found: number[] = [];
      for (let previous: number | undefined; ;) {
        const after = previous === undefined ? '' : `&previousId=${previous}`;
        const answer = await svc.api('GET', `/invoices?searchTerm=${term}&size=5${order}${after}`);
        const ids: number[] = answer.body.results.map((r: { id: number }) => r.id);
        found.push(...ids);
        if (ids.length < 5) return found;
        previous = ids.at(-1);
      }
    };
    expect(await byKey('')).toEqual(all);
    expect(await byKey('&orderById=DESC')).toEqual([...all].reverse());
    const dated = await svc.api('GET', `/invoices?searchTerm=${term}&size=5&page=1&orderByDate=ASC`);
    expect(dated.body.results.map((r: { id: number }) => r.id)).toEqual(all.slice(5, 10));
  });
});

describe('tenant isolation', () => {
  it('does not show another company its invoices', async () => {
    const invoice = await create(salesInvoice());
    const other = await otherCompany(svc);
    const answer = await svc.request('GET', `/api/invoices/${invoice.id}`, { token: other.token });
    expect(answer.status).toBe(404);
    const list = await svc.request('GET', '/api/invoices', { token: other.token });
    expect(list.body.results).toEqual([]);
  });
});

describe('invoices stored before the gram index or the listings', () => {
  /**
   * A database migrated up to `migration`, with invoices of company 7 stored in it (id, folded text, document), then
   * migrated to the end; `check` looks at it before it is closed.
   */
  async function storedBefore(
    migration: string,
    invoices: readonly (readonly [number, string, string])[],
    check: (db: Awaited<ReturnType<typeof freshDatabase>>['db']) => Promise<void>,
  ) {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const all = allMigrations();
      const before = Object.keys(all)
        .sort()
        .filter((n) => n < migration);
      await runMigrations(db, Object.fromEntries(before.map((n) => [n, all[n]])));
      for (const [id, text, body] of invoices)
        await sql`insert into invoices (company_id, id, type, status, invoice_number, is_offer, invoice_date, due_date,
          invoice_channel, currency, gross_minor, paid_minor, search_text, body, created_at, version)
          values (7, ${id}, 'SALES_INVOICE', 'UNFINISHED', ${100_000 + id}, ${sql.lit(false)}, '2026-01-01',
          '2026-01-15', 'EMAIL', 'EUR', 0, 0, ${text}, ${body}, 'v1', 'v1')`.execute(db);
      await runMigrations(db, all);
      await check(db);
    } finally {
      await database.close();
    }
  }

  it('get their listings by migration, those whose document cannot be listed none', async () => {
    const invoices = [
      [1, 'text', JSON.stringify(salesInvoice())],
      [2, 'text', '{}'],
    ] as const;
    await storedBefore('0510_invoice_listings', invoices, async (db) => {
      const listings = await db
        .selectFrom('invoices')
        .select(['id', 'listing'])
        .where('company_id', '=', 7)
        .orderBy('id')
        .execute();
      expect(JSON.parse(listings[0].listing!)).toEqual({
        invoiceChannel: 'EMAIL',
        counterParty: salesInvoice().counterParty,
        own: ['31801', '7830', '39631'],
        accounting: ['31801', '7830', '39631'],
      });
      expect(listings[1].listing).toBeNull();
    });
  });

  it('get their grams by migration from the folded text they keep', async () => {
    const invoices = [
      [1, 'lähimyymälä ärrä oy 100001', '{}'],
      [2, 'rautakauppa oy 100002', '{}'],
    ] as const;
    await storedBefore('0501_invoice_search_grams', invoices, async (db) => {
      const grams = await db
        .selectFrom('invoice_search_grams')
        .select(['gram', 'invoice_id'])
        .where('company_id', '=', 7)
        .execute();
      const of = (id: number) => new Set(grams.filter((g) => Number(g.invoice_id) === id).map((g) => g.gram));
      expect(of(1)).toEqual(new Set(searchGrams('Lähimyymälä Ärrä Oy 100001')));
      expect([...of(2)]).toEqual(expect.arrayContaining(['aup', ' ra', ' r', '002']));
    });
  });
});
