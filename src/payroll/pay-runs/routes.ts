// HTTP of salary bases, salary lists, salary periods and salary slips.
import { Type, PathId64, InfoMessage, ADDITION } from '../../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../../platform/route.ts';
import { batchGet, MAX_ID64 } from '../../platform/batch.ts';
import {
  AccountingQuery,
  NewSalaryList,
  PayLeaves,
  SalaryBase,
  SalaryList,
  SalaryListQuery,
  SalaryListSearchResult,
  SalaryPeriod,
  SalaryPeriodListBasicInfo,
  SalaryPeriodQuery,
  SalarySlip,
  SalarySlipAccounting,
  SalarySlipQuery,
  SalarySlipSearchResult,
  type SalarySlipWire,
} from './schemas.ts';
import type { SalaryBases } from '../bases/salary-base.ts';
import type { SalaryLists } from '../lists/salary-lists.ts';
import type { SalarySlips } from '../slips/salary-slips.ts';
import type { Payslips } from '../slips/payslip.ts';

const TAGS = ['Payroll'];
const SALARIES = 'salaries.salaries' as const;
const BASES = 'salaries.salaryBases' as const;
const EmployeeParam = Type.Object({ employeeId: PathId64('Employee id (int64).') });
const ListParam = Type.Object({ salaryListId: PathId64('Salary list id (int64).') });
const SlipParam = Type.Object({ salarySlipId: PathId64('Salary slip id (int64).') });

const ROW_RULES =
  'Every row names a salary type of the company (`SALARY_TYPE_NOT_FOUND`). A row dimension has a quantity or a ' +
  'percentage, not both (`DIMENSION_QUANTITY_AND_PERCENTAGE`), the shares of a dimension make up the row ' +
  '(`DIMENSION_SHARES_DO_NOT_MAKE_UP_ROW`) and its item is active in that dimension ' +
  '(`DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION`); rows of salary type groups 5, 6 and 8 have no ' +
  'dimensions (`SALARY_TYPE_GROUP_WITHOUT_DIMENSIONS`). All problems are answered together.';

const RESERVED =
  'What is left is the accrual of the approved slips (GET /payrolls/employees/{id}/holidaypay and ' +
  "/workinghourreduction) less what the employee's slips not yet approved pay or take: those days and hours are " +
  'reserved until approved or changed, so two lists cannot pay the same ones.';

export interface PayRuns {
  bases: SalaryBases;
  lists: SalaryLists;
  slips: SalarySlips;
  payslips: Payslips;
}

export function payRunRoutes({ bases, lists, slips, payslips }: PayRuns): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/payrolls/employees/:employeeId/salarybase',
      right: view(BASES),
      tags: TAGS,
      summary: "Get an employee's salary base",
      description: 'The rows each new salary slip of the employee starts from; empty until saved.',
      schema: { params: EmployeeParam, response: { 200: SalaryBase } },
      handler: ({ auth, params }) => bases.get(auth.companyId, params.employeeId),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/employees/:employeeId/salarybase',
      version: 'optional',
      right: edit(BASES),
      tags: TAGS,
      summary: "Replace an employee's salary base",
      description:
        `${ROW_RULES} Saving adds the rows the calculation fills in when the base has earnings: withholding ` +
        '(5010), or tax at source and its deduction (5020, 5030) for a non-resident taxpayer or rows of 2922; the ' +
        "employee's pension and unemployment contributions (6010, 6020) and net pay (8010). While the base has rows " +
        "of 2922 the employee's non-resident flag cannot be cleared (`NON_RESIDENT_FLAG_REQUIRED`). A `version` " +
        'sent must be the current one.',
      schema: { params: EmployeeParam, body: SalaryBase, response: { 200: SalaryBase } },
      keepsAdditions: ({ auth, params }) => bases.get(auth.companyId, params.employeeId),
      handler: ({ auth, params, body }) => bases.replace(auth.companyId, params.employeeId, body),
    }),
    route({
      method: 'POST',
      path: '/payrolls/salarylists',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Create a salary list and its slips',
      description:
        "One CREATED slip per employee from the employee's salary base, calculated at once: gross pay, withholding " +
        'by the tax card valid on the payday (60 % without one, tax at source for a TAX_AT_SOURCE card), the ' +
        "employee's TyEL and unemployment insurance by age, the employer's contributions; the entry's insurance " +
        'percentages replace the defaults. `holidayPayData` adds holiday pay (1510) and holiday bonus (1520) rows ' +
        "of the last credit year ended under the company's holiday terms (GET /payrolls/holidayterms): a day at a " +
        "25th of the monthly salary, for the hourly-paid at the credit year's holiday pay over its days; with the " +
        'holiday (WITH_HOLIDAY) the bonus of the days taken as far as bonus days are left. ' +
        `${RESERVED} Holiday days, bonus days or additional leave days asked beyond what is left, and working hour ` +
        'reduction (1459) hours beyond what is left of this year, are `PAY_LEAVE_NOT_AVAILABLE`. ' +
        'The list of the period an employment ends in pays the holiday compensation (1530) not yet paid or ' +
        'reserved, and, where the terms pay the bonus on compensation, the bonus days left of each credit year ' +
        'compensated as holiday bonus (1520) rows. An employee once per list ' +
        '(`DUPLICATE_SALARY_LIST_EMPLOYEE`); a payday of a year without rates is `NO_PAYROLL_RATES_FOR_YEAR`; a car ' +
        'benefit (3010) of a 2026 payday has no emission value (`CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED`).',
      schema: { body: NewSalaryList, response: { 200: SalaryList } },
      handler: ({ auth, body }) => lists.create(auth.companyId, auth.userId, body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salarylists',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Search salary lists',
      description: 'By payment period (lists meeting the range) and a part of the name; by id.',
      schema: { querystring: SalaryListQuery, response: { 200: SalaryListSearchResult } },
      handler: ({ auth, query }) => lists.search(auth.companyId, query),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salarylists/:salaryListId',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Get a salary list',
      description: 'With its slips that are not INVALIDATED; `version` changes with every change of a slip.',
      schema: { params: ListParam, response: { 200: SalaryList } },
      handler: ({ auth, params }) => lists.get(auth.companyId, params.salaryListId),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salarylists/:salaryListId/approve',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Approve every unfinished slip of a salary list',
      description:
        'Tase: approves each CREATED slip of the list as `PUT /payrolls/salaryslips/{id}/approve` does, all in one ' +
        "transaction: every slip or none. A slip's problem names it in the field (`salarySlips[id].…`).",
      schema: { ...ADDITION, params: ListParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => slips.approveList(auth.companyId, params.salaryListId),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryperiods',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'List the salary period lists of a holiday credit year',
      description:
        "Each salary list is a salary period list; its holiday credit year is the list's `holidayYear`, else the " +
        'credit year (1 April – 31 March, named by the year it ends in) of its payment period start. None is a 404.',
      schema: { querystring: SalaryPeriodQuery, response: { 200: Type.Array(SalaryPeriodListBasicInfo) } },
      handler: ({ auth, query }) => lists.periodLists(auth.companyId, query.holidayCreditYear),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryperiods/:salaryListId',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Get the salary periods of a salary period list',
      description: '`calendarWorkdays` counts Monday to Friday in the payment period.',
      schema: { params: ListParam, response: { 200: Type.Array(SalaryPeriod) } },
      handler: ({ auth, params }) => lists.periods(auth.companyId, params.salaryListId),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryslips',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Search salary slips',
      description:
        "By payday range, a part of the employee's name (case-insensitive), slip numbers and statuses (UNFINISHED " +
        'is CREATED); paged, by id.',
      schema: { querystring: SalarySlipQuery, response: { 200: SalarySlipSearchResult } },
      handler: ({ auth, query }) => slips.search(auth.companyId, query),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryslips/:salarySlipId',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Get one salary slip or a batch of slips',
      description: 'Up to 200 comma-separated ids; several ids answer a list of those found, ordered by id.',
      schema: {
        params: Type.Object({
          salarySlipId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }),
        }),
        response: { 200: Type.Union([SalarySlip, Type.Array(SalarySlip)]) },
      },
      handler: ({ auth, params }) =>
        batchGet<SalarySlipWire & { id: number }>(
          params.salarySlipId,
          'Salary slip',
          'salarySlipId',
          (ids) => slips.getMany(auth.companyId, ids),
          MAX_ID64,
        ),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salaryslips/:salarySlipId',
      version: 'required',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Replace a salary slip',
      description:
        `Only CREATED slips (\`SALARY_SLIP_STATUS\`). Rows may change or be added and the payday may move; the ` +
        `slip is recalculated (rows of the calculated types are written by the service). ${ROW_RULES} Where the ` +
        'working hour reduction (1459) hours of a year grow, the slip may not pay more of them than the approved ' +
        "slips leave of this year (none of another) less what the employee's other slips not approved reserve " +
        '(`PAY_LEAVE_NOT_AVAILABLE`); holiday rows typed in are checked when the slip is approved. A car ' +
        'benefit (3010) paid in 2026 has an emission value of 0 or null (`CAR_BENEFIT_EMISSION_VALUE_NOT_ALLOWED`). ' +
        'The current `version` is required.',
      schema: { params: SlipParam, body: SalarySlip, response: { 200: SalarySlip } },
      keepsAdditions: async ({ auth, params }) => (await slips.getMany(auth.companyId, [params.salarySlipId]))[0],
      handler: ({ auth, params, body }) => slips.replace(auth.companyId, params.salarySlipId, body),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salaryslips/:salarySlipId/approve',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Approve a salary slip',
      description:
        'CREATED → APPROVED (`SALARY_SLIP_STATUS` otherwise), recalculated with the tax card as it is now. Books a ' +
        'SALARY receipt (earnings; withholding, pension and unemployment liabilities; net pay payable 2940) and an ' +
        "EMPLOYER_CONTRIBUTION receipt dated the slip's accounting date, and counts the pay against the tax card's " +
        "income limit (`limitUsed`). Checked again against what the approved slips leave, under the employee's " +
        'lock: holiday compensation (1530) of more days than are left unpaid is ' +
        '`HOLIDAY_COMPENSATION_ALREADY_PAID`; more holiday days (1510 and 1530), holiday bonus days (1520), ' +
        'additional leave days or working hour reduction hours of this year (1459 rows and leaves) than are left ' +
        'are `PAY_LEAVE_NOT_AVAILABLE`. Of two slips paying the same days the one approved first pays.',
      schema: { params: SlipParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => slips.approve(auth.companyId, params.salarySlipId),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salaryslips/:salarySlipId/cancelapproval',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Cancel the approval of a salary slip',
      description:
        "Only APPROVED slips (`SALARY_SLIP_STATUS`): both receipts are reversed, the tax card's `limitUsed` " +
        'given back, and the slip is CREATED again.',
      schema: { params: SlipParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => slips.cancelApproval(auth.companyId, params.salarySlipId),
    }),
    route({
      method: 'POST',
      path: '/payrolls/salaryslips/:salarySlipId/payleaves',
      since: '26.10',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Add pay leaves to a salary slip',
      description:
        'Version 26.10 and later. Only CREATED slips (`SALARY_SLIP_STATUS`); all or nothing, adds rows only, and the ' +
        'slip is recalculated. `holidayPayLeaves`: holidays of a credit year (`holidayCreditYear`, the year 1.4.–31.3. ' +
        'begins in, as in GET /payrolls/employees/{id}/holidaypay) become a holiday pay (1510) row of `holidayDays` ' +
        "and a holiday bonus (1520) row of `holidayBonusDays`, a day at the worth of the credit year's days left " +
        "(1/25 of the monthly salary for the monthly-paid), the bonus the credit year's percentage of it (GET " +
        '/payrolls/holidayterms), with the credit year as their ' +
        'earnings period; additional leave days are kept on the slip. `workingHourReductionLeaves`: hours (or days ' +
        'of 8 hours) of this calendar year, kept on the slip (the salary runs on). Once the slip is approved they ' +
        'are used from the holidays and the working hour reduction left. More than is left of the credit year ' +
        "(less what the slip already pays and what the employee's other slips not approved reserve) is " +
        '`PAY_LEAVE_NOT_AVAILABLE`; every problem is answered together.',
      schema: { ...ADDITION, params: SlipParam, body: PayLeaves, response: { 200: SalarySlip } },
      handler: ({ auth, params, body }) => slips.addPayLeaves(auth.companyId, params.salarySlipId, body),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryslips/:salarySlipId/accounting',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'Get the accounting of an approved salary slip',
      description: 'The SALARY receipt of the slip; 404 before approval.',
      schema: { params: SlipParam, response: { 200: SalarySlipAccounting } },
      handler: ({ auth, params }) => slips.accounting(auth.companyId, params.salarySlipId),
    }),
    route({
      method: 'PUT',
      path: '/payrolls/salaryslips/:salarySlipId/accounting',
      version: 'optional',
      right: edit(SALARIES),
      tags: TAGS,
      summary: 'Replace the accounting of an approved salary slip',
      description:
        'Rewrites the SALARY receipt: accounts, descriptions and dimension entries (`dimensionItemValues`) of its ' +
        'lines. Lines sent with their `id` keep it; the lines must balance unless `createReconciliation` books the ' +
        'difference to 2940.',
      schema: {
        params: SlipParam,
        querystring: AccountingQuery,
        body: SalarySlipAccounting,
        response: { 200: SalarySlipAccounting },
      },
      handler: ({ auth, params, query, body }) =>
        slips.replaceAccounting(auth.companyId, params.salarySlipId, body, query.createReconciliation ?? false),
    }),
    route({
      method: 'GET',
      path: '/payrolls/salaryslips/:salarySlipId/pdf',
      right: view(SALARIES),
      tags: TAGS,
      summary: 'The payslip of a salary slip as a PDF',
      description:
        'A PDF/A-2b payslip for the employee: earnings, deductions and net pay, the employer contributions for ' +
        'information, the year-to-date figures of the approved slips and the holiday pay paid this year. Drawn in a ' +
        'worker thread within TASE_RENDER_TIMEOUT_MS (503 `DOCUMENT_RENDER_TIMEOUT` past it, `DOCUMENT_RENDER_BUSY` ' +
        'when every renderer is busy).',
      schema: {
        ...ADDITION,
        params: SlipParam,
        response: {
          200: {
            description: 'The payslip.',
            content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
          } as never,
        },
      },
      handler: async ({ auth, params }, reply) => {
        const pdf = await payslips.pdf(auth.companyId, params.salarySlipId);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="payslip-${params.salarySlipId}.pdf"`);
        return reply.send(pdf);
      },
    }),
  ];
}
