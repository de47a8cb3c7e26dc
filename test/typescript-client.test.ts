// The typed TypeScript client of clients/typescript: its generated types are current (a fresh generation from
// the service's OpenAPI document equals the committed file: run `npm run client` after changing the API), and
// it drives the main flows against a sandbox: token, products, partners, invoices, ledger, payroll, webhooks,
// and the sandbox's own clock and webhook inspector.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startService, type TestService } from './support/service.ts';
import { CLIENT_SCHEMA, generateClientSchema } from '../scripts/typescript-client.ts';
import { clientCredentialsToken, createTaseClient, type TaseClient } from '../clients/typescript/src/index.ts';

let svc: TestService;
let tase: TaseClient;

beforeAll(async () => {
  svc = await startService();
  const token = await clientCredentialsToken(svc.base, {
    clientId: svc.demo.clientId,
    clientSecret: svc.demo.clientSecret,
    apiKey: svc.demo.apiKey,
  });
  tase = createTaseClient(svc.base, token);
});
afterAll(() => svc.close());

describe('the TypeScript client', () => {
  it('is generated from the current OpenAPI document (no drift)', { timeout: 60_000 }, async () => {
    expect(readFileSync(CLIENT_SCHEMA, 'utf8') === (await generateClientSchema()), 'run `npm run client`').toBe(true);
  });

  it('refuses a bad API key when asking for a token', async () => {
    await expect(
      clientCredentialsToken(svc.base, { clientId: svc.demo.clientId, clientSecret: 'wrong', apiKey: 'tak_1_1_x' }),
    ).rejects.toThrow(/401/);
  });

  it('creates and reads products, partners, an invoice and a ledger receipt; lists employees', async () => {
    const product = await tase.POST('/products', {
      body: { type: 'SALES', name: 'Client product', price: 25, discount: 0, active: true, currency: 'EUR' },
    });
    expect(product.response.status).toBe(200);
    const productId = product.data!.id!;
    const read = await tase.GET('/products/{productId}', { params: { path: { productId: String(productId) } } });
    expect(read.data).toMatchObject({ name: 'Client product' });

    const partner = await tase.POST('/businesspartners', { body: { name: 'Client Customer Oy', type: 'CUSTOMER' } });
    expect(partner.response.status).toBe(200);

    const invoice = await tase.POST('/invoices', {
      body: {
        type: 'SALES_INVOICE',
        date: '2026-03-10',
        counterParty: {
          counterPartyAddress: { name: 'Client Customer Oy', street: 'Katu 1', zip: '00100', city: 'Helsinki' },
        },
        billingAddress: { street: 'Katu 1', zip: '00100', city: 'Helsinki' },
        paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
        discountPercent: 0,
        vatStatus: 1,
        invoiceChannel: 'EMAIL',
        invoiceRows: [
          {
            productId,
            product: 'Client product',
            quantity: 2,
            unit: 'PIECE',
            unitPrice: 25,
            discountPercent: 0,
            vatPercent: 25.5,
          },
        ],
      },
    });
    expect(invoice.response.status, JSON.stringify(invoice.error)).toBe(200);
    const list = await tase.GET('/invoices', {});
    expect(list.data!.results.map((i) => i.id)).toContain(invoice.data!.id);

    const receipt = await tase.POST('/ledgerreceipts', {
      body: {
        type: 'JOURNAL',
        name: 'Client receipt',
        receiptDate: svc.clock.now().toISOString().slice(0, 10),
        vatType: 'PURCHASE',
        vatStatus: 1,
        transactions: [
          { transactionType: 'ENTRY', account: '7000', accountingValue: 10, vatPercent: 0 },
          { transactionType: 'ENTRY', account: '1910', accountingValue: -10, vatPercent: 0 },
        ],
      },
    });
    expect(receipt.response.status, JSON.stringify(receipt.error)).toBe(200);

    const employees = await tase.GET('/payrolls/employees', {});
    expect(employees.response.status).toBe(200);
    // an error answer is typed too
    const missing = await tase.GET('/products/{productId}', { params: { path: { productId: '999999' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toBeDefined();
  });

  it('subscribes a webhook and sees its deliveries in the sandbox inspector; moves the sandbox clock', async () => {
    const hook = await tase.POST('/webhooks', {
      body: { url: 'http://127.0.0.1:9/client-hook', authenticationType: 'NONE', subscriptions: ['USER_UPDATED'] },
    });
    expect(hook.response.status).toBe(200);
    const hooks = await tase.GET('/webhooks', {});
    expect(JSON.stringify(hooks.data)).toContain('client-hook');
    const inspected = await tase.GET('/sandbox/webhooks/deliveries', {});
    expect(inspected.response.status).toBe(200);
    const clock = await tase.POST('/sandbox/clock', { body: { advanceSeconds: 60 } });
    expect(clock.data!.offsetSeconds).toBe(60);
  });
});
