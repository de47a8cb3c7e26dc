// HTTP of webhooks: subscriptions and their deliveries.
import { Type, ADDITION, Page, InfoMessage, StringEnum, EnumList, PagingQuery } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import { Violations } from '../platform/errors.ts';
import { EVENT_TYPES, isEventType } from './events.ts';
import { DELIVERY_DOC, DELIVERY_STATUSES, Webhook, WebhookBody, WebhookCreated, WebhookDelivery } from './schemas.ts';
import type { WebhookService } from './service.ts';

const RIGHT = 'management.webhooks' as const;
const TAGS = ['Webhooks'];

const UuidParam = Type.Object({ uuid: Type.String({ format: 'uuid', description: 'Webhook uuid.' }) });

/** `eventType` may be repeated or comma-separated. */
function eventFilter(values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  const names = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const problems = new Violations();
  for (const name of names)
    if (!isEventType(name))
      problems.add('VALIDATION_FAILED', 'eventType', {
        detail: `Unknown event type '${name}'; known: ${EVENT_TYPES.join(', ')}.`,
      });
  problems.throwIfAny();
  return names;
}

export function webhookRoutes(webhooks: WebhookService): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/webhooks',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Subscribe a webhook to events',
      description: `Only one webhook per event type may exist in a company: subscribing an event that another webhook holds is a 400 naming the event. One webhook may carry several events.\n\n${DELIVERY_DOC}`,
      schema: { body: WebhookBody, response: { 200: WebhookCreated } },
      handler: ({ auth, body }) => webhooks.create(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/webhooks',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Search webhooks',
      description:
        'Paged. Filters: `url` (exact), `eventType` (repeated or comma-separated: webhooks subscribed to any of them). Ordered by creation date (`orderByCreatedDate`, default ASC). The shared secret is never returned.',
      schema: {
        querystring: Type.Object({
          url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
          eventType: Type.Optional(
            Type.Array(EnumList([...EVENT_TYPES]), {
              maxItems: 50,
              description: 'Event names, repeated or comma-separated.',
            }),
          ),
          orderByCreatedDate: Type.Optional(StringEnum(['ASC', 'DESC'])),
          page: PagingQuery.page,
          size: PagingQuery.size,
        }),
        response: { 200: Page(Webhook, { title: 'WebhookSearchResult' }) },
      },
      handler: ({ auth, query }) =>
        webhooks.search(
          auth.companyId,
          {
            url: query.url,
            eventTypes: eventFilter(query.eventType),
            order: query.orderByCreatedDate === 'DESC' ? 'desc' : 'asc',
          },
          pageRequest({ page: query.page, size: query.size }),
        ),
    }),
    route({
      method: 'GET',
      path: '/webhooks/:uuid',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Get a webhook',
      schema: { ...ADDITION, params: UuidParam, response: { 200: Webhook } },
      handler: ({ auth, params }) => webhooks.get(auth.companyId, params.uuid),
    }),
    route({
      method: 'PUT',
      path: '/webhooks/:uuid',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Replace a webhook',
      description:
        'Overwrites the url, the authentication and the subscriptions (events left out are unsubscribed). Deliveries already queued go to the new url with the new secret.',
      schema: { params: UuidParam, body: WebhookBody, response: { 200: InfoMessage } },
      handler: ({ auth, params, body }) => webhooks.replace(auth.companyId, params.uuid, body),
    }),
    route({
      method: 'DELETE',
      path: '/webhooks/:uuid',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Delete a webhook',
      description: 'Cancels all its subscriptions; its pending deliveries are cancelled.',
      schema: { params: UuidParam, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await webhooks.delete(auth.companyId, params.uuid);
        return reply.code(204).send();
      },
    }),
    route({
      method: 'GET',
      path: '/webhooks/:uuid/deliveries',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the deliveries of a webhook',
      description: `Newest first, paged; filter by \`status\`. Each delivery shows its attempts, the last answer or error, and the exact body sent.\n\n${DELIVERY_DOC}`,
      schema: {
        ...ADDITION,
        params: UuidParam,
        querystring: Type.Object({
          status: Type.Optional(StringEnum([...DELIVERY_STATUSES])),
          page: PagingQuery.page,
          size: PagingQuery.size,
        }),
        response: { 200: Page(WebhookDelivery, { title: 'WebhookDeliverySearchResult' }) },
      },
      handler: ({ auth, params, query }) =>
        webhooks.deliveries(
          auth.companyId,
          params.uuid,
          query.status,
          pageRequest({ page: query.page, size: query.size }),
        ),
    }),
    route({
      method: 'PUT',
      path: '/webhooks/:uuid/deliveries/:deliveryId/retry',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Send a failed delivery again',
      description:
        'Only a `FAILED` delivery (409 otherwise). It is queued at once with a new 24-hour retry window; the delivery id and the body stay the same.',
      schema: {
        ...ADDITION,
        params: Type.Object({
          uuid: Type.String({ format: 'uuid' }),
          deliveryId: Type.String({ format: 'uuid', description: 'The `deliveryId` of the delivery.' }),
        }),
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params }) => webhooks.retry(auth.companyId, params.uuid, params.deliveryId),
    }),
  ];
}
