// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import { payrollMigrations } from './migrations.ts';
import { payrollRoutes } from './routes.ts';
import { PayrollService, seedSalaryTypes } from './service.ts';

export const payrollArea = defineArea({
  name: 'payroll',
  tags: [{ name: 'Payroll', description: 'Salary types, employees and their tax cards.' }],
  rights: ['salaries.salaries', 'salaries.employeeRegister', 'salaries.taxCards'],
  tables: { company: ['salary_types', 'employees', 'tax_cards', 'employments'] },
  migrations: payrollMigrations,
  create: (ctx) => new PayrollService(ctx),
  routes: (payroll) => payrollRoutes(payroll),
  initCompany: seedSalaryTypes,
});
