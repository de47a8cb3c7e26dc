// The posting interface: how every area that books something (journal receipts from the API; later sales and
// purchase invoices, payments, bank statements, salary slips) writes to the ledger.
//
//   const posted = await ledger.post(trx, companyId, {
//     type: 'SALES_INVOICE', status: 'APPROVED', name: 'Invoice 1001', receiptDate: '2026-03-01',
//     vatType: 'SALES', vatStatus: 1, partnerId, invoiceId,
//     lines: salesInvoicePostings(rows, { partnerId }),   // pure builders in src/domain/postings.ts
//   });
//   … when the document changes:            await ledger.replace(trx, companyId, posted.id, newDraft);
//   … when its status changes:              await ledger.setStatus(trx, companyId, posted.id, 'INVALIDATED');
//   … when a posted document is cancelled:  await ledger.reverse(trx, companyId, posted.id, { receiptDate });
//
// The contract:
// - Every operation runs in the caller's transaction `trx` (`ctx.db.transaction().execute(async (trx) => …)`):
//   the receipt, its number and its lines are written with the caller's document or not at all. None opens a
//   transaction of its own.
// - Every draft is checked before anything is written, all problems reported together (ApiError, 400): lines
//   balance to the cent and respect the limits (src/domain/postings.ts), accounts exist and are active
//   (ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE), dimension items exist in their dimension and are active
//   (DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION), partners exist (LEDGER_PARTNER_NOT_FOUND; all
//   partners of a draft in one query), and the receipt date lies in an open fiscal period (CLOSED_FISCAL_PERIOD
//   / NO_FISCAL_YEAR_FOR_DATE). VAT statuses and rates are checked by `checkVat` for callers that take them
//   from outside (the API's journal receipts); document areas compute their VAT with src/domain/vat.ts.
// - The writers of ledger lines (the receipt books, store.writeEntries) refuse unbalanced lines again, so an
//   unbalanced receipt cannot be stored by any path.
// - A new receipt costs at most three statements, on PostgreSQL one when the facts of its checks are known to the
//   book's cache and still hold, else two (the receipt book, book.ts); `postMany` books many in about as many
//   statements as one. The month totals follow the lines in the same statements
//   (account-months.ts).
// - Receipt numbers run per company and fiscal year without gaps: the number is taken from a counter row in
//   the same transaction, so a rolled-back posting gives its number back. Lines count in balances, reports and
//   the SIE export exactly while their receipt is APPROVED (ledger_entries.in_ledger).
// - A posted (APPROVED) receipt is corrected by reversing it: `reverse` books an APPROVED receipt with the
//   same lines negated, dated when the caller says, that names the receipt it reverses; both stay in the
//   ledger, so every period already reported keeps its figures. A receipt is reversed at most once.
import { attachmentsOf } from '../attachments/index.ts';
import { allocateIds, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { Decimal } from '../domain/decimal.ts';
import { apiError, ApiError, errorItem, notFound, type ErrorItem } from '../platform/errors.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import type { PostingLine } from '../domain/postings.ts';
import { vatCountry } from '../domain/vat.ts';
import { findDimensionItems } from '../dimensions/index.ts';
import type { FiscalService, OpenPeriod } from '../fiscal/index.ts';
import type { VatService } from '../vat/index.ts';
import type { LedgerReceiptWire, ReceiptStatus } from './schemas.ts';
import { draftToRow, entryToLine, receiptToWire, rowToDraft, type DraftLine, type ReceiptDraft } from './mapping.ts';
import * as store from './store.ts';
import {
  allWanted,
  dimensionItemProblems,
  draftProblems,
  periodsIfPassing,
  refusedOrPeriods,
} from './posting-checks.ts';
import { entryRows, type BookingHeader, type ReceiptBook, type WrittenReceipt } from './book.ts';
import { isTracked, recordChange, type HistoryAction } from './history.ts';
import { postedReceipts } from '../platform/metrics.ts';

export type { ReceiptDraft } from './mapping.ts';

export interface PostedReceipt {
  id: number;
  receiptNumber: number;
  fiscalYearId: number;
  version: string;
}

/** The status moves a receipt may make, by the action that makes them. */
export const ACTIONS = {
  approve: { to: 'APPROVED', from: ['UNFINISHED'] },
  unfinished: { to: 'UNFINISHED', from: ['APPROVED', 'INVALIDATED'] },
  invalidate: { to: 'INVALIDATED', from: ['UNFINISHED', 'APPROVED'] },
} as const satisfies Record<string, { to: ReceiptStatus; from: ReceiptStatus[] }>;
export type ReceiptAction = keyof typeof ACTIONS;

/** Lines booked together by `postMany` (one writing statement on PostgreSQL): a few megabytes of rows at most. */
const BATCH_LINES = 5_000;

const HISTORY_ACTIONS: Record<ReceiptStatus, HistoryAction> = {
  APPROVED: 'APPROVE',
  UNFINISHED: 'REOPEN',
  INVALIDATED: 'INVALIDATE',
};

export class LedgerPosting {
  readonly #ctx: AppContext;
  readonly #fiscal: FiscalService;
  readonly #vat: VatService;
  /** How checked receipts are written: chosen once, by the engine, where the area is created (index.ts). */
  protected readonly book: ReceiptBook;

  constructor(ctx: AppContext, fiscal: FiscalService, vat: VatService, book: ReceiptBook) {
    this.#ctx = ctx;
    this.#fiscal = fiscal;
    this.#vat = vat;
    this.book = book;
  }

  /** Books a new receipt inside the caller's transaction. */
  async post(trx: Db, companyId: number, draft: ReceiptDraft): Promise<PostedReceipt> {
    return (await this.postMany(trx, companyId, [draft]))[0];
  }

  /**
   * Books new receipts inside the caller's transaction, exactly as `post` would one after the other — numbered in
   * the order given, and refused together, with the problems of the first draft that breaks a rule — but in a few
   * statements for all of them (see #book): what bulk callers use (payments recorded in bulk, a payroll's slips).
   */
  async postMany(trx: Db, companyId: number, drafts: readonly ReceiptDraft[]): Promise<PostedReceipt[]> {
    const posted: PostedReceipt[] = [];
    let batch: ReceiptDraft[] = [];
    let lines = 0;
    for (const draft of drafts) {
      if (batch.length > 0 && lines + draft.lines.length > BATCH_LINES) {
        posted.push(...(await this.#book(trx, companyId, batch, null)));
        batch = [];
        lines = 0;
      }
      batch.push(draft);
      lines += draft.lines.length;
    }
    if (batch.length > 0) posted.push(...(await this.#book(trx, companyId, batch, null)));
    postedReceipts.inc(posted.length);
    return posted;
  }

  /**
   * Replaces the header and lines of a receipt (a document changed). The receipt keeps its id and number; its
   * date must stay within the fiscal year that numbered it. Lines sent with the id of an existing line keep it.
   */
  async replace(
    trx: Db,
    companyId: number,
    receiptId: number,
    draft: ReceiptDraft,
    actor: number | null = null,
  ): Promise<PostedReceipt> {
    const current = await this.book.lock(trx, companyId, receiptId);
    if (!current) throw notFound('Ledger receipt');
    const before = await this.#trackedBefore(trx, companyId, current);
    await this.#fiscal.openPeriodOn(trx, companyId, current.receipt_date);
    const period = await this.#validate(trx, companyId, draft);
    if (period.fiscalYearId !== Number(current.fiscal_year_id)) {
      const year = await trx
        .selectFrom('fiscal_years')
        .select(['start_date', 'end_date'])
        .where('company_id', '=', companyId)
        .where('id', '=', current.fiscal_year_id)
        .executeTakeFirstOrThrow();
      throw apiError('RECEIPT_DATE_MOVES_FISCAL_YEAR', 'receiptDate', { start: year.start_date, end: year.end_date });
    }
    const version = nextVersion(this.#ctx.clock.now(), current.version);
    const row = draftToRow(draft, {
      companyId,
      id: receiptId,
      fiscalYearId: period.fiscalYearId,
      receiptNumber: Number(current.receipt_number),
      reversesReceiptId: current.reverses_receipt_id === null ? null : Number(current.reverses_receipt_id),
      version,
      createdAt: current.created_at,
    });
    await store.updateReceipt(trx, row);
    const existing = await store.entriesOf(trx, companyId, [receiptId]);
    await this.#writeLines(
      trx,
      row,
      draft.lines,
      existing.map((e) => Number(e.id)),
    );
    if (before) await this.trackChange(trx, companyId, receiptId, 'EDIT', actor, before);
    return { id: receiptId, receiptNumber: row.receipt_number, fiscalYearId: period.fiscalYearId, version };
  }

  /**
   * Moves a receipt to another status. UNFINISHED → APPROVED, APPROVED → UNFINISHED, INVALIDATED → UNFINISHED,
   * UNFINISHED/APPROVED → INVALIDATED; anything else is ILLEGAL_RECEIPT_STATUS_TRANSITION. The receipt's period
   * must be open. Approving re-checks accounts, dimensions and partners as they are now.
   */
  async setStatus(
    trx: Db,
    companyId: number,
    receiptId: number,
    to: ReceiptStatus,
    actor: number | null = null,
  ): Promise<store.LedgerReceiptRow> {
    const row = await this.book.lock(trx, companyId, receiptId);
    if (!row) throw notFound('Ledger receipt');
    const action = (Object.keys(ACTIONS) as ReceiptAction[]).find((a) => ACTIONS[a].to === to)!;
    if (!(ACTIONS[action].from as readonly string[]).includes(row.status)) {
      throw apiError('ILLEGAL_RECEIPT_STATUS_TRANSITION', 'status', { from: row.status, to });
    }
    await this.#fiscal.openPeriodOn(trx, companyId, row.receipt_date);
    if (to === 'APPROVED') await this.#validate(trx, companyId, await this.#storedDraft(trx, companyId, row));
    const before = await this.#trackedBefore(trx, companyId, row, to);
    const next = { ...row, status: to, version: nextVersion(this.#ctx.clock.now(), row.version) };
    await store.updateReceipt(trx, next);
    await store.setInLedger(trx, companyId, receiptId, to === 'APPROVED');
    if (before) await this.trackChange(trx, companyId, receiptId, HISTORY_ACTIONS[to], actor, before);
    return next;
  }

  /**
   * Books the reversal of an APPROVED receipt: a new APPROVED receipt of the same type and header with every
   * line (and dimension allocation) negated, dated `receiptDate` (default: the original's date) in an open
   * period, naming the original (`reverses_receipt_id`). The original stays as it is. A receipt that is not
   * APPROVED, or was reversed already, is ILLEGAL_RECEIPT_STATUS_TRANSITION (to REVERSED).
   */
  async reverse(
    trx: Db,
    companyId: number,
    receiptId: number,
    options: { receiptDate?: string; name?: string } = {},
  ): Promise<PostedReceipt> {
    const original = await this.book.lock(trx, companyId, receiptId);
    if (!original) throw notFound('Ledger receipt');
    const reversed = (await store.reversalOf(trx, companyId, receiptId)) !== undefined;
    if (original.status !== 'APPROVED' || reversed) {
      const from = reversed ? 'REVERSED' : original.status;
      throw apiError('ILLEGAL_RECEIPT_STATUS_TRANSITION', 'status', { from, to: 'REVERSED' });
    }
    const reversal = reversalOf(await this.#storedDraft(trx, companyId, original), original, options);
    return (await this.#book(trx, companyId, [reversal], receiptId))[0];
  }

  /**
   * Books a receipt of the year-end (the opening balances of a fiscal year, or their reversal) into that fiscal
   * year whatever the state of its periods: the opening balances are the year's opening state, not a voucher of
   * the month they are dated in, so neither a locked month nor its filed VAT return holds them back (see
   * docs/year-end.md). Only the year-end booking calls it, in the transaction that closes or reopens a year; the
   * lines are checked to balance (store.insertYearEndReceipt), and accounts are taken as they are, an account
   * deactivated since still carrying its balance.
   */
  async bookOutsidePeriods(
    trx: Db,
    companyId: number,
    fiscalYearId: number,
    draft: ReceiptDraft,
    reverses: number | null = null,
  ): Promise<PostedReceipt> {
    const problems = draftProblems(draft).items;
    if (problems.length > 0) throw new ApiError(problems);
    const header = this.#header(companyId, reverses);
    const written = await this.book.writeYearEnd(trx, draft, fiscalYearId, header);
    return { ...written, fiscalYearId, version: header.version };
  }

  /** Reverses a receipt of the year-end whatever the state of its periods (see `bookOutsidePeriods`). */
  async reverseOutsidePeriods(trx: Db, companyId: number, receiptId: number, name: string): Promise<PostedReceipt> {
    const original = await this.book.lock(trx, companyId, receiptId);
    if (!original) throw notFound('Ledger receipt');
    const reversal = reversalOf(await this.#storedDraft(trx, companyId, original), original, { name });
    return this.bookOutsidePeriods(trx, companyId, Number(original.fiscal_year_id), reversal, receiptId);
  }

  /** A receipt as the API shows it (undefined when missing). */
  async receipt(db: Db, companyId: number, receiptId: number): Promise<LedgerReceiptWire | undefined> {
    return (await this.receipts(db, companyId, [receiptId]))[0];
  }

  /** Receipts as the API shows them, in id order; missing ids are left out. */
  async receipts(db: Db, companyId: number, ids: number[]): Promise<LedgerReceiptWire[]> {
    const rows = await store.getReceipts(db, companyId, ids);
    const receiptIds = rows.map((r) => Number(r.id));
    const [entries, dims, attachments] = await Promise.all([
      store.entriesOf(db, companyId, receiptIds),
      store.dimensionsOf(db, companyId, receiptIds),
      attachmentsOf(db, companyId, ['LEDGERRECEIPT'], receiptIds),
    ]);
    return rows.map((r) =>
      receiptToWire(
        r,
        entries.filter((e) => Number(e.receipt_id) === Number(r.id)),
        dims.filter((d) => Number(d.receipt_id) === Number(r.id)),
        attachments.get(Number(r.id)),
      ),
    );
  }

  /**
   * VAT of a draft whose VAT comes from outside (the API's journal receipts): the statuses are in use for the
   * VAT type, and every line's percent is a rate valid in the VAT country (`vatProcessing`, else the
   * company's) on the receipt date.
   */
  async checkVat(trx: Db, companyId: number, draft: ReceiptDraft): Promise<void> {
    const items: ErrorItem[] = [];
    const statuses = await this.#vat.statuses(trx, companyId);
    const inUse = (vatStatus: number, vatType: 'SALES' | 'PURCHASE') =>
      statuses.some((s) => s.vat_status === vatStatus && Boolean(vatType === 'SALES' ? s.sales : s.purchase));
    if (!inUse(draft.vatStatus, draft.vatType))
      items.push(
        errorItem('VAT_STATUS_NOT_IN_USE', 'vatStatus', { vatStatus: draft.vatStatus, vatType: draft.vatType }),
      );
    const country = draft.vatProcessing
      ? vatCountry(draft.vatProcessing)
      : await this.#vat.companyCountry(trx, companyId);
    if (draft.vatProcessing && !country)
      items.push(errorItem('UNKNOWN_VAT_COUNTRY', 'vatProcessing', { countryCode: draft.vatProcessing }));
    draft.lines.forEach((line, i) => {
      const vatType = line.vatType ?? draft.vatType;
      if (line.vatStatus != null && !inUse(line.vatStatus, vatType))
        items.push(
          errorItem('VAT_STATUS_NOT_IN_USE', `transactions[${i}].vatStatus`, { vatStatus: line.vatStatus, vatType }),
        );
      const percent = line.vatPercent ?? new Decimal(0);
      if (country && !this.#vat.isRateValid(country, draft.receiptDate, percent)) {
        items.push(
          errorItem('VAT_PERCENT_NOT_VALID', `transactions[${i}].vatPercent`, {
            vatPercent: percent.toFixed(),
            country: country.name,
            date: draft.receiptDate,
          }),
        );
      }
    });
    if (items.length > 0) throw new ApiError(items);
  }

  /**
   * Appends a change of a receipt to its audit trail (src/ledger/history.ts), the receipt as it is now being
   * the state after the change.
   */
  async trackChange(
    trx: Db,
    companyId: number,
    receiptId: number,
    action: HistoryAction,
    actor: number | null,
    before: LedgerReceiptWire,
  ): Promise<void> {
    const after = (await this.receipt(trx, companyId, receiptId))!;
    const at = isoDateTime(this.#ctx.clock.now());
    await recordChange(trx, companyId, { receiptId, action, userId: actor, at, before, after });
  }

  /** The receipt before a change, when the change belongs in the audit trail (else undefined). */
  async #trackedBefore(
    trx: Db,
    companyId: number,
    row: store.LedgerReceiptRow,
    to?: ReceiptStatus,
  ): Promise<LedgerReceiptWire | undefined> {
    if (!(await isTracked(trx, companyId, Number(row.id), row.status, to))) return undefined;
    return this.receipt(trx, companyId, Number(row.id));
  }

  /** Dimension allocations of lines: each item exists, is active and belongs to its dimension. */
  async dimensionProblems(
    trx: Db,
    companyId: number,
    lines: readonly PostingLine[],
    field: (line: number, value: number) => string,
  ): Promise<ErrorItem[]> {
    const itemIds = lines.flatMap((l) => (l.dimensions ?? []).map((d) => d.itemId));
    if (itemIds.length === 0) return [];
    const found = new Map((await findDimensionItems(trx, companyId, itemIds)).map((item) => [item.id, item]));
    return dimensionItemProblems(found, lines, field);
  }

  // -------------------------------------------------------------------------------------------------------

  /**
   * New receipts: every draft checked (posting-checks.ts) against the facts the book reads, then written by it. A
   * book that keeps the facts (a cache) is asked first: drafts that pass on its facts are written by a statement
   * that verifies them, and only when they no longer hold, or a draft fails on them, are the facts read afresh, so
   * that every refusal is judged on facts read in this transaction.
   */
  async #book(
    trx: Db,
    companyId: number,
    drafts: readonly ReceiptDraft[],
    reversesReceiptId: number | null,
  ): Promise<PostedReceipt[]> {
    const checks = drafts.map(draftProblems);
    const wanted = allWanted(checks);
    const header = this.#header(companyId, reversesReceiptId);
    const posted = (written: WrittenReceipt[], periods: OpenPeriod[]) =>
      written.map((w, i) => ({ ...w, fiscalYearId: periods[i].fiscalYearId, version: header.version }));
    const known = this.book.knownFacts?.(companyId, wanted);
    const passing = known && periodsIfPassing(drafts, checks, known);
    if (known && passing) {
      const fiscalYearIds = passing.map((p) => p.fiscalYearId);
      const written = await this.book.writeIfFacts!(trx, drafts, fiscalYearIds, header, known);
      if (written) return posted(written, passing);
    }
    const periods = refusedOrPeriods(drafts, checks, await this.book.facts(trx, companyId, wanted));
    const written = await this.book.write(
      trx,
      drafts,
      periods.map((p) => p.fiscalYearId),
      header,
    );
    return posted(written, periods);
  }

  #header(companyId: number, reversesReceiptId: number | null): BookingHeader {
    const now = this.#ctx.clock.now();
    return { companyId, reversesReceiptId, version: nextVersion(now), createdAt: isoDateTime(now) };
  }

  /** Every rule of a draft, all problems together; answers where the receipt goes. */
  async #validate(trx: Db, companyId: number, draft: ReceiptDraft) {
    const check = draftProblems(draft);
    return refusedOrPeriods([draft], [check], await this.book.facts(trx, companyId, check.wanted))[0];
  }

  async #writeLines(
    trx: Db,
    receipt: store.LedgerReceiptRow,
    lines: readonly DraftLine[],
    reusableIds: number[],
  ): Promise<void> {
    const companyId = receipt.company_id;
    const reusable = new Set(reusableIds);
    const kept = new Set<number>();
    const ids: number[] = lines.map(({ id }) =>
      id !== undefined && reusable.has(id) && !kept.has(id) ? (kept.add(id), id) : 0,
    );
    const fresh = ids.filter((id) => id === 0).length;
    let next = fresh > 0 ? await allocateIds(trx, companyId, 'ledger_entries', fresh) : 0;
    for (let i = 0; i < ids.length; i++) if (ids[i] === 0) ids[i] = next++;
    const { entries, dimensions } = entryRows(receipt, lines, ids);
    await store.writeEntries(trx, companyId, receipt.id, entries, dimensions);
  }

  /** A stored receipt with its lines as a draft. */
  async #storedDraft(db: Db, companyId: number, row: store.LedgerReceiptRow): Promise<ReceiptDraft> {
    const receiptId = Number(row.id);
    const [entries, dims] = await Promise.all([
      store.entriesOf(db, companyId, [receiptId]),
      store.dimensionsOf(db, companyId, [receiptId]),
    ]);
    const lines = entries.map((e) =>
      entryToLine(
        e,
        dims.filter((d) => Number(d.entry_id) === Number(e.id)),
      ),
    );
    return rowToDraft(row, lines);
  }
}

/** The reversal of a stored receipt: its header and lines negated (with their dimension allocations). */
function reversalOf(
  draft: ReceiptDraft,
  original: store.LedgerReceiptRow,
  options: { receiptDate?: string; name?: string },
): ReceiptDraft {
  return {
    ...draft,
    status: 'APPROVED',
    name: options.name ?? `Reversal of receipt ${original.receipt_number}`,
    receiptDate: options.receiptDate ?? draft.receiptDate,
    serialNumber: null,
    lines: draft.lines.map(({ id: _, ...line }) => ({
      ...line,
      amountMinor: -line.amountMinor,
      dimensions: (line.dimensions ?? []).map((d) => ({ ...d, amountMinor: -d.amountMinor })),
    })),
  };
}

/**
 * What other areas call to book (see the contract at the top of this file). Every method runs in the caller's
 * transaction and throws an ApiError, having written nothing, when the posting breaks a rule.
 */
export type Posting = Pick<LedgerPosting, 'post' | 'postMany' | 'replace' | 'setStatus' | 'reverse' | 'receipt'>;
