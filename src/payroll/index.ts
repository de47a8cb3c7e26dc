// Payroll: salary types, and (src/domain/payroll) the Finnish salary calculation.
import { defineArea } from '../platform/area.ts';
import { payrollMigrations } from './migrations.ts';
import { payrollRoutes } from './routes.ts';
import { PayrollService, seedSalaryTypes } from './service.ts';
import { payrollTermsMigrations } from './terms-migrations.ts';
import { payrollTermsRoutes } from './terms-routes.ts';
import { seedLaborUnionSettings } from './unions.ts';

export const payrollArea = defineArea({
  name: 'payroll',
  tags: [{ name: 'Payroll', description: 'Salary types, employees and their tax cards.' }],
  rights: ['salaries.salaries', 'salaries.employeeRegister', 'salaries.taxCards'],
  tables: {
    company: [
      'salary_types',
      'employees',
      'tax_cards',
      'employments',
      'labor_union_settings',
      'labor_union_memberships',
    ],
  },
  migrations: { ...payrollMigrations, ...payrollTermsMigrations },
  create: (ctx) => new PayrollService(ctx),
  routes: (payroll, ctx) => [...payrollRoutes(payroll), ...payrollTermsRoutes(ctx)],
  initCompany: async (db, companyId) => {
    await seedSalaryTypes(db, companyId);
    await seedLaborUnionSettings(db, companyId);
  },
});
