// HTTP of currencies and exchange rates.
import { route, type RouteDef } from '../platform/route.ts';
import {
  CompanyCurrency,
  Currencies,
  CurrencyExchangeRate,
  CurrencyGroupRates,
  ExchangeRateQuery,
  LatestRatesQuery,
} from './schemas.ts';
import type { CurrencyService } from './service.ts';

const TAGS = ['Currencies'];

export function currencyRoutes(currencies: CurrencyService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/currencies',
      right: null,
      tags: TAGS,
      summary: 'Currencies',
      description: 'Every ISO 4217 currency code Tase knows.',
      schema: { response: { 200: Currencies } },
      handler: () => currencies.currencies(),
    }),
    route({
      method: 'GET',
      path: '/currencies/company',
      right: null,
      tags: TAGS,
      summary: "The company's currency",
      schema: { response: { 200: CompanyCurrency } },
      handler: ({ auth }) => currencies.companyCurrency(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/currencies/exchangerate',
      right: null,
      tags: TAGS,
      summary: 'An exchange rate on a day',
      description:
        "Units of `currency` per one `baseCurrency` on `day`, from the European Central Bank's euro reference rates. The day " +
        "of the rate follows the company's `currencyRateSearchDensity`: DAILY_EXCHANGE_RATE the day or one of the 7 days " +
        'before it; LAST_DAY_OF_THE_MONTH the end of the previous month (or one of the 7 days before it); PROCOUNTOR_FIXED_RATE ' +
        'the latest rate on or before the day. A rate between two currencies other than the euro is the quotient of their euro ' +
        'rates rounded half away from zero to 10 significant digits. 404 when no rate is found.',
      schema: { querystring: ExchangeRateQuery, response: { 200: CurrencyExchangeRate } },
      handler: ({ auth, query }) => currencies.exchangeRate(auth.companyId, query),
    }),
    route({
      method: 'GET',
      path: '/currencies/latest',
      right: null,
      tags: TAGS,
      summary: "The latest rates against the company's currency",
      description:
        'The rates of the latest day with published rates up to today. `rateType` 1–6 (default 1); anything else is a 400.',
      schema: { querystring: LatestRatesQuery, response: { 200: CurrencyGroupRates } },
      handler: ({ auth, query }) => currencies.latest(auth.companyId, query.rateType),
    }),
  ];
}
