// The printed invoice, laid out once as pages of drawing operations in points on A4 (595.28 × 841.89 pt, y
// down); the image (SVG rasterised) and the PDF draw the same operations. The rows flow over as many pages as
// they need; the last page carries the VAT breakdown, the totals, the payment details and the bank barcode.
import { Decimal } from '../decimal.ts';
import { bankBarcode, code128Bars } from './bank-barcode.ts';
import type { Amount, DocumentAddress, InvoiceDocument } from './document.ts';
import { fitText, textWidth, type FontWeight } from './fonts.ts';

export const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
/** Module width of the barcode: 0,4 mm, within the 0,25–0,5 mm the barcode guide allows. */
const BARCODE_MODULE = (0.4 / 25.4) * 72;
const BARCODE_HEIGHT = (13 / 25.4) * 72;

export type DrawOp =
  | { kind: 'text'; x: number; y: number; size: number; weight: FontWeight; text: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number };

export interface LaidOutInvoice {
  pages: DrawOp[][];
  /** The 54 digits of the bank barcode on the last page, when the invoice has one. */
  barcode?: string;
}

type Language = NonNullable<InvoiceDocument['language']>;

const LABELS = {
  FINNISH: {
    invoice: 'LASKU',
    creditNote: 'HYVITYSLASKU',
    number: 'Laskun numero',
    date: 'Laskun päivä',
    dueDate: 'Eräpäivä',
    reference: 'Viitenumero',
    customerNumber: 'Asiakasnumero',
    orderReference: 'Tilausviite',
    buyerReference: 'Ostajan viite',
    penalty: 'Viivästyskorko',
    delivery: 'Toimitusaika',
    credits: 'Hyvittää laskun',
    product: 'Tuote',
    quantity: 'Määrä',
    unitPrice: 'A-hinta',
    discount: 'Ale %',
    vatPercent: 'Alv %',
    net: 'Veroton',
    gross: 'Yhteensä',
    vatBreakdown: 'Arvonlisävero',
    base: 'Veron peruste',
    tax: 'Vero',
    totalNet: 'Veroton yhteensä',
    totalVat: 'Arvonlisävero yhteensä',
    total: 'Maksettava yhteensä',
    recipient: 'Saaja',
    account: 'Tilinumero',
    businessId: 'Y-tunnus',
    vatNumber: 'ALV-numero',
    page: 'Sivu',
    continued: 'jatkuu',
  },
  ENGLISH: {
    invoice: 'INVOICE',
    creditNote: 'CREDIT NOTE',
    number: 'Invoice number',
    date: 'Invoice date',
    dueDate: 'Due date',
    reference: 'Reference',
    customerNumber: 'Customer number',
    orderReference: 'Order reference',
    buyerReference: 'Buyer reference',
    penalty: 'Penalty interest',
    delivery: 'Delivery period',
    credits: 'Credits invoice',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    vatPercent: 'VAT %',
    net: 'Net',
    gross: 'Total',
    vatBreakdown: 'VAT',
    base: 'Taxable amount',
    tax: 'Tax',
    totalNet: 'Total excluding VAT',
    totalVat: 'Total VAT',
    total: 'Amount due',
    recipient: 'Payee',
    account: 'Account',
    businessId: 'Business ID',
    vatNumber: 'VAT number',
    page: 'Page',
    continued: 'continued',
  },
  SWEDISH: {
    invoice: 'FAKTURA',
    creditNote: 'KREDITFAKTURA',
    number: 'Fakturanummer',
    date: 'Fakturadatum',
    dueDate: 'Förfallodag',
    reference: 'Referensnummer',
    customerNumber: 'Kundnummer',
    orderReference: 'Beställningsreferens',
    buyerReference: 'Köparens referens',
    penalty: 'Dröjsmålsränta',
    delivery: 'Leveranstid',
    credits: 'Krediterar faktura',
    product: 'Produkt',
    quantity: 'Antal',
    unitPrice: 'À-pris',
    discount: 'Rabatt %',
    vatPercent: 'Moms %',
    net: 'Netto',
    gross: 'Totalt',
    vatBreakdown: 'Mervärdesskatt',
    base: 'Skattebas',
    tax: 'Skatt',
    totalNet: 'Totalt exkl. moms',
    totalVat: 'Moms totalt',
    total: 'Att betala',
    recipient: 'Mottagare',
    account: 'Kontonummer',
    businessId: 'FO-nummer',
    vatNumber: 'Momsnummer',
    page: 'Sida',
    continued: 'fortsätter',
  },
} satisfies Record<Language, Record<string, string>>;

type Labels = (typeof LABELS)['FINNISH'];

/** `1 234,56`: the Finnish way of writing an amount (also used for the other languages' layouts). */
function formatAmount(value: Amount, decimals = 2): string {
  const fixed = new Decimal(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** A quantity or percent without trailing zeros: `2`, `1,5`, `25,5`. */
function formatNumber(value: Amount): string {
  return new Decimal(value).toString().replace('.', ',');
}

/** `2026-03-05` → `5.3.2026`. */
function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)}.${Number(month)}.${year}`;
}

/** The reference as printed: a Finnish one in groups of five from the right, an RF one in groups of four. */
function formatReference(reference: string): string {
  const compact = reference.replace(/\s/g, '');
  if (/^RF/i.test(compact)) return compact.replace(/(.{4})(?=.)/g, '$1 ');
  return compact.replace(/\B(?=(\d{5})+(?!\d))/g, ' ');
}

function formatIban(iban: string): string {
  return iban.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

class PageWriter {
  readonly pages: DrawOp[][] = [[]];

  get ops(): DrawOp[] {
    return this.pages[this.pages.length - 1];
  }

  newPage(): void {
    this.pages.push([]);
  }

  text(text: string, x: number, y: number, size = 9, weight: FontWeight = 'regular', maxWidth?: number): void {
    const flat = text.replace(/[\r\n\t]+/g, ' ');
    const shown = maxWidth === undefined ? flat : fitText(flat, size, weight, maxWidth);
    if (shown !== '') this.ops.push({ kind: 'text', x, y, size, weight, text: shown });
  }

  /** Text whose right end is at `right`. */
  textRight(text: string, right: number, y: number, size = 9, weight: FontWeight = 'regular'): void {
    this.text(text, right - textWidth(text, size, weight), y, size, weight);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ops.push({ kind: 'line', x1, y1, x2, y2, width });
  }

  rect(x: number, y: number, width: number, height: number): void {
    this.ops.push({ kind: 'rect', x, y, width, height });
  }
}

function addressLines(address: Omit<DocumentAddress, 'name'> & { name?: string }): string[] {
  const cityLine = [address.zip, address.city].filter(Boolean).join(' ');
  const country = address.country && address.country !== 'FI' ? address.country : undefined;
  return [address.name, address.specifier, address.street, cityLine, country].filter((line): line is string => !!line);
}

const COLUMNS = {
  product: MARGIN,
  quantity: 300,
  unit: 304,
  unitPrice: 385,
  discount: 420,
  vatPercent: 455,
  net: 505,
  gross: RIGHT,
};

function rowHeader(w: PageWriter, labels: Labels, y: number): number {
  w.text(labels.product, COLUMNS.product, y, 8, 'bold');
  w.textRight(labels.quantity, COLUMNS.quantity, y, 8, 'bold');
  w.textRight(labels.unitPrice, COLUMNS.unitPrice, y, 8, 'bold');
  w.textRight(labels.discount, COLUMNS.discount, y, 8, 'bold');
  w.textRight(labels.vatPercent, COLUMNS.vatPercent, y, 8, 'bold');
  w.textRight(labels.net, COLUMNS.net, y, 8, 'bold');
  w.textRight(labels.gross, COLUMNS.gross, y, 8, 'bold');
  w.line(MARGIN, y + 4, RIGHT, y + 4);
  return y + 16;
}

function header(w: PageWriter, doc: InvoiceDocument, labels: Labels): number {
  const seller = doc.seller;
  w.text(seller.name, MARGIN, 60, 14, 'bold', 280);
  let y = 76;
  for (const line of addressLines(seller.address)) {
    w.text(line, MARGIN, y, 9, 'regular', 280);
    y += 12;
  }
  const isCredit = new Decimal(doc.invoiceSumInfo.invoiceSumTotal).isNegative();
  w.text(isCredit ? labels.creditNote : labels.invoice, 330, 60, 16, 'bold');

  const facts: [string, string][] = [
    [labels.number, doc.invoiceNumber],
    [labels.date, formatDate(doc.date)],
    [labels.dueDate, formatDate(doc.paymentInfo.dueDate)],
  ];
  if (doc.paymentInfo.bankReferenceCode)
    facts.push([labels.reference, formatReference(doc.paymentInfo.bankReferenceCode)]);
  if (doc.counterParty.customerNumber) facts.push([labels.customerNumber, doc.counterParty.customerNumber]);
  if (doc.orderReference) facts.push([labels.orderReference, doc.orderReference]);
  if (doc.buyerReferenceIdentifier) facts.push([labels.buyerReference, doc.buyerReferenceIdentifier]);
  if (doc.deliveryStartDate || doc.deliveryEndDate)
    facts.push([
      labels.delivery,
      [doc.deliveryStartDate, doc.deliveryEndDate]
        .filter((d): d is string => !!d)
        .map(formatDate)
        .join('–'),
    ]);
  if (doc.penaltyPercent !== undefined) facts.push([labels.penalty, `${formatNumber(doc.penaltyPercent)} %`]);
  if (doc.originalInvoiceNumber) facts.push([labels.credits, doc.originalInvoiceNumber]);
  let factY = 80;
  for (const [label, value] of facts) {
    w.text(label, 330, factY, 8);
    w.text(value, 430, factY, 9, 'bold', RIGHT - 430);
    factY += 13;
  }

  // the buyer, where a window envelope shows it
  const buyer = doc.billingAddress ?? doc.counterParty.counterPartyAddress;
  let buyerY = Math.max(y + 24, 150);
  for (const [index, line] of addressLines(buyer).entries()) {
    w.text(line, MARGIN, buyerY, 10, index === 0 ? 'bold' : 'regular', 260);
    buyerY += 13;
  }
  if (doc.counterParty.identifier) {
    w.text(`${labels.businessId} ${doc.counterParty.identifier}`, MARGIN, buyerY + 2, 8);
    buyerY += 12;
  }
  if (doc.additionalInformation) {
    buyerY += 10;
    w.text(doc.additionalInformation, MARGIN, buyerY, 9, 'regular', RIGHT - MARGIN);
  }
  return Math.max(buyerY, factY) + 28;
}

function sellerFooter(w: PageWriter, doc: InvoiceDocument, labels: Labels, pageNumber: number): void {
  const seller = doc.seller;
  const y = A4.height - 24;
  const parts = [seller.name, `${labels.businessId} ${seller.businessId}`];
  if (seller.vatNumber) parts.push(`${labels.vatNumber} ${seller.vatNumber}`);
  for (const contact of [seller.phone, seller.email, seller.homepage]) if (contact) parts.push(contact);
  w.line(MARGIN, y - 10, RIGHT, y - 10);
  w.text(parts.join('  ·  '), MARGIN, y, 7, 'regular', RIGHT - MARGIN - 60);
  w.textRight(`${labels.page} ${pageNumber}`, RIGHT, y, 7);
}

/** Where the payment part starts: the fixed foot of the last page, where the barcode is read. */
const PAYMENT_TOP = A4.height - 214;

/** Height of the VAT breakdown and the totals. */
function totalsHeight(doc: InvoiceDocument): number {
  return Math.max(doc.vatBreakdown.length * 12 + 12, 40) + 16;
}

function closing(w: PageWriter, doc: InvoiceDocument, labels: Labels, top: number): string | undefined {
  const currency = doc.paymentInfo.currency;
  const y = top + 6;
  w.line(MARGIN, y - 10, RIGHT, y - 10);
  // VAT per rate on the left, totals on the right
  w.text(labels.vatBreakdown, MARGIN, y, 8, 'bold');
  w.textRight(labels.base, 190, y, 8, 'bold');
  w.textRight(labels.tax, 250, y, 8, 'bold');
  let vatY = y + 12;
  for (const rate of doc.vatBreakdown) {
    w.text(`${formatNumber(rate.vatPercent)} %`, MARGIN, vatY, 8);
    w.textRight(formatAmount(rate.net), 190, vatY, 8);
    w.textRight(formatAmount(rate.vat), 250, vatY, 8);
    vatY += 12;
  }
  const sums = doc.invoiceSumInfo;
  w.text(labels.totalNet, 330, y, 9);
  w.textRight(`${formatAmount(sums.excludingVatTotal)} ${currency}`, RIGHT, y, 9);
  w.text(labels.totalVat, 330, y + 13, 9);
  w.textRight(`${formatAmount(sums.vatSumTotal)} ${currency}`, RIGHT, y + 13, 9);
  w.line(330, y + 19, RIGHT, y + 19);
  w.text(labels.total, 330, y + 32, 10, 'bold');
  w.textRight(`${formatAmount(sums.invoiceSumTotal)} ${currency}`, RIGHT, y + 32, 10, 'bold');

  // the payment part: payee, account, reference, due date, amount, and the barcode
  const account = doc.seller.bankAccounts[0];
  const payY = PAYMENT_TOP + 14;
  w.line(MARGIN, PAYMENT_TOP, RIGHT, PAYMENT_TOP, 1);
  const payment: [string, string][] = [[labels.recipient, doc.seller.name]];
  if (account) payment.push([labels.account, `${formatIban(account.iban)}  BIC ${account.bic}`]);
  if (doc.paymentInfo.bankReferenceCode)
    payment.push([labels.reference, formatReference(doc.paymentInfo.bankReferenceCode)]);
  payment.push([labels.dueDate, formatDate(doc.paymentInfo.dueDate)]);
  payment.push([labels.total, `${formatAmount(sums.invoiceSumTotal)} ${currency}`]);
  let lineY = payY;
  for (const [label, value] of payment) {
    w.text(label, MARGIN, lineY, 8);
    w.text(value, 140, lineY, 10, 'bold', RIGHT - 140);
    lineY += 15;
  }

  const barcode = barcodeOf(doc);
  if (barcode) {
    const { bars } = code128Bars(barcode);
    const left = MARGIN + 10 * BARCODE_MODULE;
    const barTop = A4.height - 100;
    for (const [start, size] of bars)
      w.rect(left + start * BARCODE_MODULE, barTop, size * BARCODE_MODULE, BARCODE_HEIGHT);
    w.text(barcode, left, barTop + BARCODE_HEIGHT + 10, 7);
  }
  return barcode;
}

/** The barcode of an invoice paid in euros to a Finnish account with a Finnish or RF reference; else none. */
function barcodeOf(doc: InvoiceDocument): string | undefined {
  const account = doc.seller.bankAccounts[0];
  const reference = doc.paymentInfo.bankReferenceCode;
  const type = doc.paymentInfo.bankReferenceCodeType ?? (reference?.toUpperCase().startsWith('RF') ? 'RF' : 'FI');
  if (!account || !reference || doc.paymentInfo.currency !== 'EUR') return undefined;
  if (!/^FI/i.test(account.iban) || (type !== 'RF' && type !== 'FI')) return undefined;
  const total = new Decimal(doc.invoiceSumInfo.invoiceSumTotal);
  if (total.isNegative()) return undefined;
  return bankBarcode({ iban: account.iban, amount: total, reference, dueDate: doc.paymentInfo.dueDate });
}

export function layoutInvoice(doc: InvoiceDocument): LaidOutInvoice {
  const labels = LABELS[doc.language ?? 'FINNISH'];
  const w = new PageWriter();
  let y = rowHeader(w, labels, header(w, doc, labels));
  const bottom = A4.height - 50;
  for (const row of doc.invoiceRows) {
    const step = row.comment ? 24 : 13;
    if (y + step > bottom) {
      w.text(`(${labels.continued})`, MARGIN, y + 4, 8);
      sellerFooter(w, doc, labels, w.pages.length);
      w.newPage();
      w.text(`${doc.seller.name} · ${labels.number} ${doc.invoiceNumber}`, MARGIN, 50, 9, 'bold');
      y = rowHeader(w, labels, 80);
    }
    w.text(row.productCode ? `${row.productCode} ${row.product}` : row.product, COLUMNS.product, y, 9, 'regular', 220);
    w.textRight(formatNumber(row.quantity), COLUMNS.quantity, y, 9);
    w.text(row.unit, COLUMNS.unit, y, 8, 'regular', COLUMNS.unitPrice - 45 - COLUMNS.unit);
    w.textRight(formatAmount(row.unitPrice), COLUMNS.unitPrice, y, 9);
    w.textRight(formatNumber(row.discountPercent), COLUMNS.discount, y, 9);
    w.textRight(formatNumber(row.vatPercent), COLUMNS.vatPercent, y, 9);
    w.textRight(formatAmount(row.net), COLUMNS.net, y, 9);
    w.textRight(formatAmount(row.gross), COLUMNS.gross, y, 9);
    if (row.comment) w.text(row.comment, COLUMNS.product + 8, y + 11, 8, 'regular', RIGHT - MARGIN - 8);
    y += step;
  }
  if (y + 10 + totalsHeight(doc) > PAYMENT_TOP - 10) {
    sellerFooter(w, doc, labels, w.pages.length);
    w.newPage();
    y = 80;
  }
  const barcode = closing(w, doc, labels, y + 10);
  sellerFooter(w, doc, labels, w.pages.length);
  return { pages: w.pages, barcode };
}
