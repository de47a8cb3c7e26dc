// Settings a company has one of (a year's group life insurance rate, the Incomes Register contact person) are made
// by the first write and replaced by later ones: writes that arrive together, before any exists, all succeed and
// leave one of them. On PostgreSQL they used to race to the insert and answer 500. Runs on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('one-of-a-kind payroll settings written at once', () => {
  it('answers every concurrent first write of a group life rate and of the contact person, and keeps one', async () => {
    const rates = [0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.11, 0.12];
    const rateAnswers = await Promise.all(
      rates.map((groupLifeInsurancePercent) =>
        svc.api('PUT', '/payrolls/salariesbasicinfo/grouplifeinsurance', { year: 2031, groupLifeInsurancePercent }),
      ),
    );
    expect(rateAnswers.map((a) => a.status)).toEqual(rates.map(() => 200));
    const names = rates.map((_, i) => `Contact ${i}`);
    const contactAnswers = await Promise.all(
      names.map((name) =>
        svc.api('PUT', '/payrolls/salariesbasicinfo/incomesregistercontact', { name, telephone: '+358401234567' }),
      ),
    );
    expect(contactAnswers.map((a) => a.status)).toEqual(names.map(() => 200));
    const kept = await svc.api('GET', '/payrolls/salariesbasicinfo/incomesregistercontact');
    expect(names).toContain(kept.body.name);
  });
});
