// Wire shapes of currencies and exchange rates (the real interface's Currencies, CompanyCurrency,
// CurrencyExchangeRate, CurrencyGroupRates and CurrencyRate).
import { DateString, DecimalNumber, StringEnum, Type, type Static } from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';
import { RATE_TYPES } from './rates.ts';

const Rate = (description: string) => DecimalNumber({ scale: 30, minimum: 0, description });

export const Currencies = Type.Object(
  {
    currencies: Type.Optional(
      Type.Array(Type.String(), { description: 'ISO 4217 codes Tase knows, in alphabetical order.' }),
    ),
  },
  { $id: 'Currencies', title: 'Currencies', additionalProperties: false },
);

export const CompanyCurrency = Type.Object(
  { companyCurrency: Type.Optional(StringEnum(['DKK', 'EUR', 'NOK', 'SEK'])) },
  { $id: 'CompanyCurrency', title: 'CompanyCurrency', additionalProperties: false },
);

export const ExchangeRateQuery = Type.Object({
  baseCurrency: StringEnum([...CURRENCIES], { description: 'The currency one unit of which the rate prices.' }),
  currency: StringEnum([...CURRENCIES], { description: 'The currency the rate is in.' }),
  day: DateString({
    description: "The day to convert on; the rate is looked for as the company's currencyRateSearchDensity says.",
  }),
  rateType: StringEnum([...RATE_TYPES], {
    description: 'Every rate type answers the ECB euro reference rate (Tase keeps no bank margins).',
  }),
});

export const CurrencyExchangeRate = Type.Object(
  {
    queryDay: Type.Optional(DateString({ description: 'The day asked for.' })),
    currency: Type.Optional(StringEnum([...CURRENCIES])),
    day: Type.Optional(DateString({ description: 'The day of the published rate used.' })),
    rate: Type.Optional(Rate('Units of `currency` per one unit of `baseCurrency`.')),
  },
  { $id: 'CurrencyExchangeRate', title: 'CurrencyExchangeRate', additionalProperties: false },
);
export type CurrencyExchangeRateWire = Static<typeof CurrencyExchangeRate>;

export const LatestRatesQuery = Type.Object({
  rateType: Type.Optional(
    Type.Number({
      description:
        'The rate type by number, 1–6 (1 PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE … 6 CASH_CURRENCY_SALE_EXCHANGE_RATE); default 1.',
    }),
  ),
});

const CurrencyRate = Type.Object(
  {
    currencyRate: Type.Optional(Rate('Units of the currency per one unit of the base currency.')),
    currencyCode: Type.Optional(Type.String()),
  },
  { title: 'CurrencyRate', additionalProperties: false },
);

export const CurrencyGroupRates = Type.Object(
  {
    baseCurrency: Type.Optional(Type.String({ description: "The company's currency." })),
    currencyDate: Type.Optional(
      DateString({ description: 'The latest day with published rates, up to today; absent when no rate is stored.' }),
    ),
    rates: Type.Optional(Type.Array(CurrencyRate)),
  },
  { $id: 'CurrencyGroupRates', title: 'CurrencyGroupRates', additionalProperties: false },
);
export type CurrencyGroupRatesWire = Static<typeof CurrencyGroupRates>;
