// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const attachmentsExamples: ApiExamples = {
  getAttachments: {
    responses: {
      200: {
        results: [
          {
            attachmentId: 1,
            name: 'tuntikirjaus-maaliskuu-2026.txt',
            size: 53,
            user: 'Demo User',
            referenceId: 1,
            referenceType: 'INVOICE',
            attached: '2026-03-16T09:00:00.000',
          },
          {
            attachmentId: 2,
            name: 'kuitti-2026-03-16.pdf',
            size: 48213,
            user: 'Demo User',
            referenceId: 3,
            referenceType: 'LEDGERRECEIPT',
            attached: '2026-03-16T09:05:00.000',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 2, totalCount: 2 },
      },
    },
  },
  patchAttachmentsByAttachmentId: {
    request: { name: 'kuitti-2026-03-16.pdf' },
    responses: {
      200: {
        id: 1,
        name: 'kuitti-2026-03-16.pdf',
        referenceType: 'INVOICE',
        referenceId: 1,
        mimeType: 'text/plain',
        sendWithInvoice: true,
      },
    },
  },
  postAttachments: {
    request: {
      meta: {
        name: 'tuntikirjaus-maaliskuu-2026.txt',
        referenceType: 'INVOICE',
        referenceId: 1,
        sendWithInvoice: true,
      },
      file: `Huoltotyö 2.3.2026 3,5 h, Teollisuustie 7, Äänekoski
`,
    },
    responses: {
      200: {
        id: 1,
        name: 'tuntikirjaus-maaliskuu-2026.txt',
        referenceType: 'INVOICE',
        referenceId: 1,
        mimeType: 'text/plain',
        sendWithInvoice: true,
      },
    },
  },
};
