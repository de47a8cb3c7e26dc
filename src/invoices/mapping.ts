// Invoices between their wire shape and their stored record: the document as JSON, the searchable columns
// beside it, and the figures (sum, invoiceSumInfo) computed from the rows on every read.
import { Decimal } from '../domain/decimal.ts';
import {
  centsToDecimal,
  inAccountingCurrency,
  invoiceFigures,
  type InvoiceFigures,
} from '../domain/invoice-arithmetic.ts';
import { hasRight, type RightLeaf, type Rights } from '../platform/rights.ts';
import { apiError } from '../platform/errors.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import type { InvoiceBasicWire, InvoiceStatus, InvoiceType, InvoiceWire } from './schemas.ts';
import type { InvoiceCheckerRecord, InvoiceRecord } from './store.ts';
import type { AttachmentWire } from '../attachments/index.ts';

/** Fields the service sets: never stored from a request body. */
const DERIVED = [
  'id',
  'status',
  'invoiceNumber',
  'ledgerReceiptId',
  'version',
  'sum',
  'invoiceSumInfo',
  'creatorId',
  'paymentDate',
  'attachments',
  'notes',
  'invoiceApprovalInformation',
] as const;

/** The stored document: the request body without what the service derives. */
export type StoredInvoice = Omit<InvoiceWire, (typeof DERIVED)[number]>;

export function storedDocument(wire: InvoiceWire): StoredInvoice {
  const copy: Record<string, unknown> = { ...wire };
  for (const field of DERIVED) delete copy[field];
  const paymentInfo: Record<string, unknown> = { ...wire.paymentInfo };
  delete paymentInfo.generatedReferenceType;
  copy.paymentInfo = paymentInfo;
  return copy as StoredInvoice;
}

export function parseDocument(record: Pick<InvoiceRecord, 'body'>): StoredInvoice {
  return parseJson(record.body) as StoredInvoice;
}

export function serializeDocument(document: StoredInvoice): string {
  return stringifyJson(document);
}

/** Figures of a document: in its currency, and in the company currency. */
export function figuresOf(document: StoredInvoice): { own: InvoiceFigures; accounting: InvoiceFigures } {
  const own = invoiceFigures(
    document.invoiceRows.map((row) => ({
      quantity: new Decimal(row.quantity),
      unitPrice: new Decimal(row.unitPrice),
      discountPercent: new Decimal(row.discountPercent),
      vatPercent: new Decimal(row.vatPercent),
    })),
    {
      discountPercent: new Decimal(document.discountPercent),
      unitPricesIncludeVat: document.extraInfo.unitPricesIncludeVat,
    },
  );
  return { own, accounting: inAccountingCurrency(own, new Decimal(document.paymentInfo.currencyRate)) };
}

function sumInfo(figures: Totals, currency: string, inAccountingCurrency: boolean) {
  return {
    currency,
    inAccountingCurrency,
    excludingVatTotal: centsToDecimal(figures.netMinor),
    vatSumTotal: centsToDecimal(figures.vatMinor),
    invoiceSumTotal: centsToDecimal(figures.grossMinor),
  };
}

function invoiceSumInfo(document: StoredInvoice, companyCurrency: string): InvoiceWire['invoiceSumInfo'] {
  const { own, accounting } = figuresOf(document);
  const currency = document.paymentInfo.currency;
  if (currency === companyCurrency) return [sumInfo(own, currency, true)];
  return [sumInfo(own, currency, false), sumInfo(accounting, companyCurrency, true)];
}

function checkersWire(checkers: readonly InvoiceCheckerRecord[], role: 'VERIFIER' | 'ACCEPTOR') {
  return checkers
    .filter((c) => c.role === role)
    .map((c) => ({
      userId: Number(c.user_id),
      ...(c.performed_on ? { eventPerformed: c.performed_on } : {}),
    }));
}

/** The full invoice as the API answers it. */
export function invoiceToWire(
  record: InvoiceRecord,
  checkers: readonly InvoiceCheckerRecord[],
  companyCurrency: string,
  attachments: AttachmentWire[],
): InvoiceWire {
  const document = parseDocument(record);
  const sums = invoiceSumInfo(document, companyCurrency);
  const wire: InvoiceWire = {
    ...document,
    id: Number(record.id),
    status: record.status as InvoiceStatus,
    invoiceNumber: Number(record.invoice_number),
    version: record.version,
    sum: sums![0].invoiceSumTotal,
    invoiceSumInfo: sums,
    attachments,
    isOffer: Boolean(record.is_offer),
  };
  if (record.ledger_receipt_id !== null) wire.ledgerReceiptId = Number(record.ledger_receipt_id);
  if (record.creator_id !== null) wire.creatorId = Number(record.creator_id);
  if (record.payment_date !== null) wire.paymentDate = record.payment_date;
  if (record.notes !== null) wire.notes = record.notes;
  if (checkers.length > 0)
    wire.invoiceApprovalInformation = {
      acceptors: checkersWire(checkers, 'ACCEPTOR'),
      verifiers: checkersWire(checkers, 'VERIFIER'),
    };
  return wire;
}

type Totals = Pick<InvoiceFigures, 'netMinor' | 'vatMinor' | 'grossMinor'>;

/** Figures of a search item in integer cents: net, VAT and gross, in the invoice currency and the company's. */
type ListedFigures = Record<'own' | 'accounting', [net: string, vat: string, gross: string]>;

/**
 * What a search item shows of its document, kept beside it (`invoices.listing`, written with the document): a page
 * of search results neither parses fifty documents nor works their figures out row by row, which cost more than
 * finding them. An invoice without one (its stored document could not be listed by migration 0510) is listed from
 * its document.
 */
interface InvoiceListing extends ListedFigures {
  invoiceChannel: InvoiceWire['invoiceChannel'];
  counterParty: InvoiceWire['counterParty'];
  newDueDate?: string;
}

const centsOf = (f: Totals): [string, string, string] => [
  f.netMinor.toString(),
  f.vatMinor.toString(),
  f.grossMinor.toString(),
];

function listingOf(document: StoredInvoice): InvoiceListing {
  const { own, accounting } = figuresOf(document);
  const listing: InvoiceListing = {
    invoiceChannel: document.invoiceChannel,
    counterParty: document.counterParty,
    own: centsOf(own),
    accounting: centsOf(accounting),
  };
  if (document.paymentInfo.newDueDate) listing.newDueDate = document.paymentInfo.newDueDate;
  return listing;
}

/** The `listing` column of a document. */
export const serializeListing = (document: StoredInvoice): string => stringifyJson(listingOf(document));

function listedSumInfo(listing: ListedFigures, currency: string, companyCurrency: string) {
  const figures = ([net, vat, gross]: [string, string, string]): Totals => ({
    netMinor: BigInt(net),
    vatMinor: BigInt(vat),
    grossMinor: BigInt(gross),
  });
  if (currency === companyCurrency) return [sumInfo(figures(listing.own), currency, true)];
  return [sumInfo(figures(listing.own), currency, false), sumInfo(figures(listing.accounting), companyCurrency, true)];
}

/** The search item, from the invoice's listing (or its document when it has none). */
export function invoiceToBasic(record: InvoiceRecord, companyCurrency: string): InvoiceBasicWire {
  const listing = record.listing ? (parseJson(record.listing) as InvoiceListing) : listingOf(parseDocument(record));
  const basic: InvoiceBasicWire = {
    id: Number(record.id),
    type: record.type as InvoiceType,
    status: record.status as InvoiceStatus,
    invoiceNumber: Number(record.invoice_number),
    invoiceChannel: listing.invoiceChannel,
    date: record.invoice_date,
    dueDate: record.due_date,
    created: record.created_at,
    version: record.version,
    invoiceSumInfo: listedSumInfo(listing, record.currency, companyCurrency),
    counterParty: listing.counterParty,
    isOffer: Boolean(record.is_offer),
  };
  if (record.partner_id !== null) basic.partnerId = Number(record.partner_id);
  if (record.original_invoice_number !== null) basic.originalInvoiceNumber = record.original_invoice_number;
  if (listing.newDueDate) basic.newDueDate = listing.newDueDate;
  if (record.creator_id !== null) basic.creatorId = Number(record.creator_id);
  return basic;
}

// ---- search text ----

/** Lower case without accents (ä → a, ö → o, å → a), so that search ignores both. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Grams an invoice's text is indexed by, at most (a text is at most 2 000 characters). */
const MAX_GRAMS = 2_000;

/** The words of folded text: runs of letters and digits. */
export const wordsOf = (text: string): string[] =>
  fold(text)
    .split(/[^0-9a-z]+/)
    .filter(Boolean);

/**
 * The grams a searchable text is indexed by: every trigram inside a word (`kaup`: `kau`, `aup`), and each word's
 * beginning of one and of two characters marked by a leading space (` k`, ` ka`). Words are runs of [0-9a-z]
 * after folding, so no gram of a text crosses a word and the space marks only beginnings.
 */
export function searchGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const word of wordsOf(text)) {
    grams.add(` ${word[0]}`);
    if (word.length >= 2) grams.add(` ${word.slice(0, 2)}`);
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
    if (grams.size >= MAX_GRAMS) break;
  }
  return [...grams].slice(0, MAX_GRAMS);
}

/**
 * What a word of a search term asks: a word of three or more characters occurs anywhere in the text (some of its
 * trigrams are in the index, and the text is then checked to hold the word itself); a word of one or two
 * characters begins a word of the text (its marked gram, exact).
 */
export function termGrams(word: string): { grams: string[]; substring: boolean } {
  if (word.length < 3) return { grams: [` ${word}`], substring: false };
  // at most four trigrams, spread from the first to the last: they narrow the candidates, the text confirms them
  const last = word.length - 3;
  const starts = new Set([0, Math.round(last / 3), Math.round((2 * last) / 3), last]);
  return { grams: [...new Set([...starts].map((i) => word.slice(i, i + 3)))], substring: true };
}

/** The searchable text of an invoice: counterparty name, invoice number, additional information. */
export function searchText(document: StoredInvoice, invoiceNumber: number): string {
  return [document.counterParty.counterPartyAddress.name, String(invoiceNumber), document.additionalInformation ?? '']
    .join(' ')
    .slice(0, 2000);
}

// ---- rights ----

/** The right of each invoice type (offers have their own). */
export function rightOf(type: string, isOffer: boolean): RightLeaf {
  if (isOffer) return 'sales.offers';
  switch (type) {
    case 'SALES_INVOICE':
      return 'sales.salesInvoices';
    case 'SALES_ORDER':
      return 'sales.salesOrders';
    case 'PURCHASE_ORDER':
      return 'purchases.purchaseOrders';
    case 'TRAVEL_INVOICE':
      return 'travelAndExpenses.travelInvoices';
    case 'BILL_OF_CHARGES':
      return 'travelAndExpenses.expenseInvoices';
    default:
      return 'purchases.purchaseInvoices';
  }
}

export function requireInvoiceRight(rights: Rights, type: string, isOffer: boolean, level: 'view' | 'edit'): void {
  const leaf = rightOf(type, isOffer);
  if (!hasRight(rights, { leaf, level }))
    throw apiError('FORBIDDEN', undefined, {
      right: `${leaf} (${level === 'view' ? 'viewing rights' : 'all rights'})`,
    });
}

export function mayView(rights: Rights, type: string, isOffer: boolean): boolean {
  return hasRight(rights, { leaf: rightOf(type, isOffer), level: 'view' });
}
