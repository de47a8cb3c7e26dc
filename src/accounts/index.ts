// The chart of accounts: seeded for every company, accounts activated and deactivated; references to accounts
// from other registers are checked here.
import { defineArea } from '../platform/area.ts';
import { accountMigrations } from './migrations.ts';
import { accountRoutes } from './routes.ts';
import { AccountService, seedChart } from './service.ts';

export { AccountService } from './service.ts';
export { accountNames, checkAccountRefs, type AccountRef } from './account-refs.ts';
export { findAccounts, translationLanguages } from './store.ts';
export { CHART_LANGUAGE } from './chart.ts';

export const accountsArea = defineArea({
  name: 'accounts',
  rights: ['accounting.chartOfAccounts'],
  tags: [{ name: 'Ledger', description: 'Chart of accounts, fiscal years and periods, ledger receipts and journals.' }],
  tables: { company: ['accounts'] },
  migrations: accountMigrations,
  create: (ctx) => new AccountService(ctx),
  routes: (accounts) => accountRoutes(accounts),
  initCompany: seedChart,
});
