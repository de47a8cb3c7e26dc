// The Finnish salary types every company starts with (seeded into its `salary_types` by the company setup; a
// company's own catalogue is what the calculation reads). The number's first digit is the type's group:
// 1 pay for time worked, 2 other taxable earnings, 3 fringe benefits, 4 tax-free items, 5 taxes, 6 deductions
// from net pay, 8 informative items. Income type codes of the Incomes Register (tulorekisteri, domain-facts
// §1.4); default accounts of the Liikekirjuri chart (§2.1). Salary type numbers are vendor-specific (§1.4): these
// follow the brief (3010 car benefit, 2922 pay of a non-resident taxed at source).
import type { SalaryCategory } from '../../domain/payroll/slip.ts';

export interface CatalogueEntry {
  code: number;
  names: { fi: string; sv: string; en: string };
  category: SalaryCategory;
  unit: 'HOUR' | 'PIECE' | null;
  /** Percent paid of quantity × unit value, and whether a row may change it. */
  paymentPercent: string;
  paymentPercentEditable: boolean;
  incomeTypeCode: number | null;
  /** The income type's name in the Incomes Register. */
  incomeType: string | null;
  affects: {
    withholding: boolean;
    pension: boolean;
    unemployment: boolean;
    health: boolean;
    accidentAndGroupLife: boolean;
  };
  /** Withheld at the tax card's base % whatever its income limit (holiday bonus). */
  withheldAtBasePercent: boolean;
  /** A figure the calculation produces (taxes, the employee's contributions, net pay), never entered as a row. */
  calculated: boolean;
  account: string;
  contraAccount: string | null;
}

type Names = [fi: string, sv: string, en: string];
type Affects = CatalogueEntry['affects'];

const INSURED: Affects = {
  withholding: true,
  pension: true,
  unemployment: true,
  health: true,
  accidentAndGroupLife: true,
};
const NOT_INSURED: Affects = {
  withholding: false,
  pension: false,
  unemployment: false,
  health: false,
  accidentAndGroupLife: false,
};

function entry(
  code: number,
  [fi, sv, en]: Names,
  category: SalaryCategory,
  income: [code: number, name: string] | null,
  account: string,
  more: Partial<Omit<CatalogueEntry, 'code' | 'names' | 'category' | 'account'>> = {},
): CatalogueEntry {
  const taxable =
    category === 'SALARY_FOR_TIME_WORKED' || category === 'OTHER_TAXABLE_EARNINGS' || category === 'FRINGE_BENEFITS';
  return {
    code,
    names: { fi, sv, en },
    category,
    unit: null,
    paymentPercent: '100',
    paymentPercentEditable: false,
    incomeTypeCode: income?.[0] ?? null,
    incomeType: income?.[1] ?? null,
    affects: taxable ? INSURED : NOT_INSURED,
    withheldAtBasePercent: false,
    calculated: category === 'TAX' || category === 'INFORMATIVE_ITEMS',
    account,
    contraAccount: category === 'FRINGE_BENEFITS' ? '5990' : null,
    ...more,
  };
}

const TIME: SalaryCategory = 'SALARY_FOR_TIME_WORKED';
const OTHER: SalaryCategory = 'OTHER_TAXABLE_EARNINGS';
const FRINGE: SalaryCategory = 'FRINGE_BENEFITS';
const TAX_FREE: SalaryCategory = 'TAX_FREE_ITEMS';
const DEDUCTION: SalaryCategory = 'DEDUCTIONS_FROM_NET_PAY';
const TIME_RATE_PAY: [number, string] = [201, 'Time-rate pay'];
const OVERTIME: [number, string] = [235, 'Overtime compensation'];
const HOURLY = { unit: 'HOUR', paymentPercentEditable: true } as const;

export const SALARY_TYPE_CATALOGUE: readonly CatalogueEntry[] = [
  entry(1000, ['Kuukausipalkka', 'Månadslön', 'Monthly salary'], TIME, TIME_RATE_PAY, '5010'),
  entry(1010, ['Tuntipalkka', 'Timlön', 'Hourly wage'], TIME, TIME_RATE_PAY, '5020', HOURLY),
  entry(1100, ['Ylityö 50 %', 'Övertid 50 %', 'Overtime 50 %'], TIME, OVERTIME, '5020', {
    ...HOURLY,
    paymentPercent: '150',
  }),
  entry(1110, ['Ylityö 100 %', 'Övertid 100 %', 'Overtime 100 %'], TIME, OVERTIME, '5020', {
    ...HOURLY,
    paymentPercent: '200',
  }),
  entry(
    1210,
    ['Yötyölisä', 'Nattarbetstillägg', 'Night work allowance'],
    TIME,
    [236, 'Night work allowance'],
    '5020',
    HOURLY,
  ),
  entry(
    1220,
    ['Sunnuntaityökorvaus', 'Söndagsersättning', 'Sunday work compensation'],
    TIME,
    [221, 'Sunday work compensation'],
    '5020',
    HOURLY,
  ),
  entry(
    1304,
    ['Arkipyhäkorvaus', 'Helgdagsersättning', 'Weekday public holiday compensation'],
    TIME,
    [216, 'Other allowance'],
    '5020',
    HOURLY,
  ),
  // pays the working hour reduction hours taken (the real service's 1459, its row marked with the year they accrued in)
  entry(
    1459,
    ['Työajanlyhennyskorvaus', 'Ersättning för arbetstidsförkortning', 'Working hour reduction compensation'],
    TIME,
    TIME_RATE_PAY,
    '5020',
    { unit: 'HOUR' },
  ),
  entry(1510, ['Vuosilomapalkka', 'Semesterlön', 'Holiday pay'], TIME, TIME_RATE_PAY, '5300'),
  entry(1520, ['Lomaltapaluuraha', 'Semesterpenning', 'Holiday bonus'], TIME, [213, 'Holiday bonus'], '5320', {
    withheldAtBasePercent: true,
  }),
  entry(
    1530,
    ['Lomakorvaus', 'Semesterersättning', 'Holiday compensation'],
    TIME,
    [234, 'Holiday compensation'],
    '5310',
  ),
  entry(2010, ['Bonus', 'Bonus', 'Bonus pay'], OTHER, [203, 'Bonus pay'], '5000'),
  entry(2020, ['Provisio', 'Provision', 'Commission'], OTHER, [220, 'Commission'], '5000'),
  entry(2030, ['Tulospalkkio', 'Resultatpremie', 'Performance bonus'], OTHER, [223, 'Performance bonus'], '5000'),
  entry(
    2100,
    ['Irtisanomisajan palkka', 'Lön för uppsägningstid', 'Pay in lieu of notice'],
    OTHER,
    [208, 'Pay in lieu of notice'],
    '5000',
  ),
  entry(
    2922,
    [
      'Palkka rajoitetusti verovelvolliselle',
      'Lön till begränsat skattskyldig',
      'Pay of a non-resident taxed at source',
    ],
    OTHER,
    TIME_RATE_PAY,
    '5000',
  ),
  entry(3010, ['Autoetu', 'Bilförmån', 'Car benefit'], FRINGE, [304, 'Car benefit'], '5420'),
  entry(3020, ['Ravintoetu', 'Kostförmån', 'Meal benefit'], FRINGE, [334, 'Meal benefit'], '5410', { unit: 'PIECE' }),
  entry(3030, ['Puhelinetu', 'Telefonförmån', 'Phone benefit'], FRINGE, [330, 'Phone benefit'], '5430'),
  entry(3040, ['Asuntoetu', 'Bostadsförmån', 'Housing benefit'], FRINGE, [301, 'Housing benefit'], '5400'),
  entry(
    4010,
    ['Kilometrikorvaus', 'Kilometerersättning', 'Kilometre allowance'],
    TAX_FREE,
    [311, 'Kilometre allowance (tax-exempt)'],
    '7600',
    { unit: 'PIECE' },
  ),
  entry(
    4020,
    ['Kotimaan päiväraha', 'Inrikes dagtraktamente', 'Daily allowance'],
    TAX_FREE,
    [331, 'Daily allowance'],
    '7600',
    { unit: 'PIECE' },
  ),
  entry(4030, ['Ateriakorvaus', 'Måltidsersättning', 'Meal allowance'], TAX_FREE, [303, 'Meal allowance'], '7600', {
    unit: 'PIECE',
  }),
  entry(5010, ['Ennakonpidätys', 'Förskottsinnehållning', 'Withholding tax'], 'TAX', [402, 'Withholding'], '2921'),
  entry(5020, ['Lähdevero', 'Källskatt', 'Tax at source'], 'TAX', [404, 'Tax at source'], '2922'),
  entry(
    5030,
    ['Lähdeverovähennys', 'Källskatteavdrag', 'Tax-at-source deduction'],
    'TAX',
    [405, 'Tax-at-source deduction'],
    '2922',
  ),
  entry(
    6010,
    ['Työntekijän työeläkemaksu', 'Arbetstagarens arbetspensionsavgift', 'Employee pension contribution'],
    DEDUCTION,
    [413, "Employee's earnings-related pension insurance contribution"],
    '2931',
    { calculated: true },
  ),
  entry(
    6020,
    [
      'Työntekijän työttömyysvakuutusmaksu',
      'Arbetstagarens arbetslöshetsförsäkringspremie',
      'Employee unemployment insurance contribution',
    ],
    DEDUCTION,
    [414, "Employee's unemployment insurance contribution"],
    '2935',
    { calculated: true },
  ),
  entry(
    6030,
    ['Autoedun omavastuu', 'Betalning för bilförmån', 'Payment for the car benefit'],
    DEDUCTION,
    [401, 'Compensation collected for car benefit'],
    '5420',
  ),
  entry(
    6040,
    ['Muun luontoisedun omavastuu', 'Betalning för annan naturaförmån', 'Payment for other fringe benefits'],
    DEDUCTION,
    [407, 'Reimbursement collected for other fringe benefits'],
    '5400',
  ),
  entry(6050, ['Ulosmittaus', 'Utmätning', 'Distraint'], DEDUCTION, [417, 'Distraint'], '2933'),
  entry(6060, ['Ammattiliiton jäsenmaksu', 'Fackföreningsavgift', 'Labour union fee'], DEDUCTION, null, '2935'),
  entry(
    6070,
    ['Muu nettopalkasta vähennettävä erä', 'Annat avdrag från nettolön', 'Other deduction from net pay'],
    DEDUCTION,
    [408, 'Other item deductible from net pay'],
    '2935',
  ),
  entry(8010, ['Nettopalkka', 'Nettolön', 'Net pay'], 'INFORMATIVE_ITEMS', [409, 'Net pay'], '2940'),
];
