// The outputs of an invoice a person uses: its image (PNG or JPEG), its PDF and its Finvoice 3.0 message, and
// purchase invoices read from Finvoice messages. The invoice is read with the caller's rights; the seller is the
// company (its details and its bank accounts).
import type { BankAccountService, BankAccountWire } from '../bankaccounts/index.ts';
import type { CompanyService } from '../company/index.ts';

type CompanyWire = Awaited<ReturnType<CompanyService['get']>>;
import { apiError, ApiError, errorItem, notFound } from '../platform/errors.ts';
import { compileBodyCheck } from '../platform/validation.ts';
import type { AppContext } from '../platform/context.ts';
import { pdfOf, renderInWorker, workerEntry } from '../platform/render-pool.ts';
import { Decimal } from '../domain/decimal.ts';
import { vatCountry } from '../domain/vat.ts';
import { UNITS } from '../domain/codes.ts';
import { referenceCodeProblem } from '../domain/reference-codes.ts';
import { ADDRESS_COUNTRIES } from '../domain/real-vocabularies.ts';
import { encodeLatin9, XmlEncodingError } from '../domain/xml-encoding.ts';
import { FinvoiceFrameError, splitDelivery, type FramedInvoice } from '../domain/finvoice-frame.ts';
import {
  buildFinvoice,
  FinvoiceInvalidError,
  keepSenderFigures,
  type KeptRow,
  InvoicePageNotFoundError,
  parseFinvoice,
  rasteriseInvoicePage,
  type PurchaseInvoiceDraft,
  type SellerDetails,
} from '../domain/invoice-output/index.ts';
import { addressOf, invoiceDocument, type PrintableInvoice, type WireAddress } from './invoice-document.ts';
import type { InvoiceRenderJob } from './invoice-render-worker.ts';
import { mayView, requireInvoiceRight } from './mapping.ts';
import * as store from './store.ts';
import { Invoice, type InvoiceWire } from './schemas.ts';
import type { Caller, InvoiceDocuments } from './documents.ts';
import { withoutUndefined } from '../domain/objects.ts';

/** The accounts payments go to: active ones meant to be shown on invoices, the default for invoices first. */
function payeeAccounts(accounts: readonly BankAccountWire[]): SellerDetails['bankAccounts'] {
  return accounts
    .filter((a) => a.status === 'ACTIVE' && a.showAccountOnInvoice)
    .sort((a, b) => Number(b.defaultForInvoice) - Number(a.defaultForInvoice))
    .map((a) => ({ iban: a.iban, bic: a.bic ?? '' }));
}

/** The company as the seller of its invoices. */
function sellerOf(company: CompanyWire, accounts: readonly BankAccountWire[]): SellerDetails {
  const businessId = company.businessIdentifier?.code ?? '';
  const finnish = company.country === undefined || company.country === 'FINLAND';
  const { name: _name, ...address } = addressOf(company.companyAddress, company.name);
  return {
    name: company.name,
    businessId,
    vatNumber: finnish && businessId ? `FI${businessId.replace('-', '')}` : undefined,
    address,
    bankAccounts: payeeAccounts(accounts),
  };
}

const UNIT_SET = new Set<string>(UNITS);
/** Units of Finvoice messages (Finnish abbreviations, UN/ECE codes) as the interface's units. */
const FINVOICE_UNITS: Record<string, string> = {
  kpl: 'PIECE',
  pcs: 'PIECE',
  c62: 'PIECE',
  h: 'HOUR',
  hour: 'HOUR',
  hur: 'HOUR',
  pv: 'DAY',
  day: 'DAY',
  kg: 'KILOGRAM',
  kgm: 'KILOGRAM',
};

function unitOf(unit: string): InvoiceWire['invoiceRows'][number]['unit'] {
  const known = UNIT_SET.has(unit.toUpperCase()) ? unit.toUpperCase() : FINVOICE_UNITS[unit.toLowerCase()];
  return (known && UNIT_SET.has(known) ? known : 'PIECE') as InvoiceWire['invoiceRows'][number]['unit'];
}

const COUNTRY_SET = new Set<string>(ADDRESS_COUNTRIES);
function countryOf(iso: string | undefined): WireAddress['country'] {
  const name = iso ? vatCountry(iso)?.name : undefined;
  return name && COUNTRY_SET.has(name) ? name : undefined;
}

/** A purchase invoice of the interface from a Finvoice message's draft. */
function purchaseInvoiceOf(draft: PurchaseInvoiceDraft, rows: KeptRow[]): InvoiceWire {
  const seller = draft.counterParty;
  const address = seller.counterPartyAddress;
  return withoutUndefined({
    type: 'PURCHASE_INVOICE',
    date: draft.date,
    counterParty: withoutUndefined({
      identifier: seller.identifier,
      taxCode: seller.taxCode,
      counterPartyAddress: withoutUndefined({
        name: address.name,
        street: address.street,
        zip: address.zip,
        city: address.city,
        country: countryOf(address.country),
      }),
      einvoiceAddress: seller.einvoiceAddress,
    }),
    paymentInfo: withoutUndefined({
      paymentMethod: 'BANK_TRANSFER',
      currency: draft.paymentInfo.currency,
      dueDate: draft.paymentInfo.dueDate ?? draft.date,
      currencyRate: new Decimal(1),
      bankAccount: draft.paymentInfo.bankAccount,
      bankReferenceCode: draft.paymentInfo.bankReferenceCode,
      bankReferenceCodeType: draft.paymentInfo.bankReferenceCodeType,
    }),
    extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
    discountPercent: new Decimal(0),
    orderReference: draft.orderReference,
    originalInvoiceNumber: draft.originalInvoiceNumber,
    deliveryStartDate: draft.deliveryStartDate,
    deliveryEndDate: draft.deliveryEndDate,
    penaltyPercent: draft.penaltyPercent === undefined ? undefined : new Decimal(draft.penaltyPercent),
    buyerReferenceIdentifier: draft.buyerReferenceIdentifier,
    sellerReferenceIdentifier: draft.sellerInvoiceNumber,
    additionalInformation: draft.additionalInformation,
    // a received invoice is not sent anywhere
    invoiceChannel: 'NO_SENDING',
    // domestic purchase; the rows carry the message's VAT rates
    vatStatus: 1,
    invoiceRows: rows.map((row) =>
      withoutUndefined({
        product: row.product,
        productCode: row.productCode,
        quantity: new Decimal(row.quantity),
        unit: unitOf(row.unit),
        unitPrice: new Decimal(row.unitPrice),
        discountPercent: new Decimal(row.discountPercent),
        vatPercent: new Decimal(row.vatPercent),
        comment: row.comment,
        startDate: row.startDate,
        endDate: row.endDate,
      }),
    ),
  }) as InvoiceWire;
}

const checkInvoice = compileBodyCheck(Invoice);

/** Who sent a message: its business id, else its VAT number, else its name (all a message may have). */
function senderOf(draft: PurchaseInvoiceDraft): string {
  const party = draft.counterParty;
  return party.identifier ?? party.taxCode ?? party.counterPartyAddress.name;
}

interface SchemaNode {
  type?: string;
  maxLength?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
}

/**
 * Cuts the texts longer than the schema allows to its length, naming each in `cuts`. The Finvoice schema allows
 * longer texts than the interface's fields (a postcode of 35 characters against 20, say): a valid message is
 * never refused for it, and the message is kept whole beside the invoice.
 */
function fitToSchema(value: unknown, schema: SchemaNode, path: string, cuts: string[]): unknown {
  if (typeof value === 'string') {
    const max = schema.maxLength ?? schema.anyOf?.find((s) => s.maxLength !== undefined)?.maxLength;
    if (max === undefined || [...value].length <= max) return value;
    cuts.push(`${path} (${[...value].length} characters)`);
    return [...value].slice(0, max).join('').trimEnd();
  }
  if (Array.isArray(value)) {
    const items = schema.items ?? schema.anyOf?.find((s) => s.items)?.items;
    if (items) value.forEach((item, i) => (value[i] = fitToSchema(item, items, `${path}[${i}]`, cuts)));
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties;
    if (!properties) return value;
    const object = value as Record<string, unknown>;
    for (const [name, child] of Object.entries(properties))
      if (object[name] !== undefined)
        object[name] = fitToSchema(object[name], child, path ? `${path}.${name}` : name, cuts);
  }
  return value;
}

type ImportKey = Parameters<typeof store.findFinvoiceImport>[1];

/** One message of a delivery read and checked, ready to be stored. */
interface PreparedImport {
  key: ImportKey;
  invoice: InvoiceWire;
  xml: string;
}

const keyText = (key: ImportKey) => JSON.stringify([key.sender, key.invoice_number, key.message_id]);

/** Each error of a message of a delivery names the message. */
function naming(where: string, err: ApiError): ApiError {
  return where ? new ApiError(err.items.map((item) => ({ ...item, message: `${where}${item.message}` }))) : err;
}

/** A message read into a purchase invoice with the sender's figures, checked as POST /invoices checks a body. */
async function prepareImport(caller: Caller, item: FramedInvoice, where: string): Promise<PreparedImport> {
  let draft: PurchaseInvoiceDraft;
  try {
    draft = await parseFinvoice(item.xml);
  } catch (err) {
    if (!(err instanceof FinvoiceInvalidError)) throw err;
    throw naming(
      where,
      new ApiError(
        err.failures
          .slice(0, 20)
          .map((f) =>
            errorItem('FINVOICE_INVALID', undefined, { detail: f.line ? `line ${f.line}: ${f.message}` : f.message }),
          ),
      ),
    );
  }
  const key: ImportKey = {
    company_id: caller.companyId,
    sender: senderOf(draft),
    invoice_number: draft.sellerInvoiceNumber,
    // a message without transmission details of its own is named by its envelope
    message_id: draft.messageIdentifier ?? item.envelopeMessageId ?? '',
  };
  const { rows, notes } = keepSenderFigures(draft);
  const invoice = purchaseInvoiceOf(draft, rows);
  const reference = invoice.paymentInfo.bankReferenceCode;
  const problem = reference && referenceCodeProblem(invoice.paymentInfo.bankReferenceCodeType ?? 'FI', reference);
  if (problem) {
    // the invoice is the sender's all the same: its reference is left for the person paying to look at
    delete invoice.paymentInfo.bankReferenceCode;
    delete invoice.paymentInfo.bankReferenceCodeType;
    notes.push(`the sender's reference ${reference} is left out (${problem})`);
  }
  const cuts: string[] = [];
  fitToSchema(invoice, Invoice as unknown as SchemaNode, '', cuts);
  if (cuts.length > 0)
    notes.push(`${cuts.join(', ')} cut to Tase's length; the message kept with the import has them whole`);
  if (notes.length > 0) invoice.notes = `Finvoice ${draft.sellerInvoiceNumber}: ${notes.join('. ')}.`.slice(0, 10000);
  const problems = checkInvoice(invoice);
  if (problems.length > 0) throw naming(where, new ApiError(problems));
  return { key, invoice, xml: item.xml };
}

export type ImageFormat = 'PNG' | 'JPG' | 'JPEG';

/**
 * Invoices are printed in a worker thread, each bounded in time (TASE_RENDER_TIMEOUT_MS): the event loop neither
 * parses and works out their rows nor lays them out and draws them, nor loads pdfkit and the fonts (~0.5 s once).
 * The work of one invoice is bounded by the Invoice schema (at most 1000 rows, a product of 200 characters, a
 * comment of 512) and grows linearly with it: the largest renders in ~2 s.
 */
const RENDER_WORKER = workerEntry(import.meta.url, 'invoice-render-worker');

/** The outputs of invoices, for the caller's rights over each invoice. */
export class InvoiceOutputs {
  readonly #invoices: InvoiceDocuments;
  readonly #company: CompanyService;
  readonly #bankAccounts: BankAccountService;
  readonly #ctx: AppContext;

  constructor(invoices: InvoiceDocuments, company: CompanyService, bankAccounts: BankAccountService, ctx: AppContext) {
    this.#invoices = invoices;
    this.#company = company;
    this.#bankAccounts = bankAccounts;
    this.#ctx = ctx;
  }

  /** The company as the seller of its invoices. */
  async #seller(companyId: number): Promise<SellerDetails> {
    const [company, accounts, eInvoicing] = await Promise.all([
      this.#company.get(companyId),
      this.#bankAccounts.list(companyId, { pageNumber: 0, pageSize: 1000, offset: 0, order: 'asc' }),
      this.#company.documents.eInvoiceData(companyId),
    ]);
    const seller = sellerOf(company, accounts.results);
    // the company's own e-invoice address (GET /company/einvoiceaddresses) sends the message: with it a Finvoice
    // carries its transmission details (sender, receiver, identifier and time stamp)
    if (eInvoicing.sendingAddress && eInvoicing.operator)
      seller.einvoiceAddress = { address: eInvoicing.sendingAddress, operator: eInvoicing.operator };
    return seller;
  }

  /**
   * The invoice to print, read with the caller's rights as GET /invoices/{id} reads it, its stored document left
   * unparsed: it is parsed, worked out and drawn in a worker thread, off the event loop.
   */
  async #printable(caller: Caller, id: number): Promise<PrintableInvoice> {
    const record = await store.getInvoice(this.#ctx.db, caller.companyId, id);
    if (!record || !mayView(caller.rights, record.type, Boolean(record.is_offer))) throw notFound('Invoice');
    if (record.type === 'PERIODIC_TAX_RETURN')
      throw apiError('INVOICE_TYPE_NOT_SUPPORTED', 'type', { type: record.type });
    const seller = await this.#seller(caller.companyId);
    return { body: record.body, invoiceNumber: Number(record.invoice_number), seller };
  }

  #renderInWorker(job: InvoiceRenderJob) {
    return renderInWorker(RENDER_WORKER, job, this.#ctx.config.renderTimeoutMs, { InvoicePageNotFoundError });
  }

  async image(caller: Caller, id: number, format: ImageFormat, page: number): Promise<Buffer> {
    const printable = await this.#printable(caller, id);
    const type = format === 'PNG' ? 'png' : 'jpeg';
    try {
      const { svg } = await this.#renderInWorker({ ...printable, page });
      return await rasteriseInvoicePage(svg ?? '', type);
    } catch (err) {
      if (err instanceof InvoicePageNotFoundError) throw apiError('INVOICE_PAGE_NOT_FOUND', 'page', { page });
      throw err;
    }
  }

  async pdf(caller: Caller, id: number): Promise<Buffer> {
    const printable = await this.#printable(caller, id);
    return pdfOf(await this.#renderInWorker(printable));
  }

  /**
   * Sales invoices sent as e-invoices (channel ELECTRONIC_INVOICE) only, and the seller needs an account shown on
   * invoices. The message is ISO-8859-15, as the Finvoice guidelines name it.
   */
  async finvoice(caller: Caller, id: number): Promise<Buffer> {
    const invoice = await this.#invoices.get(caller, id);
    const document = invoiceDocument(invoice, await this.#seller(caller.companyId));
    if (invoice.type !== 'SALES_INVOICE' || invoice.isOffer || invoice.invoiceChannel !== 'ELECTRONIC_INVOICE')
      throw apiError('FINVOICE_NOT_AVAILABLE', undefined, {
        detail: 'only sales invoices with invoiceChannel ELECTRONIC_INVOICE are e-invoices',
      });
    if (document.seller.bankAccounts.length === 0 || !document.seller.businessId)
      throw apiError('FINVOICE_NOT_AVAILABLE', undefined, {
        detail: 'the company needs a business ID and an active bank account shown on invoices',
      });
    // the message's time stamp (and its identifier) by the service clock, which the sandbox moves
    return encodeLatin9(await buildFinvoice(document, { timestamp: this.#ctx.clock.now() }));
  }

  /**
   * A purchase invoice (UNFINISHED) from a Finvoice message (alone or in its transmission frame); a message that
   * cannot be read names its first bad element. The same message again (same sender, invoice number and message
   * identifier) answers the invoice it made, so an operator's redelivery or a client's retry never makes a second
   * purchase invoice. A delivery of several invoices is refused here: `importDelivery` takes it.
   */
  async createFromFinvoice(caller: Caller, bytes: Uint8Array | string): Promise<InvoiceWire> {
    const prepared = await this.#readDelivery(caller, bytes);
    if (prepared.length > 1) throw apiError('FINVOICE_SEVERAL', undefined, { count: prepared.length });
    return (await this.#store(caller, prepared))[0];
  }

  /**
   * The purchase invoices of a delivery (Finvoice messages each in its SOAP envelope, as operators deliver them),
   * all or none: every message is read and checked before any is stored, and they are stored in one transaction.
   */
  async importDelivery(caller: Caller, bytes: Uint8Array): Promise<InvoiceWire[]> {
    return this.#store(caller, await this.#readDelivery(caller, bytes));
  }

  async #readDelivery(caller: Caller, bytes: Uint8Array | string): Promise<PreparedImport[]> {
    requireInvoiceRight(caller.rights, 'PURCHASE_INVOICE', false, 'edit');
    let framed: FramedInvoice[];
    try {
      framed = typeof bytes === 'string' ? [{ position: 1, xml: bytes }] : splitDelivery(bytes);
    } catch (err) {
      if (err instanceof XmlEncodingError) throw apiError('FINVOICE_ENCODING', undefined, { detail: err.message });
      if (err instanceof FinvoiceFrameError) throw apiError('FINVOICE_DELIVERY', undefined, { detail: err.message });
      throw err;
    }
    const prepared: PreparedImport[] = [];
    for (const item of framed) {
      const where = framed.length > 1 ? `invoice ${item.position} of the delivery: ` : '';
      prepared.push(await prepareImport(caller, item, where));
    }
    return prepared;
  }

  /** Stores the prepared invoices in one transaction; those imported before are answered as they are. */
  async #store(caller: Caller, prepared: PreparedImport[]): Promise<InvoiceWire[]> {
    const answered = async () => Promise.all(prepared.map((p) => this.#existingImport(caller, p.key)));
    const before = await answered();
    if (before.every((found) => found !== undefined)) return before;
    try {
      return await this.#invoices.inTransaction(async (trx) => {
        const made = new Map<string, InvoiceWire>();
        const invoices: InvoiceWire[] = [];
        for (const [i, p] of prepared.entries()) {
          const same = made.get(keyText(p.key));
          const invoice =
            before[i] ??
            same ??
            (await this.#invoices.create(
              caller,
              p.invoice,
              (inner, created) =>
                store.insertFinvoiceImport(inner, {
                  ...p.key,
                  invoice_id: Number(created.id),
                  message: p.xml,
                  imported: this.#ctx.clock.now().toISOString(),
                }),
              trx,
            ));
          made.set(keyText(p.key), invoice);
          invoices.push(invoice);
        }
        return invoices;
      });
    } catch (err) {
      // the same messages imported at the same moment: the other import's invoices are the answer
      const raced = await answered();
      if (raced.every((found) => found !== undefined)) return raced;
      throw err;
    }
  }

  /** The invoice an earlier import of the message made (invoices are never deleted, only voided). */
  async #existingImport(
    caller: Caller,
    key: Parameters<typeof store.findFinvoiceImport>[1],
  ): Promise<InvoiceWire | undefined> {
    const found = await store.findFinvoiceImport(this.#ctx.db, key);
    return found ? this.#invoices.get(caller, Number(found.invoice_id)) : undefined;
  }
}
