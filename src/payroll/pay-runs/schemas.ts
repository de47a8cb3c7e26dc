// Wire shapes of salary bases, salary lists, salary periods and salary slips (the real interface's types, with
// Tase's additions marked).
import { EMPLOYMENT_TERMS, INSURANCE_EXCEPTIONS } from '../employees/schemas.ts';
import { DAILY_ALLOWANCE_KINDS } from '../../domain/payroll/incomes-register.ts';
import {
  Type,
  Addition,
  DateString,
  DateTimeString,
  DecimalNumber,
  Id,
  Money,
  StringEnum,
  Page,
  Text,
  type Static,
  Id64,
  Int64,
} from '../../platform/schema.ts';

const SALARY_CHANNELS = ['NO_SENDING', 'MAIL', 'EMAIL', 'MOBILE', 'ESALARY'];
const SLIP_STATUSES = [
  'APPROVED',
  'CREATED',
  'INVALIDATED',
  'IN_CORRECTION',
  'PAID',
  'PAYMENT_QUEUED',
  'REPORTED',
  'REPORTED_AND_PAID',
  'REPORTED_AND_PAYMENT_QUEUED',
];
const PAID_DETAILS = ['MARKED_PAID', 'PAYMENT_SENT_TO_BANK', 'PARTLY_PAID'];
const ReadOnlyId = () => Type.Optional(Id64({ readOnly: true }));
const ReadOnlyVersion = () =>
  Type.Optional(DateTimeString({ readOnly: true, description: 'Optimistic lock: the current version on PUT.' }));
const RowAmount = (description: string) =>
  Type.Optional(DecimalNumber({ scale: 4, minimum: '-999999999.99', maximum: '999999999.99', description }));
const Percent = () => Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 100 }));

const RowDimension = Type.Object(
  {
    dimensionId: Id(),
    itemId: Id(),
    quantity: Type.Optional(
      DecimalNumber({ scale: 4, minimum: 0, maximum: '999999999.99', description: "A share of the row's quantity." }),
    ),
    percentage: Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 100, description: 'A share in %.' })),
  },
  { title: 'SalaryRowDimension', additionalProperties: false },
);
export type RowDimensionWire = Static<typeof RowDimension>;

const RowDimensions = () =>
  Type.Optional(
    Addition(
      Type.Array(RowDimension, {
        maxItems: 100,
        description:
          "Tase: the row's cost split over dimension items, each by `quantity` (of the row's quantity) or by " +
          '`percentage`, never both; the shares of a dimension make up the whole row. Not for salary type groups ' +
          '5, 6 and 8.',
      }),
    ),
  );

const CAR_BENEFIT_VALUATIONS = ['MONTHLY', 'PER_KILOMETRE'] as const;
const CarBenefitDetails = {
  id: ReadOnlyId(),
  carAgeGroup: StringEnum(['A', 'ABROAD', 'B', 'C']),
  benefitLimited: Type.Boolean(),
  emissionValue: Type.Optional(
    Type.Union([DecimalNumber({ scale: 4, minimum: 0, maximum: 100 }), Type.Null()], {
      description: 'CO₂ emission value; 0 or null for paydays in 2026 (the emission deduction ended).',
    }),
  ),
  valuationMethod: Type.Optional(
    Addition(
      StringEnum([...CAR_BENEFIT_VALUATIONS], {
        description:
          "Tase: how the benefit's value was set by the Tax Administration's decision on benefits in kind: MONTHLY " +
          '(a percentage of the new-car price plus a fixed sum a month; when left out) or PER_KILOMETRE (the ' +
          "percentage plus cents per kilometre driven privately, by a driver's log), which needs `kilometers`.",
      }),
    ),
  ),
  kilometers: Type.Optional(
    Addition(
      Type.Integer({
        minimum: 0,
        maximum: 99999,
        format: 'int32',
        description:
          'Tase: the kilometres driven privately in the pay period, for a benefit valued PER_KILOMETRE (reported ' +
          "to the Incomes Register as the car benefit's Kilometers).",
      }),
    ),
  ),
};

const RecoveryDetails = {
  id: ReadOnlyId(),
  netRecoveryTaxValue: Type.Optional(Money({ minimum: 0, maximum: '999999999.99' })),
  paymentPeriodStart: DateString(),
  paymentPeriodEnd: DateString(),
  earningsPeriodStart: Type.Optional(DateString()),
  earningsPeriodEnd: Type.Optional(DateString()),
  payday: Type.Optional(DateString()),
};

const AllowanceKind = () =>
  Type.Optional(
    Addition(
      StringEnum([...DAILY_ALLOWANCE_KINDS], {
        description:
          "Tase: the kind of a daily allowance (income type 331; on no other row) as the Incomes Register's " +
          'AllowanceCode tells it: PART_DAY, FULL_DAY (when left out), MEAL_ALLOWANCE or FOREIGN.',
      }),
    ),
  );

const BaseRow = Type.Object(
  {
    id: ReadOnlyId(),
    salaryTypeCode: Int64(),
    customName: Type.Optional(Text(255)),
    quantity: RowAmount('Quantity (hours, pieces, months).'),
    unitValue: RowAmount('Value of one unit.'),
    paymentPercent: Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 2147483647 })),
    recoveryDetails: Type.Optional(Type.Object(RecoveryDetails, { title: 'RecoveryRowDetails' })),
    carBenefitDetails: Type.Optional(Type.Object(CarBenefitDetails, { title: 'CarBenefitRowDetails' })),
    baseSalaryRow: Type.Optional(Type.Boolean()),
    dimensions: RowDimensions(),
    allowanceKind: AllowanceKind(),
  },
  { title: 'SalaryBaseRow', additionalProperties: false },
);
export type SalaryBaseRowWire = Static<typeof BaseRow>;

export const SalaryBase = Type.Object(
  {
    id: ReadOnlyId(),
    employeeId: ReadOnlyId(),
    notes: Type.Optional(Text(300)),
    rows: Type.Array(BaseRow, { maxItems: 200 }),
    version: ReadOnlyVersion(),
  },
  { title: 'SalaryBase', additionalProperties: false },
);
export type SalaryBaseWire = Static<typeof SalaryBase>;

const HolidayPayData = Type.Object(
  {
    holidayDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, format: 'int32' })),
    rightForTimeOffAmount: Type.Optional(DecimalNumber({ scale: 2, minimum: '0.01', maximum: '999999999.99' })),
    holidayBonusDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, format: 'int32' })),
    holidayAdditionalLeaveDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, format: 'int32' })),
  },
  { title: 'HolidayPayData', additionalProperties: false },
);

const Positive = (minimum: string) =>
  Type.Optional(
    Type.Union([DecimalNumber({ scale: 5, minimum, maximum: 10000 }), Type.Null()], {
      description: 'Positive or null, never 0.',
    }),
  );

const EmployeeDataForSalarySlip = Type.Object(
  {
    employeeId: Id64(),
    calendarWorkdays: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, format: 'int32' })),
    absentDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, format: 'int32' })),
    pensionInsuranceContributionPercent: Percent(),
    unemploymentInsurancePercent: Percent(),
    accidentInsurancePercent: Percent(),
    groupLifeInsurancePercent: Percent(),
    healthCareInsurancePercent: Percent(),
    holidayPayData: Type.Optional(HolidayPayData),
    workingHourReductionPayData: Type.Optional(
      Type.Object(
        { workingHourReductionDays: Positive('0.5'), workingHourReductionHours: Positive('0.00001') },
        { title: 'WorkingHourReductionPayData', additionalProperties: false },
      ),
    ),
  },
  { title: 'EmployeeDataForSalarySlip', additionalProperties: false },
);
export type EmployeeDataWire = Static<typeof EmployeeDataForSalarySlip>;

const ListHeader = {
  name: Type.String({ minLength: 1, maxLength: 80 }),
  holidayYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, format: 'int32' })),
  paymentPeriodStart: DateString(),
  paymentPeriodEnd: DateString(),
  earningsPeriodStart: Type.Optional(DateString()),
  earningsPeriodEnd: Type.Optional(DateString()),
  accountingDate: DateString(),
  dueDate: DateString(),
  payday: DateString(),
};

export const NewSalaryList = Type.Object(
  {
    ...ListHeader,
    employeesDataForSalarySlip: Type.Array(EmployeeDataForSalarySlip, { minItems: 1, maxItems: 10000 }),
  },
  { title: 'NewSalaryList', additionalProperties: false },
);
export type NewSalaryListWire = Static<typeof NewSalaryList>;

const Figure = () => Type.Optional(Money());

const SalarySlipBasicData = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    employeeName: Type.Optional(Type.String()),
    payday: Type.Optional(DateString()),
    slipNumber: Type.Optional(Type.Integer()),
    status: Type.Optional(StringEnum(SLIP_STATUSES)),
    paidStatusDetails: Type.Optional(StringEnum(PAID_DETAILS)),
    slipNotes: Type.Optional(Type.String()),
    salaryChannel: Type.Optional(StringEnum(SALARY_CHANNELS)),
    sentStatus: Type.Optional(StringEnum(['OBSOLETE', 'OK', 'UNDEFINED'])),
    reportStatus: Type.Optional(StringEnum(['OBSOLETE', 'OK', 'UNDEFINED'])),
    salary: Figure(),
    fringeBenefit: Figure(),
    salaryForIns: Figure(),
    deductionToTaxable: Figure(),
    tax: Figure(),
    taxableCompensation: Figure(),
    taxFreeItems: Figure(),
    otherDeductions: Figure(),
    netPay: Figure(),
    eSalaryStatus: Type.Optional(StringEnum(['SENDING', 'SENT', 'ERROR', 'REPLACED', 'NULL'])),
  },
  { title: 'SalarySlipBasicData', additionalProperties: false },
);
export type SalarySlipBasicDataWire = Static<typeof SalarySlipBasicData>;

export const SalaryList = Type.Object(
  {
    ...ListHeader,
    id: Type.Optional(Type.Integer()),
    salarySlips: Type.Optional(Type.Array(SalarySlipBasicData)),
    version: Type.Optional(DateTimeString()),
  },
  { title: 'SalaryList', additionalProperties: false },
);
export type SalaryListWire = Static<typeof SalaryList>;

const SalaryListBasicData = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Type.Optional(Type.String()),
    numberOfSlips: Type.Optional(Type.Integer({ format: 'int32' })),
    unfinished: Type.Optional(Type.Integer({ format: 'int32' })),
    sent: Type.Optional(Type.Integer({ format: 'int32' })),
    paid: Type.Optional(Type.Integer({ format: 'int32' })),
    reported: Type.Optional(Type.Integer({ format: 'int32' })),
    paymentPeriodStart: Type.Optional(DateString()),
    paymentPeriodEnd: Type.Optional(DateString()),
    created: Type.Optional(DateTimeString()),
    createdBy: Type.Optional(Type.String()),
  },
  { title: 'SalaryListBasicData', additionalProperties: false },
);
export type SalaryListBasicDataWire = Static<typeof SalaryListBasicData>;
export const SalaryListSearchResult = Page(SalaryListBasicData, { title: 'SalaryListSearchResult' });

const Order = () => Type.Optional(StringEnum(['ASC', 'DESC']));
const Size = () => Type.Optional(Type.Integer({ minimum: 1, maximum: 200, format: 'int32' }));
const PageNumber = () => Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32' }));

export const SalaryListQuery = Type.Object({
  paymentPeriodStart: Type.Optional(DateString({ description: 'Lists whose payment period ends on or after it.' })),
  paymentPeriodEnd: Type.Optional(DateString({ description: 'Lists whose payment period starts on or before it.' })),
  name: Type.Optional(Text(80, { description: 'Part of the name, case-insensitive.' })),
  size: Size(),
  page: PageNumber(),
  orderById: Order(),
});
export type SalaryListQueryWire = Static<typeof SalaryListQuery>;

export const SalaryPeriodQuery = Type.Object({
  holidayCreditYear: Type.Integer({
    minimum: 2000,
    maximum: 2100,
    format: 'int32',
    description: 'The holiday credit year (1 April to 31 March) by the year it ends in.',
  }),
});

export const SalaryPeriodListBasicInfo = Type.Object(
  { id: Type.Optional(Type.Integer()), name: Type.Optional(Type.String()) },
  { title: 'SalaryPeriodListBasicInfo', additionalProperties: false },
);
export const SalaryPeriod = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Type.Optional(Type.String()),
    paymentPeriodStart: Type.Optional(DateString()),
    paymentPeriodEnd: Type.Optional(DateString()),
    holidayCreditYear: Type.Optional(Type.Integer({ format: 'int32' })),
    calendarWorkdays: Type.Optional(Type.Integer({ format: 'int32' })),
    dueDate: Type.Optional(DateString()),
    payday: Type.Optional(DateString()),
    accountingDate: Type.Optional(DateString()),
  },
  { title: 'SalaryPeriod', additionalProperties: false },
);
export type SalaryPeriodWire = Static<typeof SalaryPeriod>;

const SlipRow = Type.Object(
  {
    id: ReadOnlyId(),
    salaryTypeCode: Int64(),
    customName: Type.Optional(Text(255)),
    quantity: RowAmount('Quantity (hours, pieces, months).'),
    unitValue: RowAmount('Value of one unit.'),
    paymentPercent: Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 2147483647 })),
    recoveryDetails: Type.Optional(
      Type.Object(
        { ...RecoveryDetails, taxAtSourceValue: Type.Optional(Money({ minimum: 0, maximum: '999999999.99' })) },
        { title: 'SalarySlipRecoveryRowDetails' },
      ),
    ),
    carBenefitDetails: Type.Optional(
      Type.Object(
        {
          ...CarBenefitDetails,
          odometerReading: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999999, format: 'int32' })),
        },
        { title: 'SalarySlipCarBenefitRowDetails' },
      ),
    ),
    baseSalaryRow: Type.Optional(Type.Boolean()),
    earningsPeriodStart: Type.Optional(DateString()),
    earningsPeriodEnd: Type.Optional(DateString()),
    showEarningPeriodInExport: Type.Boolean(),
    unjustEnrichment: Type.Boolean(),
    comment: Type.Optional(Text(200)),
    holidayRowDetails: Type.Optional(
      Type.Object(
        {
          holidayCreditYear: Type.Optional(Type.Integer({ format: 'int32', minimum: 2000, maximum: 2100 })),
          holidayPayPercentage: Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 100 })),
          holidayDaysSpent: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, format: 'int32' })),
          holidayBonusCalculationBasis: Type.Optional(
            StringEnum([
              'AVERAGE_DAILY',
              'AVERAGE_HOURLY',
              'MONTHLY_PLUS_SHIFT_COMPENSATIONS',
              'MONTHLY_WITH_STANDARD_DIVIDER',
              'MONTHLY_WITH_WORKDAY_DIVIDER',
              'PERCENTAGE_BASED',
              'PERCENTAGE_FOR_CONSTRUCTION_14_PLUS_4_5',
              'PERCENTAGE_FOR_CONSTRUCTION_18_5_OR_14_PLUS_4_5',
              'RIGHT_FOR_TIME_OFF',
            ]),
          ),
          correction: Type.Optional(Type.Boolean()),
        },
        { title: 'HolidayRowDetails', additionalProperties: false },
      ),
    ),
    workingHourReductionRowDetails: Type.Optional(
      Type.Object(
        { year: Type.Optional(Type.Integer({ format: 'int32', minimum: 2000, maximum: 2100 })) },
        { title: 'WorkingHourReductionRowDetails', additionalProperties: false },
      ),
    ),
    systemNotification: Type.Optional(Type.String({ readOnly: true })),
    dimensions: RowDimensions(),
    allowanceKind: AllowanceKind(),
  },
  { title: 'SalarySlipRow', additionalProperties: false },
);
export type SlipRowWire = Static<typeof SlipRow>;

const WorkingTime = () => DecimalNumber({ scale: 2, minimum: -500, maximum: 500 });

const SlipFigures = Type.Object(
  {
    grossPay: Money({ description: 'Paid earnings: taxable earnings and tax-free items.' }),
    taxablePay: Money({ description: 'Taxable earnings and fringe benefits.' }),
    fringeBenefits: Money(),
    taxFreeItems: Money(),
    withholding: Money({ description: 'Withholding by the tax card, 60 % without one, or tax at source.' }),
    withholdingKind: StringEnum(['CARD', 'NO_CARD', 'TAX_AT_SOURCE']),
    employeePension: Money(),
    employeeUnemployment: Money(),
    netPayDeductions: Money(),
    netPay: Money(),
    employerPension: Money(),
    employerHealthInsurance: Money(),
    employerUnemployment: Money(),
    accidentInsurance: Money(),
    groupLifeInsurance: Money(),
  },
  {
    title: 'SalarySlipFigures',
    additionalProperties: false,
    readOnly: true,
    description: "Tase: the slip's calculation (read-only; recalculated on every change).",
  },
);
export type SlipFiguresWire = Static<typeof SlipFigures>;

export const SalarySlip = Type.Object(
  {
    id: ReadOnlyId(),
    employeeId: ReadOnlyId(),
    employeeName: Type.Optional(Type.String({ readOnly: true })),
    status: Type.Optional(StringEnum(SLIP_STATUSES, { readOnly: true })),
    paidStatusDetails: Type.Optional(StringEnum(PAID_DETAILS, { readOnly: true })),
    slipNumber: ReadOnlyId(),
    salaryBaseNote: Type.Optional(Text(300)),
    incomesRegisterReportingSetting: StringEnum([
      'DO_NOT_REPORT_DATA_ON_SLIP',
      'EARNINGS_REPORTED_ELSEWHERE',
      'FORM_BOTH_REPORTS',
    ]),
    workingTimeAllocation: Type.Optional(
      Type.Object(
        {
          holidaysWorkingTime: Type.Optional(
            Type.Object(
              {
                workingTimeInFirstMonth: WorkingTime(),
                workingTimeInSecondMonth: Type.Optional(WorkingTime()),
                workingTimeType: Type.Optional(StringEnum(['DAYS', 'HOURS'])),
                averageDailyActualWorkdays: Type.Optional(
                  Type.Object(
                    {
                      actualWorkdaysInFirstYear: Type.Integer({ format: 'int32', minimum: 0, maximum: 366 }),
                      actualWorkdaysInSecondYear: Type.Optional(
                        Type.Integer({ format: 'int32', minimum: 0, maximum: 366 }),
                      ),
                    },
                    { title: 'AverageDailyActualWorkdays', additionalProperties: false },
                  ),
                ),
              },
              { title: 'HolidaysWorkingTimeAllocation', additionalProperties: false },
            ),
          ),
          workingHourReductionWorkingDays: Type.Optional(
            Type.Object(
              { workingDaysInFirstYear: WorkingTime(), workingDaysInSecondYear: Type.Optional(WorkingTime()) },
              { title: 'WorkingHourReductionWorkingTimeAllocation', additionalProperties: false },
            ),
          ),
        },
        { title: 'SalarySlipWorkingTimeAllocation', additionalProperties: false },
      ),
    ),
    rows: Type.Array(SlipRow, { maxItems: 200 }),
    settings: Type.Object(
      {
        ...INSURANCE_EXCEPTIONS,
        pensionVoluntarilyPaid: Type.Boolean(),
        accountingDate: DateString(),
        dueDate: DateString(),
        salaryChannel: StringEnum(SALARY_CHANNELS),
        additionalInformation: Type.Optional(Text(255)),
      },
      { title: 'SalarySlipSettings', additionalProperties: false },
    ),
    adjustments: Type.Object(
      {
        payday: DateString(),
        employment: Type.Optional(
          Type.Object(
            {
              startDate: Type.Optional(DateString()),
              endDate: Type.Optional(DateString()),
              ...EMPLOYMENT_TERMS,
            },
            { title: 'SalarySlipEmployment', additionalProperties: false },
          ),
        ),
        pensionContractId: Type.Optional(Id64()),
        accidentInsurancePolicyId: Type.Optional(Id64()),
      },
      { title: 'SalarySlipAdjustments', additionalProperties: false },
    ),
    slipNotes: Type.Optional(Text(255)),
    version: ReadOnlyVersion(),
    salaryListId: Type.Optional(Addition(Type.Integer({ readOnly: true, description: 'Tase: the salary list.' }))),
    figures: Type.Optional(Addition(SlipFigures)),
  },
  { title: 'SalarySlip', additionalProperties: false },
);
export type SalarySlipWire = Static<typeof SalarySlip>;

export const SalarySlipSearchResult = Page(SalarySlipBasicData, { title: 'SalarySlipSearchResult' });

/** The search filter's statuses and the slip statuses each stands for. */
export const STATUS_FILTERS: Record<string, readonly string[]> = {
  UNFINISHED: ['CREATED'],
  APPROVED: ['APPROVED'],
  CORRECTION: ['IN_CORRECTION'],
  INVALIDATED: ['INVALIDATED'],
  PAYMENT_QUEUED: ['PAYMENT_QUEUED', 'REPORTED_AND_PAYMENT_QUEUED'],
  PAYMENT_SENT_TO_BANK: [],
  PAID: ['PAID', 'REPORTED_AND_PAID'],
  PARTLY_PAID: [],
  MARKED_PAID: [],
  EARNINGS_REPORTED: ['REPORTED', 'REPORTED_AND_PAID', 'REPORTED_AND_PAYMENT_QUEUED'],
};

export const SalarySlipQuery = Type.Object({
  paydayStartDate: Type.Optional(DateString()),
  paydayEndDate: Type.Optional(DateString()),
  employeeName: Type.Optional(Text(255, { description: "Part of the employee's name, case-insensitive." })),
  slipNumber: Type.Optional(
    Type.Array(Type.String({ maxLength: 20 }), { maxItems: 200, description: 'Slip numbers.' }),
  ),
  status: Type.Optional(
    Type.Array(StringEnum(Object.keys(STATUS_FILTERS)), { maxItems: 10, description: 'Any of these statuses.' }),
  ),
  size: Size(),
  page: PageNumber(),
  orderById: Order(),
});
export type SalarySlipQueryWire = Static<typeof SalarySlipQuery>;

const SlipTransaction = Type.Object(
  {
    id: Type.Optional(Type.Integer({ format: 'int32' })),
    transactionType: StringEnum(['ENTRY', 'RECONCILIATION_ENTRY', 'REVERSING_ENTRY']),
    account: Type.String({ minLength: 1, maxLength: 20 }),
    accountingValue: Money({ minimum: '-99999999999.99', maximum: '99999999999.99' }),
    description: Type.Optional(Text(255)),
    balanceCode: Type.Optional(Text(255)),
    dimensionItemValues: Type.Optional(
      Type.Array(
        Type.Object(
          {
            dimensionId: Type.Integer({ format: 'int32', minimum: 1, maximum: 2147483647 }),
            itemId: Type.Integer({ format: 'int32', minimum: 1, maximum: 2147483647 }),
            value: Money({ minimum: '-99999999999.99', maximum: '99999999999.99' }),
          },
          { title: 'DimensionItemValue', additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { title: 'SalarySlipTransaction', additionalProperties: false },
);

export const SalarySlipAccounting = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    receiptDate: DateString(),
    accountantsNotes: Type.Optional(Text(255)),
    transactionDescription: Type.Optional(Text(255)),
    receiptValidity: Type.Optional(StringEnum(['EMPTY', 'IMMEDIATELY', 'OVER_3_YEARS', 'SERVICE_PERIOD'])),
    periodStartDate: Type.Optional(DateString()),
    periodEndDate: Type.Optional(DateString()),
    transactions: Type.Array(SlipTransaction, { minItems: 1, maxItems: 1000 }),
    version: ReadOnlyVersion(),
  },
  { title: 'SalarySlipAccounting', additionalProperties: false },
);
export type SalarySlipAccountingWire = Static<typeof SalarySlipAccounting>;

export const AccountingQuery = Type.Object({
  createReconciliation: Type.Optional(
    Type.Boolean({ description: 'Book the difference of unbalanced lines to net pay payable (2940).' }),
  ),
});

const LeaveDays = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 366, format: 'int32', description }));

export const PayLeaves = Type.Object(
  {
    holidayPayLeaves: Type.Optional(
      Type.Array(
        Type.Object(
          {
            holidayCreditYear: Type.Integer({
              minimum: 1900,
              maximum: 9999,
              format: 'int32',
              description: 'The credit year 1.4.–31.3. the holidays were earned in, named by the year it begins in.',
            }),
            holidayDays: LeaveDays('Holiday days taken: a holiday pay (1510) row.'),
            holidayBonusDays: LeaveDays('Holiday bonus days paid: a holiday bonus (1520) row.'),
            holidayAdditionalLeaveDays: LeaveDays('Additional leave days of the collective agreement.'),
            rightForTimeOffAmount: Type.Optional(
              DecimalNumber({ scale: 2, minimum: '0', maximum: '999999999.99', description: 'Informative.' }),
            ),
          },
          { title: 'HolidayPayLeave', additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
    workingHourReductionLeaves: Type.Optional(
      Type.Array(
        Type.Object(
          {
            year: Type.Integer({ minimum: 1900, maximum: 9999, format: 'int32' }),
            workingHourReductionDays: Positive('0.5'),
            workingHourReductionHours: Positive('0.00001'),
          },
          { title: 'WorkingHourReductionLeave', additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
  },
  { title: 'PayLeaves', additionalProperties: false },
);
export type PayLeavesWire = Static<typeof PayLeaves>;
