// The standard Finnish charts of accounts given to a new company: the Liikekirjuri chart of a limited company
// (standard-chart-2026.ts, numbers, types and Finnish names as the source has them, with Swedish names) and the
// smaller chart of a sole trader (the same chart without what only companies with shareholders, members,
// partners or a group have). VAT defaults are named by kind, not by percent: the percent is the rate of that kind
// valid on the day the company is created (src/domain/vat.ts), so a rate change needs no edit here.
import { parseStandardChart, STANDARD_CHART_2026, type ChartAccount } from './standard-chart-2026.ts';

/** Language of the standard chart's names (ISO 639-1); the Swedish names are translations. */
export const CHART_LANGUAGE = 'fi';
export const TRANSLATION_LANGUAGE = 'sv';

/** The company forms with a chart of their own. */
export const BUSINESS_FORMS = ['LIMITED_COMPANY', 'SOLE_TRADER'] as const;
export type BusinessForm = (typeof BUSINESS_FORMS)[number];
export const isBusinessForm = (value: string): value is BusinessForm =>
  (BUSINESS_FORMS as readonly string[]).includes(value);

const FINNISH_CHART: ChartAccount[] = parseStandardChart(STANDARD_CHART_2026);

/**
 * Number ranges a sole trader has no use for: holdings in and debts with group and associated companies, share,
 * co-operative and partnership capital and their funds, dividends and partners' shares of profit and private
 * accounts, capital loans, minority interests, group reserves and group contributions.
 */
const NOT_FOR_SOLE_TRADERS: [string, string][] = [
  ['1060', '1061'],
  ['1400', '1431'],
  ['1630', '1649'],
  ['1730', '1749'],
  ['1780', '1783'],
  ['1860', '1867'],
  ['2000', '2195'],
  ['2261', '2337'],
  ['2341', '2359'],
  ['2381', '2391'],
  ['2590', '2591'],
  ['2600', '2601'],
  ['2700', '2719'],
  ['2800', '2801'],
  ['2900', '2919'],
  ['2941', '2943'],
  ['6930', '6940'],
  ['8990', '9080'],
  ['9150', '9160'],
  ['9300', '9330'],
  ['9370', '9380'],
  ['9420', '9430'],
  ['9510', '9520'],
  ['9990', '9990'],
];

const SOLE_TRADER_CHART: ChartAccount[] = FINNISH_CHART.filter(
  (a) => !NOT_FOR_SOLE_TRADERS.some(([from, to]) => a.number >= from && a.number <= to),
);

export const CHARTS: Record<BusinessForm, ChartAccount[]> = {
  LIMITED_COMPANY: FINNISH_CHART,
  SOLE_TRADER: SOLE_TRADER_CHART,
};

/** Balance-sheet accounts carry their balance into the next fiscal year; income-statement accounts start at zero. */
export const isBalanceSheet = (type: string): boolean => type === 'ASSET' || type === 'LIABILITY' || type === 'EQUITY';

/** Where the year's result is carried at the opening of the next year, and the result account it is moved from. */
export const RETAINED_EARNINGS_ACCOUNT = '2250';
export const RESULT_OF_THE_YEAR_ACCOUNT = '2370';
