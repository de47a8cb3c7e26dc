// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { DimensionService } from '../dimensions/index.ts';
import type { AppContext } from '../platform/context.ts';
import { baseDimensionsListener } from './bases/salary-base.ts';
import { holidayTermsMigrations } from './holiday-terms-migrations.ts';
import { holidayTermsRoutes } from './holidays/routes.ts';
import { payrollMigrations } from './migrations.ts';
import { payrollRoutes } from './employees/routes.ts';
import { payRunRoutes } from './pay-runs/routes.ts';
import { PayrollReports, type IncomesRegisterBatch } from './reports/reports.ts';
import { payrollReportRoutes } from './reports/routes.ts';
import { setContactPerson } from './incomes-register/settings.ts';
import { PayrollService, seedSalaryTypes } from './service.ts';
import { payrollTermsMigrations } from './terms-migrations.ts';
import { payrollSettingsMigrations } from './settings-migrations.ts';
import { payrollSettingsRoutes } from './settings/routes.ts';
import { payrollTermsRoutes } from './terms/routes.ts';
import { seedLaborUnionSettings } from './terms/unions.ts';
import { payrollExamples } from './examples.ts';

export const payrollArea = defineArea({
  name: 'payroll',
  examples: payrollExamples,
  tags: [{ name: 'Payroll', description: 'Salary types, employees and their tax cards.' }],
  rights: ['salaries.salaries', 'salaries.employeeRegister', 'salaries.taxCards', 'salaries.salaryBases'],
  tables: {
    company: [
      'salary_types',
      'employees',
      'tax_cards',
      'employments',
      'salary_bases',
      'salary_lists',
      'salary_slips',
      'labor_union_settings',
      'labor_union_memberships',
      'payroll_holiday_terms',
      'group_life_insurance_rates',
      'payroll_contact_persons',
      'incomes_register_reports',
    ],
  },
  migrations: {
    ...payrollMigrations,
    ...payrollTermsMigrations,
    ...holidayTermsMigrations,
    ...payrollSettingsMigrations,
  },
  create: (ctx, deps: { ledger: LedgerService; dimensions: DimensionService }) => {
    // salary bases follow the persons' default dimensions
    deps.dimensions.partnerDefaultsChanged.add(baseDimensionsListener(ctx));
    return new PayrollService(ctx, deps.ledger);
  },
  routes: (payroll, ctx) => [
    ...payrollRoutes(payroll),
    ...payRunRoutes(payroll.payRuns),
    ...payrollTermsRoutes(ctx),
    ...payrollReportRoutes(ctx),
    ...holidayTermsRoutes(ctx),
    ...payrollSettingsRoutes(ctx),
  ],
  initCompany: async (db, companyId) => {
    await seedSalaryTypes(db, companyId);
    await seedLaborUnionSettings(db, companyId);
  },
});

/** The Incomes Register batch messages of the approved slips paid on a day: of one company, or of every company. */
export function incomesRegisterBatches(
  ctx: AppContext,
  payday: string,
  companyId?: number,
): Promise<IncomesRegisterBatch[]> {
  const reports = new PayrollReports(ctx);
  return companyId === undefined
    ? reports.incomesRegisterBatches(payday)
    : reports.incomesRegisterBatch(companyId, payday).then((batch) => [batch]);
}

/**
 * Notes the reports of messages written out as delivered: a slip of theirs approved again later (after a
 * correction) is reported as their replacement.
 */
export async function markIncomesRegisterDelivered(ctx: AppContext, batches: readonly IncomesRegisterBatch[]) {
  const reports = new PayrollReports(ctx);
  for (const batch of batches) await reports.markDelivered(batch);
}

/** Sets a company's payroll contact person, whom its Incomes Register messages name; null for no such company. */
export async function setPayrollContactPerson(
  ctx: AppContext,
  companyId: number,
  contact: { name: string; telephone: string; email?: string },
) {
  const company = await ctx.db
    .selectFrom('companies')
    .select('company_id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return company ? setContactPerson(ctx, companyId, contact) : null;
}
