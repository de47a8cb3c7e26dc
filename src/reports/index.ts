// Trial balance, general ledger and account balances: read models over the ledger's tables (no table of its own).
import { defineArea } from '../platform/area.ts';
import { reportMigrations } from './migrations.ts';
import { reportRoutes } from './routes.ts';
import { ReportService } from './service.ts';
import { reportsExamples } from './examples.ts';
import { postgresLineDetails } from './line-details-postgres.ts';
import { sqliteLineDetails } from './line-details-sqlite.ts';

export { ReportService } from './service.ts';
export { isIncomeStatement } from './balances.ts';
export { chart, fiscalYears, sumsByAccount, type FiscalYear } from './store.ts';

export const reportsArea = defineArea({
  name: 'reports',
  examples: reportsExamples,
  rights: ['accounting.reports'],
  tags: [
    { name: 'Reports', description: 'Trial balance, general ledger and account balances, computed by the database.' },
  ],
  migrations: reportMigrations,
  create: (ctx) => new ReportService(ctx, ctx.engine === 'postgres' ? postgresLineDetails : sqliteLineDetails),
  routes: (reports) => reportRoutes(reports),
});
