// The outputs of an invoice a person uses: its image (PNG or JPEG), its PDF and its Finvoice 3.0 message, and
// purchase invoices read from Finvoice messages. The invoice is read with the caller's rights; the seller is the
// company (its details and its bank accounts).
import type { BankAccountService, BankAccountWire } from '../bankaccounts/index.ts';
import type { CompanyService } from '../company/index.ts';

type CompanyWire = Awaited<ReturnType<CompanyService['get']>>;
import { apiError, ApiError, errorItem } from '../platform/errors.ts';
import { compileBodyCheck } from '../platform/validation.ts';
import type { Clock } from '../platform/clock.ts';
import { centsToDecimal } from '../domain/invoice-arithmetic.ts';
import { Decimal } from '../domain/decimal.ts';
import { vatCountry } from '../domain/vat.ts';
import { UNITS } from '../domain/codes.ts';
import { ADDRESS_COUNTRIES } from '../domain/real-vocabularies.ts';
import {
  buildFinvoice,
  FinvoiceInvalidError,
  InvoicePageNotFoundError,
  parseFinvoice,
  renderInvoiceImage,
  renderInvoicePdf,
  type DocumentAddress,
  type InvoiceDocument,
  type PurchaseInvoiceDraft,
  type SellerDetails,
} from '../domain/invoice-output/index.ts';
import { figuresOf, requireInvoiceRight } from './mapping.ts';
import { Invoice, type InvoiceWire } from './schemas.ts';
import type { InvoiceService } from './comments.ts';
import type { Caller } from './service.ts';

type WireAddress = {
  name?: string;
  specifier?: string;
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
};

/** Every type but periodic tax returns, which are refused when created. */
const isDocumentType = (type: InvoiceWire['type']): type is InvoiceDocument['type'] => type !== 'PERIODIC_TAX_RETURN';

/** The wire's country names (FINLAND) as ISO codes, for the countries the VAT tables know. */
const isoOf = (country: string | undefined) => (country ? vatCountry(country)?.iso : undefined);

function addressOf(address: WireAddress | undefined, name: string): DocumentAddress {
  return {
    name: address?.name ?? name,
    specifier: address?.specifier,
    street: address?.street,
    zip: address?.zip,
    city: address?.city,
    country: isoOf(address?.country),
  };
}

/** The accounts payments go to: active ones, the default for invoices first. */
function payeeAccounts(accounts: readonly BankAccountWire[]): SellerDetails['bankAccounts'] {
  return accounts
    .filter((a) => a.status === 'ACTIVE')
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

/** An invoice in its wire shape and its seller as the outputs take them, with the figures of the arithmetic. */
function invoiceDocument(invoice: InvoiceWire, seller: SellerDetails): InvoiceDocument {
  const type = invoice.type;
  if (!isDocumentType(type)) throw apiError('INVOICE_TYPE_NOT_SUPPORTED', 'type', { type });
  const { own } = figuresOf(invoice);
  const party = invoice.counterParty;
  const text = (value: Decimal | number | string | undefined) => (value === undefined ? undefined : String(value));
  return {
    type,
    invoiceNumber: String(invoice.invoiceNumber ?? ''),
    date: invoice.date,
    deliveryStartDate: invoice.deliveryStartDate,
    deliveryEndDate: invoice.deliveryEndDate,
    orderReference: invoice.orderReference,
    buyerReferenceIdentifier: invoice.buyerReferenceIdentifier,
    originalInvoiceNumber: invoice.originalInvoiceNumber,
    additionalInformation: invoice.additionalInformation,
    penaltyPercent: text(invoice.penaltyPercent),
    language:
      invoice.language === 'ENGLISH' || invoice.language === 'SWEDISH' || invoice.language === 'FINNISH'
        ? invoice.language
        : undefined,
    seller,
    counterParty: {
      counterPartyAddress: addressOf(party.counterPartyAddress, party.counterPartyAddress.name),
      identifier: party.identifier,
      taxCode: party.taxCode,
      customerNumber: party.customerNumber,
      contactPersonName: party.contactPersonName,
      email: party.email,
      einvoiceAddress: party.einvoiceAddress,
    },
    billingAddress: invoice.billingAddress
      ? addressOf(invoice.billingAddress, party.counterPartyAddress.name)
      : undefined,
    paymentInfo: {
      currency: invoice.paymentInfo.currency,
      dueDate: invoice.paymentInfo.dueDate,
      paymentMethod: invoice.paymentInfo.paymentMethod,
      bankReferenceCode: invoice.paymentInfo.bankReferenceCode,
      bankReferenceCodeType: invoice.paymentInfo.bankReferenceCodeType,
    },
    invoiceRows: invoice.invoiceRows.map((row, i) => ({
      product: row.product,
      productCode: row.productCode,
      quantity: String(row.quantity),
      unit: row.unit,
      unitPrice: String(row.unitPrice),
      discountPercent: String(row.discountPercent),
      vatPercent: String(row.vatPercent),
      comment: row.comment,
      startDate: row.startDate,
      endDate: row.endDate,
      net: centsToDecimal(own.rows[i].netMinor),
      vat: centsToDecimal(own.rows[i].vatMinor),
      gross: centsToDecimal(own.rows[i].grossMinor),
    })),
    vatBreakdown: own.byRate.map((rate) => ({
      vatPercent: rate.vatPercent,
      net: centsToDecimal(rate.netMinor),
      vat: centsToDecimal(rate.vatMinor),
    })),
    invoiceSumInfo: {
      excludingVatTotal: centsToDecimal(own.netMinor),
      vatSumTotal: centsToDecimal(own.vatMinor),
      invoiceSumTotal: centsToDecimal(own.grossMinor),
    },
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

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** A purchase invoice of the interface from a Finvoice message's draft. */
function purchaseInvoiceOf(draft: PurchaseInvoiceDraft): InvoiceWire {
  const seller = draft.counterParty;
  const address = seller.counterPartyAddress;
  return defined({
    type: 'PURCHASE_INVOICE',
    date: draft.date,
    counterParty: defined({
      identifier: seller.identifier,
      taxCode: seller.taxCode,
      counterPartyAddress: defined({
        name: address.name,
        street: address.street,
        zip: address.zip,
        city: address.city,
        country: countryOf(address.country),
      }),
      einvoiceAddress: seller.einvoiceAddress,
    }),
    paymentInfo: defined({
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
    invoiceRows: draft.invoiceRows.map((row) =>
      defined({
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

export type ImageFormat = 'PNG' | 'JPG' | 'JPEG';

/** The outputs of invoices, for the caller's rights over each invoice. */
export class InvoiceOutputs {
  readonly #invoices: InvoiceService;
  readonly #company: CompanyService;
  readonly #bankAccounts: BankAccountService;
  readonly #clock: Clock;

  constructor(invoices: InvoiceService, company: CompanyService, bankAccounts: BankAccountService, clock: Clock) {
    this.#invoices = invoices;
    this.#company = company;
    this.#bankAccounts = bankAccounts;
    this.#clock = clock;
  }

  async #document(caller: Caller, id: number): Promise<{ invoice: InvoiceWire; document: InvoiceDocument }> {
    const invoice = await this.#invoices.get(caller, id);
    const [company, accounts, eInvoicing] = await Promise.all([
      this.#company.get(caller.companyId),
      this.#bankAccounts.list(caller.companyId, { pageNumber: 0, pageSize: 1000, offset: 0, order: 'asc' }),
      this.#company.documents.eInvoiceData(caller.companyId),
    ]);
    const seller = sellerOf(company, accounts.results);
    // the company's own e-invoice address (GET /company/einvoiceaddresses) sends the message: with it a Finvoice
    // carries its transmission details (sender, receiver, identifier and time stamp)
    if (eInvoicing.sendingAddress && eInvoicing.operator)
      seller.einvoiceAddress = { address: eInvoicing.sendingAddress, operator: eInvoicing.operator };
    return { invoice, document: invoiceDocument(invoice, seller) };
  }

  async image(caller: Caller, id: number, format: ImageFormat, page: number): Promise<Buffer> {
    const { document } = await this.#document(caller, id);
    try {
      return await renderInvoiceImage(document, format === 'PNG' ? 'png' : 'jpeg', { page });
    } catch (err) {
      if (err instanceof InvoicePageNotFoundError) throw apiError('INVOICE_PAGE_NOT_FOUND', 'page', { page });
      throw err;
    }
  }

  async pdf(caller: Caller, id: number): Promise<Buffer> {
    const { document } = await this.#document(caller, id);
    return Buffer.from(await renderInvoicePdf(document));
  }

  /** Sales invoices sent as e-invoices (channel ELECTRONIC_INVOICE) only, and the seller needs an account. */
  async finvoice(caller: Caller, id: number): Promise<string> {
    const { invoice, document } = await this.#document(caller, id);
    if (invoice.type !== 'SALES_INVOICE' || invoice.isOffer || invoice.invoiceChannel !== 'ELECTRONIC_INVOICE')
      throw apiError('FINVOICE_NOT_AVAILABLE', undefined, {
        detail: 'only sales invoices with invoiceChannel ELECTRONIC_INVOICE are e-invoices',
      });
    if (document.seller.bankAccounts.length === 0 || !document.seller.businessId)
      throw apiError('FINVOICE_NOT_AVAILABLE', undefined, {
        detail: 'the company needs a business ID and an active bank account',
      });
    // the message's time stamp (and its identifier) by the service clock, which the sandbox moves
    return buildFinvoice(document, { timestamp: this.#clock.now() });
  }

  /** A purchase invoice (UNFINISHED) from a Finvoice message; a message breaking the schema lists its failures. */
  async createFromFinvoice(caller: Caller, xml: string): Promise<InvoiceWire> {
    requireInvoiceRight(caller.rights, 'PURCHASE_INVOICE', false, 'edit');
    let draft: PurchaseInvoiceDraft;
    try {
      draft = await parseFinvoice(xml);
    } catch (err) {
      if (!(err instanceof FinvoiceInvalidError)) throw err;
      throw new ApiError(
        err.failures
          .slice(0, 20)
          .map((f) =>
            errorItem('FINVOICE_INVALID', undefined, { detail: f.line ? `line ${f.line}: ${f.message}` : f.message }),
          ),
      );
    }
    const invoice = purchaseInvoiceOf(draft);
    const problems = checkInvoice(invoice);
    if (problems.length > 0) throw new ApiError(problems);
    return this.#invoices.create(caller, invoice);
  }
}
