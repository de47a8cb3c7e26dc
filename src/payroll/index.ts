// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import type { LedgerService } from '../ledger/index.ts';
import { onPartnerDefaultDimensionChanged } from '../dimensions/index.ts';
import type { AppContext } from '../platform/context.ts';
import { baseDimensionsListener } from './salary-base.ts';
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
  create: (ctx, deps: { ledger: LedgerService }) => {
    followDefaultDimensions(ctx);
    return new PayrollService(ctx, deps.ledger);
  },
  routes: (payroll) => [...payrollRoutes(payroll), ...payRunRoutes(payroll.payRuns)],
  initCompany: seedSalaryTypes,
});

/** Contexts whose salary bases follow the persons' default dimensions (one listener per app). */
const following = new WeakSet<AppContext>();
function followDefaultDimensions(ctx: AppContext): void {
  if (following.has(ctx)) return;
  following.add(ctx);
  const listener = baseDimensionsListener(ctx);
  // the listeners are shared by every app of the process: each acts on its own database only
  onPartnerDefaultDimensionChanged((trx, change) => listener(trx, change));
}
