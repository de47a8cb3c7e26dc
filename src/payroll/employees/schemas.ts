// Wire shapes of payroll.
import {
  Type,
  Addition,
  DateString,
  DateTimeString,
  DecimalNumber,
  Money,
  StringEnum,
  Page,
  Text,
  type Static,
  Id64,
  Int64,
} from '../../platform/schema.ts';
import { PERSON_ADDRESS_COUNTRIES } from '../../domain/real-vocabularies.ts';
import { SALARY_CATEGORIES } from '../../domain/payroll/slip.ts';
import { TAX_CARD_TYPES } from '../../domain/payroll/withholding.ts';

const Category = StringEnum([...SALARY_CATEGORIES]);

const SalaryType = Type.Object(
  {
    name: Type.String({ description: 'Name in Finnish; `translations` has the Swedish and English ones.' }),
    code: Type.Integer({ description: 'Number of the salary type; its first digit is its group.' }),
    category: Category,
    unit: Type.Optional(StringEnum(['HOUR', 'PIECE'])),
    unitValue: Type.Optional(DecimalNumber({ scale: 4 })),
    paymentPercent: Type.Optional(DecimalNumber({ scale: 4 })),
    paymentPercentEditable: Type.Boolean(),
    affectsHealthInsurance: Type.Boolean(),
    affectsPensionInsurance: Type.Boolean(),
    affectsUnemploymentInsurance: Type.Boolean(),
    affectsAccidentAndGroupLifeInsurance: Type.Boolean(),
    incomeType: Type.Optional(Type.String({ description: 'Name of the Incomes Register income type.' })),
    incomeTypeCode: Type.Optional(
      Type.Integer({ format: 'int32', description: 'Incomes Register income type code, e.g. 201 time-rate pay.' }),
    ),
    translations: Type.Array(Type.Object({ languageCode: Type.String(), translation: Type.String() })),
    affectsWithholding: Addition(Type.Boolean({ description: 'Tase: taxable, counted in the withholding base.' })),
    withheldAtBasePercent: Addition(
      Type.Boolean({ description: "Tase: withheld at the tax card's base percentage whatever its income limit." }),
    ),
    calculated: Addition(
      Type.Boolean({
        description:
          'Tase: a figure the salary calculation produces (taxes, contributions, net pay), not an entered row.',
      }),
    ),
    defaultAccount: Addition(
      Type.String({ description: 'Tase: account debited with the earning, or credited with the deduction.' }),
    ),
    defaultContraAccount: Type.Optional(
      Addition(Type.String({ description: "Tase: a fringe benefit's contra account (credited, as it is not paid)." })),
    ),
  },
  { title: 'SalaryType', additionalProperties: false },
);
export type SalaryTypeWire = Static<typeof SalaryType>;

export const SalaryTypeSearchResult = Page(SalaryType, { title: 'SalaryTypeSearchResult' });

export const SalaryTypeQuery = Type.Object({
  name: Type.Optional(Text(255, { description: 'Part of the name in any language, case-insensitive.' })),
  code: Type.Optional(DecimalNumber({ scale: 0, minimum: 0, maximum: 2147483647 })),
  category: Type.Optional(Category),
  incomeType: Type.Optional(Text(255, { description: 'Part of the income type name, case-insensitive.' })),
  incomeTypeCode: Type.Optional(DecimalNumber({ scale: 0, minimum: 0, maximum: 2147483647 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, format: 'int32' })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32' })),
  orderByCode: Type.Optional(StringEnum(['ASC', 'DESC'])),
});
export type SalaryTypeQueryWire = Static<typeof SalaryTypeQuery>;

const ReadOnlyId = () => Type.Optional(Id64({ readOnly: true }));
const ReadOnlyVersion = () => Type.Optional(DateTimeString({ readOnly: true }));
const Amount = () => Money({ minimum: 0, maximum: '999999999.99' });
const Percent = () => DecimalNumber({ scale: 4, minimum: 0, maximum: 100 });
const SALARY_CHANNELS = ['NO_SENDING', 'MAIL', 'EMAIL', 'MOBILE', 'ESALARY'];

/** The insurance obligations an employee is exempt from: on the salary info and, per slip, in its settings. */
export const INSURANCE_EXCEPTIONS = {
  noObligationExceptionTypes: Type.Optional(
    Type.Array(
      StringEnum([
        'NO_OBLIGATION_TO_PROVIDE_INSURANCE_EARNINGS_RELATED_PENSION_INSURANCE',
        'NO_OBLIGATION_TO_PROVIDE_INSURANCE_HEALTH_INSURANCE',
        'NO_OBLIGATION_TO_PROVIDE_INSURANCE_UNEMPLOYMENT_INSURANCE',
        'NO_OBLIGATION_TO_PROVIDE_INSURANCE_ACCIDENT_AND_OCCUPATIONAL_DISEASE_INSURANCE',
      ]),
      { maxItems: 4 },
    ),
  ),
  notSubjectExceptionTypes: Type.Optional(
    Type.Array(
      StringEnum([
        'NOT_SUBJECT_TO_FINNISH_SOCIAL_SEC_EARNINGS_RELATED_PENSION_INSURANCE',
        'NOT_SUBJECT_TO_FINNISH_SOCIAL_SEC_HEALTH_INSURANCE',
        'NOT_SUBJECT_TO_FINNISH_SOCIAL_SEC_UNEMPLOYMENT_INSURANCE',
        'NOT_SUBJECT_TO_FINNISH_SOCIAL_SEC_ACCIDENT_AND_OCCUPATIONAL_DISEASE_INSURANCE',
      ]),
      { maxItems: 4 },
    ),
  ),
};

export const SalaryInfo = Type.Object(
  {
    employeeId: Type.Optional(Id64({ readOnly: true, description: 'Id of the employee (not of the person).' })),
    personId: Id64({ description: 'The person (GET /persons/{id}) paid; one salary info per person.' }),
    incomeConfiguration: Type.Object(
      {
        id: ReadOnlyId(),
        baseSalaryValue: Amount(),
        baseSalaryType: StringEnum([
          'COMPENSATION',
          'HOURLY',
          'ONE_DAY',
          'ONE_MONTH',
          'ONE_MONTH_TOTAL',
          'ONE_WEEK',
          'PAYMENT_BY_JOB',
          'TWO_WEEKS',
        ]),
        compensationForWorkBaseSalaryTypeCode: Type.Optional(Int64()),
        baseSalaryHours: DecimalNumber({ scale: 2, minimum: '0.01', maximum: 8760 }),
        monthlyBaseSalary: Type.Optional(Amount()),
        personalHourlySalary: Type.Optional(Amount()),
        travelExpensesSpecialHandling: StringEnum([
          'NONE',
          'NON_PROFIT_ORGANISATION',
          'RECIPIENT_OF_COMPENSATION_FOR_WORK',
        ]),
        earnerTypes: Type.Optional(
          Type.Array(
            StringEnum([
              'EMPLOYED_WITH_ASSISTANCE_FROM_THE_STATE_EMPLOYMENT_FUND',
              'JOINT_OWNER_WITH_PAYER',
              'PARTIAL_OWNER',
              'KEY_EMPLOYEE',
              'ORGANISATION',
              'PERSON_WORKING_IN_A_FRONTIER_DISTRICT',
              'PERSON_WORKING_ABROAD',
              'ATHLETE',
              'PERFORMING_ARTIST',
              'SELF_EMPLOYED_PERSON_NO_OBLIGATION_TO_TAKE_OUT_YEL_OR_MYEL_INSURANCE',
              'INVOICING_SERVICE_CLIENT',
            ]),
            { maxItems: 11 },
          ),
        ),
        taxNumber: Type.Optional(Text(12)),
        salaryChannel: StringEnum(SALARY_CHANNELS),
        excludedFromAutomatedWithholdingPercentageRequest: Type.Boolean(),
        version: ReadOnlyVersion(),
      },
      { title: 'IncomeConfiguration', additionalProperties: false },
    ),
    insurancesConfiguration: Type.Object(
      {
        pensionInsurance: Type.Object(
          {
            id: ReadOnlyId(),
            type: StringEnum(['MYEL', 'NONE', 'TYEL', 'YEL']),
            pensionContractId: Type.Optional(Id64()),
            pensionProviderCode: Type.Optional(
              Addition(
                Type.Integer({
                  minimum: 1,
                  maximum: 99999,
                  description:
                    "Tase: the Incomes Register's code of the earnings-related pension provider (PensionProvIdCode): 46, 54, 55, 56 for the pension companies, 7nnnn for a pension trust, 8nnnn for a pension fund.",
                }),
              ),
            ),
            pensionPolicyNumber: Type.Optional(
              Addition(
                Text(11, {
                  minLength: 1,
                  description: 'Tase: the pension insurance policy number reported to the Incomes Register.',
                }),
              ),
            ),
            version: ReadOnlyVersion(),
          },
          { title: 'PensionInsurance', additionalProperties: false },
        ),
        accidentInsurance: Type.Object(
          {
            id: ReadOnlyId(),
            accidentInsurancePolicyId: Type.Optional(Id64()),
            percent: Percent(),
            occupationalTitleId: Type.Optional(Text(20)),
            kevaOccupationalTitleId: Type.Optional(Text(20)),
            version: ReadOnlyVersion(),
          },
          { title: 'AccidentInsurance', additionalProperties: false },
        ),
        ...INSURANCE_EXCEPTIONS,
        pensionVoluntarilyPaid: Type.Boolean(),
      },
      { title: 'InsurancesConfiguration', additionalProperties: false },
    ),
    internationalSituationsConfiguration: Type.Object(
      {
        id: ReadOnlyId(),
        socialSecurityCertificate: Type.Optional(
          StringEnum(['FROM_FINLAND_A1', 'NON_SOCIAL_SECURITY', 'TO_FINLAND_A1']),
        ),
        notSubjectToWithholding: Type.Boolean(),
        nonResidentTaxPayer: Type.Boolean(),
        taxIdentificationNumber: Type.Optional(Text(30)),
        sixMonthRuleApplicability: Type.Optional(StringEnum(['NO', 'YES'])),
        country: Type.Optional(StringEnum([...PERSON_ADDRESS_COUNTRIES])),
        version: ReadOnlyVersion(),
      },
      { title: 'InternationalSituationsConfiguration', additionalProperties: false },
    ),
  },
  { title: 'SalaryInfo', additionalProperties: false },
);
export type SalaryInfoWire = Static<typeof SalaryInfo>;

const Employee = Type.Object(
  {
    id: Type.Integer(),
    lastName: Type.String(),
    firstName: Type.Optional(Type.String()),
    ssn: Type.Optional(Type.String({ description: 'Personal identity code of the person.' })),
    employeeAddress: Type.Optional(
      Type.Object({
        street: Type.Optional(Type.String()),
        zip: Type.Optional(Type.String()),
        city: Type.Optional(Type.String()),
        country: Type.Optional(StringEnum([...PERSON_ADDRESS_COUNTRIES])),
      }),
    ),
    personNumber: Type.Optional(Type.String()),
    salaryChannel: StringEnum(SALARY_CHANNELS),
    automatedTaxCard: Type.Boolean(),
    active: Type.Boolean(),
    birthDate: Type.Optional(
      Addition(DateString({ description: 'Tase: the birth date, from the personal identity code.' })),
    ),
  },
  { title: 'Employee', additionalProperties: false },
);
export type EmployeeWire = Static<typeof Employee>;
export const EmployeeSearchResult = Page(Employee, { title: 'EmployeeSearchResult' });

export const EmployeeQuery = Type.Object({
  personNumber: Type.Optional(Text(40)),
  personGroupId: Type.Optional(DecimalNumber({ scale: 0, minimum: 1, maximum: 2147483647 })),
  includeInactive: Type.Optional(Type.Boolean()),
  salaryChannel: Type.Optional(StringEnum(['NO_SENDING', 'MAIL', 'EMAIL', 'PAPER', 'MOBILE', 'ESALARY'])),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, format: 'int32' })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32' })),
  orderById: Type.Optional(StringEnum(['ASC', 'DESC'])),
});
export type EmployeeQueryWire = Static<typeof EmployeeQuery>;

const TAX_CARD_INCOME_LIMIT_METHOD = StringEnum(['PER_PERIOD', 'CUMULATIVE'], {
  description:
    'Tase: how the income limit is followed. PER_PERIOD (the default): the limit of each pay period (a 12th of ' +
    'the annual limit a month, a 26th, 52nd or 365th), nothing carried over. CUMULATIVE: the limit accrues with ' +
    "the pay periods of the year paid under the card, and the withholding is the tax on the year's pay so far " +
    '(base % up to the accrued limit, additional % above it) less what earlier approved slips of the year withheld ' +
    'under the card. A ONE_INCOME_LIMIT card always follows its one annual limit.',
});

export const TaxCard = Type.Object(
  {
    id: ReadOnlyId(),
    type: StringEnum([...TAX_CARD_TYPES]),
    revised: Type.Boolean({ description: 'A revised tax card (muutosverokortti).' }),
    incomeType: Type.Optional(
      Type.Union([Type.String({ maxLength: 6 }), Type.Null()], {
        description:
          'Income type of the card: `00000`, `000024` to `000040` or `000042`, or null. A TAX_AT_SOURCE card has none.',
      }),
    ),
    validFrom: DateString(),
    basePercent: Percent(),
    additionalPercent: Percent(),
    annualIncomeLimit: Amount(),
    limitUsed: Type.Optional(
      Money({
        minimum: 0,
        maximum: '999999999.99',
        description: 'Pay counted against the income limit this year; 0 when not given.',
      }),
    ),
    incomeLimitMethod: Type.Optional(Addition(TAX_CARD_INCOME_LIMIT_METHOD)),
    comments: Type.Optional(Text(80)),
    created: Type.Optional(DateTimeString({ readOnly: true })),
    version: Type.Optional(
      DateTimeString({ readOnly: true, description: 'Optimistic lock: required on PUT, the current version.' }),
    ),
  },
  { title: 'TaxCard', additionalProperties: false },
);
export type TaxCardWire = Static<typeof TaxCard>;

/** The terms of an employment: on the employment register and, as the slip was paid, in a slip's adjustments. */
export const EMPLOYMENT_TERMS = {
  type: Type.Optional(
    StringEnum(['PERMANENT', 'FIXED_TERM', 'TEMPORARY', 'PART_TIME', 'TRAINEE', 'PENSIONER', 'NOT_EMPLOYED']),
  ),
  terminationReason: StringEnum([
    'NOT_APPLICABLE',
    'EMPLOYEES_RESIGNATION',
    'OTHER',
    'TERMINATION_GROUNDS',
    'FINANCIAL_AND_PRODUCTION_GROUNDS',
    'JOINT_AGREEMENT',
    'RETIREMENT',
    'FIXED_TERM_EMPLOYMENT_TERMINATION',
  ]),
  registrationGroundId: Type.Optional(Text(80)),
  hoursPerWeek: Type.Optional(DecimalNumber({ scale: 2, minimum: '0.01', maximum: 168 })),
  employmentType: Type.Optional(StringEnum(['FULL_TIME', 'NOT_AVAILABLE', 'PART_TIME'])),
  partTimePercent: Type.Optional(DecimalNumber({ scale: 2, minimum: '0.01', maximum: 100 })),
};

export const Employment = Type.Object(
  {
    startDate: Type.Optional(DateString()),
    endDate: Type.Optional(DateString({ description: 'Not before `startDate`.' })),
    ...EMPLOYMENT_TERMS,
    id: ReadOnlyId(),
    keva: Type.Boolean({ description: 'Public sector pension (Keva) employment.' }),
    version: Type.Optional(
      DateTimeString({ readOnly: true, description: 'Optimistic lock: required on PUT, the current version.' }),
    ),
  },
  { title: 'Employment', additionalProperties: false },
);
export type EmploymentWire = Static<typeof Employment>;
