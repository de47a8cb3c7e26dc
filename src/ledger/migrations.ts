import { sql, PostgresAdapter, type Kysely, type Migration } from 'kysely';
import { OPENING_RECEIPT_TYPE } from './opening.ts';

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
  // Posting in few statements (src/ledger/posting.ts). The month totals follow the lines by triggers, so no
  // statement of the application reads a receipt's lines back to count them: the index 0354 added for that read
  // goes, as does the balances index, a prefix of the reports' one (0390); each was one more write per line.
  // On SQLite, a receipt's number (taken in its insert) and the company's receipt count are kept by a trigger
  // on the insert; on PostgreSQL the posting's allocation statement takes them, locking the counters first.
  '0355_ledger_posting_triggers': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_by_receipt').execute();
      await db.schema.dropIndex('ledger_entries_balances').execute();
      const opening = sql.lit(OPENING_RECEIPT_TYPE);
      const notOpening = (line: string) =>
        sql`not exists (select 1 from ledger_receipts r where r.company_id = ${sql.raw(line)}.company_id
          and r.id = ${sql.raw(line)}.receipt_id and r.type = ${opening})`;
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        // statement triggers over the transition tables: one grouped upsert per statement, in one lock order
        const moved = {
          added: sql`select company_id, receipt_id, account_number, entry_date, amount_minor, 1 as sign
            from added where in_ledger`,
          removed: sql`select company_id, receipt_id, account_number, entry_date, amount_minor, -1 as sign
            from removed where in_ledger`,
        };
        const functions = {
          insert: moved.added,
          delete: moved.removed,
          update: sql`${moved.added} union all ${moved.removed}`,
        };
        for (const [event, rows] of Object.entries(functions)) {
          await sql`create or replace function ${sql.raw(`tase_ledger_months_${event}`)}() returns trigger
            language plpgsql as $$ begin
            insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor)
            select m.company_id, m.account_number, substr(m.entry_date, 1, 7),
              sum(m.sign * greatest(m.amount_minor, 0)), sum(m.sign * greatest(-m.amount_minor, 0))
            from (${rows}) m
            where ${notOpening('m')}
            group by m.company_id, m.account_number, substr(m.entry_date, 1, 7)
            order by m.company_id, m.account_number, substr(m.entry_date, 1, 7)
            on conflict (company_id, account_number, month) do update set
              debit_minor = ledger_account_months.debit_minor + excluded.debit_minor,
              credit_minor = ledger_account_months.credit_minor + excluded.credit_minor;
            return null; end $$`.execute(db);
        }
        const transition = {
          insert: 'new table as added',
          delete: 'old table as removed',
          update: 'old table as removed new table as added',
        };
        for (const [event, tables] of Object.entries(transition))
          await sql`create trigger ${sql.raw(`ledger_entries_months_${event}`)} after ${sql.raw(event)}
            on ledger_entries referencing ${sql.raw(tables)} for each statement
            execute function ${sql.raw(`tase_ledger_months_${event}`)}()`.execute(db);
        return;
      }
      const upsert = (line: 'new' | 'old', sign: '' | '-') =>
        sql`insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor)
          select ${sql.raw(line)}.company_id, ${sql.raw(line)}.account_number, substr(${sql.raw(line)}.entry_date, 1, 7),
            ${sql.raw(sign)}max(${sql.raw(line)}.amount_minor, 0), ${sql.raw(sign)}max(-${sql.raw(line)}.amount_minor, 0)
          where ${sql.raw(line)}.in_ledger and ${notOpening(line)}
          on conflict (company_id, account_number, month) do update set
            debit_minor = debit_minor + excluded.debit_minor, credit_minor = credit_minor + excluded.credit_minor;`;
      await sql`create trigger ledger_entries_months_insert after insert on ledger_entries
        begin ${upsert('new', '')} end`.execute(db);
      await sql`create trigger ledger_entries_months_delete after delete on ledger_entries
        begin ${upsert('old', '-')} end`.execute(db);
      await sql`create trigger ledger_entries_months_update
        after update of in_ledger, account_number, entry_date, amount_minor on ledger_entries
        begin ${upsert('old', '-')} ${upsert('new', '')} end`.execute(db);
      await sql`create trigger ledger_receipts_counters after insert on ledger_receipts begin
        insert into id_sequences (company_id, name, last_id) values (new.company_id, 'ledger_receipts:count', 1)
          on conflict (company_id, name) do update set last_id = last_id + 1;
        insert into id_sequences (company_id, name, last_id)
          values (new.company_id, 'receipt_number:' || new.fiscal_year_id, new.receipt_number)
          on conflict (company_id, name) do update set last_id = max(last_id, excluded.last_id);
        end`.execute(db);
    },
  },
  // Two indexes of the lines that no query needs any more, each one more write per line posted: every query of
  // lines by date also asks for lines in the ledger, which the reports' by-day index (0391) answers, and no query
  // finds a line by its id without its receipt's (the primary key's order).
  '0393_ledger_entries_without_date_and_id_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_by_date').execute();
      await db.schema.dropIndex('ledger_entries_by_id').execute();
    },
  },
  // New lines reach the month totals from their writer, one grouped upsert per batch (account-months.ts), instead
  // of a trigger on every line: on SQLite that trigger upserted once per line after looking its receipt up, the
  // largest part of SQLite's own work per line after the reports' index. A single receipt on SQLite writes its
  // lines first and then itself, and the receipt's trigger adds them (the posting of one receipt stays two
  // statements; `e.id > 0`, true of every line, keeps SQLite, which has no statistics, on the receipt's key instead
  // of the reports' covering index, which would read every line of the company). PostgreSQL's statement trigger goes too: the posting statement adds the totals itself, so one rule
  // feeds both engines. Deletes and moves of lines keep their triggers.
  '0403_ledger_month_totals_from_the_writers': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`drop trigger ledger_entries_months_insert on ledger_entries`.execute(db);
        await sql`drop function tase_ledger_months_insert()`.execute(db);
        return;
      }
      await sql`drop trigger ledger_entries_months_insert`.execute(db);
      await sql`drop trigger ledger_receipts_counters`.execute(db);
      await sql`create trigger ledger_receipts_counters after insert on ledger_receipts begin
        insert into id_sequences (company_id, name, last_id) values (new.company_id, 'ledger_receipts:count', 1)
          on conflict (company_id, name) do update set last_id = last_id + 1;
        insert into id_sequences (company_id, name, last_id)
          values (new.company_id, 'receipt_number:' || new.fiscal_year_id, new.receipt_number)
          on conflict (company_id, name) do update set last_id = max(last_id, excluded.last_id);
        insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor, line_count)
          select e.company_id, e.account_number, substr(e.entry_date, 1, 7), sum(max(e.amount_minor, 0)),
            sum(max(-e.amount_minor, 0)), count(*)
          from ledger_entries e
          where e.company_id = new.company_id and e.receipt_id = new.id and e.id > 0 and e.in_ledger
            and new.type <> ${sql.lit(OPENING_RECEIPT_TYPE)}
          group by e.company_id, e.account_number, substr(e.entry_date, 1, 7)
          on conflict (company_id, account_number, month) do update set
            debit_minor = debit_minor + excluded.debit_minor, credit_minor = credit_minor + excluded.credit_minor,
            line_count = line_count + excluded.line_count;
        end`.execute(db);
    },
  },
  // SQLite: the month totals WITHOUT ROWID, their rows stored in key order. A report reads a company's rows by
  // their key, and in a rowid table each row was a second lookup, by rowid, into rows that the upserts of a thousand
  // companies interleave (the general ledger's line counts of a year: 0.4 ms at 14 000 rows in all, 0.8 ms at a
  // million). The table is copied and renamed into place; the triggers on other tables that name it (the lines'
  // deletes and moves, the receipt's insert) resolve it by name when they run, so they stay as they are, and the
  // rename runs in SQLite's legacy mode, which does not first check them against the schema of the moment without
  // the table (https://www.sqlite.org/pragma.html#pragma_legacy_alter_table). PostgreSQL reads the totals from its
  // index and is left as it is.
  '0413_ledger_account_months_keyed': {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) return;
      await sql`create table ledger_account_months_keyed (company_id bigint not null, account_number text not null,
        month text not null, debit_minor bigint not null, credit_minor bigint not null,
        line_count bigint not null default 0,
        constraint ledger_account_months_pk primary key (company_id, account_number, month)) without rowid`.execute(db);
      await sql`insert into ledger_account_months_keyed
        select company_id, account_number, month, debit_minor, credit_minor, line_count from ledger_account_months
        order by company_id, account_number, month`.execute(db);
      await sql`drop table ledger_account_months`.execute(db);
      await sql`pragma legacy_alter_table = on`.execute(db);
      try {
        await sql`alter table ledger_account_months_keyed rename to ledger_account_months`.execute(db);
      } finally {
        await sql`pragma legacy_alter_table = off`.execute(db);
      }
    },
  },
  // A line's `allocations` are the ids of the allocations that booked it (the payment events of invoices, whose
  // migration 0511 gives their lines the ids). The column held whatever amounts clients sent in that field
  // before, which name no allocation.
  '0356_ledger_allocations_are_ids': {
    async up(db: Kysely<unknown>) {
      const companies = await sql<{ company_id: number | string }>`
        select distinct company_id from ledger_entries where allocations is not null`.execute(db);
      for (const { company_id } of companies.rows)
        await sql`update ledger_entries set allocations = null
          where company_id = ${company_id} and allocations is not null`.execute(db);
    },
  },
};
