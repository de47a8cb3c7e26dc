// Webhooks: event subscriptions, the outbox other areas write events to, and the delivery worker.
import { defineArea } from '../platform/area.ts';
import { webhookMigrations } from './migrations.ts';
import { webhookRoutes } from './routes.ts';
import { WebhookService } from './service.ts';
import { purgeFinishedDeliveries } from './store.ts';
import { webhooksExamples } from './examples.ts';

export { WebhookService } from './service.ts';
export { emitEvent, emitEvents } from './outbox.ts';
export { isEventType } from './events.ts';

export const webhooksArea = defineArea({
  name: 'webhooks',
  examples: webhooksExamples,
  rights: ['management.webhooks'],
  tags: [
    {
      name: 'Webhooks',
      description:
        'Event subscriptions and their signed, retried deliveries. See POST /webhooks for the message, its signature and the retries.',
    },
  ],
  tables: { company: ['webhooks', 'webhook_subscriptions', 'webhook_deliveries'] },
  migrations: webhookMigrations,
  create: (ctx) => new WebhookService(ctx),
  routes: (webhooks) => webhookRoutes(webhooks),
  purge: { company: { webhookDeliveries: purgeFinishedDeliveries } },
  tasks: (webhooks) => [webhooks.worker],
});
