// Monthly value of a car benefit (autoetu) by the year's Vero decision (rates.ts, domain-facts §1.5).
import { Decimal } from '../decimal.ts';
import type { CarAgeGroup, CarBenefitRules } from './rates.ts';
import { roundCents } from './rounding.ts';

type CarBenefitKind = 'FULL' | 'LIMITED';
type CarPower = 'ELECTRIC' | 'PLUG_IN_HYBRID' | 'GAS' | 'OTHER';

export interface Car {
  kind: CarBenefitKind;
  /** The year the car was taken into use: decides the age group. */
  yearTakenIntoUse: number;
  firstRegistrationYear: number;
  listPrice: Decimal;
  accessoriesPrice: Decimal;
  power: CarPower;
  /** Charging at the workplace paid by the employer (a taxable benefit from 2026). */
  workplaceCharging: boolean;
}

function ageGroup(rules: CarBenefitRules, yearTakenIntoUse: number): CarAgeGroup {
  if (yearTakenIntoUse >= rules.ageGroupFrom.A) return 'A';
  if (yearTakenIntoUse >= rules.ageGroupFrom.B) return 'B';
  return 'C';
}

/**
 * Monthly value: percentage × new-car price + the fixed sum of the age group, less the deductions of electric,
 * plug-in hybrid and gas cars, plus workplace charging; never below zero, rounded half up to the cent. The new-car
 * price is the list price less the fixed deduction, plus accessories above their allowance.
 */
export function carBenefitMonthlyValue(rules: CarBenefitRules, car: Car): Decimal {
  const accessories = Decimal.max(0, car.accessoriesPrice.minus(rules.accessoriesAllowance));
  const price = Decimal.max(0, car.listPrice.minus(rules.listPriceDeduction).plus(accessories));
  const formula = (car.kind === 'FULL' ? rules.full : rules.limited)[ageGroup(rules, car.yearTakenIntoUse)];
  let value = price.times(formula.percent).dividedBy(100).plus(formula.fixed);
  if (car.power === 'ELECTRIC') {
    if (car.firstRegistrationYear >= rules.electricFromYear) value = value.minus(rules.electricDeduction);
    if (car.kind === 'FULL') value = value.minus(rules.electricFullRunningCostDeduction);
    if (car.workplaceCharging) value = value.plus(rules.chargingElectric);
  } else if (car.power === 'PLUG_IN_HYBRID' || car.power === 'GAS') {
    if (car.kind === 'FULL') value = value.minus(rules.hybridFullRunningCostDeduction);
    if (car.workplaceCharging && car.power === 'PLUG_IN_HYBRID') value = value.plus(rules.chargingHybrid);
  }
  return roundCents(Decimal.max(0, value));
}
