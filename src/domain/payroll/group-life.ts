// Group life insurance (työntekijän ryhmähenkivakuutus, TRHV): the employer's contribution as a % of the pay the
// insurance covers. The insurers' pool sets the rate each year (domain-facts §1.1: 0.059 % in 2021, 0.062 % in
// 2022, about 0.06 % since); a company stores its own policy's rate of a year when it differs.
import { Decimal } from '../decimal.ts';

const DEFAULT_PERCENT_BY_YEAR: Readonly<Record<number, string>> = {
  2021: '0.059',
  2022: '0.062',
  2023: '0.06',
  2024: '0.06',
  2025: '0.06',
  2026: '0.06',
};
const YEARS = Object.keys(DEFAULT_PERCENT_BY_YEAR)
  .map(Number)
  .sort((a, b) => a - b);

/** The usual rate of a year: its own figure, else that of the latest year before it (the earliest for older years). */
export function defaultGroupLifePercent(year: number): Decimal {
  const known = YEARS.filter((y) => y <= year).at(-1) ?? YEARS[0];
  return new Decimal(DEFAULT_PERCENT_BY_YEAR[known]);
}
