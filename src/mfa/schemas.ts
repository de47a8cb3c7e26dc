// Wire shapes of two-factor transaction results (GET /mfatransactionresult and the deprecated confirm reads).
import { Type, NamedBySpec, DateTimeString, DecimalNumber, StringEnum, type TSchema } from '../platform/schema.ts';

const ErrorItems = Type.Array(
  Type.Object({ status: Type.Integer(), message: Type.String(), field: Type.Optional(Type.String()) }),
  {
    description:
      'Present instead of the result when the confirmed action failed: the interface specification names it, so it is ' +
      'answered with or without `Tase-Additions`.',
  },
);

const withErrors = <T extends Record<string, TSchema>>(properties: T, description: string) =>
  Type.Object({ ...properties, errors: Type.Optional(NamedBySpec(ErrorItems)) }, { description });

export const InfoResult = withErrors(
  { message: Type.Optional(Type.String()) },
  'Actions answering a message (e.g. PUT /users).',
);

const InvoicePaymentsResult = withErrors(
  { transactions: Type.Optional(Type.Array(Type.Object({ paymentId: Type.Integer(), invoiceId: Type.Integer() }))) },
  'POST /payments (invoice payments).',
);

const DirectBankTransfersResult = withErrors(
  {
    transactions: Type.Optional(
      Type.Array(Type.Object({ paymentId: Type.Integer(), customId: Type.Optional(Type.String()) })),
    ),
  },
  'POST /payments/directbanktransfers.',
);

const PaymentBasicInfo = Type.Object(
  { paymentId: Type.Optional(Type.Integer()), customId: Type.Optional(Type.String()) },
  { title: 'PaymentBasicInfo' },
);

const directSalaryPayment = {
  id: Type.Optional(Type.Integer()),
  customId: Type.Optional(Type.String()),
  payments: Type.Optional(Type.Array(PaymentBasicInfo)),
};

const DirectSalaryPaymentResult = withErrors(directSalaryPayment, 'POST /payments/directsalarypayments.');

/** The payment group of a confirmed direct salary payment, as far as the confirmed action recorded it. */
const DirectSalaryPaymentGroup = withErrors(
  {
    ...directSalaryPayment,
    listName: Type.Optional(Type.String()),
    created: Type.Optional(DateTimeString()),
    status: Type.Optional(
      StringEnum([
        'PAID',
        'PAYMENT_QUEUED',
        'PAYMENT_SENT_TO_BANK',
        'PAYMENT_TRANSACTION_CANCELLED',
        'PAYMENT_TRANSACTION_REMOVED',
      ]),
    ),
    paymentMethod: Type.Optional(StringEnum(['FINNISH_SALARY_TRANSFER'])),
    paymentDate: Type.Optional(DateTimeString()),
    payerBankAccount: Type.Optional(Type.String()),
    totalSum: Type.Optional(DecimalNumber({ scale: 2 })),
  },
  'POST /payments/directsalarypayments: the payment group.',
);

export const MfaTransactionResult = Type.Object(
  {
    directBankTransfers: Type.Optional(DirectBankTransfersResult),
    invoicePayments: Type.Optional(InvoicePaymentsResult),
    directSalaryPayment: Type.Optional(DirectSalaryPaymentResult),
    info: Type.Optional(InfoResult),
  },
  {
    title: 'MfaTransactionResult',
    description:
      'Exactly one field is present: the one of the transaction type. A failed action carries `errors` in it.',
  },
);

/** Deprecated PUT /payments/{id}/confirm and …/directbanktransfers/{id}/confirm: capitalised keys. */
export const PaymentConfirmResult = Type.Object(
  {
    PaymentSummaries: Type.Optional(DirectBankTransfersResult),
    InfoMessage: Type.Optional(InfoResult),
    InvoicePaymentSummaries: Type.Optional(InvoicePaymentsResult),
  },
  { title: 'PaymentConfirmResult' },
);

/** Deprecated PUT /payments/directsalarypayments/{id}/confirm. */
export const SalaryPaymentConfirmResult = Type.Object(
  { PaymentGroup: Type.Optional(DirectSalaryPaymentGroup), InfoMessage: Type.Optional(InfoResult) },
  { title: 'SalaryPaymentConfirmResult' },
);

export const PendingMessage = Type.Object(
  { message: Type.String() },
  { title: 'NotConfirmedYet', description: 'The user has not decided yet.' },
);
