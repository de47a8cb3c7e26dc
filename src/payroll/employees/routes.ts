// HTTP of payroll.
import { Type, PathId64, type Static } from '../../platform/schema.ts';
import type { TObject } from '@sinclair/typebox';
import { route, view, edit, type RouteDef } from '../../platform/route.ts';
import { parseId } from '../../platform/batch.ts';
import {
  EmployeeQuery,
  EmployeeSearchResult,
  Employment,
  SalaryInfo,
  SalaryTypeQuery,
  SalaryTypeSearchResult,
  TaxCard,
} from './schemas.ts';
import type { PayrollService } from '../service.ts';
import type { EmployeeRecords } from './registers.ts';
import type { EmployeeRecordTable } from './store.ts';

const TAGS = ['Payroll'];
const EMPLOYEES = 'salaries.employeeRegister' as const;
const TAX_CARDS = 'salaries.taxCards' as const;
const EmployeeParam = Type.Object({ employeeId: PathId64('Employee id (int64).') });

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
      // the pension provider and policy are additions a client of the real interface never sees
      keepsAdditions: ({ auth, params }) =>
        registers.salaryInfo(auth.companyId, parseId(params.employeeId, 'Employee')),
      handler: ({ auth, params, body }) =>
        registers.replaceSalaryInfo(auth.companyId, parseId(params.employeeId, 'Employee'), body),
    }),
    ...recordRoutes({
      segment: 'taxcards',
      idName: 'taxCardId',
      noun: 'tax card',
      leaf: TAX_CARDS,
      schema: TaxCard,
      records: registers.taxCards,
      rules:
        '`incomeType` is null, `00000`, `000024` to `000040` or `000042`; a TAX_AT_SOURCE card has none (400 ' +
        "'Invalid tax card income type', `INVALID_TAX_CARD_INCOME_TYPE`). Listed by `validFrom`.",
    }),
    ...recordRoutes({
      segment: 'employments',
      idName: 'employmentId',
      noun: 'employment',
      leaf: EMPLOYEES,
      schema: Employment,
      records: registers.employments,
      rules: '`endDate` may not be before `startDate`.',
    }),
  ];
}

/** The routes of one kind of record of an employee: list, add, read, replace (current `version` required), delete. */
export function recordRoutes<S extends TObject, T extends EmployeeRecordTable>(o: {
  segment: string;
  idName: string;
  noun: string;
  leaf: typeof EMPLOYEES | typeof TAX_CARDS;
  schema: S;
  records: EmployeeRecords<T, Static<S>>;
  rules: string;
}): RouteDef[] {
  const base = `/payrolls/employees/:employeeId/salaryinfo/${o.segment}`;
  const one = `${base}/:${o.idName}`;
  const noun = o.noun[0].toUpperCase() + o.noun.slice(1);
  const Params = Type.Object({
    employeeId: PathId64('Employee id (int64).'),
    [o.idName]: PathId64(`${noun} id (int64).`),
  });
  const ids = (params: Record<string, number>) =>
    [parseId(params.employeeId, 'Employee'), parseId(params[o.idName], noun)] as const;
  return [
    route({
      method: 'GET',
      path: base,
      right: view(o.leaf),
      tags: TAGS,
      summary: `List the ${o.noun}s of an employee`,
      schema: { params: EmployeeParam, response: { 200: Type.Array(o.schema) } },
      handler: ({ auth, params }) => o.records.list(auth.companyId, parseId(params.employeeId, 'Employee')),
    }),
    route({
      method: 'POST',
      path: base,
      right: edit(o.leaf),
      tags: TAGS,
      summary: `Add a ${o.noun}`,
      description: o.rules,
      schema: { params: EmployeeParam, body: o.schema, response: { 200: o.schema } },
      handler: ({ auth, params, body }) =>
        o.records.create(auth.companyId, parseId(params.employeeId, 'Employee'), body),
    }),
    route({
      method: 'GET',
      path: one,
      right: view(o.leaf),
      tags: TAGS,
      summary: `Get a ${o.noun}`,
      schema: { params: Params, response: { 200: o.schema } },
      handler: ({ auth, params }) => o.records.get(auth.companyId, ...ids(params)),
    }),
    route({
      method: 'PUT',
      path: one,
      version: 'required',
      right: edit(o.leaf),
      tags: TAGS,
      summary: `Replace a ${o.noun}`,
      description: `${o.rules} The current \`version\` is required.`,
      schema: { params: Params, body: o.schema, response: { 200: o.schema } },
      keepsAdditions: ({ auth, params }) => o.records.get(auth.companyId, ...ids(params)),
      handler: ({ auth, params, body }) => o.records.replace(auth.companyId, ...ids(params), body),
    }),
    route({
      method: 'DELETE',
      path: one,
      right: edit(o.leaf),
      tags: TAGS,
      summary: `Delete a ${o.noun}`,
      schema: { params: Params, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await o.records.remove(auth.companyId, ...ids(params));
        return reply.code(204).send();
      },
    }),
  ];
}
