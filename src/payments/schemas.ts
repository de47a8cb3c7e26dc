// Wire shapes of payments out: invoice payments, direct bank transfers, direct salary payments, and the payment
// files of our own design.
import {
  Type,
  Addition,
  DateString,
  DateTimeString,
  DecimalNumber,
  Id,
  Money,
  NumberId,
  Page,
  PagingQuery,
  PartlyCountedPage,
  StringEnum,
  Text,
  type Static,
} from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';
import { ADDRESS_COUNTRIES } from '../domain/real-vocabularies.ts';
import { REFERENCE_CODE_TYPES } from '../domain/reference-codes.ts';
import { ANY_RECEIPT_STATUS } from '../ledger/index.ts';

const BANK_PAYMENT_METHODS = [
  'DENMARK_DOMESTIC_PAYMENT',
  'DENMARK_DOMESTIC_PAYMENT_CREDITOR',
  'DENMARK_FOREIGN_PAYMENT',
  'FINNISH_BANK_TRANSFER',
  'FINNISH_EXPRESS_PAYMENT',
  'FINNISH_FOREIGN_PAYMENT',
  'NORWEGIAN_DOMESTIC_PAYMENT',
  'NORWEGIAN_FOREIGN_PAYMENT',
  'SWEDISH_DOMESTIC_PAYMENT',
  'SWEDISH_DOMESTIC_PAYMENT_BANKGIRO',
  'SWEDISH_DOMESTIC_PAYMENT_PLUSGIRO',
  'SWEDISH_FOREIGN_PAYMENT',
] as const;
export type BankPaymentMethod = (typeof BANK_PAYMENT_METHODS)[number];

const STATUSES = [...ANY_RECEIPT_STATUS];
const GROUP_STATUSES = [
  'PAID',
  'PAYMENT_QUEUED',
  'PAYMENT_SENT_TO_BANK',
  'PAYMENT_TRANSACTION_CANCELLED',
  'PAYMENT_TRANSACTION_REMOVED',
];
const SERVICE_CHARGES = ['BOTH_PAY_OWN_FEES', 'PAYER_PAY_BOTH_FEES'];

const Amount = DecimalNumber({
  scale: 2,
  minimum: '0.01',
  maximum: '999999999.99',
  description: 'Positive, at most two decimals.',
});

const address = (name: string, nameRequired: boolean) =>
  Type.Object(
    {
      name: nameRequired ? Text(80, { minLength: 1 }) : Type.Optional(Text(80)),
      specifier: Type.Optional(Text(80)),
      street: Type.Optional(Text(80)),
      zip: Type.Optional(Text(20)),
      city: Type.Optional(Text(40)),
      country: Type.Optional(StringEnum([...ADDRESS_COUNTRIES])),
      subdivision: Type.Optional(Text(80)),
    },
    { title: name, additionalProperties: false },
  );

const common = {
  amount: Amount,
  bankReferenceCode: Type.Optional(
    Text(40, { description: 'Checked by `bankReferenceCodeType` when given, else as a Finnish or RF reference.' }),
  ),
  bankReferenceCodeType: Type.Optional(StringEnum([...REFERENCE_CODE_TYPES])),
  message: Type.Optional(Text(140)),
  recipientBankAccount: Text(80, {
    minLength: 1,
    description: 'IBAN for Finnish and foreign payments (checked with its check digits).',
  }),
  recipientBicCode: Type.Optional(Text(80)),
};

const transferFields = {
  ...common,
  paymentMethod: StringEnum([...BANK_PAYMENT_METHODS]),
  payerBankAccount: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'IBAN or BBAN of a bank account of the company that allows this kind of payment; default: the default account for payments.',
    }),
  ),
  paymentDate: DateString(),
  receiverBankClearingCode: Type.Optional(Text(40)),
  recipientNameAndAddress: address('PaymentRecipientNameAndAddress', true),
  receiverBankNameAndAddress: Type.Optional(address('PaymentReceiverBankNameAndAddress', false)),
  intermediaryBankNameAndAddress: Type.Optional(address('PaymentIntermediaryBankNameAndAddress', false)),
  intermediaryBankBic: Type.Optional(Text(11)),
  serviceCharge: Type.Optional(StringEnum([...SERVICE_CHARGES])),
};

const InvoicePayment = Type.Object(
  {
    ...transferFields,
    invoiceId: Id(),
    invoiceVersion: DateTimeString({ description: 'The current `version` of the invoice (optimistic lock).' }),
  },
  { title: 'InvoicePayment', additionalProperties: false },
);
export type InvoicePaymentWire = Static<typeof InvoicePayment>;

export const InvoicePaymentList = Type.Object(
  { payments: Type.Array(InvoicePayment, { minItems: 1, maxItems: 200 }) },
  { title: 'InvoicePaymentList', additionalProperties: false },
);

const DirectBankTransfer = Type.Object(
  {
    ...transferFields,
    currencyCode: StringEnum([...CURRENCIES]),
    customId: Type.Optional(Text(80)),
  },
  { title: 'DirectBankTransfer', additionalProperties: false },
);
export type DirectBankTransferWire = Static<typeof DirectBankTransfer>;

export const DirectBankTransferList = Type.Object(
  { directBankTransfers: Type.Array(DirectBankTransfer, { minItems: 1, maxItems: 200 }) },
  { title: 'DirectBankTransferList', additionalProperties: false },
);

const DirectSalaryPayment = Type.Object(
  {
    ...common,
    recipientName: Text(80, { minLength: 1 }),
    recipientCode: Type.Object(
      {
        brnType: Type.Optional(StringEnum(['ASSN', 'DK', 'FI', 'HETU', 'NO', 'PN', 'SE', 'SSN', 'YHD'])),
        code: Type.Optional(Text(25)),
      },
      { title: 'BusinessIdentifier', additionalProperties: false },
    ),
    currencyCode: StringEnum(['EUR']),
    customId: Text(64, { minLength: 1 }),
  },
  { title: 'DirectSalaryPayment', additionalProperties: false },
);

export const DirectSalaryPayments = Type.Object(
  {
    listName: Text(80, { minLength: 1 }),
    paymentMethod: StringEnum(['FINNISH_SALARY_TRANSFER']),
    paymentDate: DateString(),
    payerBankAccount: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'IBAN or BBAN of a bank account of the company that allows salary payments.',
      }),
    ),
    customId: Type.Optional(Text(80, { minLength: 1, description: 'Your id of the list, at most 80 characters.' })),
    payments: Type.Array(DirectSalaryPayment, { minItems: 1, maxItems: 1000 }),
  },
  { title: 'DirectSalaryPayments', additionalProperties: false },
);
export type DirectSalaryPaymentsWire = Static<typeof DirectSalaryPayments>;

const basic = {
  id: Type.Optional(Id()),
  invoiceId: Type.Optional(Id()),
  paymentDate: Type.Optional(DateString()),
  amount: Type.Optional(Money()),
  receiverName: Type.Optional(Type.String()),
  status: Type.Optional(StringEnum(STATUSES)),
};

const BasicPaymentTransactionData = Type.Object(
  {
    ...basic,
    serviceCharge: Type.Optional(StringEnum(SERVICE_CHARGES)),
    paidAmount: Type.Optional(Money({ description: 'The amount paid so far: the amount once PAID, else 0.' })),
    paidCurrency: Type.Optional(StringEnum([...CURRENCIES])),
  },
  { title: 'BasicPaymentTransactionData', additionalProperties: false },
);
export type BasicPaymentWire = Static<typeof BasicPaymentTransactionData>;
export const PaymentSearchResult = Page(BasicPaymentTransactionData, { title: 'PaymentSearchResult' });

export const PaymentRowInfo = Type.Object(
  {
    ...basic,
    currency: Type.Optional(StringEnum([...CURRENCIES])),
    payerAccount: Type.Optional(Type.String()),
    payerBic: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    receiverAccount: Type.Optional(Type.String()),
    receiverBic: Type.Optional(Type.String()),
    createdBy: Type.Optional(Type.String()),
    customId: Type.Optional(Addition(Type.String({ description: 'Tase: the custom id of a transfer or salary.' }))),
    endToEndId: Type.Optional(
      Addition(Type.String({ description: 'Tase: the end-to-end id sent to the bank in the payment file.' })),
    ),
  },
  { title: 'PaymentRowInfo', additionalProperties: false },
);
export type PaymentRowInfoWire = Static<typeof PaymentRowInfo>;

const groupBase = {
  id: Type.Optional(Id()),
  listName: Type.Optional(Type.String()),
  created: Type.Optional(DateTimeString()),
  status: Type.Optional(StringEnum(GROUP_STATUSES)),
  paymentMethod: Type.Optional(StringEnum(['FINNISH_SALARY_TRANSFER'])),
  paymentDate: Type.Optional(DateTimeString()),
  payerBankAccount: Type.Optional(Type.String()),
  totalSum: Type.Optional(Money()),
  customId: Type.Optional(Type.String()),
};

const DirectSalaryPaymentGroupBaseInfo = Type.Object(groupBase, {
  title: 'DirectSalaryPaymentGroupBaseInfo',
  additionalProperties: false,
});
export type GroupBaseWire = Static<typeof DirectSalaryPaymentGroupBaseInfo>;
export const DirectSalaryPaymentGroupSearchResult = Page(DirectSalaryPaymentGroupBaseInfo, {
  title: 'DirectSalaryPaymentGroupBaseInfoSearchResult',
});

export const DirectSalaryPaymentGroup = Type.Object(
  {
    ...groupBase,
    payments: Type.Optional(
      Type.Array(
        Type.Object(
          { paymentId: Type.Optional(Id()), customId: Type.Optional(Type.String()) },
          { title: 'PaymentBasicInfo', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'DirectSalaryPaymentGroup', additionalProperties: false },
);
export type GroupWire = Static<typeof DirectSalaryPaymentGroup>;

const DateRange = { startDate: Type.Optional(DateString()), endDate: Type.Optional(DateString()) };

export const PaymentQuery = Type.Object({
  ...DateRange,
  invoiceId: Type.Optional(
    Type.Array(NumberId(), { maxItems: 200, description: 'Only the payments of these invoices.' }),
  ),
  ...PagingQuery,
});

export const PaymentEventQuery = Type.Object({
  invoiceId: Type.Array(NumberId(), { minItems: 1, maxItems: 200, description: 'The invoices, at most 200.' }),
  ...PagingQuery,
});

export const GroupQuery = Type.Object({
  ...DateRange,
  name: Type.Optional(Text(80)),
  customId: Type.Optional(Text(80)),
  ...PagingQuery,
});

const PaymentFile = Type.Object(
  {
    id: Id(),
    messageId: Type.String({ description: 'MsgId of the pain.001.001.09 message.' }),
    payerBankAccount: Type.String({ description: 'IBAN of the debited account.' }),
    paymentDate: DateString({ description: 'Requested execution date.' }),
    numberOfTransactions: Type.Integer(),
    controlSum: Money(),
    created: DateTimeString(),
  },
  { title: 'PaymentFile', additionalProperties: false },
);
export type PaymentFileWire = Static<typeof PaymentFile>;

export const PaymentFileSearchResult = Page(PaymentFile, { title: 'PaymentFileSearchResult' });

export const PaymentExportResult = Type.Object(
  {
    files: Type.Array(PaymentFile),
    notExported: Type.Array(
      Type.Object(
        { paymentId: Id(), reason: Type.String() },
        { title: 'PaymentNotExported', additionalProperties: false },
      ),
      { description: 'Queued payments that cannot go into a SEPA file (they stay queued), with the reason.' },
    ),
  },
  { title: 'PaymentExportResult', additionalProperties: false },
);
export type PaymentExportResultWire = Static<typeof PaymentExportResult>;

/** The receipt types the real PaymentErrorMessage.invoiceType names; Tase's errors carry the payable ones. */
const PAYMENT_ERROR_INVOICE_TYPES = [
  'VAT_FORM',
  'PAYMENT_CORRECTION',
  'TRACKING_PERIOD_OPENING_RECEIPT',
  'PERIODIC_TAX_RETURN',
  'UNKNOWN_RECEIPT_TYPE_F',
  'UNKNOWN_RECEIPT_TYPE_G',
  'ACCRUAL',
  'BILL_OF_CHARGES',
  'SALES_INVOICE',
  'JOURNAL',
  'JOURNAL_MOVING_STRAIGHT_TO_ACCOUNTING_PAGE',
  'JOURNAL_BYPASSING_INVOICE_PAGE',
  'PURCHASE_INVOICE',
  'RECEIPT_FOR_OPENING_ACCOUNTS',
  'SALARY',
  'REFERENCE_PAYMENT',
  'EMPLOYER_CONTRIBUTION',
  'TRAVEL_INVOICE',
  'TRAVEL_PLAN',
  'BANK_STATEMENT_AS_RECEIPT',
  'PURCHASE_ORDER',
  'VAT_SUMMARY',
  'SALES_ORDER',
  'OFFER',
] as const;

export const PaymentErrorQuery = Type.Object({
  createdStartDate: Type.Optional(DateString({ description: 'Errors noted on or after this date.' })),
  createdEndDate: Type.Optional(DateString({ description: 'Errors noted on or before this date.' })),
  type: Type.Optional(StringEnum(['PAYMENT_ERROR', 'NETS_COLLECTION_ERROR'])),
  status: Type.Optional(StringEnum(['ALL', 'UNHANDLED', 'HANDLED'])),
  ...PagingQuery,
});

const PaymentErrorMessage = Type.Object(
  {
    id: Type.Optional(Id()),
    createdDate: Type.Optional(DateString({ description: 'The booking date of the return on the statement.' })),
    type: Type.Optional(
      StringEnum([
        'ANY_ERROR',
        'PAYMENT_ERROR',
        'FINVOICE_SEND_ERROR',
        'FINVOICE_RECEIVE_ERROR',
        'TYEL_ERROR',
        'NETS_COLLECTION_ERROR',
      ]),
    ),
    status: Type.Optional(StringEnum(['ALL', 'HANDLED', 'UNHANDLED'])),
    errorCode: Type.Optional(Type.String({ description: "The bank's ISO 20022 return reason code, e.g. AC04." })),
    referenceId: Type.Optional(Id({ description: 'The invoice of an invoice payment, else the payment.' })),
    referenceType: Type.Optional(
      StringEnum([
        'DIRECT_BANK_TRANSFER',
        'DIRECT_SALARY_PAYMENT',
        'DIRECT_SALARY_PAYMENT_LIST',
        'INVOICE',
        'NETS_COLLECTION',
        'PAYMENTS_ANNOUNCEMENT',
      ]),
    ),
    invoiceType: Type.Optional(StringEnum([...PAYMENT_ERROR_INVOICE_TYPES])),
    errorHandlingInfo: Type.Optional(
      Type.Object(
        {
          date: Type.Optional(DateString()),
          userId: Type.Optional(Id()),
          firstName: Type.Optional(Type.String()),
          lastName: Type.Optional(Type.String()),
          comment: Type.Optional(Type.String()),
        },
        { title: 'ErrorHandlingInfo', additionalProperties: false },
      ),
    ),
  },
  { title: 'PaymentErrorMessage', additionalProperties: false },
);
export type PaymentErrorMessageWire = Static<typeof PaymentErrorMessage>;

export const PaymentErrorMessageSearchResult = PartlyCountedPage(
  PaymentErrorMessage,
  'Given on a page that ends the list, and on the first page when at most 1 000 errors match.',
  { title: 'PaymentErrorMessageSearchResult' },
);
