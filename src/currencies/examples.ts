// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const currenciesExamples: ApiExamples = {
  getCurrencies: { responses: { 200: { currencies: ['AED', 'AFN', 'ALL'] } } },
  getCurrenciesCompany: { responses: { 200: { companyCurrency: 'EUR' } } },
  getCurrenciesExchangerate: {
    responses: { 200: { queryDay: '2026-03-31', currency: 'AED', day: '2026-03-31', rate: 1 } },
  },
  getCurrenciesLatest: { responses: { 200: { baseCurrency: 'EUR', rates: [] } } },
};
