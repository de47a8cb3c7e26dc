import type { Kysely, Migration } from 'kysely';

export const auditMigrations: Record<string, Migration> = {
  // The audit trail of the books beyond vouchers (Kirjanpitolaki 2:6–7 §: the trail from the vouchers to the
  // statements must stay verifiable): closing and reopening periods and fiscal years, VAT filings, changes of the
  // chart of accounts — who, when, the object before and after (JSON). Rows are only ever appended.
  '0900_audit_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_events')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addPrimaryKeyConstraint('audit_events_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_by_subject')
        .on('audit_events')
        .columns(['company_id', 'subject', 'subject_id', 'id'])
        .execute();
    },
  },
};
