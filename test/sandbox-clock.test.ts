// The sandbox clock reaches the Finvoice message: its time stamp and identifier are the service clock's time
// after POST /sandbox/clock, not the wall clock's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';
import { invoicingSeller } from './support/bank-bodies.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
  await invoicingSeller(svc);
  await svc.app.services.company.documents.replaceDocument(svc.demo.companyId, 'einvoiceaddresses', {
    operator: 'OKOYFIHH',
    sendingAddress: '003712345671',
  });
});
afterAll(() => svc.close());

describe('the sandbox clock in a Finvoice message', () => {
  it('stamps the message with the moved clock', async () => {
    const invoice = await svc.api('POST', '/invoices', {
      type: 'SALES_INVOICE',
      date: '2026-03-10',
      counterParty: {
        counterPartyAddress: { name: 'Äänekosken Kauppa Oy', street: 'PL 12', zip: '44101', city: 'Äänekoski' },
        identifier: '7654321-8',
        einvoiceAddress: { address: '003776543218', operator: 'OKOYFIHH' },
      },
      billingAddress: { name: 'Äänekosken Kauppa Oy', street: 'PL 12', zip: '44101', city: 'Äänekoski' },
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
      extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
      discountPercent: 0,
      vatStatus: 1,
      invoiceChannel: 'ELECTRONIC_INVOICE',
      invoiceRows: [
        { product: 'Consulting', quantity: 3, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 },
      ],
    });
    expect(invoice.status, invoice.text).toBe(200);

    const moved = await svc.api('POST', '/sandbox/clock', { advanceSeconds: 45 * 24 * 3600 });
    expect(moved.status, moved.text).toBe(200);
    const now = new Date(`${(await svc.api('GET', '/sandbox/clock')).body.now}Z`);
    expect(now.getTime() - Date.now()).toBeGreaterThan(44 * 24 * 3600 * 1000);

    const answer = await fetch(`${svc.base}/api/invoices/${invoice.body.id}/finvoice`, {
      headers: { authorization: `Bearer ${await svc.token()}` },
    });
    const xml = await answer.text();
    expect(answer.status, xml).toBe(200);
    const stamp = /<MessageTimeStamp>([^<]+)<\/MessageTimeStamp>/.exec(xml)?.[1];
    expect(stamp).toBe(now.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(xml).toContain(`<MessageIdentifier>`);
    expect(xml).toContain(`-${now.getTime()}</MessageIdentifier>`);
    expect(xml).toContain('<FromIdentifier>003712345671</FromIdentifier>');
  });
});
