// The periodic VAT return as the file that filing software sends to the Tax Administration: the record
// "Oma-aloitteisten verojen kausiveroilmoitus, arvonlisävero" (VSRALVKV), which replaced the combined return of
// self-assessed taxes (VSAPUUMA) in 2017 (vero.fi, "Specifications – Return for self-assessed taxes and VAT
// Recapitulative Statement"). The file is of name:value lines ("tunnus:arvo", Verohallinto, "Electronic filing of
// information returns, general description", 2.1), amounts in euros with a decimal comma. Field codes as the record
// description (VSRALVKV, 29.8.2024) names them:
//   301–303 tax on domestic sales by rate, 304 tax on goods imported from outside the EU, 305 tax on goods and 306
//   on services bought from other EU countries, 307 deductible tax, 308 payable (negative: refundable), 309
//   turnover at the 0 % rate, 310 goods imported from outside the EU, 311 goods and 312 services sold to other EU
//   countries, 313 goods and 314 services bought from them, 318 tax on, 319 sales and 320 purchases of
//   construction services and metal scrap; 056 "no activity"; 332–335 the reason of a corrected return
//   (calculation or filling error, guidance of a tax audit, a change of case law, an error of interpreting the law).
// The codes 304/309/310 are those of the current record; the older VSAPUUMA had 304/340/341 for these figures.
import { Decimal, type MinorUnits } from './decimal.ts';
import type { VatPeriodType, VatReturnFigures } from './vat-return.ts';

const CORRECTION_REASONS = {
  CALCULATION_ERROR: '332',
  TAX_AUDIT_GUIDANCE: '333',
  CASE_LAW_CHANGE: '334',
  LEGAL_INTERPRETATION_ERROR: '335',
} as const;
export type CorrectionReason = keyof typeof CORRECTION_REASONS;

export interface VatReturnFileInput {
  /** The taxpayer's business id (Y-tunnus), field 010. */
  businessId: string;
  periodType: VatPeriodType;
  startDate: string;
  figures: VatReturnFigures;
  /** When the return was made, field 198. */
  createdAt: Date;
  /** Field 014: who produced the software and its identifier, `<business id>_<identifier>`. */
  producer: string;
  /** Set on a corrected return (a replacing return of the same period). */
  correctionReason?: CorrectionReason | null;
}

/** An amount in euros as the record writes it: a decimal comma, two decimals, a leading minus. */
function amount(minor: MinorUnits): string {
  return new Decimal(minor.toString()).dividedBy(100).toFixed(2).replace('.', ',');
}

const HELSINKI = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DDMMYYYYHHMMSS in Finnish time, the form of field 198. */
function timestamp(at: Date): string {
  const part = Object.fromEntries(HELSINKI.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}${part.month}${part.year}${part.hour}${part.minute}${part.second}`;
}

/** The period fields: 050 its length (K month, Q quarter, V year), 052 the month or quarter, 053 the year. */
function periodFields(periodType: VatPeriodType, startDate: string): [string, string][] {
  const year = startDate.slice(0, 4);
  const month = Number(startDate.slice(5, 7));
  if (periodType === 'MONTH')
    return [
      ['050', 'K'],
      ['052', String(month)],
      ['053', year],
    ];
  if (periodType === 'QUARTER')
    return [
      ['050', 'Q'],
      ['052', String((month - 1) / 3 + 1)],
      ['053', year],
    ];
  return [
    ['050', 'V'],
    ['053', year],
  ];
}

/** The amount fields of a return, by code, in the order of the record description. */
function vatReturnFileAmounts(f: VatReturnFigures): [string, MinorUnits][] {
  const domestic = (field: string) =>
    f.domesticSalesTax.filter((r) => r.field === field).reduce((sum, r) => sum + r.tax, 0n);
  return [
    ['301', domestic('301')],
    ['302', domestic('302')],
    ['303', domestic('303')],
    ['304', f.importTax],
    ['305', f.euGoodsPurchaseTax],
    ['306', f.euServicesPurchaseTax],
    ['307', f.deductibleTax],
    ['308', f.taxPayable],
    ['309', f.zeroRatedSales],
    ['310', f.imports],
    ['311', f.euGoodsSales],
    ['312', f.euServicesSales],
    ['313', f.euGoodsPurchases],
    ['314', f.euServicesPurchases],
    ['318', f.constructionPurchaseTax],
    ['319', f.constructionSales],
    ['320', f.constructionPurchases],
  ];
}

/** The VSRALVKV file of a return, lines ending CR LF; every character is ASCII. */
export function vatReturnFile(input: VatReturnFileInput): string {
  const lines: [string, string][] = [
    ['000', 'VSRALVKV'],
    ['198', timestamp(input.createdAt)],
    ['014', input.producer],
    ['048', 'Tase'],
    ['010', input.businessId],
    ...periodFields(input.periodType, input.startDate),
  ];
  const amounts = vatReturnFileAmounts(input.figures);
  // a period with nothing to report is filed as "no activity" rather than as a return of zeros
  if (amounts.every(([, value]) => value === 0n)) lines.push(['056', '1']);
  else for (const [code, value] of amounts) lines.push([code, amount(value)]);
  if (input.correctionReason) lines.push([CORRECTION_REASONS[input.correctionReason], '1']);
  lines.push(['999', '1']);
  return lines.map(([code, value]) => `${code}:${value}\r\n`).join('');
}
