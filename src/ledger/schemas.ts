import { Type, DecimalNumber, DateString, DateTimeString, Id, RefId, StringEnum, Text, Page, type Static } from '../platform/schema.ts';
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

const AMOUNT_BOUND = '100000000000';
const Amount = (description: string) => DecimalNumber({ scale: 2, minimum: `-${AMOUNT_BOUND}`, maximum: AMOUNT_BOUND, description });
const Percent = (description: string) => DecimalNumber({ scale: 2, minimum: 0, maximum: 100, description });
const VatType = StringEnum(['SALES', 'PURCHASE']);

const DimensionItemValue = Type.Object(
  {
    dimensionId: Id(),
    itemId: Id({ description: 'An ACTIVE item of the dimension.' }),
    value: Amount('Part of the transaction amount allocated to the item; per dimension the values sum to `accountingValue`.'),
  },
  { title: 'DimensionItemValue', additionalProperties: false },
);
export type DimensionItemValueWire = Static<typeof DimensionItemValue>;

export const DimensionItemValues = Type.Array(DimensionItemValue, { maxItems: MAX_DIMENSION_VALUES_PER_LINE });

export const Transaction = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true, description: 'Assigned by the service; kept on PUT when the same id is sent back.' })),
    transactionType: StringEnum([...TRANSACTION_TYPES]),
    account: Text(10, { minLength: 1, description: 'Ledger account number (GET /coa); it must exist and be active.' }),
    accountingValue: Amount('Amount in the company currency: positive debit, negative credit.'),
    vatPercent: Percent('VAT percent: one of the rates valid on the receipt date.'),
    vatType: Type.Optional(VatType),
    vatStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'Overrides the receipt VAT status.' })),
    description: Type.Optional(Text(255)),
    balanceCode: Type.Optional(Text(50)),
    allocations: Type.Optional(Type.Array(DecimalNumber({ scale: 2 }), { maxItems: 50 })),
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
    type: StringEnum([...RECEIPT_TYPES], { description: 'POST creates JOURNAL receipts only; the others are kept by their documents.' }),
    status: Type.Optional(StringEnum([...RECEIPT_STATUSES], { readOnly: true, description: 'Changed with the approve, invalidate and unfinished actions.' })),
    name: Text(80, { minLength: 1 }),
    receiptDate: DateString({ description: 'Must be in an open fiscal period (GET /fiscalyears).' }),
    vatType: VatType,
    vatStatus: Type.Integer({ minimum: 0, maximum: 999, description: 'A VAT status code the company uses (GET /vats/default).' }),
    vatProcessing: Type.Optional(Text(60, { description: 'VAT country (e.g. SWEDEN); default the company country.' })),
    invoiceId: Type.Optional(RefId({ readOnly: true })),
    receiptNumber: Type.Optional(Type.Integer({ readOnly: true, description: 'Per company and fiscal year, without gaps.' })),
    invoiceNotes: Type.Optional(Text(10000)),
    invoiceNumber: Type.Optional(Type.Integer({ readOnly: true })),
    accountantsNotes: Type.Optional(Text(255)),
    transactionDescription: Type.Optional(Text(255)),
    receiptValidity: Type.Optional(StringEnum(['EMPTY', 'IMMEDIATELY', 'SERVICE_PERIOD', 'OVER_3_YEARS'])),
    periodStartDate: Type.Optional(DateString()),
    periodEndDate: Type.Optional(DateString()),
    partnerId: Type.Optional(RefId()),
    partnerCode: Type.Optional(Text(40)),
    version: Type.Optional(DateTimeString({ description: 'Read-only; required on PUT (optimistic lock).' })),
    depreciation: Type.Optional(
      StringEnum(['EMPTY', 'REDUCING_BALANCE_25_PERCENT', 'REDUCING_BALANCE_7_PERCENT', 'REDUCING_BALANCE_4_PERCENT', 'STRAIGHT_LINE_DEPRECIATION_3_YEARS', 'STRAIGHT_LINE_DEPRECIATION_5_YEARS']),
    ),
    vatDate: Type.Optional(DateString()),
    transactions: Type.Array(Transaction, { minItems: 1, maxItems: MAX_LINES_PER_RECEIPT }),
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
    created: DateTimeString(),
    version: DateTimeString(),
  },
  { $id: 'LedgerReceiptBasicInfo', title: 'LedgerReceiptBasicInfo', additionalProperties: false },
);
export type LedgerReceiptBasicInfoWire = Static<typeof LedgerReceiptBasicInfo>;
export const LedgerReceiptSearchResult = Page(LedgerReceiptBasicInfo, { title: 'LedgerReceiptSearchResult' });

const Journal = Type.Object(
  {
    id: Type.Integer(),
    ledgerReceiptId: Type.Integer(),
    partnerId: Type.Union([Type.Integer(), Type.Null()]),
    type: StringEnum(['JOURNAL']),
    status: StringEnum([...RECEIPT_STATUSES]),
    invoiceNumber: Type.Optional(Type.Integer()),
    receiptNumber: Type.Integer(),
    name: Type.String(),
    date: DateString(),
    created: DateTimeString(),
    version: DateTimeString(),
  },
  { $id: 'Journal', title: 'Journal', additionalProperties: false },
);
export type JournalWire = Static<typeof Journal>;
export const JournalSearchResult = Page(Journal, { title: 'JournalSearchResult' });
