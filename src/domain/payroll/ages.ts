// Ages for the insurance rules. Every statutory insurance of payroll starts, stops and changes rate at the
// beginning of the month after the birthday (TyEL, unemployment insurance: elakevakuutukset.fi,
// employmentfund.fi), so for a pay month what counts is the age reached by the end of the month before it:
// an employee turning 17 in March is insured from April, one turning 68 in March is still insured in March.

/** Age in completed years on a date (`YYYY-MM-DD`); born on 29 February, one turns a year older on 1 March. */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, dd] = date.split('-').map(Number);
  const hadBirthday = m > bm || (m === bm && dd >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** The age that decides the insurances of the month of `payday`: the age on the last day of the month before. */
export function insuranceAge(birthDate: string, payday: string): number {
  const [y, m] = payday.split('-').map(Number);
  const lastOfPrevious = new Date(Date.UTC(y, m - 1, 0));
  return ageOn(birthDate, lastOfPrevious.toISOString().slice(0, 10));
}

/**
 * The age at the end of which TyEL stops (insured to the end of the month of this birthday): 68 for those born
 * in 1957 or earlier, 69 for 1958–1961, 70 for 1962 and later (elakevakuutukset.fi).
 */
export function pensionUpperAge(birthDate: string): number {
  const year = Number(birthDate.slice(0, 4));
  if (year <= 1957) return 68;
  if (year <= 1961) return 69;
  return 70;
}
