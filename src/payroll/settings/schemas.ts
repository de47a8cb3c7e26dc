// Wire shapes of the company's payroll settings of Tase's own (not in the real interface).
import { Type, DateTimeString, DecimalNumber, Text, type Static } from '../../platform/schema.ts';

export const GroupLifeInsuranceRate = Type.Object(
  {
    year: Type.Integer({ format: 'int32', minimum: 1900, maximum: 9999, description: 'Calendar year of paydays.' }),
    groupLifeInsurancePercent: DecimalNumber({
      scale: 4,
      minimum: 0,
      maximum: 100,
      description: "The employer's group life insurance contribution, % of the pay the insurance covers.",
    }),
    version: Type.Optional(DateTimeString({ readOnly: true })),
  },
  { title: 'GroupLifeInsuranceRate', additionalProperties: false },
);
export type GroupLifeInsuranceRateWire = Static<typeof GroupLifeInsuranceRate>;

export const IncomesRegisterContact = Type.Object(
  {
    name: Text(200, { minLength: 1, description: "The payer's contact person for the Incomes Register." }),
    telephone: Text(40, { minLength: 1 }),
    email: Type.Optional(Text(70, { minLength: 1 })),
    version: Type.Optional(DateTimeString({ readOnly: true })),
  },
  {
    title: 'IncomesRegisterContactPerson',
    additionalProperties: false,
    description:
      "Tase: the payer's payroll contact person, named in every Incomes Register message of the company " +
      '(the register requires one).',
  },
);
export type IncomesRegisterContactWire = Static<typeof IncomesRegisterContact>;
