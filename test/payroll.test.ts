// Payroll over real HTTP: the salary type catalogue every company is set up with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('GET /payrolls/salarytypes', () => {
  it('lists the Finnish catalogue by code with names in three languages, income types, effects and accounts', async () => {
    const answer = await svc.api('GET', '/payrolls/salarytypes?size=200');
    expect(answer.status, answer.text).toBe(200);
    const codes = answer.body.results.map((t: { code: number }) => t.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(answer.body.meta).toMatchObject({ pageNumber: 0, pageSize: 200, totalCount: codes.length });
    const byCode = new Map(answer.body.results.map((t: { code: number }) => [t.code, t]));
    expect(byCode.get(1000)).toEqual({
      name: 'Kuukausipalkka',
      code: 1000,
      category: 'SALARY_FOR_TIME_WORKED',
      paymentPercent: 100,
      paymentPercentEditable: false,
      affectsHealthInsurance: true,
      affectsPensionInsurance: true,
      affectsUnemploymentInsurance: true,
      affectsAccidentAndGroupLifeInsurance: true,
      incomeType: 'Time-rate pay',
      incomeTypeCode: 201,
      translations: [
        { languageCode: 'sv', translation: 'Månadslön' },
        { languageCode: 'en', translation: 'Monthly salary' },
      ],
      affectsWithholding: true,
      withheldAtBasePercent: false,
      calculated: false,
      defaultAccount: '5010',
    });
    expect(byCode.get(3010)).toMatchObject({
      category: 'FRINGE_BENEFITS',
      incomeTypeCode: 304,
      defaultAccount: '5420',
      defaultContraAccount: '5990',
      affectsWithholding: true,
    });
    expect(byCode.get(1520)).toMatchObject({ incomeTypeCode: 213, withheldAtBasePercent: true });
    expect(byCode.get(1100)).toMatchObject({ unit: 'HOUR', paymentPercent: 150, paymentPercentEditable: true });
    expect(byCode.get(4010)).toMatchObject({
      category: 'TAX_FREE_ITEMS',
      affectsWithholding: false,
      affectsPensionInsurance: false,
    });
    expect(byCode.get(5010)).toMatchObject({ category: 'TAX', incomeTypeCode: 402, calculated: true });
    expect(byCode.has(2922)).toBe(true);
  });

  it('filters by name in any language, code, category and income type, orders and pages', async () => {
    const names = async (query: string) =>
      (await svc.api('GET', `/payrolls/salarytypes?${query}`)).body.results.map((t: { code: number }) => t.code);
    expect(await names('name=bilförmån')).toEqual([3010, 6030]);
    expect(await names('name=autoetu')).toEqual([3010]);
    expect(await names('name=CAR%20BENEFIT')).toEqual([3010, 6030]);
    expect(await names('code=1520')).toEqual([1520]);
    expect(await names('category=FRINGE_BENEFITS')).toEqual([3010, 3020, 3030, 3040]);
    expect(await names('category=FRINGE_BENEFITS&orderByCode=DESC')).toEqual([3040, 3030, 3020, 3010]);
    expect(await names('incomeTypeCode=235')).toEqual([1100, 1110]);
    expect(await names('incomeType=overtime')).toEqual([1100, 1110]);
    expect(await names('category=FRINGE_BENEFITS&size=2&page=1')).toEqual([3030, 3040]);
    expect(await names('code=9999')).toEqual([]);
  });

  it('refuses bad queries with the error body', async () => {
    for (const query of ['category=SALARY', 'size=0', 'size=201', 'page=-1', 'code=x', 'orderByCode=UP']) {
      const answer = await svc.api('GET', `/payrolls/salarytypes?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors[0].status).toBe(400);
    }
  });

  it('every company gets its own catalogue', async () => {
    const other = await otherCompany(svc);
    const answer = await svc.request('GET', '/api/payrolls/salarytypes?code=1000', {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toHaveLength(1);
  });
});
