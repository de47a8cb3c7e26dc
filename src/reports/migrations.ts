import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { OPENING_RECEIPT_TYPE } from '../ledger/index.ts';

export const reportMigrations: Record<string, Migration> = {
  '0390_reports_ledger_index': {
    async up(db: Kysely<unknown>) {
      // The reports' index of ledger lines. It holds every column the reports read, so a trial balance or a
      // balance is one scan of the index (no table reads), and the general ledger's order (account, date,
      // receipt, line) is the index order (no sort, even for deep pages).
      await db.schema
        .createIndex('ledger_entries_reports')
        .on('ledger_entries')
        .columns(['company_id', 'in_ledger', 'account_number', 'entry_date', 'receipt_id', 'id', 'amount_minor'])
        .execute();
    },
  },
  '0391_reports_day_and_dimension_indexes': {
    async up(db: Kysely<unknown>) {
      // The days of a partial month at either end of a report's range are summed from the lines: by date first,
      // with the account and amount in the index, so only those days' entries are read. (Dropped by 0414.)
      await db.schema
        .createIndex('ledger_entries_reports_by_day')
        .on('ledger_entries')
        .columns(['company_id', 'in_ledger', 'entry_date', 'account_number', 'amount_minor'])
        .execute();
      // A report filtered by a dimension item sums that item's allocations, found by the item.
      await db.schema
        .createIndex('ledger_entry_dimensions_by_item')
        .on('ledger_entry_dimensions')
        .columns(['company_id', 'dimension_id', 'item_id', 'receipt_id', 'entry_id', 'amount_minor'])
        .execute();
    },
  },
  '0392_reports_month_line_counts': {
    async up(db: Kysely<unknown>) {
      // The month totals count their lines too, so that the general ledger finds where a page starts (which
      // account and month holds its first line) and the report's number of lines from a few rows per account and
      // month instead of counting and skipping every line before it. The triggers that keep the totals
      // (ledger migration 0355) are recreated with the count; they are otherwise as they were.
      await sql`alter table ledger_account_months add column line_count bigint not null default 0`.execute(db);
      const opening = sql.lit(OPENING_RECEIPT_TYPE);
      const notOpening = (line: string) =>
        sql`not exists (select 1 from ledger_receipts r where r.company_id = ${sql.raw(line)}.company_id
          and r.id = ${sql.raw(line)}.receipt_id and r.type = ${opening})`;
      await sql`update ledger_account_months set line_count = (select count(*) from ledger_entries e
          where e.company_id = ledger_account_months.company_id and e.in_ledger = true
          and e.account_number = ledger_account_months.account_number
          and e.entry_date >= ledger_account_months.month || '-01' and e.entry_date <= ledger_account_months.month || '-31'
          and ${notOpening('e')})`.execute(db);
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
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
        for (const [event, rows] of Object.entries(functions))
          await sql`create or replace function ${sql.raw(`tase_ledger_months_${event}`)}() returns trigger
            language plpgsql as $$ begin
            insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor, line_count)
            select m.company_id, m.account_number, substr(m.entry_date, 1, 7),
              sum(m.sign * greatest(m.amount_minor, 0)), sum(m.sign * greatest(-m.amount_minor, 0)), sum(m.sign)
            from (${rows}) m
            where ${notOpening('m')}
            group by m.company_id, m.account_number, substr(m.entry_date, 1, 7)
            order by m.company_id, m.account_number, substr(m.entry_date, 1, 7)
            on conflict (company_id, account_number, month) do update set
              debit_minor = ledger_account_months.debit_minor + excluded.debit_minor,
              credit_minor = ledger_account_months.credit_minor + excluded.credit_minor,
              line_count = ledger_account_months.line_count + excluded.line_count;
            return null; end $$`.execute(db);
        return;
      }
      const upsert = (line: 'new' | 'old', sign: '' | '-') =>
        sql`insert into ledger_account_months (company_id, account_number, month, debit_minor, credit_minor, line_count)
          select ${sql.raw(line)}.company_id, ${sql.raw(line)}.account_number, substr(${sql.raw(line)}.entry_date, 1, 7),
            ${sql.raw(sign)}max(${sql.raw(line)}.amount_minor, 0), ${sql.raw(sign)}max(-${sql.raw(line)}.amount_minor, 0),
            ${sql.raw(sign)}1
          where ${sql.raw(line)}.in_ledger and ${notOpening(line)}
          on conflict (company_id, account_number, month) do update set
            debit_minor = debit_minor + excluded.debit_minor, credit_minor = credit_minor + excluded.credit_minor,
            line_count = line_count + excluded.line_count;`;
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.raw(`ledger_entries_months_${event}`)}`.execute(db);
      await sql`create trigger ledger_entries_months_insert after insert on ledger_entries
        begin ${upsert('new', '')} end`.execute(db);
      await sql`create trigger ledger_entries_months_delete after delete on ledger_entries
        begin ${upsert('old', '-')} end`.execute(db);
      await sql`create trigger ledger_entries_months_update
        after update of in_ledger, account_number, entry_date, amount_minor on ledger_entries
        begin ${upsert('old', '-')} ${upsert('new', '')} end`.execute(db);
    },
  },
  '0414_reports_without_the_day_index': {
    async up(db: Kysely<unknown>) {
      // The lines of some days are read by seeking each account with lines in their months (the month totals
      // know them) in the reports index, which leads with the account. An index by day cost every posted line a
      // fourth b-tree entry for reads of a few days at a report's ends: 8 % of PostgreSQL's CPU in a bulk posting
      // dated in order, and on SQLite +60 % on the bare inserts of a million lines whose days come out of order
      // (the days of a month interleaved), 3–28 % when every batch is later than the one before.
      await db.schema.dropIndex('ledger_entries_reports_by_day').ifExists().execute();
    },
  },
};
