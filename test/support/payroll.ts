// Payroll test data: an employee's salary info body and personal identity codes.

/** The salary info of a resident employee insured under TyEL, with the income configuration given. */
export const salaryInfoBody = (personId: number, income: Record<string, unknown>) => ({
  personId,
  incomeConfiguration: {
    baseSalaryHours: 160,
    travelExpensesSpecialHandling: 'NONE',
    salaryChannel: 'EMAIL',
    excludedFromAutomatedWithholdingPercentageRequest: false,
    ...income,
  },
  insurancesConfiguration: {
    pensionInsurance: { type: 'TYEL' },
    accidentInsurance: { percent: 0.7 },
    pensionVoluntarilyPaid: false,
  },
  internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
});

/** A personal identity code of the 1900s with its control character. */
export const identityCode = (date: string, individual: string) =>
  `${date}-${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;
