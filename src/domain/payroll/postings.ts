// Ledger postings of a calculated salary slip (domain-facts §2.3), in integer minor units: debit positive,
// credit negative; each set sums to zero. The salary receipt: Dr each earning's account, Cr the fringe-benefit
// contra account, Cr withholding (or tax at source), employee TyEL and unemployment payables, Cr the
// deductions' accounts and Cr net pay payable. The employer contribution receipt: Dr each cost / Cr its payable.
import type { Decimal, MinorUnits } from '../decimal.ts';
import type { DimensionAllocation, PostingLine } from '../postings.ts';
import { calculateSlip, isEntered, type SlipCalculation, type SlipInput, type SlipRow } from './slip.ts';

/** One line of a payroll posting: a line for the ledger's posting interface. */
interface PayrollPostingLine extends Pick<PostingLine, 'account' | 'amountMinor'> {
  description: string;
  dimensions?: DimensionAllocation[];
}

interface CostAndPayable {
  cost: string;
  payable: string;
}

/** The accounts of the postings that do not come from a salary type (the Finnish chart, §2.1). */
export interface PayrollAccounts {
  withholdingPayable: string;
  taxAtSourcePayable: string;
  employeePensionPayable: string;
  employeeUnemploymentPayable: string;
  netPayPayable: string;
  employerPension: CostAndPayable;
  healthInsurance: CostAndPayable;
  employerUnemployment: CostAndPayable;
  accidentInsurance: CostAndPayable;
  groupLifeInsurance: CostAndPayable;
}

const DEFAULT_PAYROLL_ACCOUNTS: PayrollAccounts = {
  withholdingPayable: '2921',
  taxAtSourcePayable: '2922',
  employeePensionPayable: '2931',
  employeeUnemploymentPayable: '2935',
  netPayPayable: '2940',
  employerPension: { cost: '6130', payable: '2931' },
  healthInsurance: { cost: '6300', payable: '2923' },
  employerUnemployment: { cost: '6410', payable: '2935' },
  accidentInsurance: { cost: '6400', payable: '2965' },
  groupLifeInsurance: { cost: '6430', payable: '2965' },
};

export interface SlipPostings {
  salary: PayrollPostingLine[];
  employerContributions: PayrollPostingLine[];
}

function cents(value: Decimal): MinorUnits {
  return BigInt(value.times(100).toFixed(0));
}

/**
 * A row's amount split over its dimension items: each item its share, rounded half up to the cent; the last
 * item of each dimension takes what is left, so every dimension adds up to the line exactly.
 */
function allocations(row: SlipRow, amountMinor: MinorUnits): DimensionAllocation[] {
  const byDimension = new Map<number, { itemId: number; share: Decimal }[]>();
  for (const d of row.dimensions ?? [])
    byDimension.set(d.dimensionId, [...(byDimension.get(d.dimensionId) ?? []), { itemId: d.itemId, share: d.share }]);
  const result: DimensionAllocation[] = [];
  for (const [dimensionId, items] of byDimension) {
    let left = amountMinor;
    items.forEach((item, i) => {
      const part =
        i === items.length - 1 ? left : BigInt(item.share.times(amountMinor.toString()).toDecimalPlaces(0).toFixed());
      left -= part;
      result.push({ dimensionId, itemId: item.itemId, amountMinor: part });
    });
  }
  return result;
}

/** The posting lines of a calculated slip; lines of zero are left out. */
function slipPostings(
  input: Pick<SlipInput, 'rows'>,
  calc: SlipCalculation,
  accounts: PayrollAccounts = DEFAULT_PAYROLL_ACCOUNTS,
): SlipPostings {
  const salary: PayrollPostingLine[] = [];
  const add = (lines: PayrollPostingLine[], account: string, amount: Decimal, description: string) => {
    if (!amount.isZero()) lines.push({ account, amountMinor: cents(amount), description });
  };
  input.rows.forEach((row, i) => {
    const type = row.salaryType;
    const amount = calc.rowAmounts[i];
    const description = `Salary type ${type.code}`;
    if (!isEntered(type)) return;
    if (type.category === 'DEDUCTIONS_FROM_NET_PAY') return add(salary, type.account, amount.negated(), description);
    add(salary, type.account, amount, description);
    if (row.dimensions?.length && !amount.isZero())
      salary[salary.length - 1].dimensions = allocations(row, cents(amount));
    if (type.category === 'FRINGE_BENEFITS' && type.contraAccount)
      add(salary, type.contraAccount, amount.negated(), description);
  });
  const taxAtSource = calc.withholding.kind === 'TAX_AT_SOURCE';
  add(
    salary,
    taxAtSource ? accounts.taxAtSourcePayable : accounts.withholdingPayable,
    calc.withholding.amount.negated(),
    taxAtSource ? 'Tax at source' : 'Withholding',
  );
  add(salary, accounts.employeePensionPayable, calc.employeePension.negated(), 'Employee pension contribution');
  add(
    salary,
    accounts.employeeUnemploymentPayable,
    calc.employeeUnemployment.negated(),
    'Employee unemployment insurance',
  );
  add(salary, accounts.netPayPayable, calc.netPay.negated(), 'Net pay');

  const employerContributions: PayrollPostingLine[] = [];
  const contribution = (pair: CostAndPayable, amount: Decimal, description: string) => {
    add(employerContributions, pair.cost, amount, description);
    add(employerContributions, pair.payable, amount.negated(), description);
  };
  contribution(accounts.employerPension, calc.employer.pension, 'Employer pension contribution');
  contribution(accounts.healthInsurance, calc.employer.healthInsurance, 'Employer health insurance');
  contribution(accounts.employerUnemployment, calc.employer.unemployment, 'Employer unemployment insurance');
  contribution(accounts.accidentInsurance, calc.employer.accident, 'Accident insurance');
  contribution(accounts.groupLifeInsurance, calc.employer.groupLife, 'Group life insurance');
  return { salary, employerContributions };
}

/** A slip's calculation and its postings in one call. */
export function calculateAndPostSlip(
  input: SlipInput,
  accounts: PayrollAccounts = DEFAULT_PAYROLL_ACCOUNTS,
): { calculation: SlipCalculation; postings: SlipPostings } {
  const calculation = calculateSlip(input);
  return { calculation, postings: slipPostings(input, calculation, accounts) };
}
