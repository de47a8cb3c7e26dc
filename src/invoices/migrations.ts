import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { referenceKey } from './store.ts';
import { searchGrams } from './mapping.ts';

export const invoiceMigrations: Record<string, Migration> = {
  '0500_invoices': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invoices')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('invoice_number', 'bigint', (c) => c.notNull())
        .addColumn('is_offer', 'boolean', (c) => c.notNull())
        .addColumn('invoice_date', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('partner_id', 'bigint')
        .addColumn('factoring_contract_id', 'bigint')
        .addColumn('original_invoice_number', 'text')
        .addColumn('invoice_channel', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // integer cents of the invoice currency: the total with VAT and the sum of the payment events
        .addColumn('gross_minor', 'bigint', (c) => c.notNull())
        .addColumn('paid_minor', 'bigint', (c) => c.notNull())
        .addColumn('payment_date', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('ledger_receipt_id', 'bigint')
        .addColumn('creator_id', 'bigint')
        .addColumn('notes', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoices_pk', ['company_id', 'id'])
        .execute();
      for (const [name, columns] of [
        ['invoices_by_type', ['company_id', 'type', 'id']],
        ['invoices_by_status', ['company_id', 'status', 'id']],
        ['invoices_by_date', ['company_id', 'invoice_date', 'id']],
        ['invoices_by_version', ['company_id', 'version']],
        ['invoices_by_partner', ['company_id', 'partner_id', 'id']],
        ['invoices_by_original', ['company_id', 'original_invoice_number']],
        ['invoices_by_factoring', ['company_id', 'factoring_contract_id']],
        ['invoices_by_number', ['company_id', 'type', 'invoice_number']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('invoices')
          .columns([...columns])
          .execute();
      }
      await db.schema
        .createTable('invoice_rows')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'bigint')
        .addPrimaryKeyConstraint('invoice_rows_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('invoice_rows_by_invoice')
        .on('invoice_rows')
        .columns(['company_id', 'invoice_id'])
        .execute();
      await db.schema
        .createIndex('invoice_rows_by_product')
        .on('invoice_rows')
        .columns(['company_id', 'product_id', 'invoice_id'])
        .execute();
      // the words of an invoice's searchable text (folded: lower case, no accents), for word-prefix search
      await db.schema
        .createTable('invoice_search_words')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('word', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_search_words_pk', ['company_id', 'word', 'invoice_id'])
        .execute();
      await db.schema
        .createIndex('invoice_search_words_by_invoice')
        .on('invoice_search_words')
        .columns(['company_id', 'invoice_id'])
        .execute();
      await db.schema
        .createTable('invoice_payment_events')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('ledger_receipt_id', 'bigint')
        .addColumn('deleted', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_payment_events_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('invoice_payment_events_by_invoice')
        .on('invoice_payment_events')
        .columns(['company_id', 'invoice_id', 'id'])
        .execute();
      await db.schema
        .createTable('invoice_history')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('details', 'text')
        .addPrimaryKeyConstraint('invoice_history_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('invoice_history_by_invoice')
        .on('invoice_history')
        .columns(['company_id', 'invoice_id', 'id'])
        .execute();
      // the verifiers and acceptors of an invoice in circulation, in order; performed_on once they acted
      await db.schema
        .createTable('invoice_checkers')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('performed_on', 'text')
        .addPrimaryKeyConstraint('invoice_checkers_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('invoice_checkers_by_invoice')
        .on('invoice_checkers')
        .columns(['company_id', 'invoice_id'])
        .execute();
      await db.schema
        .createIndex('invoice_checkers_by_user')
        .on('invoice_checkers')
        .columns(['company_id', 'user_id', 'role', 'performed_on'])
        .execute();
      await db.schema
        .createTable('invoice_comments')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('author_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        // JSON [{userId, read}] of the users tagged in the comment
        .addColumn('tagged', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_comments_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('invoice_comments_by_invoice')
        .on('invoice_comments')
        .columns(['company_id', 'invoice_id', 'id'])
        .execute();
    },
  },
  '0501_invoice_search_grams': {
    // Search by substrings: the grams of each invoice's searchable text (searchGrams) replace its words, built
    // from the folded text every invoice keeps (search_text), company by company in batches of invoices.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invoice_search_grams')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('gram', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('invoice_search_grams_pk', ['company_id', 'gram', 'invoice_id'])
        .execute();
      await db.schema
        .createIndex('invoice_search_grams_by_invoice')
        .on('invoice_search_grams')
        .columns(['company_id', 'invoice_id'])
        .execute();
      let after = { company: -1, id: -1 };
      for (;;) {
        const batch = await sql<{ company_id: number | string; id: number | string; search_text: string }>`
          select company_id, id, search_text from invoices
          where company_id > ${after.company} or (company_id = ${after.company} and id > ${after.id})
          order by company_id, id limit 500`.execute(db);
        if (batch.rows.length === 0) break;
        const rows = batch.rows.flatMap((r) =>
          searchGrams(r.search_text).map((gram) => sql`(${Number(r.company_id)}, ${gram}, ${Number(r.id)})`),
        );
        for (let i = 0; i < rows.length; i += 1000)
          await sql`insert into invoice_search_grams (company_id, gram, invoice_id)
            values ${sql.join(rows.slice(i, i + 1000))}`.execute(db);
        const last = batch.rows.at(-1)!;
        after = { company: Number(last.company_id), id: Number(last.id) };
      }
      await db.schema.dropTable('invoice_search_words').execute();
    },
  },
  '0510_invoice_listings': {
    // A search item's figures and counterparty beside the document, so that a page of results is not made by
    // parsing every document and computing its figures; invoices written before keep none and are listed from
    // their document.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('invoices').addColumn('listing', 'text').execute();
    },
  },
  '0623_invoices_by_reference': {
    // Reference payments are matched to open sales invoices by reference, a chunk of payments at a time.
    async up(db: Kysely<unknown>) {
      const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
      await sql`create index invoices_by_reference on invoices (company_id, (${referenceKey(engine)}))`.execute(db);
    },
  },
};
