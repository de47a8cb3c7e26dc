// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import { payrollAdminCommands } from './admin-commands.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { DimensionService } from '../dimensions/index.ts';
import { baseDimensionsListener } from './bases/salary-base.ts';
import { holidayTermsMigrations } from './holiday-terms-migrations.ts';
import { holidayTermsRoutes } from './holidays/routes.ts';
import { payrollMigrations } from './migrations.ts';
import { payrollRoutes } from './employees/routes.ts';
import { payRunRoutes } from './pay-runs/routes.ts';
import { payrollReportRoutes } from './reports/routes.ts';
import { PayrollService, seedSalaryTypes } from './service.ts';
import { payrollTermsMigrations } from './terms-migrations.ts';
import { payrollSettingsMigrations } from './settings-migrations.ts';
import { payrollSettingsRoutes } from './settings/routes.ts';
import { payrollTermsRoutes } from './terms/routes.ts';
import { seedLaborUnionSettings } from './terms/unions.ts';
import { payrollExamples } from './examples.ts';

// the Incomes Register messages of a payday as `tase admin payroll incomes-register` writes them out
export { incomesRegisterBatches, markIncomesRegisterDelivered } from './incomes-register/delivery.ts';

export const payrollArea = defineArea({
  name: 'payroll',
  adminCommands: payrollAdminCommands,
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
