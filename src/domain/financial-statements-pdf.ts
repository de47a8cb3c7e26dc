// The financial statements of a fiscal year as a PDF/A-2b document to be signed (pdfkit, with the embedded DejaVu
// typeface the invoices and payslips use): the income statement and the balance sheet with the previous year's
// figures beside this year's, the notes (those to be filled in as headings with room to write), and the dating and
// signatures the Accounting Act asks of the statements (KPL 1336/1997 3:7 §: dated and signed by the board, or by
// the person responsible) with room for the auditor's note. Pure: made from a FinancialStatements, no database.
import { Decimal } from './decimal.ts';
import { pdfFont } from './invoice-output/fonts.ts';
import type { FinancialStatements, StatementFigure } from './financial-statement-notes.ts';

/** A statement as it reaches the thread that renders it: its decimals as text. */
type Portable<T> = T extends Decimal
  ? string
  : T extends (infer U)[]
    ? Portable<U>[]
    : T extends object
      ? { [K in keyof T]: Portable<T[K]> }
      : T;

export type PortableStatements = Portable<FinancialStatements> | FinancialStatements;

const LEFT = 50;
const RIGHT = 545;
const THIS_YEAR = 395;
const PREVIOUS_YEAR = 470;

/** Finnish and Swedish number style: thin groups of three, a decimal comma. */
const amount = (value: Decimal | string | undefined) => {
  if (value === undefined) return '';
  const [whole, cents] = new Decimal(value).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${cents}`;
};

const date = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

const WORDS = {
  fi: {
    title: 'TILINPÄÄTÖS',
    income: 'TULOSLASKELMA',
    balance: 'TASE',
    notes: 'LIITETIEDOT',
    toFill: '(täytetään)',
    signatures: 'TILINPÄÄTÖKSEN ALLEKIRJOITUS',
    place: 'Paikka ja päiväys',
    board: 'Hallitus / vastuuhenkilö',
    auditor: 'Tilinpäätösmerkintä',
    unmapped:
      'Tilit, joita kaavat eivät ota millekään riville (siirrettävä tilikartan tileille ennen allekirjoitusta):',
    businessId: 'Y-tunnus',
    period: 'Tilikausi',
  },
  sv: {
    title: 'BOKSLUT',
    income: 'RESULTATRÄKNING',
    balance: 'BALANSRÄKNING',
    notes: 'NOTER',
    toFill: '(fylls i)',
    signatures: 'UNDERTECKNING AV BOKSLUTET',
    place: 'Ort och datum',
    board: 'Styrelsen / ansvarig person',
    auditor: 'Bokslutsanteckning',
    unmapped: 'Konton som ingen rad i formerna tar (ska flyttas till kontoplanens konton före undertecknandet):',
    businessId: 'FO-nummer',
    period: 'Räkenskapsperiod',
  },
};

/** The statements as a PDF. */
export async function renderFinancialStatementsPdf(statements: PortableStatements): Promise<Buffer> {
  // loaded with the first PDF, not at start (see invoice-output/render.ts)
  const { default: PDFDocument } = await import('pdfkit');
  const words = WORDS[statements.language];
  const year = statements.fiscalYear;
  const previous = statements.previousFiscalYear;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: statements.language,
    displayTitle: true,
    // dated by the year's end, so the same statements are the same bytes every time
    info: {
      Title: `${words.title} ${date(year.startDate)}–${date(year.endDate)} ${statements.companyName}`,
      Author: statements.companyName,
      Subject: words.title,
      CreationDate: new Date(`${year.endDate}T00:00:00Z`),
      ModDate: new Date(`${year.endDate}T00:00:00Z`),
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
    options: { weight?: 'regular' | 'bold'; size?: number; right?: number; width?: number } = {},
  ) => {
    pdf
      .font(options.weight ?? 'regular')
      .fontSize(options.size ?? 9)
      .fillColor('#000');
    if (options.right !== undefined) {
      pdf.text(value, x, y, { width: options.right - x, align: 'right', lineBreak: false });
    } else if (options.width !== undefined) {
      pdf.text(value, x, y, { width: options.width });
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
  const header = () => {
    text(statements.companyName, LEFT, { weight: 'bold', size: 12 });
    text(words.title, 350, { weight: 'bold', size: 12, right: RIGHT });
    y += 16;
    if (statements.businessId) text(`${words.businessId} ${statements.businessId}`, LEFT);
    text(`${words.period} ${date(year.startDate)}–${date(year.endDate)}`, 300, { right: RIGHT });
    y += 24;
  };
  const columns = (title: string, from: (fy: { startDate: string; endDate: string }) => string) => {
    ensureRoom(40);
    text(title, LEFT, { weight: 'bold', size: 11 });
    text(from(year), THIS_YEAR - 40, { weight: 'bold', right: THIS_YEAR + 55 });
    if (previous) text(from(previous), PREVIOUS_YEAR - 20, { weight: 'bold', right: RIGHT });
    y += 15;
    rule();
  };
  const figures = (rows: readonly Portable<StatementFigure>[] | readonly StatementFigure[]) => {
    for (const row of rows) {
      ensureRoom(14);
      const weight = row.subtotal ? 'bold' : 'regular';
      text(row.name, row.subtotal ? LEFT : LEFT + 10, { weight });
      text(amount(row.value), THIS_YEAR - 40, { weight, right: THIS_YEAR + 55 });
      if (row.previousValue !== undefined)
        text(amount(row.previousValue), PREVIOUS_YEAR - 20, { weight, right: RIGHT });
      y += row.subtotal ? 16 : 13;
    }
    y += 14;
  };

  header();
  columns(words.income, (fy) => `${date(fy.startDate)}–${date(fy.endDate)}`);
  figures(statements.incomeStatement);
  pdf.addPage();
  y = 50;
  header();
  columns(words.balance, (fy) => date(fy.endDate));
  figures(statements.balanceSheet);
  if (statements.unmappedAccounts.length > 0) {
    ensureRoom(30);
    text(words.unmapped, LEFT, { weight: 'bold', width: RIGHT - LEFT });
    y = pdf.y + 6;
    for (const account of statements.unmappedAccounts) {
      ensureRoom(14);
      text(`${account.accountNumber} ${account.name}`, LEFT + 10);
      text(amount(account.balance), THIS_YEAR - 40, { right: THIS_YEAR + 55 });
      y += 13;
    }
  }
  pdf.addPage();
  y = 50;
  header();
  text(words.notes, LEFT, { weight: 'bold', size: 11 });
  y += 20;
  for (const note of statements.notes) {
    ensureRoom(note.toBeFilled ? 70 : 40);
    text(note.heading, LEFT, { weight: 'bold', size: 10 });
    if (note.toBeFilled) text(words.toFill, 400, { right: RIGHT });
    y += 15;
    if (note.text) {
      text(note.text, LEFT, { width: RIGHT - LEFT });
      y = pdf.y + 8;
    }
    if (note.rows && note.rows.length > 0) figures(note.rows);
    // room to write what only the preparer knows
    if (note.toBeFilled) y += 30;
    else y += 6;
  }
  ensureRoom(160);
  y += 10;
  text(words.signatures, LEFT, { weight: 'bold', size: 11 });
  y += 30;
  for (const label of [words.place, words.board, words.board, words.auditor]) {
    ensureRoom(40);
    pdf
      .moveTo(LEFT, y)
      .lineTo(LEFT + 260, y)
      .lineWidth(0.5)
      .stroke('#000');
    y += 4;
    text(label, LEFT, { size: 8 });
    y += 30;
  }
  pdf.end();
  return done;
}
