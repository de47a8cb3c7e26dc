import type { Kysely, Migration } from 'kysely';

// Integrations: the specifications an integrator company writes (one row per version), the directory that finds
// an integration's owner from its public id, the activation requests customers make, and the customers of each
// integration with the technical user and API key their approval created.
export const integrationMigrations: Record<string, Migration> = {
  '0800_integrations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('integration_directory')
        .addColumn('integration_id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('integration_specifications')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('integration_id', 'text', (c) => c.notNull())
        .addColumn('version_no', 'integer', (c) => c.notNull())
        // DRAFT, UNDER_REVIEW, APPROVED, DECLINED
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('callback_url', 'text', (c) => c.notNull())
        // JSON: [{right, level}]
        .addColumn('requested_rights', 'text', (c) => c.notNull())
        // JSON: the extraInfo fields customers consent to share
        .addColumn('consent_fields', 'text', (c) => c.notNull())
        .addColumn('partner_val', 'text')
        .addColumn('decline_reason', 'text')
        .addColumn('client_id', 'text', (c) => c.notNull())
        // sandbox or production: the mode of the service the specification was written in
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_specifications_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('integration_specifications_by_integration')
        .on('integration_specifications')
        .columns(['company_id', 'integration_id', 'version_no'])
        .unique()
        .execute();
      await db.schema
        .createTable('integration_requests')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('integration_id', 'text', (c) => c.notNull())
        .addColumn('version_no', 'integer', (c) => c.notNull())
        .addColumn('initiator_user_id', 'bigint', (c) => c.notNull())
        // JSON: [{companyId, extraInfo}] as consented on the activation page
        .addColumn('companies', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addPrimaryKeyConstraint('integration_requests_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('integration_customers')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('integration_id', 'text', (c) => c.notNull())
        .addColumn('customer_company_id', 'bigint', (c) => c.notNull())
        // the specification version whose rights the customer accepted (or was asked to)
        .addColumn('version_no', 'integer', (c) => c.notNull())
        // NEW, APPROVED, REJECTED
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('technical_user_id', 'bigint')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_customers_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('integration_customers_by_customer')
        .on('integration_customers')
        .columns(['company_id', 'integration_id', 'customer_company_id'])
        .unique()
        .execute();
    },
  },
  // The ticket of the activation form that made a request: one accept form makes one request, however often it
  // is posted (a replay finds its ticket used).
  '0801_integration_request_tickets': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('integration_requests').addColumn('ticket_id', 'text').execute();
      await db.schema
        .createIndex('integration_requests_by_ticket')
        .on('integration_requests')
        .columns(['company_id', 'ticket_id'])
        .unique()
        .execute();
    },
  },
};
