// HTTP of Tase's payroll reports: a slip's Incomes Register report, the employee's year, the employer's months.
import { ADDITION, Type, PathId64 } from '../../platform/schema.ts';
import { route, view, type RouteDef } from '../../platform/route.ts';
import { parseId } from '../../platform/batch.ts';
import type { AppContext } from '../../platform/context.ts';
import { PayrollReports } from './reports.ts';
import {
  EmployeeParam,
  EmployerContributionSummary,
  PayrollYearSummary,
  SalarySlipIncomesReport,
  YearQuery,
} from './schemas.ts';

const TAGS = ['Payroll'];
const SALARIES = 'salaries.salaries' as const;
/** The year asked for, this year when left out. */
const yearOf = (ctx: AppContext, year: { toNumber(): number } | undefined) =>
  year?.toNumber() ?? ctx.clock.now().getUTCFullYear();
const SlipParam = Type.Object({ salarySlipId: PathId64('Salary slip id (int64).') });

export function payrollReportRoutes(ctx: AppContext): RouteDef[] {
  const reports = new PayrollReports(ctx);
  return [
    route({
      method: 'GET',
      path: '/payrolls/salaryslips/:salarySlipId/incomesregister',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'The Incomes Register earnings payment report of an approved salary slip',
      description:
        'Payer, income earner, payment date, pay period, pension insurance, exceptions to insurance and every ' +
        'amount by income type, as the batch message reports it: wages itemised by their income type (201, 213, ' +
        '234, …, never also as the 101 total), fringe benefits and allowances under their own (304 with its car ' +
        'benefit details, 331 with its daily allowance kinds, 311, …), 102–106 only where the pay an insurance is ' +
        'due on differs from the taxable pay, 402 withholding or 404/405 tax at source and its deduction, 413 and ' +
        "414 the employee TyEL and unemployment insurance, the deductions from net pay (401, 407, 408). Every amount is one of the slip's " +
        'to the cent. 404 for a slip not APPROVED. `incomesRegisterReportingSetting` says whether the slip goes ' +
        'into the batch message (`tase admin payroll incomes-register --payday D`): only FORM_BOTH_REPORTS. ' +
        '`actionCode` 2 replaces the report delivered for the same payday (same `reportId`); a slip whose delivered ' +
        'report was cancelled, or that moved to another payday, is reported anew under a new `reportId`. 400 naming ' +
        "the salary info's field for a TyEL insured earner without the pension provider code or policy number.",
      schema: { ...ADDITION, params: SlipParam, response: { 200: SalarySlipIncomesReport } },
      handler: ({ auth, params }) => reports.incomesReport(auth.companyId, params.salarySlipId),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/yearsummary',
      right: view(SALARIES),
      tags: TAGS,
      summary: "The employee's payroll year",
      description:
        'The taxable pay, paid earnings, fringe benefits, tax-free items, withholding, tax at source, the ' +
        "employee's and the employer's contributions and net pay of the approved slips paid in the year, by month " +
        'of payday and for the year.',
      schema: { ...ADDITION, params: EmployeeParam, querystring: YearQuery, response: { 200: PayrollYearSummary } },
      handler: ({ auth, params, query }) =>
        reports.yearSummary(auth.companyId, parseId(params.employeeId, 'Employee'), yearOf(ctx, query.year)),
    }),
    route({
      method: 'GET',
      path: '/payrolls/employercontributions',
      right: view(SALARIES),
      tags: TAGS,
      summary: "The company's employer contributions by month",
      description:
        'Employer TyEL, health insurance, unemployment, accident and group life insurance of the approved slips ' +
        'paid in the year, by month of payday: the amounts the EMPLOYER_CONTRIBUTION receipts of the slips booked.',
      schema: { ...ADDITION, querystring: YearQuery, response: { 200: EmployerContributionSummary } },
      handler: ({ auth, query }) => reports.employerContributions(auth.companyId, yearOf(ctx, query.year)),
    }),
  ];
}
