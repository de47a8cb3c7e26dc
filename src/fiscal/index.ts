// Fiscal years and their monthly periods: opened, closed, and asked where a posting of a date goes.
import { defineArea } from '../platform/area.ts';
import { fiscalAdminCommands } from './admin-commands.ts';
import { fiscalMigrations } from './migrations.ts';
import { fiscalRoutes } from './routes.ts';
import { FiscalService, setUpFiscalYear } from './service.ts';
import { postgresPeriodLocks } from './period-locks-postgres.ts';
import { sqlitePeriodLocks } from './period-locks-sqlite.ts';
import { fiscalExamples } from './examples.ts';

export {
  FiscalService,
  insertFiscalYear,
  openPeriodFrom,
  type FiscalYearSpan,
  type PeriodOfDate,
  type PeriodWithDates,
  type OpenPeriod,
  type UnfinishedReceipts,
  type YearEndBooking,
} from './service.ts';

export const fiscalArea = defineArea({
  name: 'fiscal',
  adminCommands: fiscalAdminCommands,
  examples: fiscalExamples,
  rights: ['accounting.fiscalPeriods'],
  tables: { company: ['fiscal_years', 'fiscal_periods'] },
  migrations: fiscalMigrations,
  create: (ctx) => new FiscalService(ctx, ctx.engine === 'postgres' ? postgresPeriodLocks : sqlitePeriodLocks),
  routes: (fiscal) => fiscalRoutes(fiscal),
  initCompany: setUpFiscalYear,
});
