// The HTTP operations of ledger receipts and journals. They open their own transaction and book through the
// posting interface (posting.ts), which they extend; what other areas call is that interface alone (`Posting`).
import type { AppContext } from '../platform/context.ts';
import { apiError, ApiError, errorItem, notFound, type ErrorCode, type ErrorItem } from '../platform/errors.ts';
import { checkReadOnly } from '../platform/resource.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { checkDimensions } from '../domain/postings.ts';
import { getPartner } from '../partners/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { VatService } from '../vat/index.ts';
import type { DimensionItemValueWire, JournalWire, LedgerReceiptBasicInfoWire, LedgerReceiptWire } from './schemas.ts';
import { allocationRows, basicInfo, journalOf, valueToAllocation, wireToDraft } from './mapping.ts';
import { ACTIONS, LedgerPosting, type ReceiptAction } from './posting.ts';
import * as store from './store.ts';

export type { ReceiptAction } from './posting.ts';

const READ_ONLY = ['id', 'status', 'receiptNumber', 'invoiceId', 'invoiceNumber', 'version'] as const;

export class LedgerService extends LedgerPosting {
  readonly #ctx: AppContext;
  readonly #fiscal: FiscalService;

  constructor(ctx: AppContext, fiscal: FiscalService, vat: VatService) {
    super(ctx, fiscal, vat);
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
    checkNoAttachments(wire);
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
  ): Promise<Paged<LedgerReceiptBasicInfoWire>> {
    const db = this.#ctx.db;
    const [rows, total] = await Promise.all([
      store.searchReceipts(db, companyId, search, page),
      store.countReceipts(db, companyId, search),
    ]);
    return paged(rows.map(basicInfo), total, page);
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
    options: { createReconciliation?: boolean } = {},
  ): Promise<LedgerReceiptWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.lockReceipt(trx, companyId, receiptId, this.#ctx.engine);
      if (!row) throw notFound('Ledger receipt');
      const stored = (await this.receipt(trx, companyId, receiptId))!;
      if (row.type !== 'JOURNAL') throw apiError('RECEIPT_TYPE_NOT_EDITABLE', 'type', { type: row.type });
      if (wire.type !== row.type) throw apiError('RECEIPT_TYPE_CANNOT_BE_CHANGED', 'type');
      checkReadOnly(wire, stored, READ_ONLY);
      checkNoAttachments(wire);
      if (row.status !== 'UNFINISHED')
        throw apiError('RECEIPT_NOT_EDITABLE_IN_STATUS', 'status', { status: row.status });
      const draft = wireToDraft(wire, 'UNFINISHED', options.createReconciliation ?? false);
      draft.invoiceId = row.invoice_id === null ? null : Number(row.invoice_id);
      draft.invoiceNumber = row.invoice_number === null ? null : Number(row.invoice_number);
      await this.checkVat(trx, companyId, draft);
      await this.replace(trx, companyId, receiptId, draft);
      return (await this.receipt(trx, companyId, receiptId))!;
    });
  }

  /** approve | invalidate | unfinished on a JOURNAL receipt (other receipts follow their documents). */
  async action(companyId: number, receiptId: number, action: ReceiptAction): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getReceipt(trx, companyId, receiptId);
      if (!row) throw notFound('Ledger receipt');
      if (row.type !== 'JOURNAL') throw apiError('RECEIPT_TYPE_NOT_EDITABLE', 'type', { type: row.type });
      const next = await this.setStatus(trx, companyId, receiptId, ACTIONS[action].to);
      return { message: `Ledger receipt ${receiptId} (number ${row.receipt_number}) is ${next.status}.` };
    });
  }

  /** Replaces the dimension allocations of one transaction; allowed while the receipt is not invalidated. */
  async setDimensions(
    companyId: number,
    receiptId: number,
    transactionId: number,
    values: DimensionItemValueWire[],
  ): Promise<LedgerReceiptWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.lockReceipt(trx, companyId, receiptId, this.#ctx.engine);
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
      await store.writeEntryDimensions(
        trx,
        companyId,
        receiptId,
        transactionId,
        allocationRows(companyId, receiptId, transactionId, dimensions),
      );
      await store.updateReceipt(trx, { ...row, version: nextVersion(this.#ctx.clock.now(), row.version) });
      return (await this.receipt(trx, companyId, receiptId))!;
    });
  }
}

/** Attachments are read-only here and none exist: a request may only repeat that (leave them out or send []). */
function checkNoAttachments(wire: LedgerReceiptWire): void {
  if (wire.attachments && wire.attachments.length > 0) throw apiError('READ_ONLY_FIELD_CHANGED', 'attachments');
}
