// VAT rates as dated data: each rate is valid from a day (inclusive) until a day (inclusive) or open-ended.
// The service answers "the rates valid on a date" from these tables; a rate change is one new row here.
// Sources: Finland — vero.fi "Rates of VAT" (25.5 % from 1.9.2024; 14 % → 13.5 % from 1.1.2026; 10 %; 0 %).
// Other countries — the ibericode/vat-rates data set (European Commission figures), with the 2025 changes
// in Estonia, Slovakia and Romania.
import { Decimal } from './decimal.ts';

type VatRateKind = 'STANDARD' | 'REDUCED' | 'SUPER_REDUCED' | 'ZERO';

export interface DatedVatRate {
  percent: string;
  kind: VatRateKind;
  /** First day the rate applies. */
  from: string;
  /** Last day the rate applies; null while in force. */
  to: string | null;
  sales: boolean;
  purchase: boolean;
}

export interface CountryVat {
  /** ISO 3166-1 alpha-2. */
  iso: string;
  /** The interface's country name (Ctry). */
  name: string;
  eu: boolean;
  rates: DatedVatRate[];
}

const BEGIN = '1900-01-01';
const both = { sales: true, purchase: true };
const r = (percent: string, kind: VatRateKind, from = BEGIN, to: string | null = null): DatedVatRate => ({
  percent,
  kind,
  from,
  to,
  ...both,
});
/** The same rates, open-ended from the beginning: countries whose rates we only hold as currently in force. */
const current = (standard: string, ...reduced: string[]): DatedVatRate[] => [
  r(standard, 'STANDARD'),
  ...reduced.map((p) => r(p, 'REDUCED')),
];

const VAT_COUNTRIES: CountryVat[] = [
  {
    iso: 'FI',
    name: 'FINLAND',
    eu: true,
    rates: [
      // 1.7.2010–31.12.2012 (vero.fi, "Arvonlisäverokantojen historia"): what bank files and e-invoices of
      // those years carry
      r('23', 'STANDARD', '2010-07-01', '2012-12-31'),
      r('13', 'REDUCED', '2010-07-01', '2012-12-31'),
      r('9', 'REDUCED', '2010-07-01', '2012-12-31'),
      r('24', 'STANDARD', '2013-01-01', '2024-08-31'),
      r('25.5', 'STANDARD', '2024-09-01'),
      r('14', 'REDUCED', '2013-01-01', '2025-12-31'),
      r('13.5', 'REDUCED', '2026-01-01'),
      r('10', 'REDUCED', '2013-01-01'),
      r('0', 'ZERO', '1994-01-01'),
    ],
  },
  { iso: 'SE', name: 'SWEDEN', eu: true, rates: [...current('25', '12', '6'), r('0', 'ZERO')] },
  { iso: 'DK', name: 'DENMARK', eu: true, rates: [...current('25'), r('0', 'ZERO')] },
  { iso: 'NO', name: 'NORWAY', eu: false, rates: [...current('25', '15', '12'), r('0', 'ZERO')] },
  {
    iso: 'EE',
    name: 'ESTONIA',
    eu: true,
    rates: [
      r('22', 'STANDARD', '2024-01-01', '2025-06-30'),
      r('24', 'STANDARD', '2025-07-01'),
      r('13', 'REDUCED', '2025-01-01'),
      r('9', 'REDUCED', '2024-01-01'),
      r('5', 'REDUCED', '2024-01-01', '2024-12-31'),
    ],
  },
  { iso: 'LV', name: 'LATVIA', eu: true, rates: current('21', '12', '5') },
  { iso: 'LT', name: 'LITHUANIA', eu: true, rates: current('21', '9', '5') },
  { iso: 'PL', name: 'POLAND', eu: true, rates: current('23', '8', '5') },
  { iso: 'DE', name: 'GERMANY', eu: true, rates: [r('19', 'STANDARD', '2021-01-01'), r('7', 'REDUCED', '2021-01-01')] },
  {
    iso: 'NL',
    name: 'NETHERLANDS',
    eu: true,
    rates: [r('21', 'STANDARD', '2012-10-01'), r('9', 'REDUCED', '2019-01-01')],
  },
  { iso: 'BE', name: 'BELGIUM', eu: true, rates: current('21', '12', '6') },
  {
    iso: 'LU',
    name: 'LUXEMBOURG',
    eu: true,
    rates: [
      r('17', 'STANDARD', '2024-01-01'),
      r('14', 'REDUCED', '2024-01-01'),
      r('8', 'REDUCED', '2024-01-01'),
      r('3', 'SUPER_REDUCED'),
    ],
  },
  {
    iso: 'FR',
    name: 'FRANCE',
    eu: true,
    rates: [
      r('20', 'STANDARD', '2014-01-01'),
      r('10', 'REDUCED', '2014-01-01'),
      r('5.5', 'REDUCED'),
      r('2.1', 'SUPER_REDUCED'),
    ],
  },
  { iso: 'ES', name: 'SPAIN', eu: true, rates: [...current('21', '10'), r('4', 'SUPER_REDUCED')] },
  { iso: 'PT', name: 'PORTUGAL', eu: true, rates: current('23', '13', '6') },
  { iso: 'IT', name: 'ITALY', eu: true, rates: [...current('22', '10', '5'), r('4', 'SUPER_REDUCED')] },
  {
    iso: 'IE',
    name: 'IRELAND',
    eu: true,
    rates: [r('23', 'STANDARD', '2021-03-01'), r('13.5', 'REDUCED'), r('9', 'REDUCED'), r('4.8', 'SUPER_REDUCED')],
  },
  {
    iso: 'AT',
    name: 'AUSTRIA',
    eu: true,
    rates: [r('20', 'STANDARD'), r('13', 'REDUCED', '2016-01-01'), r('10', 'REDUCED')],
  },
  { iso: 'CZ', name: 'CZECH_REPUBLIC', eu: true, rates: [r('21', 'STANDARD'), r('12', 'REDUCED', '2024-01-01')] },
  {
    iso: 'SK',
    name: 'SLOVAKIA',
    eu: true,
    rates: [
      r('20', 'STANDARD', '2011-01-01', '2024-12-31'),
      r('10', 'REDUCED', '2011-01-01', '2024-12-31'),
      r('23', 'STANDARD', '2025-01-01'),
      r('19', 'REDUCED', '2025-01-01'),
      r('5', 'REDUCED', '2025-01-01'),
    ],
  },
  { iso: 'SI', name: 'SLOVENIA', eu: true, rates: current('22', '9.5', '5') },
  { iso: 'HU', name: 'HUNGARY', eu: true, rates: current('27', '18', '5') },
  { iso: 'HR', name: 'CROATIA', eu: true, rates: current('25', '13', '5') },
  {
    iso: 'RO',
    name: 'ROMANIA',
    eu: true,
    rates: [
      r('19', 'STANDARD', '2017-01-01', '2025-07-31'),
      r('9', 'REDUCED', '2017-01-01', '2025-07-31'),
      r('5', 'REDUCED', '2017-01-01', '2025-07-31'),
      r('21', 'STANDARD', '2025-08-01'),
      r('11', 'REDUCED', '2025-08-01'),
    ],
  },
  { iso: 'BG', name: 'BULGARIA', eu: true, rates: current('20', '9') },
  {
    iso: 'GR',
    name: 'GREECE',
    eu: true,
    rates: [r('24', 'STANDARD', '2016-06-01'), r('13', 'REDUCED', '2016-06-01'), r('6', 'REDUCED', '2016-01-01')],
  },
  { iso: 'CY', name: 'CYPRUS', eu: true, rates: current('19', '9', '5') },
  { iso: 'MT', name: 'MALTA', eu: true, rates: current('18', '7', '5') },
];

const byIso = new Map(VAT_COUNTRIES.map((c) => [c.iso, c]));
const byName = new Map(VAT_COUNTRIES.map((c) => [c.name, c]));

/** A country by ISO alpha-2 code or by the interface's country name (FINLAND); undefined when we hold no VAT data. */
export function vatCountry(code: string): CountryVat | undefined {
  const key = code.trim().toUpperCase();
  return byIso.get(key) ?? byName.get(key);
}

const valid = (rate: DatedVatRate, date: string) => rate.from <= date && (rate.to === null || date <= rate.to);

/** The rates of a country valid on a date, highest first, each percent once. */
export function ratesOn(country: CountryVat, date: string): DatedVatRate[] {
  const seen = new Set<string>();
  return country.rates
    .filter((rate) => valid(rate, date))
    .sort((a, b) => new Decimal(b.percent).comparedTo(new Decimal(a.percent)))
    .filter((rate) => {
      const key = new Decimal(rate.percent).toFixed();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The general (standard) rate of a country on a date. */
export function standardRateOn(country: CountryVat, date: string): Decimal {
  const rate = country.rates.find((x) => x.kind === 'STANDARD' && valid(x, date));
  if (!rate) throw new RangeError(`no standard VAT rate for ${country.iso} on ${date}`);
  return new Decimal(rate.percent);
}

/** Is `percent` one of the country's rates on `date`? */
export function isRateValidOn(country: CountryVat, date: string, percent: Decimal): boolean {
  return country.rates.some((x) => valid(x, date) && new Decimal(x.percent).equals(percent));
}

/**
 * VAT status codes (the numeric part of a company's `vat_N` codes). 1, 3, 5 and 12, with their descriptions, are
 * the real service's (support.procountor.fi, "BtoB Webshop sales"); the real numbers of the others are not
 * published, so 2, 4, 6 and 7 are ours, chosen to stay clear of the known ones. The periodic VAT return
 * (src/domain/vat-return.ts) reads the treatment of a line from its status.
 */
export interface VatStatusCode {
  vatStatus: number;
  description: string;
  sales: boolean;
  purchase: boolean;
}

/** The statuses by what they mean for the VAT return. */
export const VAT_STATUS = {
  DOMESTIC: 1,
  /** Construction services and metal scrap under domestic reverse charge (return fields 318/319/320). */
  CONSTRUCTION_REVERSE_CHARGE: 2,
  /** Exports (sales, field 304) and imports from outside the EU (purchases, self-assessed, field 340). */
  OUTSIDE_EU: 3,
  EU_GOODS_PURCHASE: 4,
  EU_GOODS_SALES: 5,
  EU_SERVICES_SALES: 6,
  EU_SERVICES_PURCHASE: 7,
  NO_VAT: 12,
} as const;

export const FINNISH_VAT_STATUSES: VatStatusCode[] = [
  { vatStatus: VAT_STATUS.DOMESTIC, description: 'Domestic', sales: true, purchase: true },
  {
    vatStatus: VAT_STATUS.CONSTRUCTION_REVERSE_CHARGE,
    description: 'Domestic reverse charge (construction services, metal scrap)',
    sales: true,
    purchase: true,
  },
  { vatStatus: VAT_STATUS.OUTSIDE_EU, description: 'Outside of the EU', sales: true, purchase: true },
  {
    vatStatus: VAT_STATUS.EU_GOODS_PURCHASE,
    description: 'EU community purchase (goods)',
    sales: false,
    purchase: true,
  },
  { vatStatus: VAT_STATUS.EU_GOODS_SALES, description: 'EU community sales (product)', sales: true, purchase: false },
  {
    vatStatus: VAT_STATUS.EU_SERVICES_SALES,
    description: 'EU community sales (services)',
    sales: true,
    purchase: false,
  },
  {
    vatStatus: VAT_STATUS.EU_SERVICES_PURCHASE,
    description: 'EU community purchase (services)',
    sales: false,
    purchase: true,
  },
  { vatStatus: VAT_STATUS.NO_VAT, description: 'No VAT handling', sales: true, purchase: true },
];
