// The ledger: receipts and their lines (entries), journals, and the posting interface other areas book through.
//
// Other areas (invoices, payroll, …) import the posting interface, `Posting`, never the HTTP operations: they
// book inside their own transaction, and the ledger checks what every posting must satisfy (balanced lines,
// an open period of a fiscal year, VAT, dimensions, partners) before writing anything.
import { defineArea } from '../platform/area.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { VatService } from '../vat/index.ts';
import { ledgerMigrations } from './migrations.ts';
import { ledgerRoutes } from './routes.ts';
import { historyRoutes } from './history-routes.ts';
import { LedgerService } from './service.ts';
import { PostgresReceiptBook } from './book-postgres.ts';
import { SqliteReceiptBook } from './book-sqlite.ts';
import { CachedFactsBook } from './posting-facts-cache.ts';
import { getReceipt, receiptIdsIn, receiptIdsOfType } from './store.ts';
import { RECEIPT_TYPES } from './schemas.ts';
import { ATTACHMENT_SEARCH_TYPES } from '../domain/real-vocabularies.ts';
import type { Db } from '../db/index.ts';
import { yearEndBooking } from './year-end.ts';
import { ledgerExamples } from './examples.ts';

export { balanceSheetBefore, hasOpeningBalances, openingStateOn } from './year-end.ts';
export { accountsWithLines } from './account-months.ts';
export { entriesOf } from './store.ts';
export { OPENING_RECEIPT_TYPE } from './opening.ts';
export { ANY_RECEIPT_STATUS } from './schemas.ts';

export type { LedgerReceiptRow } from './store.ts';

/**
 * What other areas call to book (the contract is at the top of posting.ts). Every method runs in the caller's
 * transaction `trx` and throws an ApiError (nothing written by it) when the posting breaks a rule:
 * - `post` books a new receipt (UNFINISHED, or APPROVED to count in balances at once) and numbers it;
 * - `postMany` books many as `post` would one after the other, in about as many statements as one;
 * - `replace` rewrites a receipt's header and lines (same id and number, same fiscal year);
 * - `setStatus` approves, reopens (UNFINISHED) or invalidates a receipt that is not final yet;
 * - `reverse` books the reversal of an APPROVED receipt, linked to it (how a posted document is cancelled);
 * - `receipt` reads a receipt as the API shows it.
 */
export type { Posting, PostedReceipt, ReceiptDraft } from './posting.ts';

export { LedgerService } from './service.ts';
export { editedSinceApproval } from './history.ts';

export const ledgerArea = defineArea({
  name: 'ledger',
  examples: ledgerExamples,
  rights: ['accounting.ledgerReceipts'],
  tables: {
    company: [
      'ledger_receipts',
      'ledger_entries',
      'ledger_entry_dimensions',
      'ledger_receipt_history',
      'ledger_account_months',
    ],
  },
  migrations: ledgerMigrations,
  create: (ctx, deps: { fiscal: FiscalService; vat: VatService }) => {
    // closing a period or year refuses while unfinished receipts are dated in it
    deps.fiscal.useUnfinishedReceipts((trx, companyId, start, end, limit) =>
      receiptIdsIn(trx, companyId, 'UNFINISHED', start, end, limit),
    );
    // the one place the ledger asks which engine runs: how checked receipts are written (book.ts); on PostgreSQL
    // the facts of the checks are also kept per process, verified by the writing statement (posting-facts-cache.ts)
    const book =
      ctx.engine === 'postgres'
        ? new CachedFactsBook(new PostgresReceiptBook())
        : new SqliteReceiptBook(ctx, deps.fiscal);
    const ledger = new LedgerService(ctx, deps.fiscal, deps.vat, book);
    // closing a fiscal year books the next one's opening balances; reopening reverses them
    deps.fiscal.useYearEndBooking(yearEndBooking(ledger));
    return ledger;
  },
  routes: (ledger) => [...ledgerRoutes(ledger), ...historyRoutes(ledger)],
  attachmentTargets: {
    LEDGERRECEIPT: {
      right: 'accounting.ledgerReceipts',
      exists: async (db, companyId, id) => (await getReceipt(db, companyId, id)) !== undefined,
      kinds: Object.fromEntries(
        RECEIPT_TYPES.filter((type) => (ATTACHMENT_SEARCH_TYPES as readonly string[]).includes(type)).map((type) => [
          type,
          {
            right: 'accounting.ledgerReceipts',
            ids: (db: Db, companyId: number) => receiptIdsOfType(db, companyId, type),
          },
        ]),
      ),
    },
  },
});
