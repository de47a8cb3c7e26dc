// The outputs of invoices over real HTTP: the invoice image (PNG and JPEG, decoded), the PDF, the Finvoice 3.0
// message of an e-invoiced sales invoice (valid against the published schema), purchase invoices created from
// Finvoice messages, a message breaking the schema refused with its failures, and files attached to invoices.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ManualClock } from '../src/platform/clock.ts';
import { decodeXml } from '../src/domain/xml-encoding.ts';
import { startService, type TestService } from './support/service.ts';
import { bankAccountBody, invoicingSeller } from './support/bank-bodies.ts';
import { partsOf } from './support/multipart.ts';

let svc: TestService;
let salesId: number;
let eInvoiceId: number;

const PUBLISHED_FINVOICE = join(import.meta.dirname, '..', '..', 'shared', 'reference', 'schemas', 'Finvoice3.0.xsd');

const salesInvoice = (extra: Record<string, unknown> = {}) => ({
  type: 'SALES_INVOICE',
  date: '2026-03-10',
  counterParty: {
    counterPartyAddress: { name: 'Äänekosken Kauppa Oy', street: 'Teollisuustie 5', zip: '44100', city: 'Äänekoski' },
    identifier: '7654321-8',
    einvoiceAddress: { address: '003776543218', operator: 'OKOYFIHH' },
  },
  paymentInfo: {
    paymentMethod: 'BANK_TRANSFER',
    currency: 'EUR',
    dueDate: '2026-03-24',
    currencyRate: 1,
    generatedReferenceType: 'FI',
  },
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

async function create(body: unknown): Promise<{ id: number }> {
  const answer = await svc.api('POST', '/invoices', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

async function fetchBytes(path: string) {
  const response = await fetch(`${svc.base}/api${path}`, { headers: { authorization: `Bearer ${await svc.token()}` } });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** POST /attachments: a PNG attached to a document. */
async function upload(meta: Record<string, unknown>, bytes: Buffer, token?: string) {
  const form = new FormData();
  form.append('meta', JSON.stringify({ name: 'scan.png', sendWithInvoice: false, ...meta }));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'scan.png');
  const response = await fetch(`${svc.base}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await svc.token())}` },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  await invoicingSeller(svc);
  salesId = (await create(salesInvoice())).id;
  eInvoiceId = (
    await create(
      salesInvoice({
        invoiceChannel: 'ELECTRONIC_INVOICE',
        billingAddress: { name: 'Äänekosken Kauppa Oy', street: 'PL 12', zip: '44101', city: 'Äänekoski' },
      }),
    )
  ).id;
});
afterAll(() => svc.close());

describe('GET /invoices/{id}/image', () => {
  it('answers an A4 PNG by default, with the metadata first', async () => {
    const answer = await fetchBytes(`/invoices/${salesId}/image`);
    expect(answer.status).toBe(200);
    const [meta, image] = partsOf(answer.contentType, answer.body);
    expect(JSON.parse(meta.bytes.toString())).toMatchObject({
      referenceType: 'INVOICE',
      referenceId: salesId,
      mimeType: 'image/png',
    });
    expect(image.headers['content-type']).toBe('image/png');
    const decoded = await sharp(image.bytes).stats();
    const info = await sharp(image.bytes).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1240, 1754]);
    // not blank: some pixels are dark
    expect(decoded.channels[0].min).toBeLessThan(100);
  });

  it('answers a JPEG for format JPEG or JPG, and 404 past the last page', async () => {
    for (const format of ['JPEG', 'JPG']) {
      const answer = await fetchBytes(`/invoices/${salesId}/image?format=${format}`);
      expect(answer.status).toBe(200);
      const image = partsOf(answer.contentType, answer.body)[1];
      const info = await sharp(image.bytes).metadata();
      expect([info.format, info.width, info.height]).toEqual(['jpeg', 1240, 1754]);
    }
    const past = await svc.api('GET', `/invoices/${salesId}/image?page=2`);
    expect(past.status).toBe(404);
    expect(past.body.errors[0].message).toMatch(/INVOICE_PAGE_NOT_FOUND/);
    expect((await svc.api('GET', '/invoices/999999/image')).status).toBe(404);
  });
});

describe('GET /invoices/{id}/pdf', () => {
  it('answers a PDF', async () => {
    const answer = await fetchBytes(`/invoices/${salesId}/pdf`);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/pdf');
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Finvoice', () => {
  it('answers a message valid against the Finvoice 3.0 schema for an e-invoiced sales invoice', async () => {
    const answer = await fetchBytes(`/invoices/${eInvoiceId}/finvoice`);
    expect(answer.status, answer.body.toString()).toBe(200);
    expect(answer.contentType).toBe('application/xml; charset=ISO-8859-15');
    // ISO-8859-15, as the Finvoice implementation guidelines name the message's encoding: Ä is one byte, 0xC4
    expect(answer.body.subarray(0, 60).toString('latin1')).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-15"\?>/);
    expect(answer.body.includes(Buffer.from([0xc4, 0xe4, 0x6e, 0x65]))).toBe(true);
    const xml = decodeXml(answer.body);
    const result = await validateXML({
      xml: [{ fileName: 'invoice.xml', contents: xml }],
      schema: [{ fileName: 'Finvoice3.0.xsd', contents: readFileSync(PUBLISHED_FINVOICE, 'utf8') }],
    });
    expect(result.errors).toEqual([]);
    expect(xml).toContain('Äänekosken Kauppa Oy');
    expect(xml).toContain('FI3715903000000776');
  });

  it('writes a character ISO-8859-15 lacks as a character reference, and lists only the accounts shown on invoices', async () => {
    const hidden = await svc.api(
      'POST',
      '/bankaccounts',
      bankAccountBody('FI2112345600000785', { bic: 'NDEAFIHH', showAccountOnInvoice: false }),
    );
    expect(hidden.status, hidden.text).toBe(200);
    const { id } = await create(
      salesInvoice({
        invoiceChannel: 'ELECTRONIC_INVOICE',
        billingAddress: { name: 'Äänekosken Kauppa Oy', street: 'PL 12', zip: '44101', city: 'Äänekoski' },
        invoiceRows: [
          {
            product: 'Škoda – “Lux” … € 5',
            quantity: 1,
            unit: 'PIECE',
            unitPrice: 10,
            discountPercent: 0,
            vatPercent: 25.5,
          },
        ],
      }),
    );
    const answer = await fetchBytes(`/invoices/${id}/finvoice`);
    expect(answer.status, answer.body.toString()).toBe(200);
    const latin1 = answer.body.toString('latin1');
    // Windows-1252 text (what Tase takes) ISO-8859-15 lacks in part: Š is 0xA6 and € 0xA4 in ISO-8859-15, the
    // dash, the quotes and the ellipsis are character references
    expect(latin1).toContain('<ArticleName>\xa6koda &#x2013; &#x201C;Lux&#x201D; &#x2026; \xa4 5</ArticleName>');
    const xml = decodeXml(answer.body);
    expect(xml).toContain('FI3715903000000776');
    expect(xml).not.toContain('FI2112345600000785');
    const result = await validateXML({
      xml: [{ fileName: 'invoice.xml', contents: xml }],
      schema: [{ fileName: 'Finvoice3.0.xsd', contents: readFileSync(PUBLISHED_FINVOICE, 'utf8') }],
    });
    expect(result.errors).toEqual([]);
    // read back, the row is the same text
    const purchase = await svc.api('POST', '/invoices/finvoice', undefined, {
      raw: xml,
      contentType: 'application/xml',
    });
    expect(purchase.status, purchase.text).toBe(200);
    expect(purchase.body.invoiceRows[0].product).toBe('Škoda – “Lux” … € 5');
  });

  it('refuses other invoices and channels', async () => {
    const answer = await svc.api('GET', `/invoices/${salesId}/finvoice`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/FINVOICE_NOT_AVAILABLE/);
  });

  it('creates a purchase invoice with its rows and VAT from a posted message', async () => {
    const xml = decodeXml((await fetchBytes(`/invoices/${eInvoiceId}/finvoice`)).body);
    const sales = (await svc.api('GET', `/invoices/${eInvoiceId}`)).body;
    const answer = await svc.api('POST', '/invoices/finvoice', undefined, { raw: xml, contentType: 'application/xml' });
    expect(answer.status, answer.text).toBe(200);
    const purchase = answer.body;
    expect(purchase).toMatchObject({
      type: 'PURCHASE_INVOICE',
      status: 'UNFINISHED',
      date: '2026-03-10',
      counterParty: { counterPartyAddress: { name: 'Demo Oy' } },
      paymentInfo: { dueDate: '2026-03-24', bankReferenceCode: sales.paymentInfo.bankReferenceCode },
      sellerReferenceIdentifier: String(sales.invoiceNumber),
    });
    expect(
      purchase.invoiceRows.map((r: Record<string, unknown>) => [r.product, r.quantity, r.unit, r.vatPercent]),
    ).toEqual([
      ['Consulting', 3, 'HOUR', 25.5],
      ['Book', 1, 'PIECE', 10],
    ]);
    expect(purchase.invoiceSumInfo[0]).toMatchObject({ vatSumTotal: 78.3, invoiceSumTotal: 396.31 });
    expect((await svc.api('GET', `/invoices/${purchase.id}`)).status).toBe(200);
  });

  it('refuses a message breaking the schema with a 400 listing the failures', async () => {
    const xml = decodeXml((await fetchBytes(`/invoices/${eInvoiceId}/finvoice`)).body)
      .replace(/<InvoiceDate Format="CCYYMMDD">\d+<\/InvoiceDate>/, '<InvoiceDate Format="CCYYMMDD">x</InvoiceDate>')
      .replace('<SellerPartyDetails>', '<SellerPartyDetails><Unknown/>');
    const answer = await svc.api('POST', '/invoices/finvoice', undefined, { raw: xml, contentType: 'application/xml' });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors.length).toBeGreaterThanOrEqual(1);
    for (const error of answer.body.errors) expect(error.message).toMatch(/^FINVOICE_INVALID/);
    const notXml = await svc.api('POST', '/invoices/finvoice', undefined, { raw: 'hello', contentType: 'text/xml' });
    expect(notXml.status).toBe(400);
  });
});

describe('files attached to invoices', () => {
  it('attaches a file to an invoice and serves it back', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00c' } })
      .png()
      .toBuffer();
    const created = await upload({ referenceType: 'INVOICE', referenceId: salesId }, png);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ referenceType: 'INVOICE', referenceId: salesId, mimeType: 'image/png' });
    const fetched = await fetchBytes(`/attachments/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(partsOf(fetched.contentType, fetched.body)[1].bytes.equals(png)).toBe(true);
    // the invoice lists its files as the attachments area does, and a PUT sending the list back unchanged is fine
    const invoice = await svc.api('GET', `/invoices/${salesId}`);
    expect(invoice.body.attachments).toEqual([
      {
        id: created.body.id,
        name: 'scan.png',
        referenceType: 'INVOICE',
        referenceId: salesId,
        mimeType: 'image/png',
        sendWithInvoice: false,
      },
    ]);
    const batch = await svc.api('GET', `/invoices/${salesId},${salesId}`);
    expect(batch.body[0].attachments).toEqual(invoice.body.attachments);
    const unchanged = await svc.api('PUT', `/invoices/${salesId}`, invoice.body);
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body.attachments).toEqual(invoice.body.attachments);
    const removed = await svc.api('DELETE', `/attachments/${created.body.id}`);
    expect([200, 204]).toContain(removed.status);
    expect((await svc.api('GET', `/invoices/${salesId}`)).body.attachments).toEqual([]);
    for (const referenceType of ['INVOICE', 'BANKSTATEMENTEVENT', 'REFERENCE_PAYMENT']) {
      const missing = await upload({ referenceType, referenceId: 999999 }, png);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0].message).toMatch(/ATTACHMENT_REFERENCE_NOT_FOUND/);
    }
  });
});

describe('rights', () => {
  it("follow the invoice's type: outputs and attachments of sales invoices need the sales right", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0c0' } })
      .png()
      .toBuffer();
    const purchaseId = (
      await create(
        salesInvoice({ type: 'PURCHASE_INVOICE', counterParty: { counterPartyAddress: { name: 'Toimittaja Oy' } } }),
      )
    ).id;
    const attach = (referenceId: number, token?: string) =>
      upload({ referenceType: 'INVOICE', referenceId }, png, token);
    const salesFile = await attach(salesId);
    const purchaseFile = await attach(purchaseId);
    expect([salesFile.status, purchaseFile.status]).toEqual([200, 200]);

    const user = await svc.admin.createUser({
      username: 'purchase-viewer',
      password: 'Viewer-pass-1',
      firstName: 'Oili',
      lastName: 'Ostaja',
      email: 'purchases@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER', { 'sales.salesInvoices': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    const as = (method: string, path: string, raw?: string) =>
      svc.request(method, `/api${path}`, { token, ...(raw ? { raw, contentType: 'application/xml' } : {}) });

    expect((await as('GET', `/invoices/${salesId}/image`)).status).toBe(404);
    expect((await as('GET', `/invoices/${salesId}/pdf`)).status).toBe(404);
    expect((await as('GET', `/invoices/${purchaseId}/pdf`)).status).toBe(200);
    expect((await as('GET', `/attachments/${salesFile.body.id}`)).status).toBe(403);
    expect((await as('GET', `/attachments/${purchaseFile.body.id}`)).status).toBe(200);
    // viewing rights only: no new files, no purchase invoices from messages
    expect((await attach(purchaseId, token)).status).toBe(403);
    expect((await as('POST', '/invoices/finvoice', '<Finvoice/>')).status).toBe(403);
  });
});
