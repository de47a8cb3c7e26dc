// Examples of this area's answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const auditExamples: ApiExamples = {
  getAudittrail: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            subject: 'FISCAL_YEAR',
            subjectId: '2',
            action: 'CLOSE',
            userId: 1,
            recordedAt: '2026-04-20T09:30:00.000',
            before: { id: 2, startDate: '2025-01-01', endDate: '2025-12-31', status: 'OPEN' },
            after: { id: 2, startDate: '2025-01-01', endDate: '2025-12-31', status: 'CLOSED' },
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
};
