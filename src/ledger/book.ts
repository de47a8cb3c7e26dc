// How new receipts are written once the posting checks (posting-checks.ts) have passed: the receipt book. One
// implementation per database engine, each in a file of its own (book-sqlite.ts, book-postgres.ts), chosen once
// when the ledger area is created (index.ts); the posting rules (posting.ts, service.ts) see only this interface.
import type { Db } from '../db/index.ts';
import type { FactsWanted, PostingFacts } from './posting-checks.ts';
import { allocationRows, draftToRow, lineToEntry, type DraftLine, type ReceiptDraft } from './mapping.ts';
import type { LedgerReceiptRow, NewReceipt } from './store.ts';

/** What the ledger decides for every receipt of one booking, beside the drafts. */
export interface BookingHeader {
  companyId: number;
  reversesReceiptId: number | null;
  version: string;
  createdAt: string;
}

/** A receipt written: its id and its number in its fiscal year. */
export interface WrittenReceipt {
  id: number;
  receiptNumber: number;
}

export interface ReceiptBook {
  /**
   * What the posting checks read: the period of each date (held until the transaction ends, so that a closing
   * cannot slip in between the check and the write), and the accounts, dimension items and partners named.
   */
  facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts>;
  /**
   * Writes receipts that passed every check into the fiscal years given, with their lines and dimension allocations,
   * numbered without gaps in the order given within each year; answers each one's id and number, in order.
   */
  write(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
  ): Promise<WrittenReceipt[]>;
  /**
   * The facts of `wanted` as a cache of the book holds them, without a read; undefined when it does not hold them
   * all (or keeps none). They may be out of date: the checks run on them only to try `writeIfFacts`.
   */
  knownFacts?(companyId: number, wanted: FactsWanted): PostingFacts | undefined;
  /**
   * Writes as `write` does if `facts` (what `knownFacts` answered) still hold in the database, the periods of
   * their dates held as `facts` would hold them; else writes nothing, takes no number, and answers undefined.
   */
  writeIfFacts?(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
    facts: PostingFacts,
  ): Promise<WrittenReceipt[] | undefined>;
  /** Writes one receipt of the year-end into its fiscal year, whatever the state of the periods (year-end.ts). */
  writeYearEnd(trx: Db, draft: ReceiptDraft, fiscalYearId: number, header: BookingHeader): Promise<WrittenReceipt>;
  /** A receipt, held against other writers until the transaction ends; undefined when missing. */
  lock(trx: Db, companyId: number, receiptId: number): Promise<LedgerReceiptRow | undefined>;
}

/**
 * The rows of new receipts: ids from `firstId` and their lines' from `firstEntryId` on, in order (a book that
 * allocates the ids in the database passes 0 for both: the ids are then indexes that its statement turns into ids).
 */
export function newReceipts(
  drafts: readonly ReceiptDraft[],
  fiscalYearIds: readonly number[],
  header: BookingHeader,
  firstId: number,
  firstEntryId: number,
): NewReceipt[] {
  let entryId = firstEntryId;
  return drafts.map((draft, i) => {
    const row = draftToRow(draft, { ...header, id: firstId + i, fiscalYearId: fiscalYearIds[i], receiptNumber: 0 });
    return {
      row,
      ...entryRows(
        row,
        draft.lines,
        draft.lines.map(() => entryId++),
      ),
    };
  });
}

/** The rows of a receipt's lines (with the given ids) and of their dimension allocations. */
export function entryRows(receipt: LedgerReceiptRow, lines: readonly DraftLine[], ids: readonly number[]) {
  return {
    entries: lines.map((line, i) => lineToEntry(receipt, ids[i], line)),
    dimensions: lines.flatMap((line, i) =>
      allocationRows(receipt.company_id, receipt.id, ids[i], line.dimensions ?? []),
    ),
  };
}
