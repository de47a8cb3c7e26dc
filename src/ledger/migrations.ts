import { sql, type Kysely, type Migration } from 'kysely';

export const ledgerMigrations: Record<string, Migration> = {
  '0303_ledger': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_receipts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('fiscal_year_id', 'bigint', (c) => c.notNull())
        // per company and fiscal year, gapless (allocated in the creating transaction)
        .addColumn('receipt_number', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('receipt_date', 'text', (c) => c.notNull())
        .addColumn('vat_type', 'text', (c) => c.notNull())
        .addColumn('vat_status', 'integer', (c) => c.notNull())
        .addColumn('vat_processing', 'text')
        .addColumn('invoice_id', 'bigint')
        .addColumn('invoice_number', 'integer')
        .addColumn('invoice_notes', 'text')
        .addColumn('accountants_notes', 'text')
        .addColumn('transaction_description', 'text')
        .addColumn('receipt_validity', 'text')
        .addColumn('period_start_date', 'text')
        .addColumn('period_end_date', 'text')
        .addColumn('partner_id', 'bigint')
        .addColumn('partner_code', 'text')
        .addColumn('depreciation', 'text')
        .addColumn('vat_date', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_receipts_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_receipts_number')
        .on('ledger_receipts')
        .columns(['company_id', 'fiscal_year_id', 'receipt_number'])
        .unique()
        .execute();
      await db.schema
        .createIndex('ledger_receipts_by_date')
        .on('ledger_receipts')
        .columns(['company_id', 'receipt_date'])
        .execute();
      await db.schema
        .createIndex('ledger_receipts_by_created')
        .on('ledger_receipts')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('ledger_receipts_by_version')
        .on('ledger_receipts')
        .columns(['company_id', 'version'])
        .execute();
      await db.schema
        .createIndex('ledger_receipts_by_status')
        .on('ledger_receipts')
        .columns(['company_id', 'status', 'receipt_date'])
        .execute();

      // One line of a receipt. amount_minor: cents, debit positive, credit negative. Only lines with
      // in_ledger (their receipt is APPROVED) count in balances, reports and exports.
      await db.schema
        .createTable('ledger_entries')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('fiscal_year_id', 'bigint', (c) => c.notNull())
        .addColumn('entry_date', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('vat_percent', 'text')
        .addColumn('vat_status', 'integer')
        .addColumn('vat_type', 'text')
        .addColumn('vat_deduction_percent', 'text')
        .addColumn('partner_id', 'bigint')
        .addColumn('transaction_type', 'text', (c) => c.notNull())
        .addColumn('balance_code', 'text')
        .addColumn('allocations', 'text')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('in_ledger', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['company_id', 'receipt_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_balances')
        .on('ledger_entries')
        .columns(['company_id', 'in_ledger', 'account_number', 'entry_date'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_by_date')
        .on('ledger_entries')
        .columns(['company_id', 'entry_date'])
        .execute();
      await db.schema.createIndex('ledger_entries_by_id').on('ledger_entries').columns(['company_id', 'id']).execute();

      await db.schema
        .createTable('ledger_entry_dimensions')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('entry_id', 'bigint', (c) => c.notNull())
        .addColumn('dimension_id', 'bigint', (c) => c.notNull())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entry_dimensions_pk', [
          'company_id',
          'receipt_id',
          'entry_id',
          'dimension_id',
          'item_id',
        ])
        .execute();
    },
  },
  // Companies created before the ledger existed once got their chart, fiscal year and VAT defaults here. That
  // work is now the company setup's (the `initCompany` steps of the accounts, fiscal and VAT areas), whose
  // backfill gives every existing company the steps it lacks when the service starts
  // (src/platform/company-setup.ts). The name stays, recorded in existing databases, as a migration that
  // changes nothing.
  '0304_ledger_existing_companies': {
    async up() {},
  },
  '0305_ledger_serial_numbers': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ledger_receipts').addColumn('serial_series', 'text').execute();
      await db.schema.alterTable('ledger_receipts').addColumn('serial_number', 'integer').execute();
    },
  },
  // a reversal names the receipt it reverses (at most one per receipt)
  '0306_ledger_reversals': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ledger_receipts').addColumn('reverses_receipt_id', 'bigint').execute();
    },
  },
  // The number of receipts of each company, kept as a counter (`RECEIPT_COUNT` in src/ledger/store.ts) that
  // every insert raises in its own transaction, so an unfiltered page need not count the table.
  '0307_ledger_receipt_counts': {
    async up(db: Kysely<unknown>) {
      await sql`insert into id_sequences (company_id, name, last_id)
        select company_id, 'ledger_receipts:count', count(*) from ledger_receipts group by company_id`.execute(db);
    },
  },
  // The audit trail (Kirjanpitolaki 2:6–7 §): every change to a voucher once approved, appended and never
  // changed. before/after: the receipt as JSON (src/ledger/history.ts).
  '0351_ledger_receipt_history': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_receipt_history')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addColumn('before', 'text', (c) => c.notNull())
        .addColumn('after', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_receipt_history_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_receipt_history_by_receipt')
        .on('ledger_receipt_history')
        .columns(['company_id', 'receipt_id', 'id'])
        .execute();
    },
  },
  // month totals of the lines in the ledger per account (src/ledger/account-months.ts), from the lines already there
  '0352_ledger_account_months': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_account_months')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('debit_minor', 'bigint', (c) => c.notNull())
        .addColumn('credit_minor', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_account_months_pk', ['company_id', 'account_number', 'month'])
        .execute();
      await sql`insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor)
        select company_id, account_number, substr(entry_date, 1, 7),
          sum(case when amount_minor > 0 then amount_minor else 0 end),
          sum(case when amount_minor < 0 then -amount_minor else 0 end)
        from ledger_entries where in_ledger = true and receipt_id not in (select r.id from ledger_receipts r
          where r.company_id = ledger_entries.company_id and r.type = 'RECEIPT_FOR_OPENING_ACCOUNTS')
        group by company_id, account_number, substr(entry_date, 1, 7)`.execute(db);
    },
  },
  // the reports leave out the opening-balances receipts by their type: found through this index, not a scan
  '0353_ledger_receipts_by_type': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('ledger_receipts_by_type')
        .on('ledger_receipts')
        .columns(['company_id', 'type', 'id'])
        .execute();
    },
  },
  '0354_ledger_entries_by_receipt': {
    async up(db: Kysely<unknown>) {
      // The month totals are kept by summing a receipt's lines as it is posted or changes state. That query is
      // answered from the reports' covering index otherwise — SQLite, without table statistics, prefers it to the
      // primary key and reads every line of the company — so posting slowed down as the ledger grew. This index
      // covers the query by the receipt.
      await db.schema
        .createIndex('ledger_entries_by_receipt')
        .on('ledger_entries')
        .columns(['company_id', 'receipt_id', 'in_ledger', 'account_number', 'entry_date', 'amount_minor'])
        .execute();
    },
  },
};
