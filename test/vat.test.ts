// VAT data over real HTTP: dated rates, the company's VAT status codes and settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2025-12-31T12:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

const percents = (body: { vatInformation: { percentages: { vatPercent: number }[] }[] }) =>
  body.vatInformation[0].percentages.map((p) => p.vatPercent);

describe('GET /vats/default', () => {
  it('answers the Finnish rates valid today, and follows the clock into 2026', async () => {
    const before = await svc.api('GET', '/vats/default');
    expect(before.status).toBe(200);
    expect(before.body.vatInformation[0].country).toBe('FINLAND');
    expect(percents(before.body)).toEqual([25.5, 14, 10, 0]);
    expect(before.body.vatInformation[0].percentages[0]).toEqual({ vatPercent: 25.5, sales: true, purchase: true });
    clock.set('2026-01-01T00:00:01Z');
    expect(percents((await svc.api('GET', '/vats/default')).body)).toEqual([25.5, 13.5, 10, 0]);
    expect(percents((await svc.api('GET', '/vats/default?date=2024-08-31')).body)).toEqual([24, 14, 10, 0]);
  });

  it('lists the VAT status codes the company uses', async () => {
    const statuses = (await svc.api('GET', '/vats/default')).body.vatStatuses;
    const codes = statuses.map((s: { vatStatus: number }) => s.vatStatus);
    expect(codes).toEqual(expect.arrayContaining([1, 3, 5, 12]));
    expect(statuses.find((s: { vatStatus: number }) => s.vatStatus === 1)).toEqual({
      vatStatus: 1,
      description: 'Domestic',
      sales: true,
      purchase: true,
    });
    expect(statuses.find((s: { vatStatus: number }) => s.vatStatus === 5)).toMatchObject({
      sales: true,
      purchase: false,
    });
  });
});

describe('GET /vats/settings and /vats/country', () => {
  it('answers the VAT settings', async () => {
    const answer = await svc.api('GET', '/vats/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      unitPricesIncludeVatSales: false,
      unitPricesIncludeVatPurchase: false,
      isUnitPricesIncludeVatSales: false,
      isUnitPricesIncludeVatPurchase: false,
    });
  });

  it('answers a country’s rates by ISO code or name, 400 for an unknown country', async () => {
    expect((await svc.api('GET', '/vats/country?countryCode=SE')).body).toEqual({ vatPercentages: [25, 12, 6, 0] });
    expect((await svc.api('GET', '/vats/country?countryCode=FINLAND')).body).toEqual({
      vatPercentages: [25.5, 13.5, 10, 0],
    });
    expect((await svc.api('GET', '/vats/country?countryCode=EE&date=2025-06-30')).body.vatPercentages[0]).toBe(22);
    const unknown = await svc.api('GET', '/vats/country?countryCode=XX');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({
      field: 'countryCode',
      message: "UNKNOWN_VAT_COUNTRY: no VAT data for 'XX'.",
    });
    expect((await svc.api('GET', '/vats/country')).status).toBe(400);
  });

  it('needs a token and answers per company', async () => {
    expect((await svc.request('GET', '/api/vats/default')).status).toBe(401);
    const other = await otherCompany(svc);
    const answer = await svc.request('GET', '/api/vats/default', { token: other.token });
    expect(answer.status).toBe(200);
    expect(answer.body.vatStatuses.length).toBeGreaterThan(0);
  });
});
