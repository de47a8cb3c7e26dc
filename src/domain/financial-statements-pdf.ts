// The financial statements of a fiscal year as a PDF/A-2b document to be signed (pdfkit, with the embedded DejaVu
// typeface the invoices and payslips use): the income statement and the balance sheet with the previous year's
// figures beside this year's, the notes (those to be filled in as headings with room to write), and the dating and
// signatures the Accounting Act asks of the statements (KPL 1336/1997 3:7 §: dated and signed by the board, or by
// the person responsible) with room for the auditor's note. Pure: made from a FinancialStatements, no database.
import { Decimal } from './decimal.ts';
import { groupedAmount, openPdfDocument, Pen } from './pdf-document.ts';
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
const amount = (value: Decimal | string | undefined) => (value === undefined ? '' : groupedAmount(value));

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
  const words = WORDS[statements.language];
  const year = statements.fiscalYear;
  const previous = statements.previousFiscalYear;
  const { pdf, done } = await openPdfDocument({
    lang: statements.language,
    title: `${words.title} ${date(year.startDate)}–${date(year.endDate)} ${statements.companyName}`,
    author: statements.companyName,
    subject: words.title,
    // dated by the year's end, so the same statements are the same bytes every time
    date: year.endDate,
    margin: 50,
  });
  const pen = new Pen(pdf, LEFT, RIGHT);

  const header = () => {
    pen.text(statements.companyName, LEFT, { weight: 'bold', size: 12 });
    pen.text(words.title, 350, { weight: 'bold', size: 12, right: RIGHT });
    pen.y += 16;
    if (statements.businessId) pen.text(`${words.businessId} ${statements.businessId}`, LEFT);
    pen.text(`${words.period} ${date(year.startDate)}–${date(year.endDate)}`, 300, { right: RIGHT });
    pen.y += 24;
  };
  const columns = (title: string, from: (fy: { startDate: string; endDate: string }) => string) => {
    pen.ensureRoom(40);
    pen.text(title, LEFT, { weight: 'bold', size: 11 });
    pen.text(from(year), THIS_YEAR - 40, { weight: 'bold', right: THIS_YEAR + 55 });
    if (previous) pen.text(from(previous), PREVIOUS_YEAR - 20, { weight: 'bold', right: RIGHT });
    pen.y += 15;
    pen.rule();
  };
  const figures = (rows: readonly Portable<StatementFigure>[] | readonly StatementFigure[]) => {
    for (const row of rows) {
      pen.ensureRoom(14);
      const weight = row.subtotal ? 'bold' : 'regular';
      pen.text(row.name, row.subtotal ? LEFT : LEFT + 10, { weight });
      pen.text(amount(row.value), THIS_YEAR - 40, { weight, right: THIS_YEAR + 55 });
      if (row.previousValue !== undefined)
        pen.text(amount(row.previousValue), PREVIOUS_YEAR - 20, { weight, right: RIGHT });
      pen.y += row.subtotal ? 16 : 13;
    }
    pen.y += 14;
  };

  header();
  columns(words.income, (fy) => `${date(fy.startDate)}–${date(fy.endDate)}`);
  figures(statements.incomeStatement);
  pen.newPage();
  header();
  columns(words.balance, (fy) => date(fy.endDate));
  figures(statements.balanceSheet);
  if (statements.unmappedAccounts.length > 0) {
    pen.ensureRoom(30);
    pen.text(words.unmapped, LEFT, { weight: 'bold', width: RIGHT - LEFT });
    pen.y = pdf.y + 6;
    for (const account of statements.unmappedAccounts) {
      pen.ensureRoom(14);
      pen.text(`${account.accountNumber} ${account.name}`, LEFT + 10);
      pen.text(amount(account.balance), THIS_YEAR - 40, { right: THIS_YEAR + 55 });
      pen.y += 13;
    }
  }
  pen.newPage();
  header();
  pen.text(words.notes, LEFT, { weight: 'bold', size: 11 });
  pen.y += 20;
  for (const note of statements.notes) {
    pen.ensureRoom(note.toBeFilled ? 70 : 40);
    pen.text(note.heading, LEFT, { weight: 'bold', size: 10 });
    if (note.toBeFilled) pen.text(words.toFill, 400, { right: RIGHT });
    pen.y += 15;
    if (note.text) {
      pen.text(note.text, LEFT, { width: RIGHT - LEFT });
      pen.y = pdf.y + 8;
    }
    if (note.rows && note.rows.length > 0) figures(note.rows);
    // room to write what only the preparer knows
    if (note.toBeFilled) pen.y += 30;
    else pen.y += 6;
  }
  pen.ensureRoom(160);
  pen.y += 10;
  pen.text(words.signatures, LEFT, { weight: 'bold', size: 11 });
  pen.y += 30;
  for (const label of [words.place, words.board, words.board, words.auditor]) {
    pen.ensureRoom(40);
    pdf
      .moveTo(LEFT, pen.y)
      .lineTo(LEFT + 260, pen.y)
      .lineWidth(0.5)
      .stroke('#000');
    pen.y += 4;
    pen.text(label, LEFT, { size: 8 });
    pen.y += 30;
  }
  pdf.end();
  return done;
}
