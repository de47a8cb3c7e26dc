// The payslip an employee receives, as a PDF/A-2b document (pdfkit, with the embedded DejaVu typeface the
// invoices use): earnings, deductions and net pay, the employer's contributions for information, and the
// figures of the year to date. Pure: made from a Payslip, no database.
import { Decimal } from '../decimal.ts';
import { groupedAmount, openPdfDocument, Pen } from '../pdf-document.ts';

/** An exact figure: a Decimal, or its text (as a slip reaches the thread that renders it). */
type Figure = Decimal | string;

export interface PayslipLine {
  label: string;
  quantity?: Figure;
  unitValue?: Figure;
  amount: Figure;
}

export interface Payslip {
  companyName: string;
  employeeName: string;
  slipNumber: number;
  payday: string;
  paymentPeriod: { start: string; end: string } | null;
  earnings: PayslipLine[];
  deductions: PayslipLine[];
  netPay: Figure;
  employerContributions: PayslipLine[];
  yearToDate: PayslipLine[];
  /** The holiday credit year's holiday pay and bonus paid so far. */
  holidays: PayslipLine[];
}

const euros = (value: Figure) => `${groupedAmount(value)} €`;
const plain = (value: Figure) => new Decimal(value).toFixed().replace('.', ',');

const LEFT = 50;
const RIGHT = 545;

/** The payslip as a PDF. */
export async function renderPayslipPdf(slip: Payslip): Promise<Buffer> {
  const { pdf, done } = await openPdfDocument({
    lang: 'en',
    title: `Payslip ${slip.slipNumber} ${slip.employeeName}`,
    author: slip.companyName,
    subject: 'Payslip',
    // dated by the payday, so the same slip is the same bytes every time
    date: slip.payday,
    margin: 50,
  });
  const pen = new Pen(pdf, LEFT, RIGHT);

  const section = (title: string, lines: PayslipLine[], withUnits: boolean) => {
    if (lines.length === 0) return;
    pen.ensureRoom(40);
    pen.text(title, LEFT, { weight: 'bold', size: 10 });
    pen.y += 15;
    if (withUnits) {
      pen.text('Quantity', 300, { right: 360, weight: 'bold' });
      pen.text('Unit value', 370, { right: 450, weight: 'bold' });
    }
    pen.text('Amount', 460, { right: RIGHT, weight: 'bold' });
    pen.y += 12;
    pen.rule();
    for (const line of lines) {
      pen.ensureRoom(14);
      pen.text(line.label, LEFT);
      if (withUnits && line.quantity) pen.text(plain(line.quantity), 300, { right: 360 });
      if (withUnits && line.unitValue) pen.text(plain(line.unitValue), 370, { right: 450 });
      pen.text(euros(line.amount), 460, { right: RIGHT });
      pen.y += 13;
    }
    pen.y += 10;
  };

  pen.text(slip.companyName, LEFT, { weight: 'bold', size: 12 });
  pen.text('PAYSLIP', 400, { weight: 'bold', size: 14, right: RIGHT });
  pen.y += 22;
  pen.text(slip.employeeName, LEFT, { size: 10 });
  pen.text(`Slip number ${slip.slipNumber}`, 350, { right: RIGHT });
  pen.y += 13;
  pen.text(`Payday ${slip.payday}`, 350, { right: RIGHT });
  pen.y += 13;
  if (slip.paymentPeriod) {
    pen.text(`Payment period ${slip.paymentPeriod.start} – ${slip.paymentPeriod.end}`, 300, { right: RIGHT });
    pen.y += 13;
  }
  pen.y += 12;
  section('Earnings', slip.earnings, true);
  section('Deductions', slip.deductions, false);
  pen.ensureRoom(30);
  pen.rule();
  pen.text('Net pay', LEFT, { weight: 'bold', size: 11 });
  pen.text(euros(slip.netPay), 400, { weight: 'bold', size: 11, right: RIGHT });
  pen.y += 26;
  section('Employer contributions (for information)', slip.employerContributions, false);
  section(`Year to date ${slip.payday.slice(0, 4)}`, slip.yearToDate, false);
  section('Holidays', slip.holidays, false);
  pdf.end();
  return done;
}
