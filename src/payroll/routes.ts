// HTTP of payroll.
import { Type, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import {
  EmployeeQuery,
  EmployeeSearchResult,
  SalaryInfo,
  SalaryTypeQuery,
  SalaryTypeSearchResult,
  TaxCard,
} from './schemas.ts';
import type { PayrollService } from './service.ts';

const TAGS = ['Payroll'];
const EMPLOYEES = 'salaries.employeeRegister' as const;
const TAX_CARDS = 'salaries.taxCards' as const;
const EmployeeParam = Type.Object({ employeeId: PathId('Employee id (int32).') });
const TaxCardParams = Type.Object({
  employeeId: PathId('Employee id (int32).'),
  taxCardId: PathId('Tax card id (int32).'),
});

export function payrollRoutes(payroll: PayrollService): RouteDef[] {
  const registers = payroll.registers;
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
    route({
      method: 'GET',
      path: '/payrolls/employees',
      right: view(EMPLOYEES),
      tags: TAGS,
      summary: 'List the employees',
      description:
        'Persons with salary info, by employee id. Inactive persons only with `includeInactive=true`. `ssn` is the ' +
        "person's personal identity code; `birthDate` comes from it.",
      schema: { querystring: EmployeeQuery, response: { 200: EmployeeSearchResult } },
      handler: ({ auth, query }) => registers.searchEmployees(auth.companyId, query),
    }),
    route({
      method: 'POST',
      path: '/payrolls/employees/salaryinfo',
      right: edit(EMPLOYEES),
      tags: TAGS,
      summary: 'Make a person an employee: add salary info',
      description:
        'The person must be in the register (404); one salary info per person (400 EMPLOYEE_EXISTS). A personal ' +
        'identity code the person has must be valid, century sign included (400 INVALID_PERSONAL_IDENTITY_CODE).',
      schema: { body: SalaryInfo, response: { 200: SalaryInfo } },
      handler: ({ auth, body }) => registers.createSalaryInfo(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/salaryinfo',
      right: view(EMPLOYEES),
      tags: TAGS,
      summary: 'Get the salary info of an employee',
      schema: { params: EmployeeParam, response: { 200: SalaryInfo } },
      handler: ({ auth, params }) => registers.salaryInfo(auth.companyId, parseId(params.employeeId, 'Employee')),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/employees/:employeeId/salaryinfo',
      right: edit(EMPLOYEES),
      tags: TAGS,
      summary: 'Replace the salary info of an employee',
      description:
        'The person cannot change. A `version` sent in a configuration must be the current one (400 STALE_VERSION).',
      schema: { params: EmployeeParam, body: SalaryInfo, response: { 200: SalaryInfo } },
      handler: ({ auth, params, body }) =>
        registers.replaceSalaryInfo(auth.companyId, parseId(params.employeeId, 'Employee'), body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/salaryinfo/taxcards',
      right: view(TAX_CARDS),
      tags: TAGS,
      summary: 'List the tax cards of an employee',
      description: 'Ordered by `validFrom`.',
      schema: { params: EmployeeParam, response: { 200: Type.Array(TaxCard) } },
      handler: ({ auth, params }) => registers.taxCards(auth.companyId, parseId(params.employeeId, 'Employee')),
    }),
    route({
      method: 'POST',
      path: '/payrolls/employees/:employeeId/salaryinfo/taxcards',
      right: edit(TAX_CARDS),
      tags: TAGS,
      summary: 'Add a tax card',
      description:
        '`incomeType` is null, `00000`, `000024` to `000040` or `000042`; a TAX_AT_SOURCE card has none (400 ' +
        "'Invalid tax card income type', `INVALID_TAX_CARD_INCOME_TYPE`).",
      schema: { params: EmployeeParam, body: TaxCard, response: { 200: TaxCard } },
      handler: ({ auth, params, body }) =>
        registers.createTaxCard(auth.companyId, parseId(params.employeeId, 'Employee'), body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/salaryinfo/taxcards/:taxCardId',
      right: view(TAX_CARDS),
      tags: TAGS,
      summary: 'Get a tax card',
      schema: { params: TaxCardParams, response: { 200: TaxCard } },
      handler: ({ auth, params }) =>
        registers.taxCard(
          auth.companyId,
          parseId(params.employeeId, 'Employee'),
          parseId(params.taxCardId, 'Tax card'),
        ),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/employees/:employeeId/salaryinfo/taxcards/:taxCardId',
      version: 'required',
      right: edit(TAX_CARDS),
      tags: TAGS,
      summary: 'Replace a tax card',
      description: 'The rules of POST; the current `version` is required.',
      schema: { params: TaxCardParams, body: TaxCard, response: { 200: TaxCard } },
      handler: ({ auth, params, body }) =>
        registers.replaceTaxCard(
          auth.companyId,
          parseId(params.employeeId, 'Employee'),
          parseId(params.taxCardId, 'Tax card'),
          body,
        ),
    }),
    route({
      method: 'DELETE',
      path: '/payrolls/employees/:employeeId/salaryinfo/taxcards/:taxCardId',
      right: edit(TAX_CARDS),
      tags: TAGS,
      summary: 'Delete a tax card',
      schema: { params: TaxCardParams, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await registers.deleteTaxCard(
          auth.companyId,
          parseId(params.employeeId, 'Employee'),
          parseId(params.taxCardId, 'Tax card'),
        );
        return reply.code(204).send();
      },
    }),
  ];
}
