import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { referenceKey } from './store.ts';
import { parseJson } from '../platform/json.ts';
import { searchGrams, serializeListing, type StoredInvoice } from './mapping.ts';

export const invoiceMigrations: Record<string, Migration> = {
  // A payment event in a foreign currency keeps what it came to in the company currency at the payment's rate
  // (`accounting_minor`), the part of the receivable or payable it cleared at the invoice's booking rate
  // (`settled_minor`; their difference is the exchange difference posted) and the rate. Events recorded before
  // were posted at the booking rate and have none of them (read as the amount converted at that rate).
  '0513_payment_event_rates': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('invoice_payment_events').addColumn('accounting_minor', 'bigint').execute();
      await db.schema.alterTable('invoice_payment_events').addColumn('settled_minor', 'bigint').execute();
      await db.schema.alterTable('invoice_payment_events').addColumn('currency_rate', 'text').execute();
    },
  },
  // Purchase invoices made from Finvoice messages, by the message's sender, invoice number and message id: the
  // same message imported again answers the invoice it made. The message is kept as received.
  '0512_finvoice_imports': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('finvoice_imports')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('invoice_number', 'text', (c) => c.notNull())
        // empty when the message has no transmission details
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('imported', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('finvoice_imports_pk', ['company_id', 'sender', 'invoice_number', 'message_id'])
        .execute();
    },
  },
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
      await inBatches(db, 'search_text', async (batch) => {
        const rows = batch.flatMap((r) => searchGrams(r.text).map((gram) => sql`(${r.company_id}, ${gram}, ${r.id})`));
        for (let i = 0; i < rows.length; i += 1000)
          await sql`insert into invoice_search_grams (company_id, gram, invoice_id)
            values ${sql.join(rows.slice(i, i + 1000))}`.execute(db);
      });
      await db.schema.dropTable('invoice_search_words').execute();
    },
  },
  '0510_invoice_listings': {
    // A search item's figures and counterparty beside the document, so that a page of results is not made by
    // parsing every document and computing its figures; written for the invoices there are, in batches. A stored
    // document that cannot be listed keeps none (its item is then made from the document, as before).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('invoices').addColumn('listing', 'text').execute();
      await inBatches(db, 'body', async (batch) => {
        const listed = batch.flatMap((r) => {
          const listing = listingOfStored(r.text);
          return listing === undefined
            ? []
            : [
                sql`select cast(${r.company_id} as bigint) as company_id, cast(${r.id} as bigint) as id,
                cast(${listing} as text) as listing`,
              ];
        });
        if (listed.length > 0)
          await sql`update invoices set listing = v.listing from (${sql.join(listed, sql` union all `)}) as v
            where invoices.company_id = v.company_id and invoices.id = v.id`.execute(db);
      });
    },
  },
  '0623_invoices_by_reference': {
    // Reference payments are matched to open sales invoices by reference, a chunk of payments at a time.
    async up(db: Kysely<unknown>) {
      const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
      await sql`create index invoices_by_reference on invoices (company_id, (${referenceKey(engine)}))`.execute(db);
    },
  },
  // The lines a payment event posted, and those of the reversal of its posting, carry the event's id as their
  // allocation (the ledger answers it in `transactions[].allocations`); payments recorded before get it here.
  '0511_invoice_payment_allocations': {
    async up(db: Kysely<unknown>) {
      const companies = await sql<{ company_id: number | string }>`
        select distinct company_id from invoice_payment_events where ledger_receipt_id is not null`.execute(db);
      for (const { company_id } of companies.rows) {
        const ofEvent = sql`from invoice_payment_events p
          join ledger_receipts r on r.company_id = p.company_id
            and (r.id = p.ledger_receipt_id or r.reverses_receipt_id = p.ledger_receipt_id)
          where p.company_id = ${company_id} and r.id = ledger_entries.receipt_id`;
        await sql`update ledger_entries set allocations = (select '[' || cast(max(p.id) as text) || ']' ${ofEvent})
          where company_id = ${company_id} and exists (select 1 ${ofEvent})`.execute(db);
      }
    },
  },
};

/** The listing of a stored document, or undefined when it is not one that can be listed. */
function listingOfStored(body: string): string | undefined {
  try {
    return serializeListing(parseJson(body) as StoredInvoice);
  } catch {
    return undefined;
  }
}

/** Every invoice's text of `column`, in batches of 500 in the order of company and id. */
async function inBatches(
  db: Kysely<unknown>,
  column: 'search_text' | 'body',
  work: (batch: { company_id: number; id: number; text: string }[]) => Promise<void>,
): Promise<void> {
  let after = { company: -1, id: -1 };
  for (;;) {
    const batch = await sql<{ company_id: number | string; id: number | string; text: string }>`
      select company_id, id, ${sql.ref(column)} as text from invoices
      where company_id > ${after.company} or (company_id = ${after.company} and id > ${after.id})
      order by company_id, id limit 500`.execute(db);
    if (batch.rows.length === 0) return;
    await work(batch.rows.map((r) => ({ company_id: Number(r.company_id), id: Number(r.id), text: r.text })));
    const last = batch.rows.at(-1)!;
    after = { company: Number(last.company_id), id: Number(last.id) };
  }
}
