// Per company, account and calendar month: the debits and credits of the lines in the ledger (their receipt is
// APPROVED) and how many there are, leaving out the opening-balances receipts. Kept by triggers on ledger_entries
// (migration 0355; the count since reports migration 0392, for the general ledger's paging), in the statement
// that inserts, deletes or moves lines, so that reports sum a few rows per account and month instead of every
// line: a report's cost stays flat as the ledger grows. Reports read this table; only those triggers write it.
import type { MinorUnits } from '../domain/decimal.ts';

interface LedgerAccountMonthRow {
  company_id: number;
  account_number: string;
  /** YYYY-MM of the lines' date. */
  month: string;
  /** Sum of the positive lines, cents. */
  debit_minor: MinorUnits;
  /** Sum of the negative lines as a positive amount, cents. */
  credit_minor: MinorUnits;
  /** How many lines (general-ledger paging, reports migration 0392). */
  line_count: number;
}

declare module '../db/types.ts' {
  interface Database {
    ledger_account_months: LedgerAccountMonthRow;
  }
}
