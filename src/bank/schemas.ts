import {
  Type,
  Addition,
  DateString,
  DecimalNumber,
  Id,
  Money,
  Text,
  Page,
  StringEnum,
  PagingQuery,
  type Static,
  Id64,
} from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';

const MATCH_STATUSES = ['MATCHED', 'PARTIAL', 'OVERPAYMENT', 'UNMATCHED'];

const Unallocated = {
  allocated: Type.Boolean({ description: 'Whether the payment is allocated to an invoice, a product or metadata.' }),
  invoiceId: Type.Optional(Id()),
  attachments: Type.Array(Type.Unknown(), { description: 'Attachments of the event (none yet for imported ones).' }),
  allocationMetadataRows: Type.Array(Type.Unknown(), {
    description: 'Allocation metadata rows (none until allocated).',
  }),
};

const BankStatementEvent = Type.Object(
  {
    id: Id(),
    payDate: DateString({ description: 'Booking date of the entry.' }),
    valueDate: DateString(),
    sum: Money({ description: 'Signed amount in the currency of the account: negative for a withdrawal.' }),
    accountNumber: Type.Optional(
      Type.String({ description: "The counterparty's account (IBAN when the bank gives one)." }),
    ),
    name: Type.Optional(
      Type.String({ description: 'The counterparty: the payer of a deposit, the payee of a withdrawal.' }),
    ),
    explanationCode: Type.Optional(
      Type.Integer({
        description: "Finnish explanation code (e.g. 710 deposit, 705 reference payments), from the bank's FFFS code.",
      }),
    ),
    archiveCode: Type.Optional(Type.String({ description: "The bank's archive id of the entry." })),
    message: Type.Optional(Type.String()),
    reference: Type.Optional(Type.String({ description: 'Structured creditor reference: Finnish or RF.' })),
    ...Unallocated,
    productId: Type.Optional(Type.Integer()),
    endToEndId: Type.Optional(Type.Integer({ description: 'Id of the payment of Tase the entry settles.' })),
    endToEndReference: Type.Optional(
      Addition(Type.String({ description: 'Tase: the end-to-end id the bank reported.' })),
    ),
    bankTransactionCode: Type.Optional(
      Addition(
        Type.String({ description: 'Tase: the bank transaction code, e.g. 710TILISIIRTO (FFFS) or PMNT/RCDT/ESCT.' }),
      ),
    ),
    originalSum: Type.Optional(
      Addition(Money({ description: 'Tase: the amount as instructed, in its own currency (foreign payments).' })),
    ),
    originalCurrency: Type.Optional(Addition(StringEnum([...CURRENCIES]))),
    transactionCount: Type.Optional(
      Addition(Type.Integer({ description: 'Tase: the number of payments of a batched entry (1 for a single one).' })),
    ),
  },
  { title: 'BankStatementEvent', additionalProperties: false },
);

const BankStatement = Type.Object(
  {
    id: Id64(),
    accountNumber: Type.String({ description: 'IBAN of the bank account.' }),
    startDate: Type.Optional(DateString()),
    endDate: Type.Optional(DateString()),
    currency: StringEnum([...CURRENCIES]),
    numberOfDeposits: Type.Integer(),
    depositSum: Money(),
    numberOfWithdrawals: Type.Integer(),
    withdrawalSum: Money({ description: 'Sum of the withdrawals, as a positive amount.' }),
    startBalance: Type.Optional(Money()),
    endBalance: Type.Optional(Money()),
    statementNumber: Type.Optional(Type.Integer({ description: "The bank's (legal or electronic) sequence number." })),
    events: Type.Array(BankStatementEvent),
  },
  { title: 'BankStatement', additionalProperties: false },
);
export type BankStatementWire = Static<typeof BankStatement>;
export type BankStatementEventWire = Static<typeof BankStatementEvent>;

const ReferencePayment = Type.Object(
  {
    id: Id64(),
    accountNumber: Type.String({ description: 'IBAN of the bank account the payment came to.' }),
    valueDate: DateString(),
    paymentDate: DateString({ description: 'Booking date.' }),
    sum: Money({ description: 'Negative for a returned or reversed payment.' }),
    name: Type.Optional(Type.String({ description: 'The payer.' })),
    bankReference: Type.String({ description: 'The reference number the payer gave (Finnish or RF).' }),
    archiveId: Type.Optional(Type.String({ description: "The bank's archive id." })),
    ...Unallocated,
    matchStatus: Type.Optional(
      Addition(
        StringEnum(MATCH_STATUSES, {
          description:
            'Tase: what the automatic matching found: MATCHED (paid an open sales invoice in full), PARTIAL (paid part of it), ' +
            'OVERPAYMENT (more than the open amount of the invoice of the reference: left for you), UNMATCHED (no open ' +
            'invoice has the reference).',
        }),
      ),
    ),
    matchedInvoiceId: Type.Optional(
      Addition(Id({ description: 'Tase: the invoice the matching found (also for an OVERPAYMENT).' })),
    ),
  },
  { title: 'ReferencePayment', additionalProperties: false },
);
export type ReferencePaymentWire = Static<typeof ReferencePayment>;

export const BankStatementsSearchResult = Page(BankStatement, { title: 'BankStatementsSearchResult' });
export const ReferencePaymentsSearchResult = Page(ReferencePayment, { title: 'ReferencePaymentsSearchResult' });

const DateRange = {
  startDate: Type.Optional(DateString()),
  endDate: Type.Optional(DateString()),
};

/** The header naming one bank account (its IBAN, or its BBAN as GET /bankaccounts shows it). */
export const AccountNumberHeader = Type.Object({
  accountNumber: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'The `accountNumber` header: only the statements of this account of the company (IBAN or BBAN).',
    }),
  ),
});

const RefusedAccountNumber = {
  accountNumber: Type.Optional(
    Type.String({
      description: 'Refused here (400): the account number is accepted only as the `accountNumber` header.',
    }),
  ),
};

export const BankStatementQuery = Type.Object({
  ...DateRange,
  ...PagingQuery,
  orderByStartDate: Type.Optional(StringEnum(['ASC', 'DESC'])),
});

export const ReferencePaymentQuery = Type.Object({
  ...DateRange,
  ...PagingQuery,
  ...RefusedAccountNumber,
  matchStatus: Type.Optional(
    Addition(
      StringEnum(MATCH_STATUSES, {
        description: 'Tase: only the payments the automatic matching found so (UNMATCHED: what is left to allocate).',
      }),
    ),
  ),
});

export const MatchResult = Type.Object(
  {
    matched: Type.Integer(),
    partial: Type.Integer(),
    overpayments: Type.Integer(),
    unmatched: Type.Integer(),
  },
  { title: 'ReferencePaymentMatchResult', additionalProperties: false },
);

const Count = Type.Object(
  { imported: Type.Integer(), skipped: Type.Integer({ description: 'Already imported earlier: nothing added.' }) },
  { additionalProperties: false },
);

export const BankFileImportResult = Type.Object(
  {
    message: Type.String(),
    format: Type.String({ description: 'The message read, e.g. camt.054.001.02.' }),
    schemaValidated: Type.Boolean({
      description:
        'Whether the file was validated against the ISO 20022 schema (.001.08 files up to 16 MiB); every file is checked by the reader.',
    }),
    statements: Count,
    events: Count,
    referencePayments: Count,
    matching: Type.Optional(
      Type.Object(
        {
          matched: Type.Integer({ description: 'Allocated to an open sales invoice of the same amount: PAID.' }),
          partial: Type.Integer({ description: 'Allocated to an open sales invoice of more: PARTLY_PAID.' }),
          overpayments: Type.Integer({
            description: 'More than the open amount of the invoice of the reference: left unallocated (OVERPAYMENT).',
          }),
          unmatched: Type.Integer({ description: 'No open sales invoice has the reference: left unallocated.' }),
        },
        {
          title: 'ReferencePaymentMatching',
          additionalProperties: false,
          description: 'The automatic matching of the new reference payments to open sales invoices.',
        },
      ),
    ),
    ignoredTransactions: Type.Integer({
      description: 'Transactions of a notification that are no reference payments (no creditor reference).',
    }),
  },
  { title: 'BankFileImportResult', additionalProperties: false },
);
export type BankFileImportResultWire = Static<typeof BankFileImportResult>;

const AllocationMetadataRow = Type.Object(
  {
    id: Type.Optional(Id({ description: 'Ignored on input: the rows are numbered in order.' })),
    vatPercentage: DecimalNumber({ scale: 2, minimum: 0, maximum: 100 }),
    sum: DecimalNumber({
      scale: 2,
      minimum: '-999999999.99',
      maximum: '999999999.99',
      description: 'Gross amount, signed like the entry (negative for money out); the rows add up to the entry.',
    }),
    comment: Type.Optional(
      Text(512, {
        description: "Written into the transaction description with the bank's own message (255 characters in total).",
      }),
    ),
    vatStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'Default 1 (domestic).' })),
    ledgerAccountCode: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,10}$',
        description: 'Default 3000 for money in, 4000 for money out.',
      }),
    ),
  },
  { title: 'AllocationMetadataRow', additionalProperties: false },
);

export const AllocationMetadata = Type.Object(
  { allocationMetadataRows: Type.Optional(Type.Array(AllocationMetadataRow, { maxItems: 100 })) },
  { title: 'AllocationMetadata', additionalProperties: false },
);
export type AllocationMetadataWire = Static<typeof AllocationMetadata>;
