import type { Kysely, Migration } from 'kysely';

// Files attached to documents (ledger receipts, business partners, invoices, bank events): one row per file. The
// bytes are in `content`, or in the attachments directory under `file_key` when one is configured.
export const attachmentMigrations: Record<string, Migration> = {
  '0600_attachments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('attachments')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('reference_type', 'text', (c) => c.notNull())
        .addColumn('reference_id', 'bigint', (c) => c.notNull())
        // sniffed from the bytes when the file was received
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('send_with_invoice', 'boolean', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        // one of the two holds the bytes
        .addColumn('file_key', 'text')
        .addColumn('content', 'bytea')
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('attachments_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('attachments_by_reference')
        .on('attachments')
        .columns(['company_id', 'reference_type', 'reference_id'])
        .execute();
    },
  },
  // Who attached a file (`Document.user` of a search); files attached before it name nobody.
  '0601_attachment_uploader': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('attachments').addColumn('user_id', 'bigint').execute();
    },
  },
};
