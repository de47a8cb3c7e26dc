// Wire shapes of payroll.
import { Type, Addition, DecimalNumber, StringEnum, Page, Text, type Static } from '../platform/schema.ts';
import { SALARY_CATEGORIES } from '../domain/payroll/slip.ts';

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
