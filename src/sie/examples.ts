// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const sieExamples: ApiExamples = {
  getSieAvailability: {
    responses: {
      200: {
        lastValidEndDate: '2027-12-31',
        accountingPeriodStart: ['2026-01-01', '2027-01-01'],
        available: true,
        accountingPeriods: [
          { accountingPeriodStart: '2026-01-01', accountingPeriodEnd: '2026-12-31', closed: false },
          { accountingPeriodStart: '2027-01-01', accountingPeriodEnd: '2027-12-31', closed: false },
        ],
      },
    },
  },
};
