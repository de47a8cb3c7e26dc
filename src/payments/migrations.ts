import type { Kysely, Migration } from 'kysely';

// Payments out: invoice payments, direct bank transfers and direct salary payments (their lists as payment groups),
// and the ISO 20022 payment files they are sent to the bank in. Amounts are integer minor units.
export const paymentMigrations: Record<string, Migration> = {
  '0630_payments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payments')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        // INVOICE (POST /payments), TRANSFER (direct bank transfer) or SALARY (a row of a direct salary payment list)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'bigint')
        .addColumn('group_id', 'bigint')
        .addColumn('custom_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('payer_account_id', 'bigint', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('receiver_name', 'text', (c) => c.notNull())
        .addColumn('receiver_account', 'text', (c) => c.notNull())
        .addColumn('receiver_bic', 'text')
        .addColumn('reference', 'text')
        .addColumn('reference_type', 'text')
        .addColumn('message', 'text')
        .addColumn('service_charge', 'text')
        // the rest of the request (addresses, clearing codes, the recipient's id), JSON
        .addColumn('details', 'text', (c) => c.notNull())
        // reported back by the bank on the statement: what settles the payment
        .addColumn('end_to_end_id', 'text', (c) => c.notNull())
        .addColumn('file_id', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payments_pk', ['company_id', 'id'])
        .execute();
      await db.schema.createIndex('payments_by_invoice').on('payments').columns(['company_id', 'invoice_id']).execute();
      await db.schema.createIndex('payments_by_group').on('payments').columns(['company_id', 'group_id']).execute();
      await db.schema.createIndex('payments_by_status').on('payments').columns(['company_id', 'status']).execute();
      await db.schema
        .createIndex('payments_by_end_to_end_id')
        .on('payments')
        .columns(['company_id', 'end_to_end_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('payment_groups')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('list_name', 'text', (c) => c.notNull())
        .addColumn('custom_id', 'text')
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('payer_account_id', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_groups_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('payment_groups_by_custom_id')
        .on('payment_groups')
        .columns(['company_id', 'custom_id'])
        .execute();
      await db.schema
        .createTable('payment_files')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('payer_account_id', 'bigint', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('transactions', 'integer', (c) => c.notNull())
        .addColumn('control_sum', 'bigint', (c) => c.notNull())
        .addColumn('xml', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_files_pk', ['company_id', 'id'])
        .execute();
    },
  },
  // What went wrong with a payment after it was sent: today the payments the bank returned (a statement's credit
  // carrying the payment's end-to-end id and a return reason). Written by the statement import, read by
  // GET /payments/errormessages.
  '0631_payment_errors': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_errors')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('payment_id', 'bigint', (c) => c.notNull())
        // the bank's ISO 20022 reason code (e.g. AC04, a closed account)
        .addColumn('error_code', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_errors_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('payment_errors_by_created')
        .on('payment_errors')
        .columns(['company_id', 'created'])
        .execute();
    },
  },
};
