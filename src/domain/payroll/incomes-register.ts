// The Incomes Register (tulorekisteri) earnings payment report of an approved salary slip (domain-facts §1.4),
// and the XML message of a batch of them. Every Finnish employer reports each payment within 5 days of the
// payday. Pure: the slip's figures come in as the calculation (slip.ts) produced them, so every amount here is
// one of the calculation's, or a sum of its rows, to the cent.
//
// The income types: the 100 series are totals (101 the pay, 102–106 the pay each insurance is due on), the 200
// and 300 series the rows by their salary type's income type (fringe benefits and tax-free items in the 300s),
// the 400 series the deductions (402 withholding, 404/405 tax at source and its deduction, 413 and 414 the
// employee's pension and unemployment insurance contributions, and the deduction rows by their income type).
import { create } from 'xmlbuilder2';
import { Decimal } from '../decimal.ts';
import { isEntered, type SalaryTypeTerms, type SlipCalculation } from './slip.ts';

/** A row of the slip as reported: its salary type and the income type the company's catalogue gives it. */
export interface ReportedRow {
  salaryType: SalaryTypeTerms;
  /** Null for types the register has no income type for (a union fee): left out of the report. */
  incomeTypeCode: number | null;
}

/** An approved slip's figures: who paid whom when, its rows and their calculation (`rowAmounts` in row order). */
export interface ApprovedSlipFigures {
  /** The slip's own id: the payer's report id, so a correction replaces the same report. */
  reportId: string;
  payer: { businessId: string; name: string };
  incomeEarner: { personalIdentityCode: string | null; name: string };
  paymentDate: string;
  payPeriod: { start: string; end: string };
  rows: readonly ReportedRow[];
  calculation: SlipCalculation;
}

interface IncomeTransaction {
  incomeTypeCode: number;
  amount: Decimal;
}

export interface EarningsPaymentReport {
  reportId: string;
  payer: { businessId: string; name: string };
  incomeEarner: { personalIdentityCode: string | null; name: string };
  paymentDate: string;
  payPeriod: { start: string; end: string };
  /** By income type code; zero amounts left out, except the total pay (101). */
  transactions: IncomeTransaction[];
}

const ZERO = new Decimal(0);

/** The earnings payment report of one approved slip. */
export function earningsPaymentReport(slip: ApprovedSlipFigures): EarningsPaymentReport {
  const { calculation: c } = slip;
  const amounts = new Map<number, Decimal>();
  const add = (code: number, amount: Decimal) => amounts.set(code, (amounts.get(code) ?? ZERO).plus(amount));
  slip.rows.forEach((row, i) => {
    if (row.incomeTypeCode !== null && isEntered(row.salaryType)) add(row.incomeTypeCode, c.rowAmounts[i]);
  });
  add(101, c.taxablePay);
  add(102, c.bases.pension);
  add(103, c.bases.health);
  add(104, c.bases.health);
  add(105, c.bases.unemployment);
  add(106, c.bases.accidentAndGroupLife);
  if (c.withholding.kind === 'TAX_AT_SOURCE') {
    add(404, c.withholding.amount);
    add(405, c.withholding.taxAtSourceDeduction);
  } else add(402, c.withholding.amount);
  add(413, c.employeePension);
  add(414, c.employeeUnemployment);
  const transactions = [...amounts]
    .filter(([code, amount]) => code === 101 || !amount.isZero())
    .sort(([a], [b]) => a - b)
    .map(([incomeTypeCode, amount]) => ({ incomeTypeCode, amount }));
  return {
    reportId: slip.reportId,
    payer: slip.payer,
    incomeEarner: slip.incomeEarner,
    paymentDate: slip.paymentDate,
    payPeriod: slip.payPeriod,
    transactions,
  };
}

/** Register codes of the kinds of identifier: 1 a business ID, 2 a Finnish personal identity code. */
const BUSINESS_ID = '1';
const PERSONAL_IDENTITY_CODE = '2';
const WAGE_REPORTS_NAMESPACE = 'http://www.tulorekisteri.fi/2017/1/WageReportsToIR';
/** The delivery's data type: earnings payment reports. */
const EARNINGS_PAYMENT_REPORTS = '100';

export interface IncomesRegisterDelivery {
  deliveryId: string;
  /** When the message was made (ISO date-time). */
  timestamp: string;
  /** True only for the register's production environment. */
  production: boolean;
  reports: readonly EarningsPaymentReport[];
}

/**
 * The batch message of earnings payment reports of one payer and one payday, modelled on the register's
 * WageReportsToIR schema: the delivery (owner, creator and sender are the payer), the payment period, the payer,
 * and a report per income earner with its transactions. Amounts with two decimals and a point.
 */
export function incomesRegisterXml(delivery: IncomesRegisterDelivery): string {
  const [first] = delivery.reports;
  if (!first) throw new Error('an Incomes Register delivery needs at least one report');
  for (const report of delivery.reports)
    if (report.payer.businessId !== first.payer.businessId || report.paymentDate !== first.paymentDate)
      throw new Error('the reports of one delivery have one payer and one payment date');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(WAGE_REPORTS_NAMESPACE, 'WageReportRequestToIR');
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
  const payer = data.ele('Payer');
  payer.ele('PayerIds').ele('Id').ele('Type').txt(BUSINESS_ID).up().ele('Code').txt(first.payer.businessId);
  payer.ele('PayerBasic').ele('CompanyName').txt(first.payer.name);
  const reports = data.ele('Reports');
  for (const report of delivery.reports) {
    const element = reports.ele('Report');
    element.ele('ReportData').ele('ActionCode').txt('1').up().ele('ReportId').txt(report.reportId);
    const earner = element.ele('IncomeEarner');
    if (report.incomeEarner.personalIdentityCode !== null)
      earner
        .ele('IncomeEarnerIds')
        .ele('Id')
        .ele('Type')
        .txt(PERSONAL_IDENTITY_CODE)
        .up()
        .ele('Code')
        .txt(report.incomeEarner.personalIdentityCode);
    else earner.ele('IncomeEarnerBasic').ele('Name').txt(report.incomeEarner.name);
    const transactions = element.ele('Transactions');
    for (const t of report.transactions)
      transactions
        .ele('Transaction')
        .ele('TransactionBasic')
        .ele('TransactionCode')
        .txt(String(t.incomeTypeCode))
        .up()
        .ele('Amount')
        .txt(t.amount.toFixed(2));
  }
  return root.end({ prettyPrint: true });
}
