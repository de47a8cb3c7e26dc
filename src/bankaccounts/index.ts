// Bank accounts of the company.
import { defineArea } from '../platform/area.ts';
import { bankAccountMigrations } from './migrations.ts';
import { bankAccountRoutes } from './routes.ts';
import { BankAccountService } from './service.ts';
import { bankAccountsExamples } from './examples.ts';

export { BankAccountService } from './service.ts';
export { CompanyBankAccount, type BankAccountWire } from './schemas.ts';

export const bankAccountsArea = defineArea({
  name: 'bankAccounts',
  examples: bankAccountsExamples,
  rights: ['management.companyInfo'],
  tags: [{ name: 'Bank accounts', description: 'Bank accounts of the company.' }],
  tables: { company: ['bank_accounts'] },
  migrations: bankAccountMigrations,
  create: (ctx) => new BankAccountService(ctx),
  routes: (bankAccounts) => bankAccountRoutes(bankAccounts),
});
