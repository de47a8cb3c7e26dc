// HTTP of the accounting reports. The real API offers them as `POST /reports/{accounting|ledgeraccounts|
// generalledger}/{id}`; here they are plain GETs with the period in the query.
import { Type, ADDITION, DateString, PagingQuery } from '../platform/schema.ts';
import { route, view, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import { AccountBalances, AccountsParam, GeneralLedgerPage, TrialBalance } from './schemas.ts';
import { parseAccounts, type ReportService } from './service.ts';

const RIGHT = 'accounting.reports' as const;
const TAGS = ['Reports'];

const Period = {
  startDate: DateString({ description: 'First day of the period.' }),
  endDate: DateString({ description: 'Last day of the period (inclusive).' }),
};

const LEDGER_NOTE =
  'Only lines of APPROVED receipts count. Amounts are exact decimals in the company currency, debit positive and credit negative.';

export function reportRoutes(reports: ReportService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/reports/trialbalance',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Trial balance of a period',
      description: `Per account: opening balance, debits and credits of the period, closing balance. Balance-sheet accounts open with every line before \`startDate\`; income-statement accounts with the lines of the fiscal year before it. ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object(Period),
        response: { 200: TrialBalance },
      },
      handler: ({ auth, query }) => reports.trialBalance(auth.companyId, query.startDate, query.endDate),
    }),
    route({
      method: 'GET',
      path: '/reports/generalledger',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'General ledger of a period',
      description: `The lines of the period ordered by account, date, receipt and line, each with the running balance of its account, and for the accounts on the page their opening balance, totals and closing balance. Paged with \`page\` and \`size\` (default 50, at most 200). ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object({
          ...Period,
          accounts: Type.Optional(AccountsParam),
          page: PagingQuery.page,
          size: PagingQuery.size,
        }),
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
      description: `Balance of each account at the end of \`date\` (default today): balance-sheet accounts sum every line up to it, income-statement accounts the lines of its fiscal year. ${LEDGER_NOTE}`,
      schema: {
        ...ADDITION,
        querystring: Type.Object({
          date: Type.Optional(DateString({ description: 'Default: today.' })),
          accounts: Type.Optional(AccountsParam),
        }),
        response: { 200: AccountBalances },
      },
      handler: ({ auth, query }) => reports.balances(auth.companyId, query.date, parseAccounts(query.accounts)),
    }),
  ];
}
