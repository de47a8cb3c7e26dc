// The payslip an employee receives, as a PDF/A-2b document (pdfkit, with the embedded DejaVu typeface the
// invoices use): earnings, deductions and net pay, the employer's contributions for information, and the
// figures of the year to date. Pure: made from a Payslip, no database.
import { Decimal } from '../decimal.ts';
import { pdfFont } from '../invoice-output/fonts.ts';

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

const euros = (value: Figure) => {
  const [whole, cents] = new Decimal(value).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents} €`;
};
const plain = (value: Figure) => new Decimal(value).toFixed().replace('.', ',');

const LEFT = 50;
const RIGHT = 545;

/** The payslip as a PDF. */
export async function renderPayslipPdf(slip: Payslip): Promise<Buffer> {
  // loaded with the first PDF, not at start (see invoice-output/render.ts)
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    // dated by the payday, so the same slip is the same bytes every time
    info: {
      Title: `Payslip ${slip.slipNumber} ${slip.employeeName}`,
      Author: slip.companyName,
      Subject: 'Payslip',
      CreationDate: new Date(`${slip.payday}T00:00:00Z`),
      ModDate: new Date(`${slip.payday}T00:00:00Z`),
    },
  });
  pdf.registerFont('regular', pdfFont('regular'));
  pdf.registerFont('bold', pdfFont('bold'));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = 50;
  const text = (
    value: string,
    x: number,
    options: { weight?: 'regular' | 'bold'; size?: number; right?: number } = {},
  ) => {
    pdf
      .font(options.weight ?? 'regular')
      .fontSize(options.size ?? 9)
      .fillColor('#000');
    if (options.right !== undefined) {
      const width = options.right - x;
      pdf.text(value, x, y, { width, align: 'right', lineBreak: false });
    } else pdf.text(value, x, y, { lineBreak: false });
  };
  const rule = () => {
    pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke('#000');
    y += 6;
  };
  const ensureRoom = (height: number) => {
    if (y + height > 790) {
      pdf.addPage();
      y = 50;
    }
  };
  const section = (title: string, lines: PayslipLine[], withUnits: boolean) => {
    if (lines.length === 0) return;
    ensureRoom(40);
    text(title, LEFT, { weight: 'bold', size: 10 });
    y += 15;
    if (withUnits) {
      text('Quantity', 300, { right: 360, weight: 'bold' });
      text('Unit value', 370, { right: 450, weight: 'bold' });
    }
    text('Amount', 460, { right: RIGHT, weight: 'bold' });
    y += 12;
    rule();
    for (const line of lines) {
      ensureRoom(14);
      text(line.label, LEFT);
      if (withUnits && line.quantity) text(plain(line.quantity), 300, { right: 360 });
      if (withUnits && line.unitValue) text(plain(line.unitValue), 370, { right: 450 });
      text(euros(line.amount), 460, { right: RIGHT });
      y += 13;
    }
    y += 10;
  };

  text(slip.companyName, LEFT, { weight: 'bold', size: 12 });
  text('PAYSLIP', 400, { weight: 'bold', size: 14, right: RIGHT });
  y += 22;
  text(slip.employeeName, LEFT, { size: 10 });
  text(`Slip number ${slip.slipNumber}`, 350, { right: RIGHT });
  y += 13;
  text(`Payday ${slip.payday}`, 350, { right: RIGHT });
  y += 13;
  if (slip.paymentPeriod) {
    text(`Payment period ${slip.paymentPeriod.start} – ${slip.paymentPeriod.end}`, 300, { right: RIGHT });
    y += 13;
  }
  y += 12;
  section('Earnings', slip.earnings, true);
  section('Deductions', slip.deductions, false);
  ensureRoom(30);
  rule();
  text('Net pay', LEFT, { weight: 'bold', size: 11 });
  text(euros(slip.netPay), 400, { weight: 'bold', size: 11, right: RIGHT });
  y += 26;
  section('Employer contributions (for information)', slip.employerContributions, false);
  section(`Year to date ${slip.payday.slice(0, 4)}`, slip.yearToDate, false);
  section('Holidays', slip.holidays, false);
  pdf.end();
  return done;
}
