// The HTTP operations of ledger receipts and journals. They open their own transaction and book through the
// posting interface (posting.ts), which they extend; what other areas call is that interface alone (`Posting`).
import type { AppContext } from '../platform/context.ts';
import { apiError, ApiError, errorItem, notFound, type ErrorCode, type ErrorItem } from '../platform/errors.ts';
import { checkReadOnly } from '../platform/resource.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, pagedCountingCheaply, type PageRequest, type PartlyCounted } from '../platform/paging.ts';
import { checkDimensions } from '../domain/postings.ts';
import { getPartner } from '../partners/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { VatService } from '../vat/index.ts';
import type { DimensionItemValueWire, JournalWire, LedgerReceiptBasicInfoWire, LedgerReceiptWire } from './schemas.ts';
import { allocationRows, basicInfo, journalOf, valueToAllocation, wireToDraft } from './mapping.ts';
import { ACTIONS, LedgerPosting, type ReceiptAction } from './posting.ts';
import type { ReceiptBook } from './book.ts';
import * as store from './store.ts';
import { isTracked, receiptHistory, type HistoryEntry } from './history.ts';

export type { ReceiptAction } from './posting.ts';

const READ_ONLY = ['id', 'status', 'receiptNumber', 'invoiceId', 'invoiceNumber', 'version'] as const;

export class LedgerService extends LedgerPosting {
  readonly #ctx: AppContext;
  readonly #fiscal: FiscalService;

  constructor(ctx: AppContext, fiscal: FiscalService, vat: VatService, book: ReceiptBook) {
    super(ctx, fiscal, vat, book);
    this.#ctx = ctx;
    this.#fiscal = fiscal;
  }

  // -------------------------------------------------------------------------------------------------------
  // HTTP operations on ledger receipts.

  async create(
    companyId: number,
    wire: LedgerReceiptWire,
    options: { createReconciliation?: boolean } = {},
  ): Promise<LedgerReceiptWire> {
    if (wire.type !== 'JOURNAL') throw apiError('ONLY_JOURNAL_RECEIPTS_CAN_BE_CREATED', 'type');
    checkAttachments(wire);
    ownAllocations(wire);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const draft = wireToDraft(wire, 'UNFINISHED', options.createReconciliation ?? false);
      await this.checkVat(trx, companyId, draft);
      const posted = await this.post(trx, companyId, draft);
      return (await this.receipt(trx, companyId, posted.id))!;
    });
  }

  async get(companyId: number, ids: number[]): Promise<LedgerReceiptWire[]> {
    return this.receipts(this.#ctx.db, companyId, ids);
  }

  async search(
    companyId: number,
    search: store.ReceiptSearch,
    page: PageRequest,
  ): Promise<PartlyCounted<LedgerReceiptBasicInfoWire>> {
    const db = this.#ctx.db;
    if (store.isUnfiltered(search)) {
      const [rows, total] = await Promise.all([
        store.searchReceipts(db, companyId, search, page),
        store.receiptCount(db, companyId),
      ]);
      return paged(rows.map(basicInfo), total, page);
    }
    const rows = await store.searchReceipts(db, companyId, search, page);
    return pagedCountingCheaply(rows.map(basicInfo), page, (limit) =>
      store.countReceiptsUpTo(db, companyId, search, limit),
    );
  }

  /** The first JOURNAL receipt (in id order) that matches: the real interface answers one journal here. */
  async journal(companyId: number, search: store.ReceiptSearch): Promise<JournalWire> {
    const db = this.#ctx.db;
    const page = { pageNumber: 0, pageSize: 1, offset: 0, order: 'asc' as const };
    const rows = await store.searchReceipts(db, companyId, { ...search, types: ['JOURNAL'] }, page);
    const r = rows[0];
    if (!r) throw notFound('Journal');
    const partner = r.partner_id === null ? undefined : await getPartner(db, companyId, Number(r.partner_id));
    return journalOf(r, partner);
  }

  async update(
    companyId: number,
    receiptId: number,
    wire: LedgerReceiptWire,
    options: { createReconciliation?: boolean; userId?: number } = {},
  ): Promise<LedgerReceiptWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.book.lock(trx, companyId, receiptId);
      if (!row) throw notFound('Ledger receipt');
      const stored = (await this.receipt(trx, companyId, receiptId))!;
      if (row.type !== 'JOURNAL') throw apiError('RECEIPT_TYPE_NOT_EDITABLE', 'type', { type: row.type });
      if (wire.type !== row.type) throw apiError('RECEIPT_TYPE_CANNOT_BE_CHANGED', 'type');
      checkReadOnly(wire, stored, READ_ONLY);
      checkAttachments(wire, stored);
      if (row.status !== 'UNFINISHED')
        throw apiError('RECEIPT_NOT_EDITABLE_IN_STATUS', 'status', { status: row.status });
      const allocations = ownAllocations(wire, stored);
      const draft = wireToDraft(wire, 'UNFINISHED', options.createReconciliation ?? false);
      draft.lines.forEach((line, i) => (line.allocations = allocations[i]));
      draft.invoiceId = row.invoice_id === null ? null : Number(row.invoice_id);
      draft.invoiceNumber = row.invoice_number === null ? null : Number(row.invoice_number);
      await this.checkVat(trx, companyId, draft);
      await this.replace(trx, companyId, receiptId, draft, options.userId ?? null);
      return (await this.receipt(trx, companyId, receiptId))!;
    });
  }

  /** approve | invalidate | unfinished on a JOURNAL receipt (other receipts follow their documents). */
  async action(
    companyId: number,
    receiptId: number,
    action: ReceiptAction,
    userId: number | null = null,
  ): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getReceipt(trx, companyId, receiptId);
      if (!row) throw notFound('Ledger receipt');
      if (row.type !== 'JOURNAL') throw apiError('RECEIPT_TYPE_NOT_EDITABLE', 'type', { type: row.type });
      const next = await this.setStatus(trx, companyId, receiptId, ACTIONS[action].to, userId);
      return { message: `Ledger receipt ${receiptId} (number ${row.receipt_number}) is ${next.status}.` };
    });
  }

  /** Replaces the dimension allocations of one transaction; allowed while the receipt is not invalidated. */
  async setDimensions(
    companyId: number,
    receiptId: number,
    transactionId: number,
    values: DimensionItemValueWire[],
    userId: number | null = null,
  ): Promise<LedgerReceiptWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.book.lock(trx, companyId, receiptId);
      if (!row) throw notFound('Ledger receipt');
      const entry = (await store.entriesOf(trx, companyId, [receiptId])).find((e) => Number(e.id) === transactionId);
      if (!entry) throw notFound('Transaction');
      if (row.status === 'INVALIDATED')
        throw apiError('RECEIPT_NOT_EDITABLE_IN_STATUS', 'status', { status: row.status });
      await this.#fiscal.openPeriodOn(trx, companyId, row.receipt_date);
      const dimensions = values.map(valueToAllocation);
      const items: ErrorItem[] = checkDimensions(dimensions, entry.amount_minor).map((p) =>
        errorItem(p.code as ErrorCode, p.field, p.params),
      );
      items.push(
        ...(await this.dimensionProblems(
          trx,
          companyId,
          [{ account: entry.account_number, amountMinor: entry.amount_minor, dimensions }],
          () => 'dimensionItemValues',
        )),
      );
      if (items.length > 0) throw new ApiError(items);
      const before = (await isTracked(trx, companyId, receiptId, row.status))
        ? await this.receipt(trx, companyId, receiptId)
        : undefined;
      await store.writeEntryDimensions(
        trx,
        companyId,
        receiptId,
        transactionId,
        allocationRows(companyId, receiptId, transactionId, dimensions),
      );
      await store.updateReceipt(trx, { ...row, version: nextVersion(this.#ctx.clock.now(), row.version) });
      if (before) await this.trackChange(trx, companyId, receiptId, 'EDIT', userId, before);
      return (await this.receipt(trx, companyId, receiptId))!;
    });
  }

  /** The audit trail of a receipt, oldest change first (empty while it was never approved). */
  async history(companyId: number, receiptId: number): Promise<{ receiptId: number; changes: HistoryEntry[] }> {
    const row = await store.getReceipt(this.#ctx.db, companyId, receiptId);
    if (!row) throw notFound('Ledger receipt');
    const changes = (await receiptHistory(this.#ctx.db, companyId, [receiptId])).get(receiptId) ?? [];
    return { receiptId, changes };
  }
}

/**
 * The allocations of the transactions of a request, as stored: allocations tie a transaction to the payment of an
 * invoice and are made and undone by that payment, so a request cannot add or drop one (the real interface
 * documents the field as answered by GET and not modified by POST or PUT). A transaction may repeat ids of its own
 * (the one of `stored` with its `id`; a new transaction has none), so that a receipt read can be sent back; any
 * other id is refused, each one named, rather than ignored. Answers each transaction's stored allocations.
 */
function ownAllocations(wire: LedgerReceiptWire, stored?: LedgerReceiptWire): (number[] | null)[] {
  const storedOf = new Map((stored?.transactions ?? []).map((t) => [t.id, t.allocations ?? []]));
  const problems: ErrorItem[] = [];
  const own = wire.transactions.map((t, i) => {
    const mine = t.id === undefined ? [] : (storedOf.get(t.id) ?? []);
    (t.allocations ?? []).forEach((id, j) => {
      if (!mine.includes(id))
        problems.push(
          errorItem('ALLOCATION_NOT_OF_TRANSACTION', `transactions[${i}].allocations[${j}]`, {
            id,
            own: mine.length > 0 ? mine.join(', ') : 'none',
          }),
        );
    });
    return mine.length > 0 ? [...mine] : null;
  });
  if (problems.length > 0) throw new ApiError(problems);
  return own;
}

/**
 * Attachments are read-only here (files are attached with POST /attachments): a request may leave them out, send
 * [], or repeat the receipt's own (`stored`; a new receipt has none).
 */
function checkAttachments(wire: LedgerReceiptWire, stored?: LedgerReceiptWire): void {
  const sent = (wire.attachments ?? []).map((a) => a.id);
  if (sent.length === 0) return;
  const current = (stored?.attachments ?? []).map((a) => a.id);
  if (sent.length !== current.length || sent.some((id, i) => id !== current[i]))
    throw apiError('READ_ONLY_FIELD_CHANGED', 'attachments');
}
