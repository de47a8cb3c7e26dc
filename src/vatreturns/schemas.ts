import { Type, DateString, DateTimeString, DecimalNumber, Money, StringEnum, type Static } from '../platform/schema.ts';

const PeriodType = StringEnum(['MONTH', 'QUARTER', 'YEAR'], {
  description: 'The VAT period: a calendar month, quarter or year.',
});

export const VatPeriodQuery = Type.Object({
  periodType: PeriodType,
  startDate: DateString({ description: 'First day of the period: the 1st of a month (of a quarter, of January).' }),
});

export const VatReturnFiling = Type.Object(
  {
    periodType: PeriodType,
    startDate: DateString({ description: 'First day of the period: the 1st of a month (of a quarter, of January).' }),
    settlementDate: Type.Optional(
      DateString({
        description: 'Date of the VAT settlement receipt (VAT_SUMMARY); default the last day of the period.',
      }),
    ),
  },
  { title: 'VatReturnFiling', additionalProperties: false },
);
export type VatReturnFilingWire = Static<typeof VatReturnFiling>;

const field = (code: string, text: string) => Money({ description: `[${code}] ${text}` });

export const VatReturn = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'Id of a filed return.' })),
    status: StringEnum(['DRAFT', 'FILED'], {
      description: 'DRAFT: computed now from the ledger; FILED: as filed (the period is closed since).',
    }),
    periodType: PeriodType,
    startDate: DateString(),
    endDate: DateString(),
    domesticSalesTax: Type.Array(
      Type.Object({
        vatPercent: DecimalNumber({ scale: 2 }),
        field: Type.Union([Type.String(), Type.Null()], {
          description:
            'The field of the return: 301 general rate, 302 reduced rate (14 %; 13.5 % from 2026), 303 10 %.',
        }),
        taxBase: Money({ description: 'Sales on income accounts at this rate, without VAT.' }),
        tax: Money({ description: 'Output VAT booked at this rate.' }),
      }),
      { description: 'Tax on domestic sales per rate [301–303].' },
    ),
    euGoodsPurchaseTax: field('305', 'Tax on goods bought from other EU countries.'),
    euServicesPurchaseTax: field('306', 'Tax on services bought from other EU countries.'),
    importTax: field('340', 'Tax on goods imported from outside the EU.'),
    constructionPurchaseTax: field('318', 'Tax on construction services and metal scrap bought (reverse charge).'),
    deductibleTax: field('307', 'Deductible tax of the period.'),
    taxPayable: field('308', 'Tax payable (positive) or refundable (negative).'),
    zeroRatedSales: field('304', 'Turnover at the 0 % rate (exports outside the EU, other 0 % sales).'),
    euGoodsSales: field('311', 'Sales of goods to other EU countries.'),
    euServicesSales: field('312', 'Sales of services to other EU countries.'),
    constructionSales: field('319', 'Sales of construction services and metal scrap (reverse charge).'),
    euGoodsPurchases: field('313', 'Goods bought from other EU countries.'),
    euServicesPurchases: field('314', 'Services bought from other EU countries.'),
    imports: field('341', 'Goods imported from outside the EU.'),
    constructionPurchases: field('320', 'Construction services and metal scrap bought (reverse charge).'),
    filedAt: Type.Optional(DateTimeString()),
    filedBy: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'The user who filed it.' })),
    settlementReceiptId: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: 'The VAT_SUMMARY receipt booked with the filing (null when the period had no VAT).',
      }),
    ),
  },
  { $id: 'VatReturn', title: 'VatReturn', additionalProperties: false },
);
export type VatReturnWire = Static<typeof VatReturn>;

export const VatReturnList = Type.Object(
  { vatReturns: Type.Array(VatReturn) },
  { title: 'VatReturnList', additionalProperties: false },
);
