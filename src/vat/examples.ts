// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const vatExamples: ApiExamples = {
  getVatsDefault: {
    responses: {
      200: {
        vatInformation: [
          {
            country: 'FINLAND',
            percentages: [
              { vatPercent: 25.5, sales: true, purchase: true },
              { vatPercent: 13.5, sales: true, purchase: true },
              { vatPercent: 10, sales: true, purchase: true },
            ],
          },
        ],
        vatStatuses: [
          { vatStatus: 1, description: 'Domestic', sales: true, purchase: true },
          {
            vatStatus: 2,
            description: 'Domestic reverse charge (construction services, metal scrap)',
            sales: true,
            purchase: true,
          },
          { vatStatus: 3, description: 'Outside of the EU', sales: true, purchase: true },
        ],
      },
    },
  },
  getVatsSettings: {
    responses: {
      200: {
        unitPricesIncludeVatSales: false,
        unitPricesIncludeVatPurchase: false,
        isUnitPricesIncludeVatSales: false,
        isUnitPricesIncludeVatPurchase: false,
      },
    },
  },
  getVatsCountry: { responses: { 200: { vatPercentages: [25.5, 13.5, 10] } } },
};
