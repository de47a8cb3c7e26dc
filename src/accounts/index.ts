// The chart of accounts: seeded for every company by its form; accounts added, renamed, activated and
// deactivated; references to accounts from other registers are checked here.
import { defineArea } from '../platform/area.ts';
import { accountsAdminCommands } from './admin-commands.ts';
import { accountMigrations } from './migrations.ts';
import { accountRoutes } from './routes.ts';
import { AccountService, seedChart } from './service.ts';
import { accountsExamples } from './examples.ts';

export { AccountService, seedChart, type NewAccount } from './service.ts';
export { accountNames, checkAccountRefs, type AccountRef } from './account-refs.ts';
export { ACCOUNT_TYPES, findAccounts, translationLanguages } from './store.ts';
export {
  BUSINESS_FORMS,
  CHART_LANGUAGE,
  isBalanceSheet,
  isBusinessForm,
  RESULT_OF_THE_YEAR_ACCOUNT,
  RETAINED_EARNINGS_ACCOUNT,
} from './chart.ts';

export const accountsArea = defineArea({
  name: 'accounts',
  adminCommands: accountsAdminCommands,
  examples: accountsExamples,
  rights: ['accounting.chartOfAccounts'],
  tags: [{ name: 'Ledger', description: 'Chart of accounts, fiscal years and periods, ledger receipts and journals.' }],
  tables: { company: ['accounts'] },
  migrations: accountMigrations,
  create: (ctx) => new AccountService(ctx),
  routes: (accounts) => accountRoutes(accounts),
  initCompany: seedChart,
});
