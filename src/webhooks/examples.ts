// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const webhooksExamples: ApiExamples = {
  postWebhooks: {
    request: {
      url: 'https://integraatio.example.fi/tase/webhooks',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'k3Yb8Qw1Zr5Tn7Lp2Vx9Mc4Hs6Jd0Fg', hashFunction: 'SHA512' },
      subscriptions: ['INVOICE_PAYMENT_CREATED', 'PAYMENT_DELETED'],
    },
    responses: { 200: { status: 200, uuid: 'ed17b448-f825-4b0a-bc5c-b362f69a230b' } },
  },
  getWebhooks: {
    responses: {
      200: {
        results: [
          {
            uuid: 'ed17b448-f825-4b0a-bc5c-b362f69a230b',
            url: 'https://integraatio.example.fi/tase/webhooks',
            authenticationType: 'HMAC',
            subscriptions: ['INVOICE_PAYMENTEVENTS_DELETED', 'INVOICE_PAYMENT_CREATED', 'PAYMENT_DELETED'],
            authenticationMeta: { hashFunction: 'SHA512' },
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  getWebhooksByUuid: {
    responses: {
      200: {
        uuid: 'ed17b448-f825-4b0a-bc5c-b362f69a230b',
        url: 'https://integraatio.example.fi/tase/webhooks',
        authenticationType: 'HMAC',
        subscriptions: ['INVOICE_PAYMENTEVENTS_DELETED', 'INVOICE_PAYMENT_CREATED', 'PAYMENT_DELETED'],
        authenticationMeta: { hashFunction: 'SHA512' },
      },
    },
  },
  putWebhooksByUuid: {
    request: {
      url: 'https://integraatio.example.fi/tase/webhooks',
      authenticationType: 'HMAC',
      authenticationMeta: { sharedSecret: 'k3Yb8Qw1Zr5Tn7Lp2Vx9Mc4Hs6Jd0Fg', hashFunction: 'SHA512' },
      subscriptions: ['INVOICE_PAYMENT_CREATED', 'INVOICE_PAYMENTEVENTS_DELETED', 'PAYMENT_DELETED'],
    },
    responses: { 200: { message: 'Webhook updated.' } },
  },
  getWebhooksByUuidDeliveries: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            deliveryId: 'f11eef32-ebc0-469f-804a-d8b0f4532ebb',
            eventType: 'INVOICE_PAYMENT_CREATED',
            status: 'PENDING',
            attempts: 1,
            createdAt: '2026-03-16T09:00:00.000',
            attemptLog: [
              {
                at: '2026-03-16T09:00:00.000',
                durationMs: 77,
                error: 'ENOTFOUND: getaddrinfo ENOTFOUND integraatio.example.fi',
              },
            ],
            body: '{"eventType":"INVOICE_PAYMENT_CREATED","webhookUuid":"ed17b448-f825-4b0a-bc5c-b362f69a230b","payload":{"transactionIdentifier":"25d5f6a1-bce5-46a3-bb9f-80c52c22bace","transactions":[{"paymentId":1,"invoiceId":2}]},"meta":{"version":"26.10","timestamp":1773651600000}}',
            nextAttemptAt: '2026-03-16T09:01:00.000',
            lastAttemptAt: '2026-03-16T09:00:00.000',
            lastError: 'ENOTFOUND: getaddrinfo ENOTFOUND integraatio.example.fi',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  putWebhooksByUuidDeliveriesByDeliveryIdRetry: { responses: { 200: { message: 'Delivery queued.' } } },
};
