// What the PDF documents (invoices, payslips, financial statements) share: a PDF/A-2b document with the embedded
// DejaVu typeface, dated by the day it speaks of so the same content is the same bytes every time; and, for the
// documents written top to bottom, a pen that keeps its line and turns the page when the next block will not fit.
import { Decimal } from './decimal.ts';
import { pdfFont } from './invoice-output/fonts.ts';

/** Finnish and Swedish number style: thin groups of three, a decimal comma, two decimals. */
export const groupedAmount = (value: Decimal | string) => {
  const [whole, cents] = new Decimal(value).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents}`;
};

export interface PdfDescription {
  lang: string;
  title: string;
  author: string;
  subject: string;
  /** The day (YYYY-MM-DD) the document is dated by. */
  date: string;
  margin: number;
  autoFirstPage?: boolean;
}

/** A new PDF/A-2b document with the typeface registered as `regular` and `bold`; `done` is its bytes once ended. */
export async function openPdfDocument(description: PdfDescription) {
  // loaded with the first PDF, not at start (see invoice-output/render.ts)
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: description.margin,
    ...(description.autoFirstPage === undefined ? {} : { autoFirstPage: description.autoFirstPage }),
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: description.lang,
    displayTitle: true,
    info: {
      Title: description.title,
      Author: description.author,
      Subject: description.subject,
      CreationDate: new Date(`${description.date}T00:00:00Z`),
      ModDate: new Date(`${description.date}T00:00:00Z`),
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
  return { pdf, done };
}

type Pdf = Awaited<ReturnType<typeof openPdfDocument>>['pdf'];

const TOP = 50;
const BOTTOM = 790;

/** Writes a document top to bottom between `left` and `right`; `y` is the line being written. */
export class Pen {
  y = TOP;

  private readonly pdf: Pdf;
  private readonly left: number;
  private readonly right: number;

  constructor(pdf: Pdf, left: number, right: number) {
    this.pdf = pdf;
    this.left = left;
    this.right = right;
  }

  text(
    value: string,
    x: number,
    options: { weight?: 'regular' | 'bold'; size?: number; right?: number; width?: number } = {},
  ) {
    this.pdf
      .font(options.weight ?? 'regular')
      .fontSize(options.size ?? 9)
      .fillColor('#000');
    if (options.right !== undefined) {
      this.pdf.text(value, x, this.y, { width: options.right - x, align: 'right', lineBreak: false });
    } else if (options.width !== undefined) {
      this.pdf.text(value, x, this.y, { width: options.width });
    } else this.pdf.text(value, x, this.y, { lineBreak: false });
  }

  /** A thin rule across the page, and a little room under it. */
  rule() {
    this.pdf.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.5).stroke('#000');
    this.y += 6;
  }

  newPage() {
    this.pdf.addPage();
    this.y = TOP;
  }

  /** A new page unless `height` more fits on this one. */
  ensureRoom(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }
}
