import type { Kysely, Migration } from 'kysely';

// Webhooks: subscriptions (one webhook per event type per company) and the delivery outbox.
export const webhookMigrations: Record<string, Migration> = {
  '0041_webhooks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhooks')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('uuid', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('authentication_type', 'text', (c) => c.notNull())
        .addColumn('shared_secret', 'text')
        .addColumn('hash_function', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhooks_pk', ['company_id', 'uuid'])
        .execute();
      await db.schema.createIndex('webhooks_by_created').on('webhooks').columns(['company_id', 'created_at']).execute();
      // The primary key makes "one webhook per event type" hold even under concurrent requests.
      await db.schema
        .createTable('webhook_subscriptions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('webhook_uuid', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_subscriptions_pk', ['company_id', 'event_type'])
        .execute();
      await db.schema
        .createIndex('webhook_subscriptions_by_webhook')
        .on('webhook_subscriptions')
        .columns(['company_id', 'webhook_uuid'])
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('webhook_uuid', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        // the exact bytes sent (and signed) on every attempt
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('deadline_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('attempt_log', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_by_webhook')
        .on('webhook_deliveries')
        .columns(['company_id', 'webhook_uuid', 'id'])
        .execute();
    },
  },
};
