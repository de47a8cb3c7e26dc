// Schemas of Tase's payroll reports (all of our own design): the Incomes Register earnings payment report of a
// slip, the employee's year summary and the company's monthly employer contributions.
import { Addition, DateString, DecimalNumber, Id, Money, PathId, Type } from '../platform/schema.ts';

const Period = Type.Object(
  { start: DateString(), end: DateString() },
  { title: 'IncomesRegisterPayPeriod', additionalProperties: false },
);

export const SalarySlipIncomesReport = Addition(
  Type.Object(
    {
      salarySlipId: Id(),
      incomesRegisterReportingSetting: Type.String({
        description:
          "The slip's setting: only FORM_BOTH_REPORTS slips go into the batch message of " +
          '`tase admin payroll incomes-register`; the others are reported elsewhere or not at all.',
      }),
      reportId: Type.String({ description: "The payer's report id: the company and the slip." }),
      payer: Type.Object(
        { businessId: Type.String(), name: Type.String() },
        { title: 'IncomesRegisterPayer', additionalProperties: false },
      ),
      incomeEarner: Type.Object(
        { personalIdentityCode: Type.Union([Type.String(), Type.Null()]), name: Type.String() },
        { title: 'IncomesRegisterIncomeEarner', additionalProperties: false },
      ),
      paymentDate: DateString(),
      payPeriod: Period,
      transactions: Type.Array(
        Type.Object(
          {
            incomeTypeCode: Type.Integer({
              description: 'The income type of the Incomes Register (101, 201, 402, …).',
            }),
            amount: Money(),
          },
          { title: 'IncomesRegisterTransaction', additionalProperties: false },
        ),
      ),
    },
    {
      title: 'SalarySlipIncomesReport',
      additionalProperties: false,
      description:
        "Tase: the Incomes Register earnings payment report of an approved slip, every amount one of the slip's.",
    },
  ),
);

const figureFields = {
  slips: Type.Integer({ description: 'Approved slips counted.' }),
  taxablePay: Money(),
  paidEarnings: Money(),
  fringeBenefits: Money(),
  taxFreeItems: Money(),
  withholding: Money(),
  taxAtSource: Money(),
  employeePension: Money(),
  employeeUnemployment: Money(),
  netPayDeductions: Money(),
  netPay: Money(),
  employer: Type.Object(
    {
      pension: Money(),
      healthInsurance: Money(),
      unemployment: Money(),
      accident: Money(),
      groupLife: Money(),
    },
    { title: 'PayrollEmployerFigures', additionalProperties: false },
  ),
};

export const PayrollYearSummary = Addition(
  Type.Object(
    {
      year: Type.Integer(),
      ...figureFields,
      months: Type.Array(
        Type.Object(
          { month: Type.String({ description: '`YYYY-MM` of the payday.' }), ...figureFields },
          { title: 'PayrollMonthFigures', additionalProperties: false },
        ),
      ),
    },
    {
      title: 'PayrollYearSummary',
      additionalProperties: false,
      description: "Tase: the employee's year from the approved slips paid in it, by month of payday.",
    },
  ),
);

export const EmployerContributionSummary = Addition(
  Type.Array(
    Type.Object(
      {
        month: Type.String({ description: '`YYYY-MM` of the payday.' }),
        slips: Type.Integer(),
        pension: Money({ description: 'Employer TyEL (6130).' }),
        healthInsurance: Money({ description: 'Health insurance contribution (6300).' }),
        unemployment: Money({ description: 'Unemployment insurance (6410).' }),
        accident: Money({ description: 'Accident insurance (6400).' }),
        groupLife: Money({ description: 'Group life insurance (6430).' }),
        total: Money(),
      },
      { title: 'EmployerContributionMonth', additionalProperties: false },
    ),
    { description: "Tase: the employer contributions of the company's approved slips, by month of payday." },
  ),
);

export const YearQuery = Type.Object({
  year: Type.Optional(
    Addition(
      DecimalNumber({
        scale: 0,
        minimum: 1900,
        maximum: 9999,
        description: 'Calendar year of the paydays; this year when left out.',
      }),
    ),
  ),
});

export const EmployeeParam = Type.Object({ employeeId: PathId('Employee id (int32).') });
