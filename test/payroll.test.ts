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

const salaryInfo = (personId: number) => ({
  personId,
  incomeConfiguration: {
    baseSalaryValue: 4000,
    baseSalaryType: 'ONE_MONTH',
    baseSalaryHours: 160,
    travelExpensesSpecialHandling: 'NONE',
    salaryChannel: 'EMAIL',
    excludedFromAutomatedWithholdingPercentageRequest: false,
  },
  insurancesConfiguration: {
    pensionInsurance: { type: 'TYEL' },
    accidentInsurance: { percent: 0.7 },
    pensionVoluntarilyPaid: false,
  },
  internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
});

async function newPerson(name: string, identifier?: string) {
  const answer = await svc.api('POST', '/businesspartners', {
    name,
    type: 'PERSON',
    ...(identifier ? { invoicingInfo: { identifier, identifierType: 'HETU' } } : {}),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id as number;
}

describe('employees and their salary info', () => {
  let employeeId: number;
  let personId: number;

  it('POST /payrolls/employees/salaryinfo makes a person an employee; GET and PUT it', async () => {
    personId = await newPerson('Virtanen Matti', '131052-308T');
    const created = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(personId));
    expect(created.status, created.text).toBe(200);
    employeeId = created.body.employeeId;
    expect(created.body).toMatchObject({
      personId,
      incomeConfiguration: {
        id: employeeId,
        baseSalaryValue: 4000,
        salaryChannel: 'EMAIL',
        version: expect.any(String),
      },
      insurancesConfiguration: { pensionInsurance: { type: 'TYEL' }, accidentInsurance: { percent: 0.7 } },
    });
    expect((await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo`)).body).toEqual(created.body);

    const again = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(personId));
    expect(again.body.errors[0]).toMatchObject({ status: 400, field: 'personId' });
    expect(again.body.errors[0].message).toMatch(/^EMPLOYEE_EXISTS/);

    const changed = {
      ...salaryInfo(personId),
      incomeConfiguration: { ...salaryInfo(personId).incomeConfiguration, baseSalaryValue: 4200 },
    };
    const put = await svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, changed);
    expect(put.status, put.text).toBe(200);
    expect(put.body.incomeConfiguration.baseSalaryValue).toBe(4200);
    const stale = structuredClone(changed);
    (stale.incomeConfiguration as Record<string, unknown>).version = created.body.incomeConfiguration.version;
    expect(
      (await svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, stale)).body.errors[0].message,
    ).toMatch(/changed by someone else/);
    const otherPerson = await newPerson('Other Person');
    const moved = await svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, salaryInfo(otherPerson));
    expect(moved.body.errors[0]).toMatchObject({ status: 400, field: 'personId' });
  });

  it('refuses an unknown person, a partner that is no person and an invalid identity code', async () => {
    expect((await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(999999))).status).toBe(404);
    const company = await svc.api('POST', '/businesspartners', { name: 'Firma Oy', type: 'CUSTOMER' });
    expect((await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(company.body.id))).status).toBe(404);
    const wrong = await newPerson('Väärä Ville', '131052-308U');
    const answer = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(wrong));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/^INVALID_PERSONAL_IDENTITY_CODE/);
  });

  it('GET /payrolls/employees lists them with the identity code and the birth date from it (new century signs)', async () => {
    const young = await newPerson('Nuori Noora', '150610A1232');
    const youngInfo = await svc.api('POST', '/payrolls/employees/salaryinfo', salaryInfo(young));
    const list = await svc.api('GET', '/payrolls/employees');
    expect(list.status, list.text).toBe(200);
    expect(list.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: employeeId,
          ssn: '131052-308T',
          birthDate: '1952-10-13',
          salaryChannel: 'EMAIL',
          active: true,
        }),
        expect.objectContaining({ id: youngInfo.body.employeeId, ssn: '150610A1232', birthDate: '2010-06-15' }),
      ]),
    );
    const desc = await svc.api('GET', '/payrolls/employees?orderById=DESC&size=1');
    expect(desc.body.results[0].id).toBe(youngInfo.body.employeeId);
    expect((await svc.api('GET', '/payrolls/employees?salaryChannel=MAIL')).body.results).toEqual([]);
  });

  it('employments: add, list, read, replace with the version, delete; end not before start', async () => {
    const base = `/payrolls/employees/${employeeId}/salaryinfo/employments`;
    const employment = {
      startDate: '2026-01-01',
      type: 'PERMANENT',
      terminationReason: 'NOT_APPLICABLE',
      hoursPerWeek: 37.5,
      employmentType: 'FULL_TIME',
      keva: false,
    };
    const created = await svc.api('POST', base, employment);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ ...employment, id: expect.any(Number), version: expect.any(String) });
    const path = `${base}/${created.body.id}`;
    expect((await svc.api('GET', path)).body).toEqual(created.body);
    expect((await svc.api('GET', base)).body).toEqual([created.body]);
    const ended = { ...employment, endDate: '2026-06-30', terminationReason: 'EMPLOYEES_RESIGNATION' };
    expect((await svc.api('PUT', path, ended)).body.errors[0].message).toMatch(/VERSION_REQUIRED/);
    const put = await svc.api('PUT', path, { ...ended, version: created.body.version });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ endDate: '2026-06-30', terminationReason: 'EMPLOYEES_RESIGNATION' });
    const backwards = await svc.api('POST', base, { ...employment, endDate: '2025-12-31' });
    expect(backwards.body.errors[0]).toMatchObject({ status: 400, field: 'endDate' });
    expect((await svc.api('POST', base, { ...employment, hoursPerWeek: 169 })).status).toBe(400);
    expect((await svc.api('POST', '/payrolls/employees/999999/salaryinfo/employments', employment)).status).toBe(404);
    expect((await svc.api('DELETE', path)).status).toBe(204);
    expect((await svc.api('GET', path)).status).toBe(404);
  });

  describe('tax cards', () => {
    const card = {
      type: 'A',
      revised: false,
      validFrom: '2026-02-01',
      basePercent: 22,
      additionalPercent: 40,
      annualIncomeLimit: 50000,
    };

    it('adds, lists, reads, replaces and deletes a card', async () => {
      const created = await svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, {
        ...card,
        incomeType: '00000',
      });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({ ...card, incomeType: '00000', limitUsed: 0, id: expect.any(Number) });
      const path = `/payrolls/employees/${employeeId}/salaryinfo/taxcards/${created.body.id}`;
      expect((await svc.api('GET', path)).body).toEqual(created.body);
      expect((await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`)).body).toEqual([
        created.body,
      ]);

      const noVersion = await svc.api('PUT', path, { ...card, revised: true });
      expect(noVersion.body.errors[0].message).toMatch(/VERSION_REQUIRED/);
      const put = await svc.api('PUT', path, {
        ...card,
        revised: true,
        limitUsed: 1200.5,
        version: created.body.version,
      });
      expect(put.status, put.text).toBe(200);
      expect(put.body).toMatchObject({ revised: true, limitUsed: 1200.5, incomeType: null });
      expect((await svc.api('PUT', path, { ...card, version: created.body.version })).status).toBe(400);

      expect((await svc.api('DELETE', path)).status).toBe(204);
      expect((await svc.api('GET', path)).status).toBe(404);
      expect((await svc.api('DELETE', path)).status).toBe(404);
    });

    it('every card type; income types null, 00000, 000024–000040 and 000042 only', async () => {
      const post = (body: Record<string, unknown>) =>
        svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, { ...card, ...body });
      for (const type of ['A', 'ADDITIONAL_INCOME', 'FREELANCE', 'GRADED_INCOME', 'ONE_INCOME_LIMIT', 'TAX_AT_SOURCE'])
        expect((await post({ type })).status, type).toBe(200);
      for (const incomeType of [null, '00000', '000024', '000031', '000040', '000042'])
        expect((await post({ incomeType })).status, String(incomeType)).toBe(200);
      for (const incomeType of ['000023', '000041', '000043', '0000', '24', '00024'])
        expect((await post({ incomeType })).body.errors, `income type '${incomeType}'`).toEqual([
          { status: 400, message: 'Invalid tax card income type', field: 'incomeType' },
        ]);
    });

    it('a tax-at-source card with an income type is refused', async () => {
      const answer = await svc.api('POST', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`, {
        ...card,
        type: 'TAX_AT_SOURCE',
        basePercent: 35,
        incomeType: '000024',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        { status: 400, message: 'Invalid tax card income type', field: 'incomeType' },
      ]);
    });

    it('bad input and unknown employees answer with the error body', async () => {
      const post = (body: Record<string, unknown>, id = employeeId) =>
        svc.api('POST', `/payrolls/employees/${id}/salaryinfo/taxcards`, body);
      expect((await post({ ...card, basePercent: 101 })).status).toBe(400);
      expect((await post({ ...card, annualIncomeLimit: -1 })).status).toBe(400);
      expect((await post({ ...card, type: 'B' })).status).toBe(400);
      expect((await post({ ...card, comments: 'x'.repeat(81) })).status).toBe(400);
      expect((await post(card, 999999)).status).toBe(404);
      expect((await svc.api('GET', `/payrolls/employees/999999/salaryinfo/taxcards`)).status).toBe(404);
    });

    it('cannot be reached through another company', async () => {
      const other = await otherCompany(svc, 'Toinen Oy');
      const answer = await svc.request('GET', `/api/payrolls/employees/${employeeId}/salaryinfo/taxcards`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(answer.status).toBe(404);
    });
  });
});
