import { Type, Addition, DateString, DecimalNumber, Id, Money, PagingMeta, StringEnum } from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';
import { REPORT_TRANSACTION_STATUSES, REPORT_TRANSACTION_TYPES } from '../domain/real-vocabularies.ts';

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
    closedAtYearStart: Money({
      description:
        'For an income-statement account whose period crosses a fiscal-year start: its balance at the end of the earlier fiscal year(s), closed when the next year starts (0 otherwise).',
    }),
    closingBalance: Money({
      description: `Balance at the end of \`endDate\` in its fiscal year: openingBalance + debit − credit − closedAtYearStart. ${AMOUNT_NOTE}`,
    }),
  },
  { title: 'TrialBalanceRow' },
);

export const TrialBalance = Type.Object(
  {
    startDate: DateString(),
    endDate: DateString(),
    fiscalYearStartDate: Type.Union([DateString(), Type.Null()], {
      description:
        'Start of the fiscal year holding `startDate`: income-statement accounts open with their lines from it. Null when no fiscal year starts before `startDate`.',
    }),
    endFiscalYearStartDate: Type.Union([DateString(), Type.Null()], {
      description:
        'Start of the fiscal year holding `endDate`: income-statement accounts close with their lines from it.',
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
        'Income-statement lines of fiscal years before the one holding `endDate` (debit positive) that no line has carried to a balance-sheet account. `totals.closingBalance` + this = 0.',
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

// ------------------------------------------------------------------------ the real interface's POST reports

/** Receipt types a report can be filtered by (the real request's vocabulary). */
const REPORT_RECEIPT_TYPES = [
  'SALES_INVOICE',
  'PURCHASE_INVOICE',
  'TRAVEL_INVOICE',
  'BILL_OF_CHARGES',
  'JOURNAL',
  'SALARY',
  'VAT_FORM',
  'EMPLOYER_CONTRIBUTION',
  'PERIODIC_TAX_RETURN',
  'VAT_SUMMARY',
  'SALES_ORDER',
  'PURCHASE_ORDER',
  'REFERENCE_PAYMENT',
  'BANK_STATEMENT_AS_RECEIPT',
  'RECEIPT_FOR_OPENING_ACCOUNTS',
];

/**
 * Receipt statuses of the real request. The real document spells one of them `PARTLY_PAID,`, a stray comma of
 * how it was written: the status is PARTLY_PAID, which is what a client sends and what Tase takes.
 */
const REPORT_RECEIPT_STATUSES = [
  'APPROVED',
  'SENT',
  'NOT_SENT',
  'PAYMENT_SENT_TO_BANK',
  'PAID',
  'PARTLY_PAID',
  'MARKED_PAID',
  'PAYMENT_QUEUED',
  'PAYMENT_DENIED',
  'UNFINISHED',
  'VERIFIED',
  'RECEIVED',
] as const;
export type ReportReceiptStatus = (typeof REPORT_RECEIPT_STATUSES)[number];

const FILTER_NOTE =
  'The statuses of the receipts whose lines count; a line counts when its receipt matches any of them. Left out or empty: `APPROVED`. ' +
  '`APPROVED`: the receipts in the ledger (approved journals, and the receipts of approved invoices, salaries, VAT and bank entries, whatever the state of their document). ' +
  '`UNFINISHED`: draft receipts not yet approved; `["APPROVED", "UNFINISHED"]` shows the ledger as it will be once they are. ' +
  'Every other status is one of invoices: the approved receipts of invoices now in that status (the invoice’s own receipt and those of its payments), e.g. `PAID` or `PARTLY_PAID` for paid invoices, `SENT`/`NOT_SENT` for sales invoices, `RECEIVED`, `VERIFIED`, `PAYMENT_QUEUED`, `PAYMENT_SENT_TO_BANK` or `PAYMENT_DENIED` for purchase invoices on their way. ' +
  'An invoice is posted when it is approved, so an invoice still in circulation (`RECEIVED`, `VERIFIED`) has no lines yet. ' +
  'Rights: `APPROVED` and `UNFINISHED` need only the reports right, like the rest of the report; an invoice status selects only the invoices of the types the caller may view (sales, purchase, travel and expense invoices each by its own right), those of other types are left out rather than refused. ' +
  'Any status other than `APPROVED` alone sums the lines themselves rather than the month totals.';

const ReceiptStatusList = Type.Array(StringEnum([...REPORT_RECEIPT_STATUSES]), {
  maxItems: REPORT_RECEIPT_STATUSES.length,
  description: FILTER_NOTE,
});

const TEXT_MATCH =
  'case-insensitive for the letters A–Z, Å, Ä and Ö, anywhere in the text (`%` and `_` are plain characters)';
const CURRENCY_RULE =
  "A receipt's currency is the currency of its document: an invoice's receipt is in the invoice's currency, every other receipt (journals, salaries, VAT, payments) in the company's currency.";

const commonOptions = {
  receiptType: Type.Optional(
    Type.Array(StringEnum(REPORT_RECEIPT_TYPES), {
      maxItems: REPORT_RECEIPT_TYPES.length,
      description: 'Only lines of receipts of these types (none or empty: all types).',
    }),
  ),
  receiptCurrency: Type.Optional(
    StringEnum([...CURRENCIES], { description: `Only lines of receipts in this currency. ${CURRENCY_RULE}` }),
  ),
  receiptName: Type.Optional(
    Type.String({ maxLength: 200, description: `Only lines of receipts whose name holds this text, ${TEXT_MATCH}.` }),
  ),
  entryPeriodStart: Type.Optional(
    DateString({
      description:
        'Only lines of receipts entered into the ledger on or after this day (the UTC day the receipt was recorded, which may differ from its receipt date). Not after `entryPeriodEnd` (400).',
    }),
  ),
  entryPeriodEnd: Type.Optional(
    DateString({ description: 'Only lines of receipts entered into the ledger on or before this day (UTC).' }),
  ),
  transactionValue: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: '^\\s*[+-]?[0-9]{1,15}([.,][0-9]{1,2})?\\s*$',
      description:
        'Only lines of this exact amount in the company currency. Unsigned (`100.00`) it matches a debit or a credit of that size; signed it matches only that side (`+100` debits, `-100` credits).',
    }),
  ),
  transactionCurrency: Type.Optional(
    StringEnum([...CURRENCIES], {
      description: `Only lines in this currency. Every line of a receipt is in its document's currency, so this selects the same lines as \`receiptCurrency\`; both given and different is refused with 400 \`REPORT_FILTER_INVALID\`. ${CURRENCY_RULE}`,
    }),
  ),
  reportLanguage: Type.Optional(
    Type.String({
      maxLength: 20,
      description:
        'Language of the line names: `fi`/`FINNISH` (default) or `sv`/`SWEDISH`; any other is refused with 400 `REPORT_LANGUAGE_NOT_SUPPORTED`.',
    }),
  ),
};

const CustomerCompanyId = Type.String({
  maxLength: 40,
  description:
    'The company the report is for: the id of the company the caller acts for (a token or key is bound to one company); any other is refused with 403 `REPORT_CUSTOMER_COMPANY_NOT_ALLOWED`.',
});

const PeriodAddition = Type.Object(
  {
    startDate: Type.Optional(DateString({ description: 'Default: the start of the fiscal year holding `endDate`.' })),
    endDate: DateString(),
  },
  { additionalProperties: false, title: 'ReportComparisonPeriod' },
);

const reportAdditions = {
  comparisonPeriods: Type.Optional(
    Addition(
      Type.Array(PeriodAddition, {
        maxItems: 4,
        description:
          'Comparison periods (e.g. the same months of the previous year), answered after the asked period in `reportData.periods`, computed with the same filters.',
      }),
    ),
  ),
  dimension: Type.Optional(
    Addition(
      Type.Object(
        { dimensionId: Id(), itemId: Id() },
        {
          additionalProperties: false,
          title: 'ReportDimensionFilter',
          description:
            'Only the amounts of lines allocated to this item of this dimension: each line counts with its allocated amount. An item not in the dimension is refused with 400.',
        },
      ),
    ),
  ),
};

const requestFields = {
  startDate: Type.Optional(
    DateString({ description: 'First day of the period. Default: the start of the fiscal year holding `endDate`.' }),
  ),
  endDate: DateString({ description: 'Last day of the period (inclusive).' }),
  receiptStatus: Type.Optional(ReceiptStatusList),
};

export const AccountingReportRequest = Type.Object(
  {
    ...requestFields,
    type: StringEnum(['INCOME_STATEMENT', 'CASH_FLOW', 'BALANCE_SHEET'], {
      description:
        "`INCOME_STATEMENT`: the lines of the period in the accounting decree's format by nature of expense (liikevaihto … tilikauden voitto (tappio)), income positive, expenses negative. `BALANCE_SHEET`: balances at the end of the period (vastaavaa, vastattavaa), both sides positive and equal; the fiscal year's result so far is the period's profit, earlier years' results not yet closed to equity are with the retained earnings. `CASH_FLOW`: the cash flow statement (rahoituslaskelma) of the period by the indirect method: the period's result, depreciation (6800–6999) added back, the changes of accumulated appropriations and provisions (2400–2599), inventories (1500–1599), short-term receivables (1700–1849) and short-term liabilities (2800–2999) give the cash flow from operations; fixed assets bought net of sales (the change of 1000–1499 plus the depreciation) and the change of long-term receivables and securities (1600–1699, 1850–1899) the cash flow from investments; the change of equity less the period's result and the change of long-term liabilities the cash flow from financing; their sum is the change of cash and bank (1900–1999), shown with the cash at the start and at the end. Changes are read from the balance sheets at the day before the period and at its end; inflows positive, outflows negative.",
    }),
    options: Type.Optional(
      Type.Object(
        {
          ...commonOptions,
          customerCompanyId: Type.Optional(CustomerCompanyId),
        },
        { additionalProperties: false, title: 'AccountingReportRequestOptions' },
      ),
    ),
    ...reportAdditions,
  },
  { additionalProperties: false, title: 'AccountingReportRequest' },
);

const AccountingReportRow = Type.Object(
  {
    rowId: Type.Integer({ description: 'Row number, 1 upwards in statement order.' }),
    type: StringEnum(['BALANCE', 'ROW_FUNCTION'], {
      description: '`BALANCE`: a line summing accounts; `ROW_FUNCTION`: a subtotal of other rows (see `formula`).',
    }),
    name: Type.String({ description: "The decree's name of the line in the report language." }),
    value: Money({ description: 'Exact decimal in the company currency, signed as the statement shows it.' }),
    formula: Type.Optional(Type.String({ description: 'For a subtotal: the rows it adds, e.g. `[1]+[2]`.' })),
  },
  { title: 'AccountingReportRow' },
);

export const AccountingReportResponse = Type.Object(
  {
    reportParameters: AccountingReportRequest,
    reportData: Type.Object(
      {
        periods: Type.Array(
          Type.Object(
            { startDate: DateString(), endDate: DateString(), rows: Type.Array(AccountingReportRow) },
            { title: 'AccountingReportPeriod' },
          ),
        ),
      },
      { title: 'AccountingReportData' },
    ),
  },
  { title: 'AccountingReportResponse' },
);

export const LedgerAccountsReportRequest = Type.Object(
  {
    ...requestFields,
    options: Type.Optional(
      Type.Object(
        {
          ...commonOptions,
          customerCompanyId: Type.Optional(CustomerCompanyId),
        },
        { additionalProperties: false, title: 'LedgerAccountsReportRequestOptions' },
      ),
    ),
    ...reportAdditions,
  },
  { additionalProperties: false, title: 'LedgerAccountsReportRequest' },
);

export const LedgerAccountsReportResponse = Type.Object(
  {
    reportParameters: LedgerAccountsReportRequest,
    reportData: Type.Object(
      {
        periods: Type.Array(
          Type.Object(
            {
              startDate: DateString(),
              endDate: DateString(),
              rows: Type.Array(
                Type.Object(
                  {
                    name: Type.String({ description: 'Account number and name.' }),
                    value: Money({
                      description:
                        "Balance-sheet account: its balance at the end of the period; income-statement account: the sum of the period's lines. Debit positive, credit negative.",
                    }),
                  },
                  { title: 'LedgerAccountsReportRow' },
                ),
              ),
            },
            { title: 'LedgerAccountsReportPeriod' },
          ),
        ),
      },
      { title: 'LedgerAccountsReportData' },
    ),
  },
  { title: 'LedgerAccountsReportResponse' },
);

export const GeneralLedgerReportRequest = Type.Object(
  {
    ...requestFields,
    options: Type.Optional(
      Type.Object(
        {
          ...commonOptions,
          receiptNumbers: Type.Optional(
            Type.String({
              maxLength: 200,
              pattern: '^\\s*[0-9]{1,9}(\\s*-\\s*[0-9]{1,9})?(\\s*,\\s*[0-9]{1,9}(\\s*-\\s*[0-9]{1,9})?)*\\s*$',
              description:
                'Only lines of receipts with these numbers: numbers and inclusive ranges separated by commas, e.g. `1,4,10-20` (a range ending before it starts is refused with 400). Receipt numbers run per fiscal year, so across years a number selects a receipt of each year.',
            }),
          ),
          transactionDescription: Type.Optional(
            Type.String({
              maxLength: 200,
              description: `Only lines whose description holds this text, ${TEXT_MATCH}.`,
            }),
          ),
        },
        { additionalProperties: false, title: 'GeneralLedgerReportRequestOptions' },
      ),
    ),
  },
  { additionalProperties: false, title: 'GeneralLedgerReportRequest' },
);

const AccountingReportTransaction = Type.Object(
  {
    id: Id({ description: 'Id of the ledger receipt.' }),
    name: Type.Optional(Type.String({ description: 'Name of the receipt.' })),
    receiptNumber: Type.Optional(Type.Integer()),
    receiptDate: Type.Optional(DateString()),
    invoiceDate: Type.Optional(DateString()),
    type: Type.Optional(StringEnum([...REPORT_TRANSACTION_TYPES], { description: 'Type of the receipt.' })),
    accountingValue: Money({ description: AMOUNT_NOTE }),
    status: Type.Optional(
      StringEnum([...REPORT_TRANSACTION_STATUSES], {
        description: 'Status of the receipt: `APPROVED`, or `UNFINISHED` for a draft (see `receiptStatus`).',
      }),
    ),
    vatPercent: Type.Optional(DecimalNumber({ scale: 4 })),
    vatAmount: Type.Optional(Money()),
    vatDeductionPercent: Type.Optional(DecimalNumber({ scale: 4 })),
    vatDeduction: Type.Optional(Money()),
    vatStatus: Type.Optional(Type.Integer()),
    transactionDescription: Type.Optional(Type.String()),
    startDate: Type.Optional(DateString()),
    endDate: Type.Optional(DateString()),
  },
  { title: 'AccountingReportTransaction' },
);

export const GeneralLedgerReportResponse = Type.Object(
  {
    reportParameters: GeneralLedgerReportRequest,
    ledgerAccount: Type.Object(
      {
        id: Type.String({ description: 'Account number.' }),
        name: Type.String({ description: 'Account name in the chart of accounts.' }),
        totalAccountingValue: Money({ description: `Sum of the period's lines. ${AMOUNT_NOTE}` }),
        ledgerReceiptTransactions: Type.Array(AccountingReportTransaction, {
          description: 'The lines of the account in the period, ordered by date, receipt and line.',
        }),
      },
      { title: 'GeneralLedgerReportData' },
    ),
  },
  { title: 'GeneralLedgerReportResponse' },
);

const StatementFigure = Type.Object(
  {
    key: Type.String({ description: "The line's key (the same in every language), e.g. `sharePremium`." }),
    name: Type.String({ description: "The decree's name of the line in the asked language." }),
    subtotal: Type.Boolean({ description: 'A total of the lines above it that it names, not of accounts.' }),
    value: Money({
      description: 'This fiscal year: income positive, expenses negative; both balance-sheet sides positive.',
    }),
    previousValue: Type.Optional(
      Money({ description: 'The previous fiscal year (none when there is no previous year).' }),
    ),
  },
  { additionalProperties: false },
);

const FiscalYearInfo = Type.Object(
  { id: Id(), startDate: DateString(), endDate: DateString(), closed: Type.Boolean() },
  { additionalProperties: false },
);

export const FinancialStatements = Type.Object(
  {
    companyName: Type.String(),
    businessId: Type.Optional(Type.String()),
    currency: Type.String(),
    format: StringEnum(['SMALL', 'FULL']),
    language: StringEnum(['fi', 'sv']),
    fiscalYear: FiscalYearInfo,
    previousFiscalYear: Type.Optional(FiscalYearInfo),
    incomeStatement: Type.Array(StatementFigure),
    balanceSheet: Type.Array(StatementFigure),
    notes: Type.Array(
      Type.Object(
        {
          heading: Type.String(),
          text: Type.Optional(Type.String()),
          rows: Type.Optional(Type.Array(StatementFigure)),
          toBeFilled: Type.Boolean({ description: 'The preparer writes this note: the books do not hold it.' }),
        },
        { additionalProperties: false },
      ),
    ),
    unmappedAccounts: Type.Array(
      Type.Object(
        { accountNumber: Type.String(), name: Type.String(), balance: Money({ description: AMOUNT_NOTE }) },
        { additionalProperties: false },
      ),
      {
        description:
          "Accounts with a balance at the year's end that no line of the decree's formats takes (numbers outside the four-digit ranges of the standard chart): the statements leave them out, so they must be moved to accounts of the chart before the statements are signed. Empty when every account is on a line.",
      },
    ),
  },
  { title: 'FinancialStatements', additionalProperties: false },
);

export const FinancialStatementsQuery = Type.Object(
  {
    fiscalYearId: Id({ description: 'The fiscal year (GET /fiscalyears).' }),
    format: Type.Optional(
      StringEnum(['SMALL', 'FULL'], {
        description:
          "SMALL (default): a small company's formats, PMA 1753/2015; FULL: the Accounting Ordinance's, KPA 1339/1997 1:1 § and 1:6 §.",
      }),
    ),
    language: Type.Optional(StringEnum(['fi', 'sv'], { description: 'Finnish (default) or Swedish.' })),
  },
  { additionalProperties: false },
);
