// Wire shapes of the employee's labor unions, working-hour reduction and holiday pay, and of the company's
// salaries basic info.
import {
  Type,
  DateString,
  DateTimeString,
  DecimalNumber,
  Money,
  StringEnum,
  Text,
  type Static,
  Id64,
} from '../../platform/schema.ts';

export const LaborUnionMembership = Type.Object(
  {
    id: Type.Optional(Id64({ readOnly: true })),
    laborUnionSettingId: Id64({ description: 'A labor union of GET /payrolls/laborunionsettings.' }),
    department: Type.Optional(Text(80)),
    membershipId: Type.Optional(Text(80)),
    membershipStart: DateString(),
    membershipEnd: Type.Optional(DateString({ description: 'Not before `membershipStart`.' })),
    explanation: Type.Optional(Text(200)),
    version: Type.Optional(
      DateTimeString({ readOnly: true, description: 'Optimistic lock: required on PUT, the current version.' }),
    ),
  },
  { title: 'LaborUnionMembership', additionalProperties: false },
);
export type LaborUnionMembershipWire = Static<typeof LaborUnionMembership>;

const LaborUnionSetting = Type.Object(
  { id: Type.Optional(Type.Integer()), name: Type.Optional(Type.String()) },
  { title: 'LaborUnionSettingsBasicData', additionalProperties: false },
);
export type LaborUnionSettingWire = Static<typeof LaborUnionSetting>;
export const LaborUnionSettings = Type.Array(LaborUnionSetting);

export const WorkingHourReduction = Type.Object(
  {
    startDate: Type.Optional(DateString()),
    totalRemainingWorkingHourReductionHours: Type.Optional(DecimalNumber({ scale: 2 })),
    totalRemainingWorkingHourReductionDays: Type.Optional(DecimalNumber({ scale: 2 })),
  },
  { title: 'WorkingHourReduction', additionalProperties: false },
);
export type WorkingHourReductionWire = Static<typeof WorkingHourReduction>;

const Percent = () => DecimalNumber({ scale: 4 });

const PensionContract = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    providerName: Type.Optional(Type.String()),
    number: Type.Optional(Type.String()),
    active: Type.Optional(Type.Boolean()),
    label: Type.Optional(Type.String()),
    version: Type.Optional(DateTimeString()),
  },
  { title: 'PensionContract', additionalProperties: false },
);

const AccidentInsurancePolicy = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    providerName: Type.Optional(Type.String()),
    providerCode: Type.Optional(Type.String()),
    number: Type.Optional(Type.String()),
    active: Type.Optional(Type.Boolean()),
    label: Type.Optional(Type.String()),
    version: Type.Optional(DateTimeString()),
  },
  { title: 'AccidentInsurancePolicy', additionalProperties: false },
);

export const SalariesBasicInfo = Type.Object(
  {
    yearlyFigures: Type.Optional(
      Type.Object(
        {
          year: Type.Optional(Type.Integer({ format: 'int32' })),
          paidSalariesSum: Type.Optional(Money()),
          pensionInsuranceContributionPercent: Type.Optional(Percent()),
          unemploymentInsurancePercentBasic: Type.Optional(Percent()),
          unemploymentInsurancePercentAdditional: Type.Optional(Percent()),
          accidentInsurancePercent: Type.Optional(Percent()),
          groupLifeInsurancePercent: Type.Optional(Percent()),
          healthCareInsurancePercent: Type.Optional(Percent()),
        },
        { title: 'YearlyFigures', additionalProperties: false },
      ),
    ),
    workHours: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Type.Integer()),
          monthly: Type.Optional(DecimalNumber({ scale: 2 })),
          weekly: Type.Optional(DecimalNumber({ scale: 2 })),
          version: Type.Optional(DateTimeString()),
        },
        { title: 'WorkHours', additionalProperties: false },
      ),
    ),
    incomesRegisterConfiguration: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Type.Integer()),
          kevaSuborganisationId: Type.Optional(Type.String()),
          payerTypes: Type.Optional(
            Type.Array(
              StringEnum([
                'PUBLIC_SECTOR',
                'HOUSEHOLD',
                'FOREIGN_GROUP_COMPANY',
                'STATE',
                'UNINCORPORATED_STATE_ENTERPRISE',
                'TEMPORARY_EMPLOYER',
                'POOL_OF_HOUSEHOLDS',
              ]),
            ),
          ),
          version: Type.Optional(DateTimeString()),
        },
        { title: 'IncomesRegisterConfiguration', additionalProperties: false },
      ),
    ),
    pensionContracts: Type.Optional(Type.Array(PensionContract)),
    accidentInsurancePolicies: Type.Optional(Type.Array(AccidentInsurancePolicy)),
  },
  { title: 'SalariesBasicInfo', additionalProperties: false },
);
export type SalariesBasicInfoWire = Static<typeof SalariesBasicInfo>;

export const SalariesBasicInfoQuery = Type.Object({
  year: Type.Optional(
    DecimalNumber({
      scale: 0,
      minimum: 1900,
      maximum: 9999,
      description: 'Calendar year of the figures; this year when left out.',
    }),
  ),
});

const Days = () => Type.Integer({ format: 'int32' });

export const HolidayPay = Type.Object(
  {
    useHolidayCalculation: Type.Optional(Type.Boolean()),
    holidayEarningStartDate: Type.Optional(DateString()),
    holidayBonusEarningStartDate: Type.Optional(DateString()),
    totalRemainingHolidayDays: Type.Optional(DecimalNumber({ scale: 1 })),
    totalRemainingHolidayPay: Type.Optional(Money()),
    totalRemainingHolidayBonusDays: Type.Optional(DecimalNumber({ scale: 1 })),
    totalRemainingAdditionalLeaveDays: Type.Optional(Days()),
    yearlyRemainings: Type.Optional(
      Type.Array(
        Type.Object(
          {
            holidayCreditYear: Type.Optional(Days()),
            remainingHolidayDays: Type.Optional(Days()),
            remainingHolidayPay: Type.Optional(Money()),
            remainingHolidayBonusDays: Type.Optional(Days()),
            remainingAdditionalLeaveDays: Type.Optional(Days()),
          },
          { title: 'HolidayPayYearlyRemaining', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'HolidayPay', additionalProperties: false },
);
export type HolidayPayWire = Static<typeof HolidayPay>;
