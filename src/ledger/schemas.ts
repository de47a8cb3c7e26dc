import {
  Type,
  Addition,
  DecimalNumber,
  DateString,
  DateTimeString,
  Id,
  NumberId,
  RefId,
  StringEnum,
  Text,
  PartlyCountedPage,
  type Static,
} from '../platform/schema.ts';
import { ATTACHMENT_REFERENCE_TYPES, REPORT_TRANSACTION_STATUSES } from '../domain/real-vocabularies.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { MAX_DIMENSION_VALUES_PER_LINE, MAX_LINES_PER_RECEIPT, TRANSACTION_TYPES } from '../domain/postings.ts';

export const RECEIPT_TYPES = [
  'JOURNAL',
  'PURCHASE_INVOICE',
  'SALES_INVOICE',
  'PERIODIC_TAX_RETURN',
  'TRAVEL_INVOICE',
  'BILL_OF_CHARGES',
  'VAT_FORM',
  'SALARY',
  'EMPLOYER_CONTRIBUTION',
  'PURCHASE_ORDER',
  'SALES_ORDER',
  'BANK_STATEMENT_AS_RECEIPT',
  'RECEIPT_FOR_OPENING_ACCOUNTS',
  'REFERENCE_PAYMENT',
  'TRACKING_PERIOD_OPENING_RECEIPT',
  'VAT_SUMMARY',
] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

export const RECEIPT_STATUSES = ['UNFINISHED', 'APPROVED', 'INVALIDATED'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * Every status the real interface's receipts know (invoices' and payments' statuses included). A receipt's
 * status is read-only: a request may carry any of these, and on PUT it must equal the stored one.
 */
export const ANY_RECEIPT_STATUS = REPORT_TRANSACTION_STATUSES;

const SERIAL_SERIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;

const SerialNumber = Type.Object(
  {
    series: Type.Optional(StringEnum([...SERIAL_SERIES], { description: 'Voucher series (verifikationsserie).' })),
    number: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  },
  { title: 'SerialNumber', additionalProperties: false },
);

/** Metadata of an attached file. Read-only in a receipt: files are attached through the attachments interface. */
const Attachment = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Type.String(),
    referenceType: StringEnum([...ATTACHMENT_REFERENCE_TYPES]),
    referenceId: Type.Integer(),
    mimeType: Type.Optional(Type.String()),
    sendWithInvoice: Type.Boolean(),
  },
  { title: 'Attachment', additionalProperties: false },
);

const AMOUNT_BOUND = '100000000000';
const Amount = (description: string) =>
  DecimalNumber({ scale: 2, minimum: `-${AMOUNT_BOUND}`, maximum: AMOUNT_BOUND, description });
const Percent = (description: string) => DecimalNumber({ scale: 2, minimum: 0, maximum: 100, description });
const VatType = StringEnum(['SALES', 'PURCHASE']);

const DimensionItemValue = Type.Object(
  {
    dimensionId: Id(),
    itemId: Id({ description: 'An ACTIVE item of the dimension.' }),
    value: Amount(
      'Part of the transaction amount allocated to the item; per dimension the values sum to `accountingValue`.',
    ),
  },
  { title: 'DimensionItemValue', additionalProperties: false },
);
export type DimensionItemValueWire = Static<typeof DimensionItemValue>;

const DimensionItemValues = Type.Array(DimensionItemValue, { maxItems: MAX_DIMENSION_VALUES_PER_LINE });

export const DimensionItemValueList = Type.Object(
  { dimensionItemValues: DimensionItemValues },
  { title: 'DimensionItemValueList', additionalProperties: false },
);

const Transaction = Type.Object(
  {
    id: Type.Optional(
      Id({ readOnly: true, description: 'Assigned by the service; kept on PUT when the same id is sent back.' }),
    ),
    transactionType: StringEnum([...TRANSACTION_TYPES]),
    account: Text(10, { minLength: 1, description: 'Ledger account number (GET /coa); it must exist and be active.' }),
    accountingValue: Amount('Amount in the company currency: positive debit, negative credit.'),
    vatPercent: Percent(
      'VAT percent: one of the rates valid on the receipt date. `accountingValue` is the net amount: a transaction with a percent above 0 on an account other than the VAT accounts needs its VAT on its own transactions of the same percent — domestic sales (status 1) output VAT on 2930, domestic purchases input VAT on 1763, purchases under reverse charge (EU goods 4, EU services 7, construction services 2, imports 3) both. The service does not add them: a receipt whose VAT transactions differ from net × percent (by more than a cent per taxed transaction) is VAT_LINE_MISSING.',
    ),
    vatType: Type.Optional(VatType),
    vatStatus: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 999, description: 'Overrides the receipt VAT status.' }),
    ),
    description: Type.Optional(Text(255)),
    balanceCode: Type.Optional(Text(50)),
    // The real interface documents this list as the ids of the allocations related to the transaction, answered
    // by GET and not changed by POST or PUT; its items are plain numbers there, hence a whole-number schema here.
    allocations: Type.Optional(
      Type.Array(
        NumberId({
          description: 'Id of an allocation: a payment event of an invoice (GET /invoices/{invoiceId}/paymentevents).',
        }),
        {
          maxItems: 50,
          description:
            'Ids of the allocations this transaction books: the payment events of invoices (marking an invoice paid, a bank event or reference payment allocated to it, a payment the bank confirmed) name the transactions of their posting, and its reversal keeps them. Read-only: a request may leave it out, send [] or repeat ids of the same transaction (its `id`); any other id is refused with 400 `ALLOCATION_NOT_OF_TRANSACTION`, and what is sent never adds or removes an allocation.',
        },
      ),
    ),
    partnerId: Type.Optional(RefId({ description: 'A business partner of the company, or null.' })),
    dimensionItemValues: Type.Optional(DimensionItemValues),
    vatDeductionPercent: Type.Optional(Percent('Deductible share of the VAT.')),
    startDate: Type.Optional(DateString()),
    endDate: Type.Optional(DateString()),
  },
  { $id: 'Transaction', title: 'Transaction', additionalProperties: false },
);
export type TransactionWire = Static<typeof Transaction>;

export const LedgerReceipt = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    type: StringEnum([...RECEIPT_TYPES], {
      description: 'POST creates JOURNAL receipts only; the others are kept by their documents.',
    }),
    status: Type.Optional(
      StringEnum([...ANY_RECEIPT_STATUS], {
        readOnly: true,
        description:
          'UNFINISHED, APPROVED or INVALIDATED for journals; changed with the approve, invalidate and unfinished actions.',
      }),
    ),
    name: Text(80, { minLength: 1 }),
    receiptDate: DateString({ description: 'Must be in an open fiscal period (GET /fiscalyears).' }),
    vatType: VatType,
    vatStatus: Type.Integer({
      minimum: 0,
      maximum: 999,
      description: 'A VAT status code the company uses (GET /vats/default).',
    }),
    vatProcessing: Type.Optional(
      StringEnum([...COUNTRIES], { description: 'VAT country (e.g. SWEDEN); default the company country.' }),
    ),
    invoiceId: Type.Optional(RefId({ readOnly: true })),
    receiptNumber: Type.Optional(
      Type.Integer({ readOnly: true, description: 'Per company and fiscal year, without gaps.' }),
    ),
    invoiceNotes: Type.Optional(Text(10000)),
    invoiceNumber: Type.Optional(Type.Integer({ readOnly: true })),
    accountantsNotes: Type.Optional(Text(255)),
    transactionDescription: Type.Optional(Text(255)),
    receiptValidity: Type.Optional(StringEnum(['EMPTY', 'IMMEDIATELY', 'SERVICE_PERIOD', 'OVER_3_YEARS'])),
    periodStartDate: Type.Optional(DateString()),
    periodEndDate: Type.Optional(DateString()),
    partnerId: Type.Optional(RefId()),
    partnerCode: Type.Optional(Text(40)),
    serialNumber: Type.Optional(SerialNumber),
    version: Type.Optional(DateTimeString({ description: 'Read-only; required on PUT (optimistic lock).' })),
    depreciation: Type.Optional(
      StringEnum([
        'EMPTY',
        'REDUCING_BALANCE_25_PERCENT',
        'REDUCING_BALANCE_7_PERCENT',
        'REDUCING_BALANCE_4_PERCENT',
        'STRAIGHT_LINE_DEPRECIATION_3_YEARS',
        'STRAIGHT_LINE_DEPRECIATION_5_YEARS',
      ]),
    ),
    vatDate: Type.Optional(DateString()),
    transactions: Type.Array(Transaction, { minItems: 1, maxItems: MAX_LINES_PER_RECEIPT }),
    attachments: Type.Optional(
      Type.Array(Attachment, {
        readOnly: true,
        description:
          'Read-only: files are attached with POST /attachments (reference type LEDGERRECEIPT). A PUT may leave the ' +
          'list out or repeat it.',
      }),
    ),
  },
  { $id: 'LedgerReceipt', title: 'LedgerReceipt', additionalProperties: false },
);
export type LedgerReceiptWire = Static<typeof LedgerReceipt>;

const LedgerReceiptBasicInfo = Type.Object(
  {
    id: Type.Integer(),
    type: StringEnum([...RECEIPT_TYPES]),
    status: StringEnum([...RECEIPT_STATUSES]),
    name: Type.String(),
    receiptDate: DateString(),
    receiptNumber: Type.Integer(),
    invoiceNumber: Type.Optional(Type.Integer()),
    serialNumber: Type.Optional(SerialNumber),
    created: DateTimeString(),
    version: DateTimeString(),
  },
  { $id: 'LedgerReceiptBasicInfo', title: 'LedgerReceiptBasicInfo', additionalProperties: false },
);
export type LedgerReceiptBasicInfoWire = Static<typeof LedgerReceiptBasicInfo>;
export const LedgerReceiptSearchResult = PartlyCountedPage(
  LedgerReceiptBasicInfo,
  'How many receipts match: on every page when no filter is given (the company keeps the count); with filters, on ' +
    'the first page when at most 1 000 match, and on a page that ends the list.',
  { title: 'LedgerReceiptSearchResult' },
);

const InvoiceCounterpartyAddress = Type.Object(
  {
    name: Type.String(),
    specifier: Type.Optional(Type.String()),
    street: Type.Optional(Type.String()),
    zip: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    country: Type.Optional(StringEnum([...COUNTRIES])),
    subdivision: Type.Optional(Type.String()),
  },
  { title: 'InvoiceCounterpartyAddress', additionalProperties: false },
);

/** The journal's business partner as its counterparty: taken from the partner register. */
const CounterParty = Type.Object(
  {
    contactPersonName: Type.Optional(Type.String()),
    identifier: Type.Optional(Type.String()),
    taxCode: Type.Optional(Type.String()),
    customerNumber: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    bccAddresses: Type.Optional(Type.Array(Type.String())),
    counterPartyAddress: InvoiceCounterpartyAddress,
    bankAccount: Type.Optional(
      Type.Object(
        { accountNumber: Type.Optional(Type.String()), bic: Type.Optional(Type.String()) },
        { title: 'BankAccount', additionalProperties: false },
      ),
    ),
    einvoiceAddress: Type.Optional(
      Type.Object(
        {
          operator: Type.Optional(Type.String()),
          address: Type.Optional(Type.String()),
          ediId: Type.Optional(Type.String()),
        },
        { title: 'EInvoiceAddress', additionalProperties: false },
      ),
    ),
  },
  { title: 'CounterParty', additionalProperties: false },
);

export const Journal = Type.Object(
  {
    id: Type.Integer(),
    ledgerReceiptId: Type.Integer(),
    partnerId: Type.Union([Type.Integer(), Type.Null()]),
    type: StringEnum(['JOURNAL']),
    status: StringEnum([...RECEIPT_STATUSES]),
    invoiceNumber: Type.Optional(Type.Integer()),
    receiptNumber: Addition(Type.Integer()),
    name: Addition(Type.String()),
    date: DateString(),
    created: DateTimeString(),
    version: DateTimeString(),
    counterParty: Type.Optional(CounterParty),
  },
  { $id: 'Journal', title: 'Journal', additionalProperties: false },
);
export type JournalWire = Static<typeof Journal>;
