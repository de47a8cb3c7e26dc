// The Incomes Register (tulorekisteri) earnings payment report of an approved salary slip (domain-facts §1.4),
// and the XML message of a batch of them, valid against the register's WageReportsToIR schema. Every Finnish
// employer reports each payment within 5 days of the payday. Pure: the slip's figures come in as the calculation
// (slip.ts) produced them, so every amount here is one of the calculation's, or a sum of its rows, to the cent.
//
// The register's data-content rules followed here (vero.fi, Incomes Register: "Wage income types", "Reporting
// data to the Incomes Register: insurance-related data", "… fringe benefits and reimbursements of expenses",
// "Correcting earnings payment data: replacement report"):
// - monetary wages are reported one way: itemised by the 200 series (reporting method 2), never also as the 101
//   total, which contains the same pay; fringe benefits and tax-free allowances always under their own 300-series
//   types, whatever the method;
// - 102–106 (the pay each insurance contribution is due on) only where that pay differs from the taxable pay
//   the types are insured on by default, and not for an insurance the whole report is excepted from;
// - a car benefit (304) carries its CarBenefit details, a daily allowance (331) its DailyAllowance code;
// - an exception to insurance applies to the whole report (the salary info's, and those of the employee's age);
// - a correction of a reported slip is a replacement report (action 2) with the payer's report id of the
//   original, so the register replaces it instead of saving a second report;
// - a report is withdrawn by cancelling it, never by a report of its own: through the technical interface or the
//   upload service "cancellation has been separated into its own record type", which names only the payer and
//   the report reference (vero.fi, Incomes Register: "Cancelling earnings payment data in the Incomes Register").
//   A correction of the payment date cannot be a replacement either: the earlier report is cancelled and a new
//   one given (the same page), so a slip moved to another payday is reported anew under a new report id.
import { create } from 'xmlbuilder2';
import { Decimal } from '../decimal.ts';
import { insuranceAge, pensionUpperAge } from './ages.ts';
import type { PayrollYearRates } from './rates.ts';
import { isEntered, type SalaryTypeTerms, type SlipCalculation } from './slip.ts';

/**
 * The kinds of a daily allowance, with the register's daily allowance codes (AllowanceCode): every 331 says
 * whether full-day, part-day or foreign daily allowances were paid (or a meal allowance in their place).
 */
const DAILY_ALLOWANCE_CODES = { PART_DAY: 1, FULL_DAY: 2, MEAL_ALLOWANCE: 3, FOREIGN: 4 } as const;
export type DailyAllowanceKind = keyof typeof DAILY_ALLOWANCE_CODES;
export const DAILY_ALLOWANCE_KINDS = Object.keys(DAILY_ALLOWANCE_CODES) as DailyAllowanceKind[];
/** A 331 row whose kind was never given: a full-day allowance, the common case of a domestic trip over 10 hours. */
const DEFAULT_ALLOWANCE: DailyAllowanceKind = 'FULL_DAY';

/** The car benefit's details the register asks with 304: limited or full, the age group, kilometres if by km. */
export interface CarBenefitFacts {
  limited: boolean;
  ageGroup: 'A' | 'B' | 'C' | 'ABROAD';
  kilometers?: number;
  emissionValue?: Decimal;
}

/**
 * The register's income types of earnings payment reports (its code set of wage income types, as Statistics
 * Finland's TAX_INCOMES variable list of the register's transaction codes gives them): a report names no other.
 */
const WAGE_INCOME_TYPES = new Set([
  ...range(101, 106),
  ...range(201, 239).filter((c) => c !== 228),
  ...[301, 302, 303, 304, ...range(308, 317), ...range(319, 326), ...range(327, 332), ...range(334, 343)],
  ...[350, 351, 352, 353, 354, 355, 356, 357, 358, 359, ...range(361, 365)],
  ...range(401, 420),
]);
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
export const isWageIncomeType = (code: number) => WAGE_INCOME_TYPES.has(code);

/** A row of the slip as reported: its salary type and the income type the company's catalogue gives it. */
export interface ReportedRow {
  salaryType: SalaryTypeTerms;
  /** Null for types the register has no income type for (a union fee): left out of the report. */
  incomeTypeCode: number | null;
  carBenefit?: CarBenefitFacts;
  dailyAllowance?: DailyAllowanceKind;
}

/** The insurances, in the order of the register's codes of exceptions to insurance. */
const INSURANCES = ['PENSION', 'ACCIDENT', 'UNEMPLOYMENT', 'HEALTH'] as const;
export type Insurance = (typeof INSURANCES)[number];
/** Why an insurance is not due: no obligation to insure (age, YEL insured…), or not in Finnish social security. */
export type InsuranceException = { insurance: Insurance; reason: 'NO_OBLIGATION' | 'NOT_SUBJECT' };

/**
 * The register's codes of a report's exceptions to insurance: 1 no obligation to provide any of the four
 * insurances, 2–5 none for earnings-related pension, accident and occupational disease, unemployment and health
 * insurance; 6 and 7–10 the same for an earner not in Finnish social security (vero.fi, Incomes Register release
 * notes of 22.6.2021: "koodiarvo 1 … TAI koodiarvot 2–5").
 */
function exceptionCodes(exceptions: readonly InsuranceException[]): number[] {
  const codes = new Set<number>();
  for (const [reason, base] of [
    ['NO_OBLIGATION', 1],
    ['NOT_SUBJECT', 6],
  ] as const) {
    const excepted = new Set(exceptions.filter((e) => e.reason === reason).map((e) => e.insurance));
    if (excepted.size === INSURANCES.length) codes.add(base);
    else for (const insurance of excepted) codes.add(base + 1 + INSURANCES.indexOf(insurance));
  }
  return [...codes].sort((a, b) => a - b);
}

/**
 * The insurances an employee's age leaves out in the month of the payday (ages.ts): TyEL from the month after
 * the 17th birthday to the month of the upper age, unemployment insurance 18–64, health insurance 16–67.
 */
export function ageExceptions(rates: PayrollYearRates, birthDate: string | null, payday: string): InsuranceException[] {
  if (birthDate === null) return [];
  const age = insuranceAge(birthDate, payday);
  const out: InsuranceException[] = [];
  const outside = (band: { fromAge: number; toAge: number }) => age < band.fromAge || age > band.toAge;
  if (age < rates.pensionFromAge || age >= pensionUpperAge(birthDate))
    out.push({ insurance: 'PENSION', reason: 'NO_OBLIGATION' });
  if (outside(rates.employerHealthInsurance)) out.push({ insurance: 'HEALTH', reason: 'NO_OBLIGATION' });
  if (outside(rates.employeeUnemployment)) out.push({ insurance: 'UNEMPLOYMENT', reason: 'NO_OBLIGATION' });
  return out;
}

export interface IncomeEarner {
  personalIdentityCode: string | null;
  name: string;
  /** For an earner without an identity code: the register's MissingId details. */
  lastName?: string;
  firstName?: string;
  birthDate?: string | null;
}

export interface PensionInsuranceFacts {
  /** The register's pension insurance: 1 an employee's earnings-related (TyEL…), 2 MYEL, 3 YEL. */
  actCode: number;
  providerCode?: number;
  policyNumber?: string;
}

/**
 * The providers of TyEL insurance among the register's pension provider codes (PensionProvIdCode, Incomes Register
 * code set "Koodistot 2022" v1.03 §1.55): the pension insurance companies, and the company pension trusts (7nnnn)
 * and industry-wide pension funds (8nnnn) through which TyEL §1 lets an employer arrange it instead. The code is
 * also the first part of the provider's policy numbers. The code set's other providers (Keva, the seamen's and the
 * Orthodox clergy's pension funds, MELA) insure under other acts than TyEL.
 */
const PENSION_PROVIDERS: Readonly<Record<number, string>> = {
  46: 'Ilmarinen',
  54: 'Elo',
  55: 'Varma',
  56: 'Veritas',
  70014: 'UPM Sellutehtaiden eläkesäätiö',
  70047: 'Sanoman Eläkesäätiö',
  70072: 'Sandvik Eläkesäätiö',
  70076: 'Kontinon yhteiseläkesäätiö',
  70078: 'Yleisradion eläkesäätiö',
  70088: 'ABB Eläkesäätiö',
  70093: 'L-Fashion Group Oy:n eläkesäätiö',
  70109: 'Honeywell Oy:n Henkilökunnan Eläkesäätiö',
  70199: 'Telian Eläkesäätiö',
  70200: 'Yara Suomen Eläkesäätiö',
  70202: 'Orionin Eläkesäätiö',
  80001: 'Valion Eläkekassa',
  80005: 'OP-Eläkekassa',
  80008: 'Eläkekassa Verso',
  80009: 'Apteekkien Eläkekassa',
  80012: 'Liikennepalvelualojen Eläkekassa Viabek',
  80014: 'Reka Eläkekassa',
};

const knownProviders = () =>
  Object.entries(PENSION_PROVIDERS)
    .map(([code, name]) => `${code} ${name}`)
    .join(', ');

/**
 * What is wrong with a TyEL insurance's provider code and policy number, if anything, as the register checks them
 * (vero.fi, Incomes Register: "Pension policy number"; "Tietojen toimittaminen – Skeemat – Palkkatietoilmoitukset
 * 2022" §2.22): the provider one of the code set's; the policy number 11 characters, nn-nnnnnnnT of a company or
 * nnnnn-nnnnT of a trust (7nnnn) or a fund (8nnnn), T a digit or a capital letter; its part before the hyphen a
 * provider's code, and the provider code given the same as that part.
 */
export function pensionPolicyProblem(
  providerCode: number | undefined,
  policyNumber: string | undefined,
): { field: 'pensionProviderCode' | 'pensionPolicyNumber'; detail: string } | null {
  if (providerCode !== undefined && !(providerCode in PENSION_PROVIDERS))
    return {
      field: 'pensionProviderCode',
      detail: `${providerCode} is not the Incomes Register's code of a TyEL pension provider; known: ${knownProviders()}.`,
    };
  if (policyNumber === undefined) return null;
  if (!/^(\d{2}-\d{7}|[78]\d{4}-\d{4})[0-9A-Z]$/.test(policyNumber))
    return {
      field: 'pensionPolicyNumber',
      detail:
        `${policyNumber} is no pension policy number: 11 characters, nn-nnnnnnnT of a pension company or ` +
        'nnnnn-nnnnT of a pension trust (7nnnn) or fund (8nnnn).',
    };
  const first = Number(policyNumber.split('-')[0]);
  if (!(first in PENSION_PROVIDERS))
    return {
      field: 'pensionPolicyNumber',
      detail: `The policy number ${policyNumber} names provider ${first}, not a TyEL pension provider of the register.`,
    };
  if (providerCode !== undefined && first !== providerCode)
    return {
      field: 'pensionPolicyNumber',
      detail: `The policy number ${policyNumber} is one of provider ${first}, not of ${providerCode}.`,
    };
  return null;
}

/** An approved slip's figures: who paid whom when, its rows and their calculation (`rowAmounts` in row order). */
export interface ApprovedSlipFigures {
  /** The payer's report id: stays the slip's, so a replacement report replaces the same report. */
  reportId: string;
  /** A replacement of a report already delivered to the register. */
  replaces: boolean;
  payer: { businessId: string; name: string };
  incomeEarner: IncomeEarner;
  paymentDate: string;
  payPeriod: { start: string; end: string };
  pensionInsurance: PensionInsuranceFacts | null;
  insuranceExceptions: readonly InsuranceException[];
  rows: readonly ReportedRow[];
  calculation: SlipCalculation;
}

interface IncomeTransaction {
  incomeTypeCode: number;
  amount: Decimal;
  carBenefit?: CarBenefitFacts;
  dailyAllowance?: DailyAllowanceKind[];
}

export interface EarningsPaymentReport {
  reportId: string;
  /** 1 a new report, 2 a replacement of the report of the same `reportId`. */
  actionCode: 1 | 2;
  payer: { businessId: string; name: string };
  incomeEarner: IncomeEarner;
  paymentDate: string;
  payPeriod: { start: string; end: string };
  pensionInsurance: PensionInsuranceFacts | null;
  /** The register's exception codes, ascending. */
  insuranceExceptions: number[];
  /** By income type code; zero amounts left out. */
  transactions: IncomeTransaction[];
}

const ZERO = new Decimal(0);
/** The 100-series code of the pay each insurance is due on (103 and 104 both the health insurance's). */
const BASE_CODES: readonly [number, Insurance, keyof SlipCalculation['bases']][] = [
  [102, 'PENSION', 'pension'],
  [103, 'HEALTH', 'health'],
  [104, 'HEALTH', 'health'],
  [105, 'UNEMPLOYMENT', 'unemployment'],
  [106, 'ACCIDENT', 'accidentAndGroupLife'],
];

/** The earnings payment report of one approved slip. */
export function earningsPaymentReport(slip: ApprovedSlipFigures): EarningsPaymentReport {
  const { calculation: c } = slip;
  const byCode = new Map<number, IncomeTransaction>();
  const add = (code: number, amount: Decimal, row?: ReportedRow) => {
    const t = byCode.get(code) ?? { incomeTypeCode: code, amount: ZERO };
    t.amount = t.amount.plus(amount);
    if (row?.carBenefit && !t.carBenefit) t.carBenefit = row.carBenefit;
    if (code === 331) {
      const kind = row?.dailyAllowance ?? DEFAULT_ALLOWANCE;
      t.dailyAllowance = [...new Set([...(t.dailyAllowance ?? []), kind])];
    }
    byCode.set(code, t);
  };
  slip.rows.forEach((row, i) => {
    if (row.incomeTypeCode === null || !isEntered(row.salaryType)) return;
    // the catalogue's codes are the register's (src/payroll/catalogue.test.ts): another is a defect, not input
    if (!isWageIncomeType(row.incomeTypeCode))
      throw new Error(`income type ${row.incomeTypeCode} is not the register's`);
    add(row.incomeTypeCode, c.rowAmounts[i], row);
  });
  const excepted = new Set(slip.insuranceExceptions.map((e) => e.insurance));
  for (const [code, insurance, base] of BASE_CODES)
    if (!excepted.has(insurance) && !c.bases[base].equals(c.taxablePay)) add(code, c.bases[base]);
  if (c.withholding.kind === 'TAX_AT_SOURCE') {
    add(404, c.withholding.amount);
    add(405, c.withholding.taxAtSourceDeduction);
  } else add(402, c.withholding.amount);
  add(413, c.employeePension);
  add(414, c.employeeUnemployment);
  const transactions = [...byCode.values()]
    // a 100-series base differing from the pay says so even when it is nothing
    .filter((t) => !t.amount.isZero() || (t.incomeTypeCode >= 102 && t.incomeTypeCode <= 106))
    .sort((a, b) => a.incomeTypeCode - b.incomeTypeCode);
  return {
    reportId: slip.reportId,
    actionCode: slip.replaces ? 2 : 1,
    payer: slip.payer,
    incomeEarner: slip.incomeEarner,
    paymentDate: slip.paymentDate,
    payPeriod: slip.payPeriod,
    pensionInsurance: slip.pensionInsurance,
    insuranceExceptions: exceptionCodes(slip.insuranceExceptions),
    transactions,
  };
}

/** Register codes of the kinds of identifier: 1 a business ID, 2 a Finnish personal identity code. */
const BUSINESS_ID = '1';
const PERSONAL_IDENTITY_CODE = '2';
const WAGE_REPORTS_NAMESPACE = 'http://www.tulorekisteri.fi/2017/1/WageReportsToIR';
/** The delivery's data type: earnings payment reports. */
const EARNINGS_PAYMENT_REPORTS = '100';
/** The register's car benefit codes (1 limited, 2 full) and age groups (A, B, C, and U for a car abroad). */
const LIMITED_CAR_BENEFIT = '1';
const FULL_CAR_BENEFIT = '2';
const AGE_GROUP_CODES: Record<CarBenefitFacts['ageGroup'], string> = { A: '1', B: '2', C: '3', ABROAD: '4' };

interface ContactPerson {
  name: string;
  telephone: string;
  email?: string;
}

export interface IncomesRegisterDelivery {
  deliveryId: string;
  /** When the message was made (ISO date-time). */
  timestamp: string;
  /** True only for the register's production environment. */
  production: boolean;
  contactPerson: ContactPerson;
  reports: readonly EarningsPaymentReport[];
}

/**
 * The batch message of earnings payment reports of one payer and one payday by the register's WageReportsToIR
 * schema: the delivery (owner, creator and sender are the payer), the payment period, the payer's contact
 * person, the payer, and a report per income earner with its transactions. The root is in the register's
 * namespace under a prefix and its descendants are unqualified, as the schema (without elementFormDefault)
 * wants. Amounts with two decimals and a point.
 */
export function incomesRegisterXml(delivery: IncomesRegisterDelivery): string {
  const [first] = delivery.reports;
  if (!first) throw new Error('an Incomes Register delivery needs at least one report');
  for (const report of delivery.reports)
    if (report.payer.businessId !== first.payer.businessId || report.paymentDate !== first.paymentDate)
      throw new Error('the reports of one delivery have one payer and one payment date');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(WAGE_REPORTS_NAMESPACE, 'wr:WageReportsRequestToIR');
  const data = root.ele('DeliveryData');
  data.ele('Timestamp').txt(delivery.timestamp);
  data.ele('Source').txt('Tase');
  data.ele('DeliveryDataType').txt(EARNINGS_PAYMENT_REPORTS);
  data.ele('DeliveryId').txt(delivery.deliveryId);
  // 1: a faulty report stops the whole delivery
  data.ele('FaultyControl').txt('1');
  data.ele('ProductionEnvironment').txt(String(delivery.production));
  for (const role of ['DeliveryDataOwner', 'DeliveryDataCreator', 'DeliveryDataSender'])
    data.ele(role).ele('Type').txt(BUSINESS_ID).up().ele('Code').txt(first.payer.businessId);
  const period = data.ele('PaymentPeriod');
  period.ele('PaymentDate').txt(first.paymentDate);
  period.ele('StartDate').txt(first.payPeriod.start);
  period.ele('EndDate').txt(first.payPeriod.end);
  const contact = data.ele('ContactPersons').ele('ContactPerson');
  contact.ele('Name').txt(delivery.contactPerson.name);
  contact.ele('Telephone').txt(delivery.contactPerson.telephone);
  if (delivery.contactPerson.email) contact.ele('Email').txt(delivery.contactPerson.email);
  const payer = data.ele('Payer');
  payer.ele('PayerIds').ele('Id').ele('Type').txt(BUSINESS_ID).up().ele('Code').txt(first.payer.businessId);
  payer.ele('PayerBasic').ele('CompanyName').txt(first.payer.name);
  const reports = data.ele('Reports');
  for (const report of delivery.reports) {
    const element = reports.ele('Report');
    element
      .ele('ReportData')
      .ele('ActionCode')
      .txt(String(report.actionCode))
      .up()
      .ele('ReportId')
      .txt(report.reportId);
    const earner = element.ele('IncomeEarner');
    const person = report.incomeEarner;
    if (person.personalIdentityCode !== null)
      earner
        .ele('IncomeEarnerIds')
        .ele('Id')
        .ele('Type')
        .txt(PERSONAL_IDENTITY_CODE)
        .up()
        .ele('Code')
        .txt(person.personalIdentityCode);
    else {
      const basic = earner.ele('IncomeEarnerBasic');
      basic.ele('MissingId').txt('true');
      basic.ele('LastName').txt(person.lastName ?? person.name);
      if (person.firstName) basic.ele('FirstName').txt(person.firstName);
      if (person.birthDate) basic.ele('BirthDate').txt(person.birthDate);
    }
    if (report.pensionInsurance) {
      const pension = earner.ele('PensionInsurance');
      pension.ele('PensionActCode').txt(String(report.pensionInsurance.actCode));
      if (report.pensionInsurance.providerCode !== undefined)
        pension.ele('PensionProvIdCode').txt(String(report.pensionInsurance.providerCode));
      if (report.pensionInsurance.policyNumber)
        pension.ele('PensionPolicyNo').txt(report.pensionInsurance.policyNumber);
    }
    if (report.insuranceExceptions.length > 0) {
      const exceptions = earner.ele('InsuranceExceptions');
      for (const code of report.insuranceExceptions) exceptions.ele('ExceptionCode').txt(String(code));
    }
    if (report.transactions.length === 0) continue;
    const transactions = element.ele('Transactions');
    for (const t of report.transactions) {
      const transaction = transactions.ele('Transaction');
      transaction
        .ele('TransactionBasic')
        .ele('TransactionCode')
        .txt(String(t.incomeTypeCode))
        .up()
        .ele('Amount')
        .txt(t.amount.toFixed(2));
      if (t.carBenefit) {
        const car = transaction.ele('CarBenefit');
        car.ele('CarBenefitCode').txt(t.carBenefit.limited ? LIMITED_CAR_BENEFIT : FULL_CAR_BENEFIT);
        car.ele('AgeGroupCode').txt(AGE_GROUP_CODES[t.carBenefit.ageGroup]);
        if (t.carBenefit.kilometers !== undefined) car.ele('Kilometers').txt(String(t.carBenefit.kilometers));
        if (t.carBenefit.emissionValue && !t.carBenefit.emissionValue.isZero())
          car.ele('EmissionsValue').txt(t.carBenefit.emissionValue.toFixed(2));
      }
      if (t.dailyAllowance) {
        const allowance = transaction.ele('DailyAllowance');
        for (const kind of t.dailyAllowance) allowance.ele('AllowanceCode').txt(String(DAILY_ALLOWANCE_CODES[kind]));
      }
    }
  }
  return root.end({ prettyPrint: true });
}

const INVALIDATIONS_NAMESPACE = 'http://www.tulorekisteri.fi/2017/1/InvalidationsToIR';
/**
 * The delivery data type of a record cancelling earnings payment reports one by one: 105, not the 100 of the
 * reports it cancels (Incomes Register, "Tekninen rajapinta – Tietojen toimittaminen tulorekisteriin 2021" §9.2.1,
 * and the code set "Koodistot 2022" §1.4 DeliveryDataType; 109 would cancel a whole earlier delivery instead).
 */
const CANCELLATION_OF_EARNINGS_PAYMENT_REPORTS = '105';

export interface IncomesRegisterCancellation {
  deliveryId: string;
  timestamp: string;
  production: boolean;
  payerBusinessId: string;
  /** The payer's report ids of the reports to cancel. */
  reportIds: readonly string[];
}

/**
 * The record that cancels earlier earnings payment reports of a payer by their report ids (the register's
 * InvalidationsToIR): the delivery, whose owner, creator and sender are the payer, and an item per report. Like
 * the reports' message, the root is in the register's namespace under a prefix and its descendants unqualified.
 */
export function incomesRegisterCancellationXml(cancellation: IncomesRegisterCancellation): string {
  if (cancellation.reportIds.length === 0) throw new Error('a cancellation names at least one report');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    INVALIDATIONS_NAMESPACE,
    'ir:InvalidationsRequestToIR',
  );
  const data = root.ele('DeliveryData');
  data.ele('Timestamp').txt(cancellation.timestamp);
  data.ele('Source').txt('Tase');
  data.ele('DeliveryDataType').txt(CANCELLATION_OF_EARNINGS_PAYMENT_REPORTS);
  data.ele('DeliveryId').txt(cancellation.deliveryId);
  data.ele('FaultyControl').txt('1');
  data.ele('ProductionEnvironment').txt(String(cancellation.production));
  for (const role of ['DeliveryDataOwner', 'DeliveryDataCreator', 'DeliveryDataSender'])
    data.ele(role).ele('Type').txt(BUSINESS_ID).up().ele('Code').txt(cancellation.payerBusinessId);
  const items = data.ele('Items');
  for (const reportId of cancellation.reportIds) items.ele('Item').ele('ItemId').txt(reportId);
  return root.end({ prettyPrint: true });
}
