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

const CorrectionReason = StringEnum(
  ['CALCULATION_ERROR', 'TAX_AUDIT_GUIDANCE', 'CASE_LAW_CHANGE', 'LEGAL_INTERPRETATION_ERROR'],
  {
    description:
      'Why the return is corrected, as the Tax Administration asks it of every correction: a calculation or filling error, guidance received in a tax audit, a change of case law, an error of interpreting the law (fields 332–335 of the file).',
  },
);

export const VatReturnCorrectionFiling = Type.Object(
  {
    periodType: PeriodType,
    startDate: DateString({ description: 'First day of the filed period that is corrected.' }),
    correctionReason: CorrectionReason,
    settlementDate: Type.Optional(
      DateString({
        description:
          'Date of the VAT settlement receipt of the difference (VAT_SUMMARY), in an open period; default the date of the latest correction voucher it takes in.',
      }),
    ),
  },
  { title: 'VatReturnCorrectionFiling', additionalProperties: false },
);
export type VatReturnCorrectionFilingWire = Static<typeof VatReturnCorrectionFiling>;

export const VatCorrectionTarget = Type.Object(
  {
    periodType: PeriodType,
    startDate: DateString({ description: 'First day of the filed VAT period the voucher corrects.' }),
  },
  { title: 'VatCorrectionTarget', additionalProperties: false },
);
export type VatCorrectionTargetWire = Static<typeof VatCorrectionTarget>;

export const VatCorrection = Type.Object(
  {
    receiptId: Type.Integer({ description: 'The correction voucher, a receipt booked in an open period.' }),
    receiptDate: DateString({ description: 'The date it is booked on.' }),
    periodType: PeriodType,
    startDate: DateString({ description: 'The filed VAT period it corrects.' }),
    endDate: DateString(),
    vatReturnId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The corrected return that took it in; null until that is filed (it can still be changed).',
    }),
    createdAt: DateTimeString(),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'VatCorrection', title: 'VatCorrection', additionalProperties: false },
);
export type VatCorrectionWire = Static<typeof VatCorrection>;

export const VatCorrectionList = Type.Object(
  { vatCorrections: Type.Array(VatCorrection) },
  { title: 'VatCorrectionList', additionalProperties: false },
);

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
    importTax: field('304', 'Tax on goods imported from outside the EU.'),
    constructionPurchaseTax: field('318', 'Tax on construction services and metal scrap bought (reverse charge).'),
    deductibleTax: field('307', 'Deductible tax of the period.'),
    taxPayable: field('308', 'Tax payable (positive) or refundable (negative).'),
    zeroRatedSales: field('309', 'Turnover at the 0 % rate (exports outside the EU, other 0 % sales).'),
    euGoodsSales: field('311', 'Sales of goods to other EU countries.'),
    euServicesSales: field('312', 'Sales of services to other EU countries.'),
    constructionSales: field('319', 'Sales of construction services and metal scrap (reverse charge).'),
    euGoodsPurchases: field('313', 'Goods bought from other EU countries.'),
    euServicesPurchases: field('314', 'Services bought from other EU countries.'),
    imports: field('310', 'Goods imported from outside the EU.'),
    constructionPurchases: field('320', 'Construction services and metal scrap bought (reverse charge).'),
    version: Type.Optional(
      Type.Integer({
        description:
          'Version of the period’s return: 1 as first filed, n + 1 for the corrected return replacing version n. On a preview, the version filing it would make.',
      }),
    ),
    correctionReason: Type.Optional(Type.Union([CorrectionReason, Type.Null()])),
    replacesVatReturnId: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], { description: 'The filed version a corrected return replaces.' }),
    ),
    correctionReceiptIds: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'Correction vouchers this version took in (filed), or that filing would take in (preview); booked in later periods, they count in this period’s figures and in no other return.',
      }),
    ),
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
