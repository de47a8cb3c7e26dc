// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const sandboxExamples: ApiExamples = {
  getSandboxClock: { responses: { 200: { now: '2026-03-16T09:00:00.000', offsetSeconds: 0 } } },
  postSandboxClock: {
    request: { advanceSeconds: 3600 },
    responses: { 200: { now: '2026-03-16T10:00:00.000', offsetSeconds: 3600 } },
  },
  getSandboxMfa: { responses: { 200: { outcome: 'CONFIRM' } } },
  putSandboxMfa: { request: { outcome: 'CONFIRM' }, responses: { 200: { outcome: 'CONFIRM' } } },
  getSandboxWebhooksDeliveries: {
    responses: {
      200: {
        results: [
          {
            deliveryId: 'f11eef32-ebc0-469f-804a-d8b0f4532ebb',
            webhookUuid: 'ed17b448-f825-4b0a-bc5c-b362f69a230b',
            url: 'https://integraatio.example.fi/tase/webhooks',
            eventType: 'INVOICE_PAYMENT_CREATED',
            status: 'PENDING',
            attempts: 1,
            createdAt: '2026-03-16T09:00:00.000',
            lastError: 'ENOTFOUND: getaddrinfo ENOTFOUND integraatio.example.fi',
            attemptLog: [
              {
                at: '2026-03-16T09:00:00.000',
                durationMs: 77,
                error: 'ENOTFOUND: getaddrinfo ENOTFOUND integraatio.example.fi',
              },
            ],
            body: '{"eventType":"INVOICE_PAYMENT_CREATED","webhookUuid":"ed17b448-f825-4b0a-bc5c-b362f69a230b","payload":{"transactionIdentifier":"25d5f6a1-bce5-46a3-bb9f-80c52c22bace","transactions":[{"paymentId":1,"invoiceId":2}]},"meta":{"version":"26.10","timestamp":1773651600000}}',
            signatureHeader: 'X-Tase-Signature',
            signature:
              '393bfd16d1eb878ae6d796a3286c57780b352b6a152776978552dd9ebc69e988b1330590c27de23156f73b5aa3081abda03877949e5aaed996ed511bc8d3ef8e',
          },
        ],
      },
    },
  },
  postSandboxWebhooksDeliveriesByDeliveryIdReplay: { responses: { 200: { message: 'Delivery queued.' } } },
  postSandboxReset: {
    request: { scope: 'COMPANY' },
    responses: {
      200: { companies: [1], deletedRows: 1392, clock: { now: '2026-03-16T09:00:00.000', offsetSeconds: 0 } },
    },
  },
  getSandboxSnapshots: {
    responses: {
      200: {
        results: [{ name: 'before-tests', takenAt: '2026-03-16T09:00:00.000', rows: 1392, clockOffsetSeconds: 0 }],
      },
    },
  },
  postSandboxSnapshots: {
    request: { name: 'before-tests' },
    responses: { 200: { name: 'before-tests', takenAt: '2026-03-16T09:00:00.000', rows: 1392, clockOffsetSeconds: 0 } },
  },
  postSandboxSnapshotsByNameRestore: {
    responses: {
      200: {
        name: 'before-tests',
        deletedRows: 1410,
        restoredRows: 1392,
        durationMs: 9,
        clock: { now: '2026-03-16T09:00:00.000', offsetSeconds: 0 },
      },
    },
  },
  getSandboxRequests: {
    responses: {
      200: {
        results: [
          {
            id: 12,
            at: '2026-03-16T09:00:00.120',
            method: 'POST',
            path: '/products',
            query: '',
            status: 200,
            durationMs: 14,
            clientId: 'tase-demo',
            requestBody: '{"type":"SALES","name":"Kahvi","price":3.5,"active":true,"currency":"EUR"}',
            answerBody: '{"id":5,"type":"SALES","name":"Kahvi","price":3.5,"active":true,"currency":"EUR"}',
          },
        ],
        meta: { page: 0, size: 50, totalCount: 1 },
      },
    },
  },
  getSandboxFaults: {
    responses: {
      200: {
        results: [{ id: 1, path: '/invoices', method: 'POST', kind: 'STATUS', status: 503, count: 2, remaining: 2 }],
      },
    },
  },
  postSandboxFaults: {
    request: { path: '/invoices', method: 'POST', kind: 'STATUS', status: 503, count: 2 },
    responses: {
      200: { id: 1, path: '/invoices', method: 'POST', kind: 'STATUS', status: 503, count: 2, remaining: 2 },
    },
  },
  deleteSandboxFaultsById: { responses: { 200: { message: 'Fault rule removed.' } } },
  deleteSandboxSnapshotsByName: { responses: { 200: { message: 'Snapshot deleted.' } } },
  postSandboxSeed: {
    request: {
      companies: [
        {
          name: 'Kahvila Kuppi Oy',
          businessId: '2612345-5',
          businessForm: 'LIMITED_COMPANY',
          users: [
            {
              username: 'liisa.kuppi',
              password: 'Kahvi-2026-kuppi',
              firstName: 'Liisa',
              lastName: 'Kuppi',
              email: 'liisa@kahvilakuppi.fi',
              role: 'ADMIN',
            },
          ],
        },
      ],
    },
    responses: {
      200: {
        clients: [],
        companies: [
          { companyId: 3, name: 'Kahvila Kuppi Oy', users: [{ username: 'liisa.kuppi', userId: 3 }], keys: {} },
        ],
      },
    },
  },
};
