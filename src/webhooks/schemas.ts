// Wire shapes of webhooks and their deliveries, and the documentation of the messages they receive.
import { Type, StringEnum, DateTimeString, type Static } from '../platform/schema.ts';
import { EVENT_DESCRIPTIONS, EVENT_TYPES } from './events.ts';
import { DEFAULT_SIGNATURE_HEADER, DELIVERY_HEADER, EVENT_HEADER, ATTEMPT_HEADER } from './worker.ts';
import { MAX_URL_LENGTH } from './targets.ts';

export const MIN_SECRET_LENGTH = 16;
const MAX_SECRET_LENGTH = 256;

const EventTypeSchema = StringEnum([...EVENT_TYPES], { description: 'Event name.' });

const Subscriptions = Type.Array(EventTypeSchema, {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  description: 'Events sent to this webhook. Only one webhook per event type may exist in a company.',
});

const AuthenticationMetaIn = Type.Object(
  {
    sharedSecret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_SECRET_LENGTH,
        description: `Secret that signs every message (HMAC), at least ${MIN_SECRET_LENGTH} characters; write-only: never returned.`,
      }),
    ),
    hashFunction: Type.Optional(StringEnum(['SHA512'], { description: 'Only `SHA512` (the default).' })),
  },
  { additionalProperties: false },
);

/** Request body of POST /webhooks and PUT /webhooks/{uuid}. */
export const WebhookBody = Type.Object(
  {
    uuid: Type.Optional(Type.String({ format: 'uuid', description: 'Read-only: assigned by the service.' })),
    url: Type.String({
      format: 'uri',
      minLength: 1,
      maxLength: MAX_URL_LENGTH,
      description: 'Absolute http(s) address of the consumer.',
    }),
    authenticationType: StringEnum(['HMAC', 'NONE'], {
      description: '`HMAC`: messages carry a signature header (recommended). `NONE`: unsigned.',
    }),
    authenticationMeta: Type.Optional(AuthenticationMetaIn),
    subscriptions: Subscriptions,
  },
  { additionalProperties: false, title: 'WebhookInput' },
);
export type WebhookBodyWire = Static<typeof WebhookBody>;

export const Webhook = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    url: Type.String({ format: 'uri' }),
    authenticationType: StringEnum(['HMAC', 'NONE']),
    authenticationMeta: Type.Optional(
      Type.Object({ hashFunction: StringEnum(['SHA512']) }, { description: 'The shared secret is never returned.' }),
    ),
    subscriptions: Type.Array(EventTypeSchema),
  },
  { title: 'Webhook' },
);
export type WebhookWire = Static<typeof Webhook>;

export const WebhookCreated = Type.Object(
  { status: Type.Integer({ description: 'HTTP status of the creation, 200.' }), uuid: Type.String({ format: 'uuid' }) },
  { title: 'WebhookCreated' },
);

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'CANCELED'] as const;

export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer({ description: 'Id of the delivery within the company.' }),
    deliveryId: Type.String({
      format: 'uuid',
      description: `Sent as \`${DELIVERY_HEADER}\`; the same on every attempt.`,
    }),
    eventType: EventTypeSchema,
    status: StringEnum([...DELIVERY_STATUSES], {
      description:
        '`PENDING` (waiting for its first or next attempt), `DELIVERED` (a 2xx answer), `FAILED` (still failing 24 hours after the event), `CANCELED` (the webhook was deleted).',
    }),
    attempts: Type.Integer(),
    createdAt: DateTimeString({ description: 'Event time (UTC).' }),
    nextAttemptAt: Type.Optional(DateTimeString({ description: 'Only while PENDING.' })),
    lastAttemptAt: Type.Optional(DateTimeString()),
    lastResponseStatus: Type.Optional(
      Type.Integer({ description: 'HTTP status of the last answer, when the receiver answered.' }),
    ),
    lastError: Type.Optional(Type.String({ description: 'Why the last attempt failed.' })),
    deliveredAt: Type.Optional(DateTimeString()),
    attemptLog: Type.Array(
      Type.Object({
        at: DateTimeString(),
        status: Type.Optional(Type.Integer()),
        error: Type.Optional(Type.String()),
        durationMs: Type.Integer(),
      }),
    ),
    body: Type.String({ description: 'The message exactly as sent (these are the signed bytes).' }),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDeliveryWire = Static<typeof WebhookDelivery>;

const eventList = EVENT_TYPES.map((e) => `- \`${e}\`: ${EVENT_DESCRIPTIONS[e]}`).join('\n');

/** How messages are delivered: shown on the webhook endpoints and the tag. */
export const DELIVERY_DOC = `**Messages.** For each subscribed event the service sends \`POST {url}\` with \`Content-Type: application/json\` and the body
\`{"eventType": string, "webhookUuid": string, "payload": object, "meta": {"version": string, "timestamp": number}}\`:
\`meta.version\` is the API version of the request behind the event, \`meta.timestamp\` the event time in
**milliseconds** since 1970-01-01T00:00:00Z (UTC). \`payload\` holds \`transactionIdentifier\` (for actions
confirmed by two-factor), the primary id of the resource under its own name (e.g. \`userId\`, \`paymentId\`) and
\`message\`; for \`INVOICE_PAYMENT_CREATED\` it holds \`transactions\` or \`errors\`, the bodies the transaction status
query returns. A failed two-factor action sends \`errors\` (\`[{status, message, field?}]\`). Events:
${eventList}

**Headers.** \`${DEFAULT_SIGNATURE_HEADER}\` (the name is configurable by the operator): with \`authenticationType\`
\`HMAC\`, the lower-case hex HMAC-SHA512 of the **exact body bytes** as received (UTF-8, no re-serialisation)
with the shared secret as key. Verify it over the raw body before parsing, comparing in constant time.
\`${DELIVERY_HEADER}\`: a UUID identifying the delivery, the same on every attempt: use it to de-duplicate.
\`${EVENT_HEADER}\`: the event name. \`${ATTEMPT_HEADER}\`: 1 on the first attempt, 2 on the first retry, …

**Retries.** Any 2xx answer is success; anything else (another status, a redirect, no answer within 10 seconds,
a refused connection) is retried with growing delays: 1, 2, 4, 8, 16, 32, 64 minutes, then doubling up to 8 hours
apart, the last attempt exactly 24 hours after the event (12 attempts in all). A delivery still failing then is
marked \`FAILED\`; see \`GET /webhooks/{uuid}/deliveries\`, and send it again with
\`PUT /webhooks/{uuid}/deliveries/{deliveryId}/retry\`. Delivery is **at least once** (a message may come twice,
e.g. when the service restarts between sending and recording the answer) and messages may arrive out of order.
Pending deliveries survive restarts of the service.

**Addresses.** In production mode the service refuses to deliver to loopback, private and link-local addresses
unless its operator allows them; sandbox mode allows loopback and private addresses.`;
