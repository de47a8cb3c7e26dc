// HTTP of the accounting reports: the real interface's `POST /reports/accounting`, `/reports/ledgeraccounts`
// and `/reports/generalledger/{id}`, and Tase's GET reports (trial balance, paged general ledger, balances on a
// date). All are views over the same ReportService methods, so each figure has one implementation.
import { Type, ADDITION, DateString, Id, PagingQuery } from '../platform/schema.ts';
import { route, view, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import {
  AccountBalances,
  AccountingReportRequest,
  AccountingReportResponse,
  AccountsParam,
  FinancialStatements,
  FinancialStatementsQuery,
  GeneralLedgerPage,
  GeneralLedgerReportRequest,
  GeneralLedgerReportResponse,
  LedgerAccountsReportRequest,
  LedgerAccountsReportResponse,
  TrialBalance,
} from './schemas.ts';
import { parseAccounts, type ReportService } from './service.ts';

const RIGHT = 'accounting.reports' as const;
const TAGS = ['Reports'];

const Period = {
  startDate: DateString({ description: 'First day of the period.' }),
  endDate: DateString({ description: 'Last day of the period (inclusive).' }),
};

const DimensionQuery = {
  dimensionId: Type.Optional(Id({ description: 'With `itemId`: only lines allocated to this dimension item.' })),
  itemId: Type.Optional(Id({ description: 'With `dimensionId`: the item of that dimension.' })),
};

/** Query strings are closed: a parameter a report does not know is refused (400), never ignored. */
const closed = { additionalProperties: false } as const;

const LEDGER_NOTE =
  'Only lines of APPROVED receipts count. Amounts are exact decimals in the company currency, debit positive and credit negative.';
const STATUS_NOTE =
  'By default only lines of APPROVED receipts (the ledger) count; `receiptStatus` chooses the receipts of other statuses instead: drafts (`UNFINISHED`) and the receipts of invoices in a status of theirs (`PAID`, `PARTLY_PAID`, `SENT`, …), each invoice type only when the caller may view its invoices (others are left out, not refused). Amounts are exact decimals in the company currency, debit positive and credit negative.';
const YEAR_NOTE =
  'Balance-sheet accounts carry their balance across fiscal years; income-statement accounts start each fiscal year at zero, so a period crossing a fiscal-year start closes their earlier balance there.';
const STATEMENTS_NOTE =
  "The income statement of the fiscal year and the balance sheet at its end in the decree's formats: `SMALL` a small company's (PMA 1753/2015 2:1 §, 2:4 §), `FULL` the Accounting Ordinance's (KPA 1339/1997 1:1 § by nature of expense, 1:6 §), every item the decree names on its own line (share capital, share premium, revaluation reserve and other reserves apart), and the notes a small company presents (PMA 1753/2015 chapter 3): those the books hold are derived (the principles, the changes of equity, revaluations), the others are headings for the preparer (`toBeFilled`). The balance sheet's two sides are always equal: the year's result goes to `profit`, results of earlier years not yet closed to `retainedEarnings`.";
const DIMENSION_NOTE =
  'With `dimensionId` and `itemId` only the amounts allocated to that dimension item count (each line with its allocated amount); an item not in the dimension, or only one of the two, is refused with 400.';
const FIGURES_NOTE =
  'Whole months are summed from per-account month totals kept as lines are posted; filtered reports (dimension, receipt options, line options) sum the lines.';

function dimensionOf(query: { dimensionId?: number; itemId?: number }) {
  return query.dimensionId === undefined && query.itemId === undefined
    ? undefined
    : { dimensionId: query.dimensionId ?? 0, itemId: query.itemId ?? 0 };
}

export function reportRoutes(reports: ReportService): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/reports/accounting',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Income statement, balance sheet or cash flow statement',
      description: `The income statement of the period, the balance sheet at its end or the cash flow statement of the period (by the indirect method, see \`type\`), in the formats of the Finnish accounting decree (Kirjanpitoasetus 1:1 § by nature of expense, 1:6 §), lines grouped by the account-number ranges of the standard Finnish chart, named in Finnish or Swedish (\`options.reportLanguage\`). \`reportData.periods\` holds the asked period, then each of \`comparisonPeriods\`. Every option of the request is applied as its field describes. ${YEAR_NOTE} ${STATUS_NOTE} ${FIGURES_NOTE}`,
      schema: {
        body: AccountingReportRequest,
        response: { 200: AccountingReportResponse },
      },
      handler: async ({ auth, body }) => {
        const { filter, language } = await reports.options(auth.companyId, body, auth.rights);
        await reports.checkDimension(auth.companyId, body.dimension, 'dimension');
        const type = body.type;
        const periods = await reports.periodsOf(auth.companyId, body);
        return {
          reportParameters: { ...body, startDate: periods[0].startDate },
          reportData: {
            periods: await Promise.all(
              periods.map((p) => reports.statement(auth.companyId, type, p, filter, language)),
            ),
          },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/reports/ledgeraccounts',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Account values of a period',
      description: `Per account with a value, one row \`{name: "number name", value}\`: a balance-sheet account's balance at the end of the period, an income-statement account's sum of the period's lines. \`reportData.periods\` holds the asked period, then each of \`comparisonPeriods\`. ${YEAR_NOTE} ${STATUS_NOTE}`,
      schema: {
        body: LedgerAccountsReportRequest,
        response: { 200: LedgerAccountsReportResponse },
      },
      handler: async ({ auth, body }) => {
        const { filter } = await reports.options(auth.companyId, body, auth.rights);
        await reports.checkDimension(auth.companyId, body.dimension, 'dimension');
        const periods = await reports.periodsOf(auth.companyId, body);
        return {
          reportParameters: { ...body, startDate: periods[0].startDate },
          reportData: {
            periods: await Promise.all(periods.map((p) => reports.accountValues(auth.companyId, p, filter))),
          },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/reports/generalledger/:ledgerAccountCode',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'General ledger of one account',
      description: `The lines of the account (its number in the path) in the period, ordered by date, receipt and line, and their sum. At most 10 000 lines: a longer period is refused with 400 \`REPORT_TOO_LARGE\` (use \`GET /reports/generalledger\`, which pages). ${STATUS_NOTE}`,
      schema: {
        params: Type.Object({
          ledgerAccountCode: Type.String({ pattern: '^[0-9A-Za-z]{1,10}$', description: 'Account number.' }),
        }),
        body: GeneralLedgerReportRequest,
        response: { 200: GeneralLedgerReportResponse },
      },
      handler: async ({ auth, params, body }) => {
        const { filter } = await reports.options(auth.companyId, body, auth.rights);
        const [period] = await reports.periodsOf(auth.companyId, body);
        return {
          reportParameters: { ...body, startDate: period.startDate },
          ledgerAccount: await reports.accountLines(auth.companyId, params.ledgerAccountCode, period, filter),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/reports/trialbalance',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Trial balance of a period',
      description: `Per account: opening balance on \`startDate\`, debits and credits of the period, closing balance at the end of \`endDate\`. Balance-sheet accounts open with every line before \`startDate\`; income-statement accounts with the lines of \`startDate\`'s fiscal year before it and close with the lines of \`endDate\`'s fiscal year (\`closedAtYearStart\`: what a fiscal-year start inside the period closed). ${DIMENSION_NOTE} ${LEDGER_NOTE} ${FIGURES_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object({ ...Period, ...DimensionQuery }, closed),
        response: { 200: TrialBalance },
      },
      handler: async ({ auth, query }) => {
        const dimension = dimensionOf(query);
        await reports.checkDimension(auth.companyId, dimension, 'itemId');
        return reports.trialBalance(auth.companyId, query.startDate, query.endDate, { dimension });
      },
    }),
    route({
      method: 'GET',
      path: '/reports/generalledger',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'General ledger of a period',
      description: `The lines of the period ordered by account, date, receipt and line, each with the running balance of its account, and for the accounts on the page their opening balance, totals and closing balance (as in the trial balance). Paged with \`page\` and \`size\` (default 50, at most 200); \`meta.totalCount\` is every line of the period, taken from the ledger's per-account month line counts, and a page costs the same however deep it is or however large the ledger. Any other query parameter is refused with 400. ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object(
          {
            ...Period,
            accounts: Type.Optional(AccountsParam),
            page: PagingQuery.page,
            size: PagingQuery.size,
          },
          closed,
        ),
        response: { 200: GeneralLedgerPage },
      },
      handler: ({ auth, query }) =>
        reports.generalLedger(
          auth.companyId,
          query.startDate,
          query.endDate,
          parseAccounts(query.accounts),
          pageRequest({ page: query.page, size: query.size }),
        ),
    }),
    route({
      method: 'GET',
      path: '/reports/ledgeraccounts/balances',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Account balances on a date',
      description: `Balance of each account at the end of \`date\` (default today): balance-sheet accounts sum every line up to it, income-statement accounts the lines of its fiscal year. ${DIMENSION_NOTE} ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object(
          {
            date: Type.Optional(DateString({ description: 'Default: today.' })),
            accounts: Type.Optional(AccountsParam),
            ...DimensionQuery,
          },
          closed,
        ),
        response: { 200: AccountBalances },
      },
      handler: async ({ auth, query }) => {
        const dimension = dimensionOf(query);
        await reports.checkDimension(auth.companyId, dimension, 'itemId');
        return reports.balances(auth.companyId, query.date, parseAccounts(query.accounts), { dimension });
      },
    }),
    route({
      method: 'GET',
      path: '/reports/financialstatements',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Financial statements of a fiscal year by the decree',
      description: `${STATEMENTS_NOTE} Each line has this fiscal year's figure and, when there is one, the previous fiscal year's (\`previousValue\`). ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: FinancialStatementsQuery,
        response: { 200: FinancialStatements },
      },
      handler: ({ auth, query }) =>
        reports.financialStatements(
          auth.companyId,
          query.fiscalYearId,
          query.format ?? 'SMALL',
          query.language ?? 'fi',
        ),
    }),
    route({
      method: 'GET',
      path: '/reports/financialstatements/pdf',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Financial statements of a fiscal year as a PDF to be signed',
      description: `${STATEMENTS_NOTE} A PDF/A-2b document: the income statement and the balance sheet with the previous year's figures, the notes (those the preparer writes as headings with room to fill in) and the lines for dating and the signatures (KPL 3:7 §) and the auditor's note. Drawn in a worker thread within TASE_RENDER_TIMEOUT_MS (503 \`DOCUMENT_RENDER_TIMEOUT\` past it, \`DOCUMENT_RENDER_BUSY\` when every renderer is busy).`,
      schema: {
        ...ADDITION,
        querystring: FinancialStatementsQuery,
        response: {
          200: {
            description: 'The financial statements.',
            content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
          } as never,
        },
      },
      handler: async ({ auth, query }, reply) => {
        const pdf = await reports.financialStatementsPdf(
          auth.companyId,
          query.fiscalYearId,
          query.format ?? 'SMALL',
          query.language ?? 'fi',
        );
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="financial-statements-${query.fiscalYearId}.pdf"`);
        return reply.send(pdf);
      },
    }),
  ];
}
