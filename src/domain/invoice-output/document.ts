// What the outputs of an invoice (the image, the PDF, the Finvoice message) are made from: the invoice as the
// real interface's Invoice carries it, with the figures the invoice arithmetic has computed (row amounts, VAT
// per rate, totals), and the seller's details. Amounts are exact decimals (Decimal or decimal text), never floats.
import type { Decimal } from '../decimal.ts';

export type Amount = Decimal | string;

/** An address as in `InvoiceCounterpartyAddress` / `InvoiceBillingAddress`; `country` is an ISO 3166 alpha-2 code. */
export interface DocumentAddress {
  name: string;
  specifier?: string;
  street?: string;
  zip?: string;
  city?: string;
  country?: string;
}

export interface SellerDetails {
  name: string;
  /** Finnish business ID (Y-tunnus), `1234567-8`. */
  businessId: string;
  /** EU VAT number, `FI12345678`; none when the seller is not VAT-registered. */
  vatNumber?: string;
  address: Omit<DocumentAddress, 'name'>;
  email?: string;
  phone?: string;
  homepage?: string;
  /** Accounts payments go to; the first is the one of the bank barcode. */
  bankAccounts: { iban: string; bic: string }[];
  /** The seller's own e-invoice address and operator (Finvoice SellerOrganisationUnitNumber, intermediator). */
  einvoiceAddress?: { address: string; operator: string };
}

export interface DocumentRow {
  product: string;
  productCode?: string;
  quantity: Amount;
  /** Unit as the invoice row has it (e.g. `kpl`, `h`). */
  unit: string;
  unitPrice: Amount;
  discountPercent: Amount;
  vatPercent: Amount;
  comment?: string;
  startDate?: string;
  endDate?: string;
  /** The row's amounts as the invoice arithmetic computed them, in the invoice currency. */
  net: Amount;
  vat: Amount;
  gross: Amount;
}

export interface InvoiceDocument {
  type: 'SALES_INVOICE' | 'SALES_ORDER' | 'PURCHASE_INVOICE' | 'PURCHASE_ORDER' | 'TRAVEL_INVOICE' | 'BILL_OF_CHARGES';
  invoiceNumber: string;
  /** Invoice date, `YYYY-MM-DD`. */
  date: string;
  deliveryStartDate?: string;
  deliveryEndDate?: string;
  orderReference?: string;
  buyerReferenceIdentifier?: string;
  /** The invoice a credit note credits. */
  originalInvoiceNumber?: string;
  additionalInformation?: string;
  penaltyPercent?: Amount;
  language?: 'FINNISH' | 'ENGLISH' | 'SWEDISH';
  seller: SellerDetails;
  counterParty: {
    counterPartyAddress: DocumentAddress;
    /** Business ID of the buyer. */
    identifier?: string;
    /** VAT number of the buyer. */
    taxCode?: string;
    customerNumber?: string;
    contactPersonName?: string;
    email?: string;
    einvoiceAddress?: { operator?: string; address?: string; ediId?: string };
  };
  billingAddress?: DocumentAddress;
  paymentInfo: {
    currency: string;
    dueDate: string;
    paymentMethod?: string;
    bankReferenceCode?: string;
    bankReferenceCodeType?: 'RF' | 'FI' | 'OCR' | 'KID' | 'GIK01' | 'GIK04' | 'GIK15' | 'FIK71' | 'FIK73' | 'FIK75';
  };
  invoiceRows: DocumentRow[];
  /** VAT per rate: base (net) and tax. */
  vatBreakdown: { vatPercent: Amount; net: Amount; vat: Amount }[];
  invoiceSumInfo: { excludingVatTotal: Amount; vatSumTotal: Amount; invoiceSumTotal: Amount };
}
