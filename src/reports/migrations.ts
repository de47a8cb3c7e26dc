import type { Kysely, Migration } from 'kysely';

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
      // with the account and amount in the index, so only those days' entries are read.
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
};
