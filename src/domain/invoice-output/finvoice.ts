// Finvoice 3.0 e-invoices (Finance Finland's message, schema in the repository's schemas/Finvoice3.0.xsd): a sales
// invoice written as a message, and a received message read as a purchase-invoice draft. Every message is
// checked against the schema: one that is written, before it leaves; one that is read, before it is trusted.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import { Decimal } from '../decimal.ts';
import { schemaFailures, schemaText } from '../xsd.ts';
import { checkXmlLimits, XML_LIMITS, XmlLimitError } from '../xml-limits.ts';
import { bankBarcode, BankBarcodeError } from './bank-barcode.ts';
import type { Amount, InvoiceDocument } from './document.ts';
import { withoutUndefined } from '../objects.ts';

/** A place where a message breaks the schema: its line, and libxml2's words. */
export interface FinvoiceFailure {
  line?: number;
  message: string;
}

export class FinvoiceInvalidError extends Error {
  override name = 'FinvoiceInvalidError';
  readonly failures: FinvoiceFailure[];
  constructor(failures: FinvoiceFailure[]) {
    super(`the Finvoice message breaks the schema: ${failures.map((f) => f.message).join('; ')}`);
    this.failures = failures;
  }
}

const SCHEMA = 'Finvoice3.0.xsd';

/** The ways `xml` breaks the Finvoice 3.0 schema (or is no XML at all); empty when it is valid. */
export async function validateFinvoice(xml: string): Promise<FinvoiceFailure[]> {
  const failures = await schemaFailures(xml, { name: SCHEMA, text: schemaText(SCHEMA) }, 'finvoice.xml');
  return failures.map((f) => ({ ...f, message: f.message.replace(/^finvoice\.xml:\d+:\s*/, '').trim() }));
}

// --- writing ------------------------------------------------------------------------------------------------

/** `1234.5` → `1234,50`: Finvoice amounts have a decimal comma and at least two decimals. */
const money = (value: Amount) => new Decimal(value).toFixed(2).replace('.', ',');
/** A unit price: two to five decimals. */
const unitPrice = (value: Amount) => {
  const price = new Decimal(value);
  return price.toFixed(Math.min(Math.max(price.decimalPlaces(), 2), 5)).replace('.', ',');
};
/** Quantities and percents: as many decimals as they have, with a decimal comma. */
const plain = (value: Amount) => new Decimal(value).toString().replace('.', ',');
const finvoiceDate = (date: string) => date.replaceAll('-', '');
/** Texts are cut to the schema's length of the element. */
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

type Node = ReturnType<typeof create>;

function amountElement(parent: Node, name: string, value: Amount, currency: string): void {
  parent.ele(name, { AmountCurrencyIdentifier: currency }).txt(money(value));
}

function dateElement(parent: Node, name: string, date: string): void {
  parent.ele(name, { Format: 'CCYYMMDD' }).txt(finvoiceDate(date));
}

function optional(parent: Node, name: string, value: string | undefined, max: number): void {
  if (value) parent.ele(name).txt(clip(value, max));
}

export interface FinvoiceOptions {
  /** Unique id of the message (default: seller business ID, invoice number and time). */
  messageIdentifier?: string;
  /** When the message is made (default now). */
  timestamp?: Date;
}

/**
 * The invoice as a Finvoice 3.0 message: seller, buyer, rows, VAT per rate, totals, payment terms, and the EPI
 * payment details with the reference (and the bank barcode for a euro invoice to a Finnish account). Checked
 * against the schema before it is returned: FinvoiceInvalidError when the invoice cannot make a valid message
 * (e.g. a buyer without a name).
 */
export async function buildFinvoice(doc: InvoiceDocument, options: FinvoiceOptions = {}): Promise<string> {
  const currency = doc.paymentInfo.currency;
  const seller = doc.seller;
  const buyer = doc.counterParty;
  const account = seller.bankAccounts[0];
  const timestamp = options.timestamp ?? new Date();
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('Finvoice', { Version: '3.0' });

  const buyerAddress = buyer.einvoiceAddress?.address ?? buyer.einvoiceAddress?.ediId;
  if (seller.einvoiceAddress && buyerAddress && buyer.einvoiceAddress?.operator) {
    const transmission = root.ele('MessageTransmissionDetails');
    const sender = transmission.ele('MessageSenderDetails');
    sender.ele('FromIdentifier').txt(seller.einvoiceAddress.address);
    sender.ele('FromIntermediator').txt(seller.einvoiceAddress.operator);
    const receiver = transmission.ele('MessageReceiverDetails');
    receiver.ele('ToIdentifier').txt(buyerAddress);
    receiver.ele('ToIntermediator').txt(buyer.einvoiceAddress.operator);
    const details = transmission.ele('MessageDetails');
    details
      .ele('MessageIdentifier')
      .txt(clip(options.messageIdentifier ?? `${seller.businessId}-${doc.invoiceNumber}-${timestamp.getTime()}`, 48));
    details.ele('MessageTimeStamp').txt(timestamp.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  }

  const sellerParty = root.ele('SellerPartyDetails');
  sellerParty.ele('SellerPartyIdentifier').txt(seller.businessId);
  sellerParty.ele('SellerOrganisationName').txt(clip(seller.name, 70));
  optional(sellerParty, 'SellerOrganisationTaxCode', seller.vatNumber, 35);
  const { street, zip, city, country } = seller.address;
  if (street && zip && city) {
    const address = sellerParty.ele('SellerPostalAddressDetails');
    address.ele('SellerStreetName').txt(clip(street, 35));
    address.ele('SellerTownName').txt(clip(city, 35));
    address.ele('SellerPostCodeIdentifier').txt(clip(zip, 35));
    optional(address, 'CountryCode', country, 2);
  }
  optional(root, 'SellerOrganisationUnitNumber', seller.einvoiceAddress?.address, 35);
  const information = root.ele('SellerInformationDetails');
  optional(information, 'SellerHomeTownName', city, 35);
  if (seller.vatNumber) information.ele('SellerVatRegistrationText').txt('Alv.Rek.');
  optional(information, 'SellerPhoneNumber', seller.phone, 35);
  optional(information, 'SellerCommonEmailaddressIdentifier', seller.email, 70);
  optional(information, 'SellerWebaddressIdentifier', seller.homepage, 70);
  for (const bank of seller.bankAccounts) {
    const details = information.ele('SellerAccountDetails');
    details.ele('SellerAccountID', { IdentificationSchemeName: 'IBAN' }).txt(bank.iban.replace(/\s/g, ''));
    details.ele('SellerBic', { IdentificationSchemeName: 'BIC' }).txt(bank.bic);
  }

  const buyerParty = root.ele('BuyerPartyDetails');
  optional(buyerParty, 'BuyerPartyIdentifier', buyer.identifier, 35);
  buyerParty.ele('BuyerOrganisationName').txt(clip(buyer.counterPartyAddress.name, 70));
  optional(buyerParty, 'BuyerOrganisationTaxCode', buyer.taxCode, 35);
  const billing = doc.billingAddress ?? buyer.counterPartyAddress;
  if (billing.street && billing.zip && billing.city) {
    const address = buyerParty.ele('BuyerPostalAddressDetails');
    address.ele('BuyerStreetName').txt(clip(billing.street, 35));
    address.ele('BuyerTownName').txt(clip(billing.city, 35));
    address.ele('BuyerPostCodeIdentifier').txt(clip(billing.zip, 35));
    optional(address, 'CountryCode', billing.country, 2);
  }
  optional(root, 'BuyerOrganisationUnitNumber', buyerAddress, 35);
  optional(root, 'BuyerContactPersonName', buyer.contactPersonName, 35);

  const isCredit = new Decimal(doc.invoiceSumInfo.invoiceSumTotal).isNegative();
  const details = root.ele('InvoiceDetails');
  details.ele('InvoiceTypeCode').txt(isCredit ? 'INV02' : 'INV01');
  details.ele('InvoiceTypeText').txt(isCredit ? 'HYVITYSLASKU' : 'LASKU');
  details.ele('OriginCode').txt('Original');
  details.ele('InvoiceNumber').txt(clip(doc.invoiceNumber, 20));
  dateElement(details, 'InvoiceDate', doc.date);
  optional(details, 'OriginalInvoiceNumber', doc.originalInvoiceNumber, 20);
  if (doc.deliveryStartDate) dateElement(details, 'InvoicingPeriodStartDate', doc.deliveryStartDate);
  if (doc.deliveryEndDate) dateElement(details, 'InvoicingPeriodEndDate', doc.deliveryEndDate);
  optional(details, 'SellersBuyerIdentifier', buyer.customerNumber, 35);
  optional(details, 'OrderIdentifier', doc.orderReference, 70);
  optional(details, 'BuyerReferenceIdentifier', doc.buyerReferenceIdentifier, 70);
  const sums = doc.invoiceSumInfo;
  amountElement(details, 'InvoiceTotalVatExcludedAmount', sums.excludingVatTotal, currency);
  amountElement(details, 'InvoiceTotalVatAmount', sums.vatSumTotal, currency);
  amountElement(details, 'InvoiceTotalVatIncludedAmount', sums.invoiceSumTotal, currency);
  for (const rate of doc.vatBreakdown) {
    const vat = details.ele('VatSpecificationDetails');
    amountElement(vat, 'VatBaseAmount', rate.net, currency);
    vat.ele('VatRatePercent').txt(plain(rate.vatPercent));
    amountElement(vat, 'VatRateAmount', rate.vat, currency);
  }
  optional(details, 'InvoiceFreeText', doc.additionalInformation, 512);
  const terms = details.ele('PaymentTermsDetails');
  dateElement(terms, 'InvoiceDueDate', doc.paymentInfo.dueDate);
  if (doc.penaltyPercent !== undefined)
    terms.ele('PaymentOverDueFineDetails').ele('PaymentOverDueFinePercent').txt(plain(doc.penaltyPercent));

  const reference = doc.paymentInfo.bankReferenceCode?.replace(/\s/g, '');
  if (account && reference && currency === 'EUR' && /^FI/i.test(account.iban) && !isCredit) {
    try {
      root.ele('VirtualBankBarcode').txt(
        bankBarcode({
          iban: account.iban,
          amount: sums.invoiceSumTotal,
          reference,
          dueDate: doc.paymentInfo.dueDate,
        }),
      );
    } catch (err) {
      // a reference of another kind (OCR, KID, …) has no bank barcode
      if (!(err instanceof BankBarcodeError)) throw err;
    }
  }

  for (const row of doc.invoiceRows) {
    const line = root.ele('InvoiceRow');
    optional(line, 'ArticleIdentifier', row.productCode, 70);
    line.ele('ArticleName').txt(clip(row.product, 100));
    line.ele('DeliveredQuantity', { QuantityUnitCode: clip(row.unit, 14) }).txt(plain(row.quantity));
    if (row.startDate) dateElement(line, 'StartDate', row.startDate);
    if (row.endDate) dateElement(line, 'EndDate', row.endDate);
    line.ele('UnitPriceAmount', { AmountCurrencyIdentifier: currency }).txt(unitPrice(row.unitPrice));
    optional(line, 'RowFreeText', row.comment, 512);
    if (!new Decimal(row.discountPercent).isZero()) line.ele('RowDiscountPercent').txt(plain(row.discountPercent));
    line.ele('RowVatRatePercent').txt(plain(row.vatPercent));
    amountElement(line, 'RowVatAmount', row.vat, currency);
    amountElement(line, 'RowVatExcludedAmount', row.net, currency);
    amountElement(line, 'RowAmount', row.gross, currency);
  }

  const epi = root.ele('EpiDetails');
  const identification = epi.ele('EpiIdentificationDetails');
  dateElement(identification, 'EpiDate', doc.date);
  identification.ele('EpiReference').txt(clip(doc.invoiceNumber.replace(/\s/g, ''), 35));
  const party = epi.ele('EpiPartyDetails');
  const bfi = party.ele('EpiBfiPartyDetails');
  if (account) bfi.ele('EpiBfiIdentifier', { IdentificationSchemeName: 'BIC' }).txt(account.bic);
  const beneficiary = party.ele('EpiBeneficiaryPartyDetails');
  beneficiary.ele('EpiNameAddressDetails').txt(clip(seller.name, 35));
  beneficiary.ele('EpiBei').txt(seller.businessId);
  beneficiary
    .ele('EpiAccountID', { IdentificationSchemeName: 'IBAN' })
    .txt(account ? account.iban.replace(/\s/g, '') : '');
  const instruction = epi.ele('EpiPaymentInstructionDetails');
  if (reference)
    instruction
      .ele('EpiRemittanceInfoIdentifier', { IdentificationSchemeName: /^RF/i.test(reference) ? 'ISO' : 'SPY' })
      .txt(reference.toUpperCase());
  instruction.ele('EpiInstructedAmount', { AmountCurrencyIdentifier: currency }).txt(money(sums.invoiceSumTotal));
  instruction.ele('EpiCharge', { ChargeOption: 'SHA' }).txt('SHA');
  dateElement(instruction, 'EpiDateOptionDate', doc.paymentInfo.dueDate);

  const xml = root.end({ prettyPrint: true });
  const failures = await validateFinvoice(xml);
  if (failures.length > 0) throw new FinvoiceInvalidError(failures);
  return xml;
}

// --- reading ------------------------------------------------------------------------------------------------

/** One row of a received message, as the sender stated it. */
export interface DraftRow {
  /** The row's position among the message's `InvoiceRow` elements, from 1. */
  position: number;
  product: string;
  productCode?: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discountPercent: string;
  vatPercent: string;
  /** Where the VAT rate came from: the row, or the invoice's VAT specification (Finvoice 1.x and 2.x senders). */
  vatPercentFrom: 'row' | 'invoice' | 'none';
  comment?: string;
  startDate?: string;
  endDate?: string;
  /** The sender's stated row amounts (`RowVatExcludedAmount`, `RowVatAmount`, `RowAmount`). */
  net?: string;
  vat?: string;
  gross?: string;
  /** Row charges (`RowChargeDetails`), as the sender named them: reason and amount or percent. */
  charges: string[];
  /** Sub-rows (`SubInvoiceRow`): a specification of the row, not rows of their own. */
  subRows: number;
}

/** A received Finvoice message as a purchase invoice to be created: decimals as exact decimal text, dates ISO. */
export interface PurchaseInvoiceDraft {
  type: 'PURCHASE_INVOICE';
  /** The message's `Version` attribute (1.3, 2.0, 2.01, 3.0, …). */
  version: string;
  /** The seller's own number of the invoice. */
  sellerInvoiceNumber: string;
  /** The message's identifier in its transmission details (`MessageDetails/MessageIdentifier`), when it has one. */
  messageIdentifier?: string;
  /** Whether the seller sent it as a credit note (INV02). */
  isCreditNote: boolean;
  date: string;
  originalInvoiceNumber?: string;
  deliveryStartDate?: string;
  deliveryEndDate?: string;
  orderReference?: string;
  buyerReferenceIdentifier?: string;
  additionalInformation?: string;
  penaltyPercent?: string;
  /** The seller, who is the counterparty of a purchase invoice. */
  counterParty: {
    counterPartyAddress: { name: string; street?: string; zip?: string; city?: string; country?: string };
    identifier?: string;
    taxCode?: string;
    einvoiceAddress?: { address: string; operator?: string };
  };
  paymentInfo: {
    currency: string;
    dueDate?: string;
    bankAccount?: { accountNumber: string; bic?: string };
    bankReferenceCode?: string;
    bankReferenceCodeType?: 'RF' | 'FI';
    /** The bank barcode of the message, when it had one. */
    virtualBankBarcode?: string;
  };
  invoiceRows: DraftRow[];
  /** Positions of the rows of sub-rows only (`SubInvoiceRow` without an amount of the row's own). */
  subRowOnlyRows: number[];
  vatBreakdown: { vatPercent: string; net: string; vat: string }[];
  invoiceSumInfo: { excludingVatTotal?: string; vatSumTotal?: string; invoiceSumTotal: string };
}

type XmlNode = Record<string, unknown>;

const LISTS = new Set([
  'InvoiceRow',
  'VatSpecificationDetails',
  'SellerAccountDetails',
  'SellerStreetName',
  'RowChargeDetails',
  'SubInvoiceRow',
]);

const parser = new XMLParser({
  maxNestedTags: XML_LIMITS.maxDepth,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // character references (`&#x2013;`) are text like any other: a message in ISO-8859-15 writes so what it lacks
  htmlEntities: true,
  isArray: (name) => LISTS.has(name),
});

function child(node: unknown, name: string): XmlNode | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const found = (node as XmlNode)[name];
  const value: unknown = Array.isArray(found) ? found[0] : found;
  if (value === undefined) return undefined;
  return typeof value === 'object' ? (value as XmlNode) : { '#text': value };
}

function text(node: unknown, name: string): string | undefined {
  const found = child(node, name);
  if (!found) return undefined;
  const value = found['#text'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function attribute(node: unknown, name: string, attr: string): string | undefined {
  const found = child(node, name);
  const value = found?.[`@_${attr}`];
  return typeof value === 'string' ? value : undefined;
}

function list(node: unknown, name: string): XmlNode[] {
  if (node === null || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** A message Tase cannot read as its sender meant it: `where` is the element's path. */
const unreadable = (where: string, problem: string): never => {
  throw new FinvoiceInvalidError([{ message: `${where}: ${problem}` }]);
};

/** Finvoice decimals: a decimal comma (or point), a sign, digits; spaces as thousands separators. */
const DECIMAL = /^[+-]?\d+([.,]\d+)?$/;

/** `1234,5` → `1234.5` (exact); `places`: fixed decimals (amounts). */
function decimalText(value: string | undefined, where: string, places?: number): string | undefined {
  if (value === undefined) return undefined;
  const plainText = value.replace(/\s/g, '');
  if (!DECIMAL.test(plainText)) unreadable(where, `'${value}' is not a number`);
  const number = new Decimal(plainText.replace(',', '.'));
  return places === undefined ? number.toString() : number.toFixed(places);
}

/** `CCYYMMDD` → ISO; a date that does not exist (month 14) is refused with its element. */
function isoDate(value: string | undefined, where: string): string | undefined {
  if (!value) return undefined;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{8}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    unreadable(where, `'${value}' is not a date (CCYYMMDD)`);
  return iso;
}

/** The versions read: 3.0 against its schema; 1.x and 2.x, whose schemas Tase does not carry, by what it needs. */
const OLDER_VERSIONS = /^(1\.[0-3]|2\.0|2\.01)$/;

/**
 * The checks of a well-formed message of an older version: a Finvoice root and the elements a purchase
 * invoice cannot do without. Finvoice 1.3 and 2.01 messages are still sent (Finance Finland kept 2.01 in use
 * beside 3.0), and their schemas differ from 3.0 in elements Tase does not read.
 */
function checkOlderMessage(message: XmlNode | undefined): void {
  if (!message) unreadable('Finvoice', 'the message has no Finvoice root element');
  for (const path of [
    'SellerPartyDetails/SellerOrganisationName',
    'InvoiceDetails/InvoiceNumber',
    'InvoiceDetails/InvoiceDate',
    'InvoiceDetails/InvoiceTotalVatIncludedAmount',
  ]) {
    const [parent, name] = path.split('/');
    if (text(child(message, parent), name) === undefined) unreadable(path, 'missing');
  }
}

/** The VAT rate of a row that states none: the invoice's only rate, else the rate its VAT amount shows. */
function rateFromInvoice(
  rates: string[],
  net: string | undefined,
  vat: string | undefined,
): { vatPercent: string; from: DraftRow['vatPercentFrom'] } {
  if (rates.length === 1) return { vatPercent: rates[0], from: 'invoice' };
  if (rates.length > 1 && net && vat && !new Decimal(net).isZero()) {
    const shown = new Decimal(vat).dividedBy(net).times(100);
    const nearest = [...rates].sort(
      (a, b) => shown.minus(a).abs().comparedTo(shown.minus(b).abs()) || new Decimal(a).comparedTo(b),
    )[0];
    return { vatPercent: nearest, from: 'invoice' };
  }
  return { vatPercent: '0', from: 'none' };
}

function draftRow(row: XmlNode, index: number, rates: string[]): DraftRow | undefined {
  const where = (name: string) => `InvoiceRow[${index + 1}]/${name}`;
  const amount = (name: string) => decimalText(text(row, name), where(name), 2);
  let net = amount('RowVatExcludedAmount');
  const vat = amount('RowVatAmount');
  const gross = amount('RowAmount');
  if (net === undefined && gross !== undefined && vat !== undefined) net = new Decimal(gross).minus(vat).toFixed(2);
  const product = text(row, 'ArticleName') ?? text(row, 'ArticleIdentifier');
  // a row of free text only (or only sub-rows) carries no amount of its own
  if (product === undefined && net === undefined && gross === undefined) return undefined;
  const statedRate = decimalText(text(row, 'RowVatRatePercent'), where('RowVatRatePercent'));
  const { vatPercent, from } =
    statedRate !== undefined ? { vatPercent: statedRate, from: 'row' as const } : rateFromInvoice(rates, net, vat);
  const quantityName = text(row, 'InvoicedQuantity') !== undefined ? 'InvoicedQuantity' : 'DeliveredQuantity';
  const price = text(row, 'UnitPriceAmount');
  const charges = list(row, 'RowChargeDetails').map((charge, k) => {
    const at = (name: string) => where(`RowChargeDetails[${k + 1}]/${name}`);
    const chargeAmount = decimalText(text(charge, 'Amount'), at('Amount'), 2);
    const percent = decimalText(text(charge, 'Percent'), at('Percent'));
    const what = text(charge, 'ReasonText') ?? text(charge, 'ReasonCode') ?? 'charge';
    return `${what} ${chargeAmount ?? `${percent ?? '0'} %`}`;
  });
  return withoutUndefined({
    position: index + 1,
    product: product ?? text(row, 'RowFreeText') ?? '-',
    productCode: text(row, 'ArticleIdentifier'),
    quantity: decimalText(text(row, quantityName), where(quantityName)) ?? '1',
    unit: attribute(row, quantityName, 'QuantityUnitCode') ?? '',
    // a row with amounts but no unit price is priced at its stated amount
    unitPrice: decimalText(price, where('UnitPriceAmount')) ?? net ?? '0',
    discountPercent: decimalText(text(row, 'RowDiscountPercent'), where('RowDiscountPercent')) ?? '0',
    vatPercent,
    vatPercentFrom: from,
    comment: text(row, 'RowFreeText'),
    startDate: isoDate(text(row, 'StartDate'), where('StartDate')),
    endDate: isoDate(text(row, 'EndDate'), where('EndDate')),
    net,
    vat,
    gross,
    charges,
    subRows: list(row, 'SubInvoiceRow').length,
  });
}

/**
 * A Finvoice message (1.x, 2.0, 2.01 or 3.0) as a purchase-invoice draft: the seller as counterparty, rows, VAT
 * per rate, totals and the payment details (account, reference, due date). A 3.0 message breaking its schema (or
 * no XML at all), or any message without what a purchase invoice needs, throws FinvoiceInvalidError listing the
 * failures with their element.
 */
export async function parseFinvoice(xml: string): Promise<PurchaseInvoiceDraft> {
  // a hostile shape is refused by a linear scan before the schema validator or the parser spends time on it
  try {
    checkXmlLimits(xml);
  } catch (err) {
    if (err instanceof XmlLimitError) throw new FinvoiceInvalidError([{ line: err.line, message: err.reason }]);
    throw err;
  }
  const version = /<Finvoice\b[^>]*\bVersion\s*=\s*["']([^"']*)["']/.exec(xml)?.[1] ?? '3.0';
  let message: XmlNode | undefined;
  if (OLDER_VERSIONS.test(version)) {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) unreadable(`line ${valid.err.line}`, valid.err.msg);
    message = child(parser.parse(xml) as XmlNode, 'Finvoice');
    checkOlderMessage(message);
  } else {
    const failures = await validateFinvoice(xml);
    if (failures.length > 0) throw new FinvoiceInvalidError(failures);
    message = child(parser.parse(xml) as XmlNode, 'Finvoice')!;
  }
  const sellerParty = child(message, 'SellerPartyDetails');
  const sellerAddress = child(sellerParty, 'SellerPostalAddressDetails');
  const details = child(message, 'InvoiceDetails');
  const epi = child(message, 'EpiDetails');
  const beneficiary = child(child(epi, 'EpiPartyDetails'), 'EpiBeneficiaryPartyDetails');
  const bfi = child(child(epi, 'EpiPartyDetails'), 'EpiBfiPartyDetails');
  const instruction = child(epi, 'EpiPaymentInstructionDetails');
  const sellerAccount = child(child(message, 'SellerInformationDetails'), 'SellerAccountDetails');
  const accountNumber = text(beneficiary, 'EpiAccountID') ?? text(sellerAccount, 'SellerAccountID');
  const bic = text(bfi, 'EpiBfiIdentifier') ?? text(sellerAccount, 'SellerBic');
  const reference = text(instruction, 'EpiRemittanceInfoIdentifier');
  const referenceScheme = attribute(instruction, 'EpiRemittanceInfoIdentifier', 'IdentificationSchemeName');
  const currency =
    attribute(details, 'InvoiceTotalVatIncludedAmount', 'AmountCurrencyIdentifier') ??
    attribute(instruction, 'EpiInstructedAmount', 'AmountCurrencyIdentifier') ??
    'EUR';
  const sellerUnit = text(message, 'SellerOrganisationUnitNumber');
  const terms = child(details, 'PaymentTermsDetails');
  const at = (path: string) => `InvoiceDetails/${path}`;
  const vatBreakdown = list(details, 'VatSpecificationDetails').map((vat, k) => ({
    vatPercent: decimalText(text(vat, 'VatRatePercent'), at(`VatSpecificationDetails[${k + 1}]/VatRatePercent`)) ?? '0',
    net: decimalText(text(vat, 'VatBaseAmount'), at(`VatSpecificationDetails[${k + 1}]/VatBaseAmount`), 2) ?? '0.00',
    vat: decimalText(text(vat, 'VatRateAmount'), at(`VatSpecificationDetails[${k + 1}]/VatRateAmount`), 2) ?? '0.00',
  }));
  const rates = [...new Set(vatBreakdown.map((v) => v.vatPercent))];
  const messageRows = list(message, 'InvoiceRow');
  const rows = messageRows.map((row, index) => draftRow(row, index, rates));

  return withoutUndefined<PurchaseInvoiceDraft>({
    type: 'PURCHASE_INVOICE',
    version,
    sellerInvoiceNumber: text(details, 'InvoiceNumber')!,
    messageIdentifier: text(child(child(message, 'MessageTransmissionDetails'), 'MessageDetails'), 'MessageIdentifier'),
    isCreditNote: text(details, 'InvoiceTypeCode') === 'INV02',
    date: isoDate(text(details, 'InvoiceDate'), at('InvoiceDate'))!,
    originalInvoiceNumber: text(details, 'OriginalInvoiceNumber'),
    deliveryStartDate: isoDate(text(details, 'InvoicingPeriodStartDate'), at('InvoicingPeriodStartDate')),
    deliveryEndDate: isoDate(text(details, 'InvoicingPeriodEndDate'), at('InvoicingPeriodEndDate')),
    orderReference: text(details, 'OrderIdentifier'),
    buyerReferenceIdentifier: text(details, 'BuyerReferenceIdentifier'),
    additionalInformation: text(details, 'InvoiceFreeText'),
    penaltyPercent: decimalText(
      text(child(terms, 'PaymentOverDueFineDetails'), 'PaymentOverDueFinePercent'),
      at('PaymentTermsDetails/PaymentOverDueFineDetails/PaymentOverDueFinePercent'),
    ),
    counterParty: withoutUndefined({
      counterPartyAddress: withoutUndefined({
        name: text(sellerParty, 'SellerOrganisationName')!,
        street: text(sellerAddress, 'SellerStreetName'),
        zip: text(sellerAddress, 'SellerPostCodeIdentifier'),
        city: text(sellerAddress, 'SellerTownName'),
        country: text(sellerAddress, 'CountryCode'),
      }),
      identifier: text(sellerParty, 'SellerPartyIdentifier'),
      taxCode: text(sellerParty, 'SellerOrganisationTaxCode'),
      einvoiceAddress: sellerUnit
        ? withoutUndefined({
            address: sellerUnit,
            operator: text(
              child(child(message, 'MessageTransmissionDetails'), 'MessageSenderDetails'),
              'FromIntermediator',
            ),
          })
        : undefined,
    }),
    paymentInfo: withoutUndefined({
      currency,
      dueDate:
        isoDate(text(terms, 'InvoiceDueDate'), at('PaymentTermsDetails/InvoiceDueDate')) ??
        isoDate(text(instruction, 'EpiDateOptionDate'), 'EpiDetails/EpiPaymentInstructionDetails/EpiDateOptionDate'),
      bankAccount: accountNumber ? withoutUndefined({ accountNumber, bic }) : undefined,
      bankReferenceCode: reference,
      bankReferenceCodeType: reference
        ? referenceScheme === 'ISO' || /^RF/i.test(reference)
          ? ('RF' as const)
          : ('FI' as const)
        : undefined,
      virtualBankBarcode: text(message, 'VirtualBankBarcode'),
    }),
    invoiceRows: rows.filter((row): row is DraftRow => row !== undefined),
    subRowOnlyRows: messageRows.flatMap((row, i) =>
      rows[i] === undefined && list(row, 'SubInvoiceRow').length > 0 ? [i + 1] : [],
    ),
    vatBreakdown,
    invoiceSumInfo: withoutUndefined({
      excludingVatTotal: decimalText(
        text(details, 'InvoiceTotalVatExcludedAmount'),
        at('InvoiceTotalVatExcludedAmount'),
        2,
      ),
      vatSumTotal: decimalText(text(details, 'InvoiceTotalVatAmount'), at('InvoiceTotalVatAmount'), 2),
      invoiceSumTotal: decimalText(
        text(details, 'InvoiceTotalVatIncludedAmount'),
        at('InvoiceTotalVatIncludedAmount'),
        2,
      )!,
    }),
  });
}
