// HTTP of payroll.
import { route, view, type RouteDef } from '../platform/route.ts';
import { SalaryTypeQuery, SalaryTypeSearchResult } from './schemas.ts';
import type { PayrollService } from './service.ts';

const TAGS = ['Payroll'];

export function payrollRoutes(payroll: PayrollService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/payrolls/salarytypes',
      right: view('salaries.salaries'),
      tags: TAGS,
      summary: 'List the salary types of the company',
      description:
        'The Finnish salary type catalogue the company was set up with: category, Incomes Register income type, what ' +
        'each type affects and its default accounts. `name` and `incomeType` match a part, case-insensitively; ' +
        'ordered by code.',
      schema: { querystring: SalaryTypeQuery, response: { 200: SalaryTypeSearchResult } },
      handler: ({ auth, query }) => payroll.salaryTypes(auth.companyId, query),
    }),
  ];
}
