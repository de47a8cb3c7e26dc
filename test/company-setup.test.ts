// Company setup as the areas declare it: the steps run, in order, for a new company; a company that predates
// the steps (as companies created before the ledger did) gets them from the backfill at start, once; every step
// is idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../src/modules.ts';
import { backfillCompanySetup } from '../src/platform/company-setup.ts';
import { insertCompany } from '../src/company/store.ts';
import { allocateId } from '../src/db/index.ts';
import { isoDate, isoDateTime, nextVersion } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.close();
});

async function setupOf(companyId: number) {
  const db = svc.app.ctx.db;
  const accounts = await db.selectFrom('accounts').select('number').where('company_id', '=', companyId).execute();
  const years = await db.selectFrom('fiscal_years').selectAll().where('company_id', '=', companyId).execute();
  const periods = await db.selectFrom('fiscal_periods').select('id').where('company_id', '=', companyId).execute();
  const vat = await db.selectFrom('vat_settings').selectAll().where('company_id', '=', companyId).execute();
  const statuses = await db
    .selectFrom('company_vat_statuses')
    .select('vat_status')
    .where('company_id', '=', companyId)
    .execute();
  const salaryTypes = await db.selectFrom('salary_types').select('code').where('company_id', '=', companyId).execute();
  return {
    accounts: accounts.length,
    years: years.map((y) => [y.start_date, y.end_date]),
    periods: periods.length,
    vat: vat.length,
    statuses: statuses.length,
    salaryTypes: salaryTypes.length,
  };
}

describe('company setup', () => {
  it('declares its steps in module-list order: chart of accounts, fiscal year, VAT, salary types', () => {
    expect(AREAS.filter((a) => a.initCompany).map((a) => a.name)).toEqual(['accounts', 'fiscal', 'vat', 'payroll']);
  });

  it('sets a new company up in its creating transaction', async () => {
    const { companyId } = await svc.admin.createCompany({ name: 'Setup Oy' });
    const year = isoDate(svc.clock.now()).slice(0, 4);
    const setup = await setupOf(companyId);
    expect(setup.accounts).toBeGreaterThan(50);
    expect(setup).toMatchObject({ years: [[`${year}-01-01`, `${year}-12-31`]], periods: 12, vat: 1 });
    expect(setup.statuses).toBeGreaterThan(0);
  });

  it('backfills a company that predates the steps, once, and running a step again changes nothing', async () => {
    const db = svc.app.ctx.db;
    // a company as one created before the steps existed: only its row in the tenant register
    const companyId = await allocateId(db, 0, 'companies');
    const now = svc.clock.now();
    await insertCompany(db, {
      company_id: companyId,
      name: 'Old Oy',
      business_id: null,
      country: 'FINLAND',
      currency: 'EUR',
      contract_type: 'TESTING',
      created_at: isoDateTime(now),
      version: nextVersion(now),
    });
    await db.deleteFrom('service_settings').where('name', '=', 'company_setup_steps').execute();
    expect(await setupOf(companyId)).toEqual({
      accounts: 0,
      years: [],
      periods: 0,
      vat: 0,
      statuses: 0,
      salaryTypes: 0,
    });
    const before = await setupOf(svc.demo.companyId);

    expect(await backfillCompanySetup(AREAS, svc.app.ctx)).toEqual(['accounts', 'fiscal', 'vat', 'payroll']);
    const backfilled = await setupOf(companyId);
    expect(backfilled.accounts).toBeGreaterThan(50);
    expect(backfilled).toMatchObject({ periods: 12, vat: 1 });
    expect(backfilled.salaryTypes).toBeGreaterThan(30);
    // companies already set up are left as they were
    expect(await setupOf(svc.demo.companyId)).toEqual(before);

    // recorded: the next start has nothing to do
    expect(await backfillCompanySetup(AREAS, svc.app.ctx)).toEqual([]);
    await db.transaction().execute((trx) => svc.app.ctx.companySetup.company(trx, companyId));
    expect(await setupOf(companyId)).toEqual(backfilled);
  });
});
