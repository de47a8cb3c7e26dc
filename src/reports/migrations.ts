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
};
