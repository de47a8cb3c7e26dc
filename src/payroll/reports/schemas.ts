// Schemas of Tase's payroll reports (all of our own design): the Incomes Register earnings payment report of a
// slip, the employee's year summary and the company's monthly employer contributions.
import { Addition, DateString, DecimalNumber, Id, Money, PathId, Type } from '../../platform/schema.ts';

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
      actionCode: Type.Integer({
        description:
          '1 a new report; 2 a replacement report of the same `reportId`, for a slip approved again after its ' +
          'report was delivered (`tase admin payroll incomes-register`).',
      }),
      payer: Type.Object(
        { businessId: Type.String(), name: Type.String() },
        { title: 'IncomesRegisterPayer', additionalProperties: false },
      ),
      incomeEarner: Type.Object(
        {
          personalIdentityCode: Type.Union([Type.String(), Type.Null()]),
          name: Type.String(),
          lastName: Type.Optional(Type.String({ description: 'Without an identity code: reported with MissingId.' })),
          firstName: Type.Optional(Type.String()),
          birthDate: Type.Optional(Type.Union([DateString(), Type.Null()])),
        },
        { title: 'IncomesRegisterIncomeEarner', additionalProperties: false },
      ),
      paymentDate: DateString(),
      payPeriod: Period,
      pensionInsurance: Type.Union(
        [
          Type.Object(
            {
              actCode: Type.Integer({ description: "1 an employee's earnings-related pension, 2 MYEL, 3 YEL." }),
              providerCode: Type.Optional(Type.Integer()),
              policyNumber: Type.Optional(Type.String()),
            },
            { title: 'IncomesRegisterPensionInsurance', additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: "From the salary info's pension insurance; null when no TyEL is due." },
      ),
      insuranceExceptions: Type.Array(Type.Integer(), {
        description:
          "The register's exception codes of the whole report: 1 no obligation to provide any insurance, 2–5 " +
          'none for pension, accident, unemployment and health insurance; 6 and 7–10 the same outside Finnish ' +
          "social security. The salary info's, the slip's, a YEL/MYEL insured earner's and those of the age.",
      }),
      transactions: Type.Array(
        Type.Object(
          {
            incomeTypeCode: Type.Integer({
              description: 'The income type of the Incomes Register (201, 304, 402, …).',
            }),
            amount: Money(),
            carBenefit: Type.Optional(
              Type.Object(
                {
                  limited: Type.Boolean(),
                  ageGroup: Type.String(),
                  kilometers: Type.Optional(Type.Integer()),
                  emissionValue: Type.Optional(Money()),
                },
                { title: 'IncomesRegisterCarBenefit', additionalProperties: false },
              ),
            ),
            dailyAllowance: Type.Optional(Type.Array(Type.String())),
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
