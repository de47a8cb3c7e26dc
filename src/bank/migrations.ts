import type { Kysely, Migration } from 'kysely';

// Bank statements (camt.053) and notifications of reference payments (camt.054) imported from the bank's files,
// their entries as statement events, and the incoming reference payments. Amounts are integer minor units.
export const bankMigrations: Record<string, Migration> = {
  '0620_bank_statements': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bank_statements')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('bank_account_id', 'bigint', (c) => c.notNull())
        // STATEMENT (camt.053 Stmt) or NOTIFICATION (camt.054 Ntfctn)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('report_id', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('statement_number', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('start_balance', 'bigint')
        .addColumn('end_balance', 'bigint')
        .addColumn('deposit_count', 'integer', (c) => c.notNull())
        .addColumn('deposit_sum', 'bigint', (c) => c.notNull())
        .addColumn('withdrawal_count', 'integer', (c) => c.notNull())
        .addColumn('withdrawal_sum', 'bigint', (c) => c.notNull())
        .addColumn('imported', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bank_statements_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('bank_statements_by_report')
        .on('bank_statements')
        .columns(['company_id', 'bank_account_id', 'kind', 'report_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('bank_statement_events')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('statement_id', 'bigint', (c) => c.notNull())
        .addColumn('bank_account_id', 'bigint', (c) => c.notNull())
        // the bank's archive id, else its entry reference: what makes an entry the same in two files
        .addColumn('entry_key', 'text', (c) => c.notNull())
        .addColumn('pay_date', 'text', (c) => c.notNull())
        .addColumn('value_date', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('original_amount', 'bigint')
        .addColumn('original_currency', 'text')
        .addColumn('name', 'text')
        .addColumn('counterparty_account', 'text')
        .addColumn('explanation_code', 'integer')
        .addColumn('bank_transaction_code', 'text')
        .addColumn('archive_code', 'text')
        .addColumn('message', 'text')
        .addColumn('reference', 'text')
        .addColumn('end_to_end_id', 'text')
        .addColumn('transaction_count', 'integer', (c) => c.notNull())
        .addColumn('reversal', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('bank_statement_events_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('bank_statement_events_by_key')
        .on('bank_statement_events')
        .columns(['company_id', 'bank_account_id', 'entry_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('bank_statement_events_by_statement')
        .on('bank_statement_events')
        .columns(['company_id', 'statement_id', 'id'])
        .execute();
      await db.schema
        .createTable('reference_payments')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('statement_id', 'bigint', (c) => c.notNull())
        .addColumn('bank_account_id', 'bigint', (c) => c.notNull())
        .addColumn('entry_key', 'text', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('value_date', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('payer_account', 'text')
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('archive_id', 'text')
        .addColumn('end_to_end_id', 'text')
        .addColumn('message', 'text')
        .addPrimaryKeyConstraint('reference_payments_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('reference_payments_by_key')
        .on('reference_payments')
        .columns(['company_id', 'bank_account_id', 'entry_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('reference_payments_by_reference')
        .on('reference_payments')
        .columns(['company_id', 'reference'])
        .execute();
    },
  },
  // What an imported entry (a statement event or a reference payment) is allocated to: an invoice (its payment
  // event), a product or allocation metadata rows (a receipt of the bank); one allocation per entry.
  '0621_bank_allocations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bank_allocations')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        // EVENT (bank_statement_events) or REFERENCE_PAYMENT (reference_payments)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'bigint', (c) => c.notNull())
        // INVOICE, PRODUCT or METADATA
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint')
        .addColumn('product_id', 'bigint')
        .addColumn('payment_event_id', 'bigint')
        // the receipt booked by the bank: the rows of metadata or a product, or an invoice's penal expense
        .addColumn('ledger_receipt_id', 'bigint')
        // JSON: the allocation metadata rows as sent, with their ids
        .addColumn('metadata', 'text')
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bank_allocations_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('bank_allocations_by_source')
        .on('bank_allocations')
        .columns(['company_id', 'source', 'source_id'])
        .unique()
        .execute();
    },
  },
  // A statement's credits carrying creditor references are reference payments too: each knows its event, which is
  // then allocated through its payments only (never booked twice).
  '0624_reference_payments_of_events': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reference_payments').addColumn('event_id', 'bigint').execute();
      await db.schema
        .createIndex('reference_payments_by_event')
        .on('reference_payments')
        .columns(['company_id', 'event_id'])
        .execute();
    },
  },
  // The automatic matching of reference payments to open sales invoices: what it found for each payment (null:
  // not looked at yet) and the invoice it found.
  '0622_reference_payment_matching': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reference_payments').addColumn('match_status', 'text').execute();
      await db.schema.alterTable('reference_payments').addColumn('matched_invoice_id', 'bigint').execute();
      await db.schema
        .createIndex('reference_payments_by_match')
        .on('reference_payments')
        .columns(['company_id', 'match_status', 'id'])
        .execute();
    },
  },
};
