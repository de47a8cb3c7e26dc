// Currencies and exchange rates: the euro reference rates of the European Central Bank, stored per day (a global
// table), imported from its XML files (`tase admin rates import`) or fetched on a schedule (TASE_RATES_URL).
import { defineArea } from '../platform/area.ts';
import { currenciesAdminCommands } from './admin-commands.ts';
import type { CompanyService } from '../company/index.ts';
import { currenciesMigrations } from './migrations.ts';
import { currencyRoutes } from './routes.ts';
import { CurrencyService } from './service.ts';
import { RatesFetcher } from './fetcher.ts';
import { currenciesExamples } from './examples.ts';

export { CurrencyService } from './service.ts';
export { parseEcbRates, RatesFileError } from './ecb.ts';

export const currenciesArea = defineArea({
  name: 'currencies',
  adminCommands: currenciesAdminCommands,
  examples: currenciesExamples,
  tags: [
    {
      name: 'Currencies',
      description: "Currencies and exchange rates (the European Central Bank's euro reference rates).",
    },
  ],
  tables: { global: ['currency_rates'] },
  migrations: currenciesMigrations,
  create: (ctx, deps: { company: CompanyService }) => new CurrencyService(ctx, deps.company),
  routes: (currencies) => currencyRoutes(currencies),
  tasks: (currencies) => {
    const schedule = currencies.fetchSchedule();
    return schedule ? [new RatesFetcher(currencies, schedule.url, schedule.intervalMs)] : [];
  },
});
