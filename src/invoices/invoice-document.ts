// An invoice and its seller as the printed outputs take them (an InvoiceDocument), with the figures of the invoice
// arithmetic: from its wire shape, or from its stored document as read (`printedDocument`, also in the thread that
// renders a long invoice: parsing and working out a thousand rows would hold the event loop).
import { centsToDecimal } from '../domain/invoice-arithmetic.ts';
import type { Decimal } from '../domain/decimal.ts';
import type { DocumentAddress, InvoiceDocument, SellerDetails } from '../domain/invoice-output/index.ts';
import { vatCountry } from '../domain/vat.ts';
import { apiError } from '../platform/errors.ts';
import { figuresOf, parseDocument, type StoredInvoice } from './mapping.ts';
import type { InvoiceWire } from './schemas.ts';

/** An invoice to print: its stored document unparsed, its number and its seller (all a worker thread is sent). */
export interface PrintableInvoice {
  body: string;
  invoiceNumber: number;
  seller: SellerDetails;
}

export type WireAddress = {
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

export function addressOf(address: WireAddress | undefined, name: string): DocumentAddress {
  return {
    name: address?.name ?? name,
    specifier: address?.specifier,
    street: address?.street,
    zip: address?.zip,
    city: address?.city,
    country: isoOf(address?.country),
  };
}

/** An invoice in its wire shape and its seller as the outputs take them, with the figures of the arithmetic. */
export function invoiceDocument(
  invoice: StoredInvoice & Pick<InvoiceWire, 'invoiceNumber'>,
  seller: SellerDetails,
): InvoiceDocument {
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

/** The document of a printable invoice. */
export function printedDocument({ body, invoiceNumber, seller }: PrintableInvoice): InvoiceDocument {
  return invoiceDocument({ ...parseDocument({ body }), invoiceNumber }, seller);
}
