import type { Kysely, Migration } from 'kysely';

// Company details, usage settings and invoice circulation settings (one row per company).
export const companySettingsMigrations: Record<string, Migration> = {
  '0202_company_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('company_settings')
        .addColumn('company_id', 'bigint', (c) => c.primaryKey())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('usage_settings', 'text')
        .addColumn('circulation_settings', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Settings the invoices use: one JSON document per kind (delivery terms, e-invoice addresses, collection and
  // penal expenses), the invoice templates and the verifier lists of invoice circulation.
  '0205_company_documents': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('company_documents')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_documents_pk', ['company_id', 'kind'])
        .execute();
      await db.schema
        .createTable('invoice_templates')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_default', 'boolean', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_templates_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('verifier_lists')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('verifiers', 'text', (c) => c.notNull())
        .addColumn('acceptors', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('verifier_lists_pk', ['company_id', 'id'])
        .execute();
    },
  },
};
