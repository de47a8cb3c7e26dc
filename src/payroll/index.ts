// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import type { LedgerService } from '../ledger/index.ts';
import { payrollMigrations } from './migrations.ts';
import { payrollRoutes } from './routes.ts';
import { payRunRoutes } from './pay-routes.ts';
import { PayrollService, seedSalaryTypes } from './service.ts';

export const payrollArea = defineArea({
  name: 'payroll',
  tags: [{ name: 'Payroll', description: 'Salary types, employees and their tax cards.' }],
  rights: ['salaries.salaries', 'salaries.employeeRegister', 'salaries.taxCards', 'salaries.salaryBases'],
  tables: {
    company: ['salary_types', 'employees', 'tax_cards', 'employments', 'salary_bases', 'salary_lists', 'salary_slips'],
  },
  migrations: payrollMigrations,
  create: (ctx, deps: { ledger: LedgerService }) => new PayrollService(ctx, deps.ledger),
  routes: (payroll) => [...payrollRoutes(payroll), ...payRunRoutes(payroll.payRuns)],
  initCompany: seedSalaryTypes,
});
