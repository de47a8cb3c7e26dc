// The sandbox demo company with its demo registers (what `tase serve` and `tase seed demo` create), read over
// real HTTP with the demo company's own API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { seedDemo, type DemoCredentials } from '../src/company/demo.ts';
import { isFinnishBusinessId } from '../src/company/service.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
let demo: DemoCredentials;
let token: string;
const clock = new ManualClock('2026-03-02T08:00:00Z');
const timings: Record<string, number> = {};

async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings[name] = Math.round(performance.now() - start);
  }
}

beforeAll(async () => {
  svc = await startService({ clock });
  // the same seed twice more, without and with the demo registers, to show what the registers cost
  await timed('seedDemo', () => seedDemo(svc.app.ctx));
  demo = await timed('seedDemo withData', () => seedDemo(svc.app.ctx, { withData: true }));
  token = await svc.tokenFor(demo.apiKey, demo.clientId, demo.clientSecret);
  console.info(`demo seed timings (ms): ${JSON.stringify(timings)}`);
});
afterAll(() => svc.close());

const get = async (path: string) => {
  const answer = await svc.request('GET', `/api${path}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

describe('demo registers', () => {
  it('a cost-centre dimension with one passive item', async () => {
    const dimensions = await get('/dimensions');
    expect(dimensions).toHaveLength(1);
    expect(dimensions[0]).toMatchObject({ name: 'Kustannuspaikka' });
    expect(
      dimensions[0].items.map((i: { codeName: string; status?: string }) => [i.codeName, i.status ?? 'A']),
    ).toEqual([
      ['Hallinto', 'A'],
      ['Myynti', 'A'],
      ['Tuotanto', 'A'],
      ['Vanha', 'P'],
    ]);
  });

  it('customers and suppliers with valid business IDs and IBANs', async () => {
    const customers = (await get('/businesspartners?type=CUSTOMER')).results;
    const suppliers = (await get('/businesspartners?type=SUPPLIER')).results;
    expect(customers.map((p: { name: string }) => p.name)).toEqual(['Rakennus Virtanen Oy', 'Kahvila Aurinko Oy']);
    expect(suppliers.map((p: { name: string }) => p.name)).toEqual([
      'Toimistotarvike Lahtinen Oy',
      'Siivouspalvelu Puhdas Oy',
    ]);
    const full = await get(
      `/businesspartners/${[...customers, ...suppliers].map((p: { id: number }) => p.id).join(',')}`,
    );
    for (const partner of full) {
      expect(partner.invoicingInfo.identifierType).toBe('YHD');
      expect(isFinnishBusinessId(partner.invoicingInfo.identifier), partner.name).toBe(true);
    }
    expect(
      full
        .filter((p: { paymentInfo: { bankAccount?: string } }) => p.paymentInfo.bankAccount)
        .map((p: { paymentInfo: { bankAccount: string } }) => p.paymentInfo.bankAccount),
    ).toEqual(['FI1410093000123458', 'FI5542345670000081']);
    const builder = full[0];
    expect(
      (await get(`/businesspartners/${builder.id}/defaults/dimensions`))[0].items.map(
        (i: { codeName: string; percent: number }) => [i.codeName, i.percent],
      ),
    ).toEqual([
      ['Myynti', 60],
      ['Tuotanto', 40],
    ]);
    expect((await get(`/businesspartners/${builder.id}/defaults/products`))[0]).toMatchObject({
      productInfo: { name: 'Konsultointi' },
      defaultSettings: { specialPrice: 89 },
    });
    expect(await get(`/businesspartners/${full[3].id}/defaults/accounts`)).toMatchObject({
      purchaseInvoiceAccounts: {
        debitAccount: { code: '4450', name: 'Alihankinta - leikkeet ja koneistus' },
        creditAccount: { code: '2871' },
      },
    });
  });

  it('sales and purchase products in groups, priced with the VAT rate of the day', async () => {
    const products = (await get('/products')).results;
    expect(products.map((p: { type: string; name: string }) => `${p.type} ${p.name}`)).toEqual([
      'SALES Konsultointi',
      'SALES Koulutuspäivä',
      'SALES Ohjelmistolisenssi',
      'PURCHASE Kopiopaperi A4',
      'PURCHASE Siivouspalvelu',
      'SALES Perintäkulut',
      'SALES Muistutusmaksu',
    ]);
    // the fees of late payment are VAT-free
    expect(products.map((p: { vat: number }) => p.vat)).toEqual([25.5, 25.5, 25.5, 25.5, 25.5, 0, 0]);
    const groups = (await get('/products/groups')).productGroups;
    expect(groups.map((g: { name: string; type: string }) => [g.name, g.type])).toEqual([
      ['Palvelut', 'SALES'],
      ['Tarvikkeet', 'PURCHASE'],
    ]);
    expect((await get(`/products/${products[0].id}/defaults/dimensions`))[0].items).toMatchObject([
      { codeName: 'Myynti', percent: 100 },
    ]);
  });

  it('a bank account, default for invoices and payments', async () => {
    const accounts = (await get('/bankaccounts')).results;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      iban: 'FI4950009420028730',
      bic: 'OKOYFIHH',
      ledgerAccount: '1910',
      defaultForInvoice: true,
      defaultForPayment: true,
      status: 'ACTIVE',
    });
  });

  it('invoicing settings: product edition, delivery terms, e-invoice addresses, collection fees, templates, a verifier list', async () => {
    expect((await get('/company')).productVersion).toBe('FINANCIALS_PLUS');
    expect((await get('/company/deliveryterms')).deliveryTerms).toHaveLength(6);
    expect(await get('/company/einvoiceaddresses')).toEqual({
      operator: 'OKOYFIHH',
      sendingAddress: '003712345671',
      receivingAddress: '003712345671',
      receivingAddressPublicInTieke: true,
    });
    const collection = await get('/company/expenses/collectionpenal/settings');
    expect(collection).toMatchObject({
      useAutomaticHandling: true,
      collectionCostsProduct: {
        name: 'Perintäkulut',
        code: 'X100',
        price: 5,
        currency: 'EUR',
        unit: 'PIECE',
        defaultAccount: '3000',
      },
      penalExpenseProduct: { name: 'Muistutusmaksu' },
      penalInterestDateMargin: 7,
      defaultSalesInvoiceInterest: 11.5,
    });
    expect(await get('/company/invoicetemplates')).toEqual({ id: expect.any(Number), name: 'Vakiolasku' });
    const [list] = await get('/company/invoicecirculation/verifierlists');
    expect(list).toMatchObject({
      name: 'Ostolaskut',
      verifiers: [expect.any(Number)],
      acceptors: [expect.any(Number)],
    });
    expect((await get(`/company/invoicecirculation/verifierlists/${list.id}`)).verifiers).toEqual([
      { userId: list.verifiers[0], firstname: 'Demo', surname: 'User', orderNo: 1 },
    ]);
  });

  it('the company the tests start from stays empty', async () => {
    expect((await svc.api('GET', '/dimensions')).body).toEqual([]);
    expect((await svc.api('GET', '/products')).body.results).toEqual([]);
    expect((await svc.api('GET', '/bankaccounts')).body.results).toEqual([]);
    expect((await svc.api('GET', '/businesspartners?type=CUSTOMER')).body.results).toEqual([]);
  });
});
