// The Incomes Register after the first delivery, over HTTP: a slip unapproved after its report was delivered is
// cancelled by a cancellation record of its report id, a slip moved to another payday is cancelled and reported
// anew (the register corrects a payment date no other way), a car benefit valued by the kilometre carries its
// kilometres, the pension provider and policy number are the register's codes, and a TyEL insured earner's report
// is not made without them.
//
// Hand-worked 2026 figures (domain-facts §1.1): employee TyEL 7.30 %, unemployment insurance 0.89 % (age 18–64),
// withholding by the card's base percent below its limit; a fringe benefit is taxed but not paid out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { incomesRegisterBatches, markIncomesRegisterDelivered } from '../src/payroll/index.ts';
import { incomesRegisterCancellationErrors, incomesRegisterErrors } from './support/incomes-register-xsd.ts';
import {
  identityCode,
  monthListBody,
  salaryInfoBody,
  TYEL,
  INCOMES_REGISTER_CONTACT,
  TAX_CARD_2026,
} from './support/payroll.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
let people = 0;

beforeAll(async () => {
  svc = await startService();
  const contact = await svc.api('PUT', '/payrolls/salariesbasicinfo/incomesregistercontact', INCOMES_REGISTER_CONTACT);
  expect(contact.status, contact.text).toBe(200);
});
afterAll(() => svc.close());

/** An employee of 3,000 a month, born 1986, with a card of 20 % up to 60,000 a year. */
async function hire(pensionInsurance: Record<string, unknown> = TYEL): Promise<number> {
  people++;
  const person = await svc.api('POST', '/businesspartners', {
    name: `Korjattava ${people}`,
    type: 'PERSON',
    invoicingInfo: { identifier: identityCode('150686', String(300 + people)), identifierType: 'HETU' },
  });
  expect(person.status, person.text).toBe(200);
  const body = salaryInfoBody(person.body.id, { baseSalaryValue: 3000, baseSalaryType: 'ONE_MONTH' });
  const info = await svc.api('POST', '/payrolls/employees/salaryinfo', {
    ...body,
    insurancesConfiguration: { ...body.insurancesConfiguration, pensionInsurance },
  });
  expect(info.status, info.text).toBe(200);
  const id = info.body.employeeId as number;
  const card = await svc.api('POST', `/payrolls/employees/${id}/salaryinfo/taxcards`, TAX_CARD_2026);
  expect(card.status, card.text).toBe(200);
  return id;
}

type Slip = { id: number; version: string; rows: Record<string, unknown>[]; figures: Record<string, number> };

/** A list of the month with the one employee; answers the slip. */
async function slipOf(employeeId: number, month: string): Promise<Slip> {
  const list = await svc.api('POST', '/payrolls/salarylists', {
    ...monthListBody(month),
    name: `Salaries ${month} ${employeeId}`,
    employeesDataForSalarySlip: [{ employeeId }],
  });
  expect(list.status, list.text).toBe(200);
  return (await svc.api('GET', `/payrolls/salaryslips/${list.body.salarySlips[0].id}`)).body;
}

const batchOf = async (payday: string) => (await incomesRegisterBatches(svc.app.ctx, payday, svc.demo.companyId))[0];
const ok = async (answer: Promise<{ status: number; text: string }>) => {
  const done = await answer;
  expect(done.status, done.text).toBe(200);
};

describe('cancelling a delivered report', () => {
  it('a slip unapproved after delivery is cancelled by its report id; approved again, reported under a new id', async () => {
    const employeeId = await hire();
    const slip = await slipOf(employeeId, '2026-05');
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const first = await batchOf('2026-05-31');
    expect(first).toMatchObject({ reported: [slip.id], cancelled: [], cancellationXml: null });
    const reportId = `${svc.demo.companyId}-${slip.id}`;
    expect(first.xml).toContain(`<ActionCode>1</ActionCode>\n          <ReportId>${reportId}</ReportId>`);
    await markIncomesRegisterDelivered(svc.app.ctx, [first]);

    // the approval cancelled and the batch of the payday written: no report, the delivered one cancelled
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/cancelapproval`));
    const cancelling = await batchOf('2026-05-31');
    expect(cancelling).toMatchObject({ reported: [], leftOut: [], cancelled: [slip.id], xml: null });
    const record = new XMLParser().parse(cancelling.cancellationXml!);
    expect(Object.keys(record)).toEqual(['?xml', 'ir:InvalidationsRequestToIR']);
    const data = record['ir:InvalidationsRequestToIR'].DeliveryData;
    // the register's InvalidationsToIR order: the delivery, its owner, creator and sender, then the items
    expect(Object.keys(data)).toEqual([
      'Timestamp',
      'Source',
      'DeliveryDataType',
      'DeliveryId',
      'FaultyControl',
      'ProductionEnvironment',
      'DeliveryDataOwner',
      'DeliveryDataCreator',
      'DeliveryDataSender',
      'Items',
    ]);
    // 105: the cancellation of earnings payment reports, a record type of its own
    expect(data).toMatchObject({
      DeliveryDataType: 105,
      ProductionEnvironment: false,
      DeliveryDataOwner: { Type: 1, Code: '1234567-1' },
      Items: { Item: { ItemId: reportId } },
    });
    expect(cancelling.cancellationXml).toContain('xmlns:ir="http://www.tulorekisteri.fi/2017/1/InvalidationsToIR"');
    expect(await incomesRegisterCancellationErrors(cancelling.cancellationXml!)).toEqual([]);
    // the schema holds: a record without its items is refused
    const itemless = cancelling.cancellationXml!.replace(/<Items>[\s\S]*<\/Items>/, '');
    expect(await incomesRegisterCancellationErrors(itemless)).not.toEqual([]);
    // not delivered yet: the same batch again; delivered, nothing is left to cancel
    expect((await batchOf('2026-05-31')).cancelled).toEqual([slip.id]);
    await markIncomesRegisterDelivered(svc.app.ctx, [cancelling]);
    expect(await batchOf('2026-05-31')).toMatchObject({ reported: [], cancelled: [], cancellationXml: null });

    // approved again: a new report under an id of its own, valid against the register's schema
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const report = (await svc.api('GET', `/payrolls/salaryslips/${slip.id}/incomesregister`)).body;
    expect(report).toMatchObject({ actionCode: 1, reportId: `${reportId}-1` });
    const again = await batchOf('2026-05-31');
    expect(again).toMatchObject({ reported: [slip.id], cancelled: [], cancellationXml: null });
    expect(await incomesRegisterErrors(again.xml!)).toEqual([]);
    await markIncomesRegisterDelivered(svc.app.ctx, [again]);
    // corrected on the same payday: the replacement of that new report
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/cancelapproval`));
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const replacement = await batchOf('2026-05-31');
    expect(replacement.xml).toContain(`<ActionCode>2</ActionCode>\n          <ReportId>${reportId}-1</ReportId>`);
    expect(replacement.cancelled).toEqual([]);
  });

  it('a slip moved to another payday: its report cancelled and a new one given, in that payday’s batch', async () => {
    const employeeId = await hire();
    const slip = await slipOf(employeeId, '2026-04');
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const april = await batchOf('2026-04-30');
    await markIncomesRegisterDelivered(svc.app.ctx, [april]);

    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/cancelapproval`));
    const current = (await svc.api('GET', `/payrolls/salaryslips/${slip.id}`)).body;
    await ok(
      svc.api('PUT', `/payrolls/salaryslips/${slip.id}`, {
        ...current,
        adjustments: { ...current.adjustments, payday: '2026-04-29' },
      }),
    );
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    // the old payday's batch leaves it to the new one's, so the two go out together
    expect(await batchOf('2026-04-30')).toMatchObject({ reported: [], cancelled: [], cancellationXml: null });
    const moved = await batchOf('2026-04-29');
    const oldId = `${svc.demo.companyId}-${slip.id}`;
    expect(moved).toMatchObject({ reported: [slip.id], cancelled: [slip.id] });
    expect(moved.cancellationXml).toContain(`<ItemId>${oldId}</ItemId>`);
    expect(await incomesRegisterCancellationErrors(moved.cancellationXml!)).toEqual([]);
    expect(moved.xml).toContain(`<ActionCode>1</ActionCode>\n          <ReportId>${oldId}-1</ReportId>`);
    expect(moved.xml).toContain('<PaymentDate>2026-04-29</PaymentDate>');
    expect(await incomesRegisterErrors(moved.xml!)).toEqual([]);
    await markIncomesRegisterDelivered(svc.app.ctx, [moved]);
    expect(await batchOf('2026-04-29')).toMatchObject({ cancelled: [] });
    expect((await batchOf('2026-04-29')).xml).toContain(
      `<ActionCode>2</ActionCode>\n          <ReportId>${oldId}-1</ReportId>`,
    );
  });
});

describe('a car benefit valued by the kilometre', () => {
  it('carries its kilometres to the report; the slip pays by the value entered', async () => {
    const employeeId = await hire();
    const slip = await slipOf(employeeId, '2026-07');
    const car = {
      salaryTypeCode: 3010,
      quantity: 1,
      unitValue: 700,
      showEarningPeriodInExport: false,
      unjustEnrichment: false,
      carBenefitDetails: { carAgeGroup: 'A', benefitLimited: true, emissionValue: 0 },
    };
    const put = (details: Record<string, unknown>) =>
      svc.api('PUT', `/payrolls/salaryslips/${slip.id}`, {
        ...slip,
        rows: [...slip.rows, { ...car, carBenefitDetails: { ...car.carBenefitDetails, ...details } }],
      });
    const at = `rows[${slip.rows.length}].carBenefitDetails`;
    const noKilometres = await put({ valuationMethod: 'PER_KILOMETRE' });
    expect(noKilometres.status).toBe(400);
    expect(noKilometres.body.errors[0].field).toBe(`${at}.kilometers`);
    const kilometresOfMonthly = await put({ kilometers: 1200 });
    expect(kilometresOfMonthly.status).toBe(400);
    expect(kilometresOfMonthly.body.errors[0].field).toBe(`${at}.kilometers`);
    const unknownMethod = await put({ valuationMethod: 'PER_DAY' });
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.body.errors[0].field).toMatch(/valuationMethod/);

    const changed = await put({ valuationMethod: 'PER_KILOMETRE', kilometers: 1200 });
    expect(changed.status, changed.text).toBe(200);
    // 3,000 salary + 700 benefit = 3,700 taxable: withholding 20 % = 740.00, TyEL 7.30 % = 270.10,
    // unemployment 0.89 % = 32.93; net 3,000 − 740 − 270.10 − 32.93 = 1,956.97
    expect(changed.body.figures).toMatchObject({
      taxablePay: 3700,
      withholding: 740,
      employeePension: 270.1,
      employeeUnemployment: 32.93,
      netPay: 1956.97,
    });
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const report = (await svc.api('GET', `/payrolls/salaryslips/${slip.id}/incomesregister`)).body;
    const benefit = report.transactions.find((t: { incomeTypeCode: number }) => t.incomeTypeCode === 304);
    expect(benefit).toEqual({
      incomeTypeCode: 304,
      amount: 700,
      carBenefit: { limited: true, ageGroup: 'A', kilometers: 1200 },
    });
    const batch = await batchOf('2026-07-31');
    expect(batch.xml).toContain(
      '<CarBenefitCode>1</CarBenefitCode>\n              <AgeGroupCode>1</AgeGroupCode>\n              <Kilometers>1200</Kilometers>',
    );
    expect(await incomesRegisterErrors(batch.xml!)).toEqual([]);
  });
});

describe("the register's codes", () => {
  it('an unknown pension provider, a policy number not of the register or not of its provider: refused', async () => {
    const person = await svc.api('POST', '/businesspartners', { name: 'Koodi Kaisa', type: 'PERSON' });
    const body = salaryInfoBody(person.body.id, { baseSalaryValue: 2500, baseSalaryType: 'ONE_MONTH' });
    const withPension = (pension: Record<string, unknown>) =>
      svc.api('POST', '/payrolls/employees/salaryinfo', {
        ...body,
        insurancesConfiguration: { ...body.insurancesConfiguration, pensionInsurance: { type: 'TYEL', ...pension } },
      });
    const field = 'insurancesConfiguration.pensionInsurance';
    for (const [pension, name] of [
      [{ pensionProviderCode: 99, pensionPolicyNumber: '54-1234567A' }, 'pensionProviderCode'],
      [{ pensionProviderCode: 54, pensionPolicyNumber: '54-123456' }, 'pensionPolicyNumber'],
      [{ pensionProviderCode: 54, pensionPolicyNumber: '46-1234567A' }, 'pensionPolicyNumber'],
      // pension funds (8nnnn) and trusts (7nnnn) of the register's code set: a code outside it, a policy of
      // another fund, a five-digit part of neither kind, or a fund the code set does not have
      [{ pensionProviderCode: 80099, pensionPolicyNumber: '80099-1234A' }, 'pensionProviderCode'],
      [{ pensionProviderCode: 80001, pensionPolicyNumber: '80005-1234A' }, 'pensionPolicyNumber'],
      [{ pensionProviderCode: 80005, pensionPolicyNumber: '80005-1234a' }, 'pensionPolicyNumber'],
      [{ pensionProviderCode: 80005, pensionPolicyNumber: '80005-123A' }, 'pensionPolicyNumber'],
      [{ pensionPolicyNumber: '12345-1234A' }, 'pensionPolicyNumber'],
      [{ pensionPolicyNumber: '80099-1234A' }, 'pensionPolicyNumber'],
      [{ pensionProviderCode: 70078, pensionPolicyNumber: '55-7654321X' }, 'pensionPolicyNumber'],
      [{ pensionProviderCode: 100000, pensionPolicyNumber: '80005-1234A' }, 'pensionProviderCode'],
    ] as const) {
      const refused = await withPension(pension);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors[0].field).toBe(`${field}.${name}`);
    }
    // nothing was made: the person can still be hired
    expect((await withPension({ pensionProviderCode: 55, pensionPolicyNumber: '55-7654321X' })).status).toBe(200);
  });

  it('a pension fund and a pension trust of the code set are accepted, and reported under their codes', async () => {
    const policies = [
      { pensionProviderCode: 80005, pensionPolicyNumber: '80005-0123A' },
      { pensionProviderCode: 70078, pensionPolicyNumber: '70078-98765' },
    ];
    for (const [i, pension] of policies.entries()) {
      const employeeId = await hire({ type: 'TYEL', ...pension });
      const slip = await slipOf(employeeId, `2026-0${i + 1}`);
      await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
      const report = await svc.api('GET', `/payrolls/salaryslips/${slip.id}/incomesregister`);
      expect(report.status, report.text).toBe(200);
      const batch = await batchOf(`2026-0${i + 1}-${i === 0 ? 31 : 28}`);
      expect(batch.xml).toContain(`<PensionProvIdCode>${pension.pensionProviderCode}</PensionProvIdCode>`);
      expect(batch.xml).toContain(`<PensionPolicyNo>${pension.pensionPolicyNumber}</PensionPolicyNo>`);
      expect(await incomesRegisterErrors(batch.xml!)).toEqual([]);
    }
  });

  it("a car age group or allowance kind outside the register's codes is refused naming the field", async () => {
    const employeeId = await hire();
    const base = (await svc.api('GET', `/payrolls/employees/${employeeId}/salarybase`)).body;
    const ageGroup = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      ...base,
      rows: [
        ...base.rows,
        {
          salaryTypeCode: 3010,
          quantity: 1,
          unitValue: 500,
          carBenefitDetails: { carAgeGroup: 'D', benefitLimited: true },
        },
      ],
    });
    expect(ageGroup.status).toBe(400);
    expect(ageGroup.body.errors[0].field).toMatch(/carAgeGroup/);
    const allowance = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      ...base,
      rows: [...base.rows, { salaryTypeCode: 4020, quantity: 1, unitValue: 53, allowanceKind: 'WEEKLY' }],
    });
    expect(allowance.status).toBe(400);
    expect(allowance.body.errors[0].field).toMatch(/allowanceKind/);
    const benefitOnSalary = await svc.api('PUT', `/payrolls/employees/${employeeId}/salarybase`, {
      ...base,
      rows: [{ ...base.rows[0], carBenefitDetails: { carAgeGroup: 'A', benefitLimited: true } }],
    });
    expect(benefitOnSalary.status).toBe(400);
    expect(benefitOnSalary.body.errors[0].field).toBe('rows[0].carBenefitDetails');
    expect((await svc.api('GET', `/payrolls/employees/${employeeId}/salarybase`)).body).toEqual(base);
  });
});

describe('TyEL without its provider and policy', () => {
  it('no report is made: the report and the batch are refused naming the salary info field', async () => {
    const employeeId = await hire({ type: 'TYEL' });
    const slip = await slipOf(employeeId, '2026-08');
    await ok(svc.api('PUT', `/payrolls/salaryslips/${slip.id}/approve`));
    const refused = await svc.api('GET', `/payrolls/salaryslips/${slip.id}/incomesregister`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe(
      `employees[${employeeId}].insurancesConfiguration.pensionInsurance.pensionProviderCode`,
    );
    await expect(batchOf('2026-08-31')).rejects.toThrow(/pension provider code and the pension policy number/);

    // given in the salary info, the slip as approved is reported
    const info = (await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo`)).body;
    await ok(
      svc.api('PUT', `/payrolls/employees/${employeeId}/salaryinfo`, {
        ...info,
        insurancesConfiguration: {
          ...info.insurancesConfiguration,
          pensionInsurance: { ...info.insurancesConfiguration.pensionInsurance, ...TYEL },
        },
      }),
    );
    const batch = await batchOf('2026-08-31');
    expect(batch.xml).toContain(
      '<PensionActCode>1</PensionActCode>\n            <PensionProvIdCode>54</PensionProvIdCode>\n            <PensionPolicyNo>54-1234567A</PensionPolicyNo>',
    );
    expect(await incomesRegisterErrors(batch.xml!)).toEqual([]);
  });
});

describe('approving a list as a whole', () => {
  it('writes every slip, its receipts and its tax card; a slip the ledger refuses stops the list, named', async () => {
    const ids = [await hire(), await hire(), await hire()];
    const list = await svc.api('POST', '/payrolls/salarylists', {
      ...monthListBody('2026-09'),
      employeesDataForSalarySlip: ids.map((employeeId) => ({ employeeId })),
    });
    expect(list.status, list.text).toBe(200);
    const slipIds = (list.body.salarySlips as { id: number }[]).map((s) => s.id);
    // the last slip booked on a day no fiscal year covers: the ledger refuses it, and with it the whole list
    const last = (await svc.api('GET', `/payrolls/salaryslips/${slipIds[2]}`)).body;
    await ok(
      svc.api('PUT', `/payrolls/salaryslips/${last.id}`, {
        ...last,
        settings: { ...last.settings, accountingDate: '2015-09-30' },
      }),
    );
    const refused = await svc.api('PUT', `/payrolls/salarylists/${list.body.id}/approve`);
    expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.errors[0].field).toMatch(new RegExp(`^salarySlips\\[${last.id}\\]\\.`));
    for (const id of slipIds) expect((await svc.api('GET', `/payrolls/salaryslips/${id}`)).body.status).toBe('CREATED');
    const card = async (employeeId: number) =>
      (await svc.api('GET', `/payrolls/employees/${employeeId}/salaryinfo/taxcards`)).body[0];
    expect((await card(ids[0])).limitUsed).toBe(0);

    await ok(
      svc.api('PUT', `/payrolls/salaryslips/${last.id}`, {
        ...(await svc.api('GET', `/payrolls/salaryslips/${last.id}`)).body,
        settings: { ...last.settings, accountingDate: '2026-09-30' },
      }),
    );
    await ok(svc.api('PUT', `/payrolls/salarylists/${list.body.id}/approve`));
    for (const [i, id] of slipIds.entries()) {
      const slip = (await svc.api('GET', `/payrolls/salaryslips/${id}`)).body;
      // 3,000 at 20 %: 600.00 withheld, TyEL 219.00, unemployment 26.70; net 2,154.30
      expect(slip).toMatchObject({ status: 'APPROVED', figures: { withholding: 600, netPay: 2154.3 } });
      const accounting = await svc.api('GET', `/payrolls/salaryslips/${id}/accounting`);
      expect(accounting.status, accounting.text).toBe(200);
      // the card counts the slip's taxable pay against its income limit
      expect((await card(ids[i])).limitUsed).toBe(3000);
    }
  });
});
