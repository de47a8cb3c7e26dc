import { Type, DateString, DecimalNumber, Id, Money, PagingMeta, StringEnum } from '../platform/schema.ts';

const ACCOUNT_TYPES = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;

const AccountType = StringEnum([...ACCOUNT_TYPES], {
  description:
    'ASSET, LIABILITY and EQUITY accounts carry their balance across fiscal years; INCOME and EXPENSE accounts start each fiscal year at zero.',
});

const accountFields = {
  accountNumber: Type.String({ description: 'Ledger account number.' }),
  name: Type.String({ description: 'Account name in the chart of accounts.' }),
  type: Type.Optional(AccountType),
};

const AMOUNT_NOTE = 'Exact decimal in the company currency: debit positive, credit negative.';

const TrialBalanceRow = Type.Object(
  {
    ...accountFields,
    openingBalance: Money({ description: `Balance before \`startDate\`. ${AMOUNT_NOTE}` }),
    debit: Money({ description: 'Sum of the debit lines of the period (positive).' }),
    credit: Money({ description: 'Sum of the credit lines of the period, as a positive amount.' }),
    closingBalance: Money({ description: `openingBalance + debit − credit. ${AMOUNT_NOTE}` }),
  },
  { title: 'TrialBalanceRow' },
);

export const TrialBalance = Type.Object(
  {
    startDate: DateString(),
    endDate: DateString(),
    fiscalYearStartDate: Type.Union([DateString(), Type.Null()], {
      description:
        'Start of the fiscal year holding `startDate`: income-statement accounts count their lines from it. Null when no fiscal year starts before `startDate`.',
    }),
    accounts: Type.Array(TrialBalanceRow, {
      description: 'Accounts with an opening balance or lines in the period, ordered by number.',
    }),
    totals: Type.Object({
      openingBalance: Money(),
      debit: Money(),
      credit: Money(),
      closingBalance: Money(),
    }),
    previousYearsResult: Money({
      description:
        'Income-statement lines of earlier fiscal years (debit positive) that no line has carried to a balance-sheet account. `totals.closingBalance` + this = 0.',
    }),
  },
  { title: 'TrialBalance' },
);

const AccountSummary = Type.Object(
  {
    ...accountFields,
    openingBalance: Money(),
    debit: Money(),
    credit: Money(),
    closingBalance: Money(),
  },
  { title: 'GeneralLedgerAccount' },
);

const GeneralLedgerLine = Type.Object(
  {
    accountNumber: Type.String(),
    date: DateString({ description: 'Date of the receipt.' }),
    ledgerReceiptId: Id(),
    receiptNumber: Type.Integer({ description: 'Number of the receipt in its fiscal year.' }),
    receiptName: Type.String(),
    receiptType: Type.String({ description: 'Type of the receipt (JOURNAL, SALES_INVOICE, …).' }),
    transactionId: Id({ description: 'Id of the line within its receipt.' }),
    description: Type.Optional(Type.String()),
    partnerId: Type.Optional(Id()),
    vatPercent: Type.Optional(DecimalNumber({ scale: 4, description: 'VAT percent of the line.' })),
    accountingValue: Money({ description: AMOUNT_NOTE }),
    balance: Money({
      description: 'Running balance of the account after this line (opening balance plus the lines so far).',
    }),
  },
  { title: 'GeneralLedgerLine' },
);

export const GeneralLedgerPage = Type.Object(
  {
    startDate: DateString(),
    endDate: DateString(),
    accounts: Type.Array(AccountSummary, {
      description:
        'Opening balance, period totals and closing balance of each account that has lines on this page, for the whole period.',
    }),
    results: Type.Array(GeneralLedgerLine),
    meta: PagingMeta,
  },
  { title: 'GeneralLedgerPage' },
);

export const AccountBalances = Type.Object(
  {
    date: DateString(),
    fiscalYearStartDate: Type.Union([DateString(), Type.Null()], {
      description: 'Start of the fiscal year income-statement balances count from.',
    }),
    balances: Type.Array(
      Type.Object(
        { ...accountFields, balance: Money({ description: AMOUNT_NOTE }) },
        { title: 'LedgerAccountBalance' },
      ),
      {
        description: 'Accounts with lines counted on the date, ordered by number.',
      },
    ),
  },
  { title: 'LedgerAccountBalances' },
);

/** Comma-separated account numbers (at most 200). */
export const AccountsParam = Type.String({
  pattern: '^[0-9A-Za-z]{1,20}(,[0-9A-Za-z]{1,20})*$',
  description: 'Comma-separated account numbers, at most 200.',
});
