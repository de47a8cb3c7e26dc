// HTTP of the employee's labor unions, working-hour reduction and holiday pay, and of salaries basic info.
import { Type, PathId64 } from '../../platform/schema.ts';
import { route, view, type RouteDef } from '../../platform/route.ts';
import { parseId } from '../../platform/batch.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordRoutes } from '../employees/routes.ts';
import { approvedSlipHolidays } from '../holidays/worked-months.ts';
import { PayrollTerms } from './terms.ts';
import {
  HolidayPay,
  LaborUnionMembership,
  LaborUnionSettings,
  SalariesBasicInfo,
  SalariesBasicInfoQuery,
  WorkingHourReduction,
} from './schemas.ts';

const TAGS = ['Payroll'];
const EmployeeParam = Type.Object({ employeeId: PathId64('Employee id (int64).') });

export function payrollTermsRoutes(ctx: AppContext): RouteDef[] {
  const terms = new PayrollTerms(ctx, approvedSlipHolidays);
  return [
    ...recordRoutes({
      segment: 'laborunionmemberships',
      idName: 'laborUnionMembershipId',
      noun: 'labor union membership',
      leaf: 'salaries.employeeRegister',
      schema: LaborUnionMembership,
      records: terms.laborUnionMemberships,
      rules:
        '`laborUnionSettingId` names a union of GET /payrolls/laborunionsettings (404 when not); `membershipEnd` ' +
        'may not be before `membershipStart`. Listed by `membershipStart`.',
    }),
    route({
      method: 'GET',
      path: '/payrolls/laborunionsettings',
      right: view('salaries.employeeRegister'),
      tags: TAGS,
      summary: 'List the labor unions of the company',
      description: 'The unions memberships refer to; a company starts with the main Finnish unions.',
      schema: { response: { 200: LaborUnionSettings } },
      handler: ({ auth }) => terms.laborUnionSettings(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/workinghourreduction',
      right: view('salaries.employeeRegister'),
      tags: TAGS,
      summary: 'Get the working hour reduction of an employee',
      description:
        'Working hour reduction (työajanlyhennys) left to the employee this calendar year, as the industry ' +
        'agreements with a 40-hour week give it: 8 hours for every 17 days at work; none on a shorter contract ' +
        'week. From the latest employment begun by today; hours used come from approved slips.',
      schema: { params: EmployeeParam, response: { 200: WorkingHourReduction } },
      handler: ({ auth, params }) => terms.workingHourReduction(auth.companyId, parseId(params.employeeId, 'Employee')),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salariesbasicinfo',
      right: view('salaries.salaries'),
      tags: TAGS,
      summary: "Get the company's salaries basic info",
      description:
        'The yearly figures of a calendar year (this year when `year` is left out): the employer contribution ' +
        'rates of the year and the wage sum paid; 404 for a year without statutory rates. Work hours and the ' +
        'Incomes Register configuration.',
      schema: { querystring: SalariesBasicInfoQuery, response: { 200: SalariesBasicInfo } },
      handler: ({ auth, query }) => terms.salariesBasicInfo(auth.companyId, query.year?.toNumber()),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/holidaypay',
      right: view('salaries.salaries'),
      tags: TAGS,
      summary: 'Get the holidays earned and left of an employee',
      description:
        'Under the Annual Holidays Act: holiday credit years 1.4.–31.3. (`holidayCreditYear` is the year one ' +
        'begins in); 2 days per full month, 2.5 after a year of employment by 31.3.; a month is full with 14 days ' +
        'at work, or 35 hours for those who by contract work fewer than 14 days a month. Holiday pay of the days ' +
        'left: 1/25 of the monthly salary a day for the monthly-paid, the average daily pay × the coefficient of ' +
        '§11 for the hourly-paid, 9 % (11.5 % after a year) of the pay earned under the 35-hour rule. From the ' +
        'latest employment begun by today and the salary info; holidays taken come from approved slips. Additional ' +
        "leave days as the company's holiday terms give them (GET /payrolls/holidayterms).",
      schema: { params: EmployeeParam, response: { 200: HolidayPay } },
      handler: ({ auth, params }) => terms.holidayPay(auth.companyId, parseId(params.employeeId, 'Employee')),
    }),
  ];
}
