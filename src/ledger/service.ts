// The posting core. Every area that books something (journal receipts here; later sales and purchase
// invoices, payments, bank statements, salary slips) goes through ONE internal API:
//
//   const posted = await ledger.post(trx, companyId, {
//     type: 'SALES_INVOICE', status: 'APPROVED', name: 'Invoice 1001', receiptDate: '2026-03-01',
//     vatType: 'SALES', vatStatus: 1, partnerId, invoiceId,
//     lines: salesInvoicePostings(rows, { partnerId }),   // pure builders in src/domain/postings.ts
//   });
//   … later, when the document changes:   await ledger.replace(trx, companyId, posted.id, newDraft);
//   … and when its status changes:        await ledger.setStatus(trx, companyId, posted.id, 'INVALIDATED');
//
// Call it inside your own transaction (`ctx.db.transaction().execute(async (trx) => …)`): the receipt, its
// number and its lines are written with your document or not at all. Every draft is checked here, all
// problems reported together (ApiError, 400): lines balance to the cent and respect the limits
// (src/domain/postings.ts), accounts exist and are active (ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE),
// dimension items exist in their dimension and are active (DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION),
// partners exist, and the receipt date lies in an open fiscal period (CLOSED_FISCAL_PERIOD /
// NO_FISCAL_YEAR_FOR_DATE). The only writer of ledger lines (store.writeEntries) refuses unbalanced lines
// again, so an unbalanced receipt cannot be stored by any path.
//
// Receipt numbers run per company and fiscal year without gaps: the number is taken from a counter row in
// the same transaction, so a rolled-back posting gives its number back. Lines count in balances, reports and
// the SIE export exactly while their receipt is APPROVED (ledger_entries.in_ledger).
import { allocateId, allocateIds, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { Decimal, fromMinorUnits, toMinorUnits } from '../domain/decimal.ts';
import { apiError, ApiError, errorItem, notFound, type ErrorCode, type ErrorItem } from '../platform/errors.ts';
import { checkReadOnly, compact } from '../platform/resource.ts';
import { parseJson } from '../platform/json.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import {
  checkDimensions,
  checkLines,
  reconciliationLine,
  STANDARD_ACCOUNTS,
  type DimensionAllocation,
  type PostingLine,
  type TransactionType,
} from '../domain/postings.ts';
import { vatCountry } from '../domain/vat.ts';
import { findAccounts } from '../accounts/index.ts';
import { findDimensionItems } from '../dimensions/index.ts';
import { getPartner, partnerExists, type PartnerRow } from '../partners/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { VatService } from '../vat/index.ts';
import type {
  DimensionItemValueWire,
  JournalWire,
  LedgerReceiptBasicInfoWire,
  LedgerReceiptWire,
  ReceiptStatus,
  ReceiptType,
  TransactionWire,
} from './schemas.ts';
import * as store from './store.ts';

/** What a caller asks the ledger to book. */
export interface ReceiptDraft {
  type: ReceiptType;
  /** UNFINISHED (a draft, not in balances) or APPROVED (counts at once). */
  status: 'UNFINISHED' | 'APPROVED';
  name: string;
  receiptDate: string;
  vatType: 'SALES' | 'PURCHASE';
  vatStatus: number;
  lines: PostingLine[];
  partnerId?: number | null;
  invoiceId?: number | null;
  invoiceNumber?: number | null;
  vatProcessing?: string | null;
  invoiceNotes?: string | null;
  accountantsNotes?: string | null;
  transactionDescription?: string | null;
  receiptValidity?: string | null;
  periodStartDate?: string | null;
  periodEndDate?: string | null;
  partnerCode?: string | null;
  depreciation?: string | null;
  vatDate?: string | null;
  serialNumber?: { series?: string; number?: number } | null;
}

export interface PostedReceipt {
  id: number;
  receiptNumber: number;
  fiscalYearId: number;
  version: string;
}

const ACTIONS = {
  approve: { to: 'APPROVED', from: ['UNFINISHED'] },
  unfinished: { to: 'UNFINISHED', from: ['APPROVED', 'INVALIDATED'] },
  invalidate: { to: 'INVALIDATED', from: ['UNFINISHED', 'APPROVED'] },
} as const satisfies Record<string, { to: ReceiptStatus; from: ReceiptStatus[] }>;
export type ReceiptAction = keyof typeof ACTIONS;

const READ_ONLY = ['id', 'status', 'receiptNumber', 'invoiceId', 'invoiceNumber', 'version'] as const;

const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

export class LedgerService {
  readonly #ctx: AppContext;
  readonly #fiscal: FiscalService;
  readonly #vat: VatService;

  constructor(ctx: AppContext, fiscal: FiscalService, vat: VatService) {
    this.#ctx = ctx;
    this.#fiscal = fiscal;
    this.#vat = vat;
  }

  // -------------------------------------------------------------------------------------------------------
  // The internal API.

  /** Books a new receipt inside the caller's transaction. */
  async post(trx: Db, companyId: number, draft: ReceiptDraft): Promise<PostedReceipt> {
    const period = await this.#validate(trx, companyId, draft);
    const now = this.#ctx.clock.now();
    const id = await allocateId(trx, companyId, 'ledger_receipts');
    const receiptNumber = await allocateId(trx, companyId, `receipt_number:${period.fiscalYearId}`);
    const version = nextVersion(now);
    const row = draftToRow(companyId, id, period.fiscalYearId, receiptNumber, draft, version, isoDateTime(now));
    await store.insertReceipt(trx, row);
    await this.#writeLines(trx, row, draft.lines, [], true);
    return { id, receiptNumber, fiscalYearId: period.fiscalYearId, version };
  }

  /**
   * Replaces the header and lines of a receipt (a document changed). The receipt keeps its id and number; its
   * date must stay within the fiscal year that numbered it. Lines sent with the id of an existing line keep it.
   */
  async replace(trx: Db, companyId: number, receiptId: number, draft: ReceiptDraft): Promise<PostedReceipt> {
    const current = await store.lockReceipt(trx, companyId, receiptId, this.#ctx.engine);
    if (!current) throw notFound('Ledger receipt');
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
    const row = draftToRow(
      companyId,
      receiptId,
      period.fiscalYearId,
      Number(current.receipt_number),
      draft,
      version,
      current.created_at,
    );
    await store.updateReceipt(trx, row);
    const existing = await store.entriesOf(trx, companyId, [receiptId]);
    await this.#writeLines(
      trx,
      row,
      draft.lines,
      existing.map((e) => Number(e.id)),
    );
    return { id: receiptId, receiptNumber: row.receipt_number, fiscalYearId: period.fiscalYearId, version };
  }

  /**
   * Moves a receipt to another status. UNFINISHED → APPROVED, APPROVED → UNFINISHED, INVALIDATED → UNFINISHED,
   * UNFINISHED/APPROVED → INVALIDATED; anything else is ILLEGAL_RECEIPT_STATUS_TRANSITION. The receipt's period
   * must be open. Approving re-checks accounts, dimensions and partners as they are now.
   */
  async setStatus(trx: Db, companyId: number, receiptId: number, to: ReceiptStatus): Promise<store.LedgerReceiptRow> {
    const row = await store.lockReceipt(trx, companyId, receiptId, this.#ctx.engine);
    if (!row) throw notFound('Ledger receipt');
    const action = (Object.keys(ACTIONS) as ReceiptAction[]).find((a) => ACTIONS[a].to === to)!;
    if (!(ACTIONS[action].from as readonly string[]).includes(row.status)) {
      throw apiError('ILLEGAL_RECEIPT_STATUS_TRANSITION', 'status', { from: row.status, to });
    }
    await this.#fiscal.openPeriodOn(trx, companyId, row.receipt_date);
    if (to === 'APPROVED') {
      const lines = await this.#storedLines(trx, companyId, receiptId);
      await this.#validate(trx, companyId, { ...rowToDraftHeader(row), lines });
    }
    const next = { ...row, status: to, version: nextVersion(this.#ctx.clock.now(), row.version) };
    await store.updateReceipt(trx, next);
    await store.setInLedger(trx, companyId, receiptId, to === 'APPROVED');
    return next;
  }

  /** A receipt as the API shows it (undefined when missing). */
  async receipt(db: Db, companyId: number, receiptId: number): Promise<LedgerReceiptWire | undefined> {
    return (await this.#load(db, companyId, [receiptId]))[0];
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
      await this.#checkJournalVat(trx, companyId, draft, wire);
      const posted = await this.post(trx, companyId, draft);
      return (await this.receipt(trx, companyId, posted.id))!;
    });
  }

  async get(companyId: number, ids: number[]): Promise<LedgerReceiptWire[]> {
    return this.#load(this.#ctx.db, companyId, ids);
  }

  async search(
    companyId: number,
    search: store.ReceiptSearch,
    page: PageRequest,
  ): Promise<Paged<LedgerReceiptBasicInfoWire>> {
    const { rows, total } = await store.searchReceipts(this.#ctx.db, companyId, search, page);
    return paged(rows.map(basicInfo), total, page);
  }

  /** The first JOURNAL receipt (in id order) that matches: the real interface answers one journal here. */
  async journal(companyId: number, search: store.ReceiptSearch): Promise<JournalWire> {
    const db = this.#ctx.db;
    const page = { pageNumber: 0, pageSize: 1, offset: 0, order: 'asc' as const };
    const { rows } = await store.searchReceipts(db, companyId, { ...search, types: ['JOURNAL'] }, page);
    const r = rows[0];
    if (!r) throw notFound('Journal');
    const journal: JournalWire = {
      id: Number(r.id),
      ledgerReceiptId: Number(r.id),
      partnerId: r.partner_id === null ? null : Number(r.partner_id),
      type: 'JOURNAL',
      status: r.status as ReceiptStatus,
      receiptNumber: Number(r.receipt_number),
      name: r.name,
      date: r.receipt_date,
      created: r.created_at,
      version: r.version,
    };
    if (r.invoice_number !== null) journal.invoiceNumber = Number(r.invoice_number);
    const partner = r.partner_id === null ? undefined : await getPartner(db, companyId, Number(r.partner_id));
    if (partner) journal.counterParty = counterPartyOf(partner);
    return journal;
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
      draft.invoiceId = row.invoice_id;
      draft.invoiceNumber = row.invoice_number;
      await this.#checkJournalVat(trx, companyId, draft, wire);
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
      const items: ErrorItem[] = checkDimensions(dimensions, Number(entry.amount_minor)).map((p) =>
        errorItem(p.code as ErrorCode, p.field, p.params),
      );
      items.push(
        ...(await this.#dimensionProblems(
          trx,
          companyId,
          [{ account: entry.account_number, amountMinor: Number(entry.amount_minor), dimensions }],
          () => 'dimensionItemValues',
        )),
      );
      if (items.length > 0) throw new ApiError(items);
      await store.writeEntryDimensions(
        trx,
        companyId,
        receiptId,
        transactionId,
        dimensions.map((d) => ({
          company_id: companyId,
          receipt_id: receiptId,
          entry_id: transactionId,
          dimension_id: d.dimensionId,
          item_id: d.itemId,
          amount_minor: d.amountMinor,
        })),
      );
      await store.updateReceipt(trx, { ...row, version: nextVersion(this.#ctx.clock.now(), row.version) });
      return (await this.receipt(trx, companyId, receiptId))!;
    });
  }

  // -------------------------------------------------------------------------------------------------------

  /** Every rule of a draft, all problems together; answers where the receipt goes. */
  async #validate(trx: Db, companyId: number, draft: ReceiptDraft) {
    const items: ErrorItem[] = [];
    const lineField = (i: number | undefined, field: string | undefined) =>
      i === undefined ? field : `transactions[${i}]${field ? `.${field}` : ''}`;
    for (const p of checkLines(draft.lines)) items.push(errorItem(p.code, lineField(p.line, p.field), p.params));
    if (draft.name.length === 0 || draft.name.length > 80)
      items.push(errorItem('VALIDATION_FAILED', 'name', { detail: 'name: 1 to 80 characters' }));
    if (draft.periodStartDate && draft.periodEndDate && draft.periodStartDate > draft.periodEndDate)
      items.push(errorItem('START_DATE_AFTER_END_DATE', 'periodStartDate'));

    let period: Awaited<ReturnType<FiscalService['openPeriodOn']>> | undefined;
    try {
      period = await this.#fiscal.openPeriodOn(trx, companyId, draft.receiptDate);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      items.push(...err.items);
    }

    const accounts = new Map(
      (await findAccounts(trx, companyId, [...new Set(draft.lines.map((l) => l.account))])).map((a) => [
        a.number,
        Boolean(a.active),
      ]),
    );
    draft.lines.forEach((line, i) => {
      if (!accounts.get(line.account))
        items.push(errorItem('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', lineField(i, 'account')));
    });
    items.push(
      ...(await this.#dimensionProblems(trx, companyId, draft.lines, (i, j) =>
        lineField(i, `dimensionItemValues[${j}]`)!,
      )),
    );

    const partnerIds = new Map<number, string>();
    if (draft.partnerId != null) partnerIds.set(draft.partnerId, 'partnerId');
    draft.lines.forEach((line, i) => {
      if (line.partnerId != null && !partnerIds.has(line.partnerId))
        partnerIds.set(line.partnerId, lineField(i, 'partnerId')!);
    });
    for (const [partnerId, field] of partnerIds) {
      if (!(await partnerExists(trx, companyId, partnerId)))
        items.push(errorItem('LEDGER_PARTNER_NOT_FOUND', field, { partnerId }));
    }

    if (items.length > 0 || !period) throw new ApiError(items);
    return period;
  }

  async #dimensionProblems(
    trx: Db,
    companyId: number,
    lines: readonly PostingLine[],
    field: (line: number, value: number) => string,
  ): Promise<ErrorItem[]> {
    const itemIds = lines.flatMap((l) => (l.dimensions ?? []).map((d) => d.itemId));
    if (itemIds.length === 0) return [];
    const found = new Map((await findDimensionItems(trx, companyId, itemIds)).map((item) => [item.id, item]));
    const items: ErrorItem[] = [];
    lines.forEach((line, i) =>
      (line.dimensions ?? []).forEach((d, j) => {
        const item = found.get(d.itemId);
        if (!item || !item.active || item.dimensionId !== d.dimensionId)
          items.push(errorItem('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field(i, j)));
      }),
    );
    return items;
  }

  /** Journal receipts from the API: VAT statuses in use and VAT percents valid on the receipt date. */
  async #checkJournalVat(trx: Db, companyId: number, draft: ReceiptDraft, wire: LedgerReceiptWire): Promise<void> {
    const items: ErrorItem[] = [];
    const statuses = await this.#vat.statuses(trx, companyId);
    const inUse = (vatStatus: number, vatType: 'SALES' | 'PURCHASE') =>
      statuses.some((s) => s.vat_status === vatStatus && Boolean(vatType === 'SALES' ? s.sales : s.purchase));
    if (!inUse(draft.vatStatus, draft.vatType))
      items.push(
        errorItem('VAT_STATUS_NOT_IN_USE', 'vatStatus', { vatStatus: draft.vatStatus, vatType: draft.vatType }),
      );
    const country = wire.vatProcessing
      ? vatCountry(wire.vatProcessing)
      : await this.#vat.companyCountry(trx, companyId);
    if (wire.vatProcessing && !country)
      items.push(errorItem('UNKNOWN_VAT_COUNTRY', 'vatProcessing', { countryCode: wire.vatProcessing }));
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

  async #writeLines(
    trx: Db,
    receipt: store.LedgerReceiptRow,
    lines: PostingLine[],
    reusableIds: number[],
    newReceipt = false,
  ): Promise<void> {
    const companyId = receipt.company_id;
    const reusable = new Set(reusableIds);
    const requested = lines.map((l) => (l as PostingLine & { id?: number }).id);
    const kept = new Set<number>();
    const ids: number[] = requested.map((id) =>
      id !== undefined && reusable.has(id) && !kept.has(id) ? (kept.add(id), id) : 0,
    );
    const fresh = ids.filter((id) => id === 0).length;
    let next = fresh > 0 ? await allocateIds(trx, companyId, 'ledger_entries', fresh) : 0;
    for (let i = 0; i < ids.length; i++) if (ids[i] === 0) ids[i] = next++;
    const inLedger = receipt.status === 'APPROVED';
    const entries: store.LedgerEntryRow[] = lines.map((line, i) => ({
      company_id: companyId,
      receipt_id: receipt.id,
      id: ids[i],
      fiscal_year_id: receipt.fiscal_year_id,
      entry_date: receipt.receipt_date,
      account_number: line.account,
      amount_minor: line.amountMinor,
      description: line.description ?? null,
      vat_percent: line.vatPercent ? line.vatPercent.toFixed() : null,
      vat_status: line.vatStatus ?? null,
      vat_type: line.vatType ?? null,
      vat_deduction_percent: line.vatDeductionPercent ? line.vatDeductionPercent.toFixed() : null,
      partner_id: line.partnerId ?? null,
      transaction_type: line.transactionType ?? 'ENTRY',
      balance_code: line.balanceCode ?? null,
      allocations: line.allocations ? JSON.stringify(line.allocations) : null,
      start_date: line.startDate ?? null,
      end_date: line.endDate ?? null,
      in_ledger: inLedger,
    }));
    const dimensions: store.LedgerEntryDimensionRow[] = lines.flatMap((line, i) =>
      (line.dimensions ?? []).map((d) => ({
        company_id: companyId,
        receipt_id: receipt.id,
        entry_id: ids[i],
        dimension_id: d.dimensionId,
        item_id: d.itemId,
        amount_minor: d.amountMinor,
      })),
    );
    await store.writeEntries(trx, companyId, receipt.id, entries, dimensions, { newReceipt });
  }

  async #storedLines(db: Db, companyId: number, receiptId: number): Promise<PostingLine[]> {
    const [entries, dims] = await Promise.all([
      store.entriesOf(db, companyId, [receiptId]),
      store.dimensionsOf(db, companyId, [receiptId]),
    ]);
    return entries.map((e) =>
      entryToLine(
        e,
        dims.filter((d) => Number(d.entry_id) === Number(e.id)),
      ),
    );
  }

  async #load(db: Db, companyId: number, ids: number[]): Promise<LedgerReceiptWire[]> {
    const rows = await store.getReceipts(db, companyId, ids);
    const receiptIds = rows.map((r) => Number(r.id));
    const [entries, dims] = await Promise.all([
      store.entriesOf(db, companyId, receiptIds),
      store.dimensionsOf(db, companyId, receiptIds),
    ]);
    const dimsByEntry = new Map<string, store.LedgerEntryDimensionRow[]>();
    for (const d of dims) {
      const key = `${d.receipt_id}:${d.entry_id}`;
      dimsByEntry.set(key, [...(dimsByEntry.get(key) ?? []), d]);
    }
    return rows.map((r) =>
      receiptToWire(
        r,
        entries
          .filter((e) => Number(e.receipt_id) === Number(r.id))
          .map((e) => entryToWire(e, dimsByEntry.get(`${e.receipt_id}:${e.id}`) ?? [])),
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Conversions.

function valueToAllocation(v: DimensionItemValueWire): DimensionAllocation {
  return { dimensionId: v.dimensionId, itemId: v.itemId, amountMinor: toMinorUnits(v.value) };
}

function wireToDraft(
  wire: LedgerReceiptWire,
  status: 'UNFINISHED' | 'APPROVED',
  createReconciliation: boolean,
): ReceiptDraft {
  let lines: (PostingLine & { id?: number })[] = wire.transactions.map((t) => ({
    id: t.id,
    account: t.account,
    amountMinor: toMinorUnits(t.accountingValue),
    transactionType: t.transactionType,
    description: t.description ?? null,
    vatPercent: t.vatPercent,
    vatStatus: t.vatStatus ?? null,
    vatType: t.vatType ?? null,
    vatDeductionPercent: t.vatDeductionPercent ?? null,
    partnerId: t.partnerId ?? null,
    balanceCode: t.balanceCode ?? null,
    allocations: t.allocations ?? null,
    startDate: t.startDate ?? null,
    endDate: t.endDate ?? null,
    dimensions: (t.dimensionItemValues ?? []).map(valueToAllocation),
  }));
  if (createReconciliation) lines = withReconciliation(lines, wire.vatType);
  return {
    type: wire.type,
    status,
    name: wire.name,
    receiptDate: wire.receiptDate,
    vatType: wire.vatType,
    vatStatus: wire.vatStatus,
    lines,
    partnerId: wire.partnerId ?? null,
    vatProcessing: wire.vatProcessing ?? null,
    invoiceNotes: wire.invoiceNotes ?? null,
    accountantsNotes: wire.accountantsNotes ?? null,
    transactionDescription: wire.transactionDescription ?? null,
    receiptValidity: wire.receiptValidity ?? null,
    periodStartDate: wire.periodStartDate ?? null,
    periodEndDate: wire.periodEndDate ?? null,
    partnerCode: wire.partnerCode ?? null,
    depreciation: wire.depreciation ?? null,
    vatDate: wire.vatDate ?? null,
    serialNumber: wire.serialNumber ?? null,
  };
}

/**
 * `createReconciliation=true`: the receipt is balanced by a RECONCILIATION_ENTRY row. When the receipt holds
 * one already, that row takes the difference (it stays on its account); otherwise a row is added on trade
 * receivables (1700, SALES receipts) or trade payables (2871, PURCHASE receipts).
 */
function withReconciliation(
  lines: (PostingLine & { id?: number })[],
  vatType: 'SALES' | 'PURCHASE',
): (PostingLine & { id?: number })[] {
  const index = lines.findIndex((l) => l.transactionType === 'RECONCILIATION_ENTRY');
  if (index >= 0) {
    const others = lines.filter((_, i) => i !== index);
    const balancing = reconciliationLine(others, lines[index].account);
    const copy = [...lines];
    copy[index] = { ...lines[index], amountMinor: balancing ? balancing.amountMinor : 0 };
    return copy;
  }
  const account = vatType === 'SALES' ? STANDARD_ACCOUNTS.tradeReceivables : STANDARD_ACCOUNTS.tradePayables;
  const balancing = reconciliationLine(lines, account, { vatPercent: new Decimal(0) });
  return balancing ? [...lines, balancing] : lines;
}

function draftToRow(
  companyId: number,
  id: number,
  fiscalYearId: number,
  receiptNumber: number,
  draft: ReceiptDraft,
  version: string,
  createdAt: string,
): store.LedgerReceiptRow {
  return {
    company_id: companyId,
    id,
    fiscal_year_id: fiscalYearId,
    receipt_number: receiptNumber,
    type: draft.type,
    status: draft.status,
    name: draft.name,
    receipt_date: draft.receiptDate,
    vat_type: draft.vatType,
    vat_status: draft.vatStatus,
    vat_processing: draft.vatProcessing ?? null,
    invoice_id: draft.invoiceId ?? null,
    invoice_number: draft.invoiceNumber ?? null,
    invoice_notes: draft.invoiceNotes ?? null,
    accountants_notes: draft.accountantsNotes ?? null,
    transaction_description: draft.transactionDescription ?? null,
    receipt_validity: draft.receiptValidity ?? null,
    period_start_date: draft.periodStartDate ?? null,
    period_end_date: draft.periodEndDate ?? null,
    partner_id: draft.partnerId ?? null,
    partner_code: draft.partnerCode ?? null,
    depreciation: draft.depreciation ?? null,
    vat_date: draft.vatDate ?? null,
    serial_series: draft.serialNumber?.series ?? null,
    serial_number: draft.serialNumber?.number ?? null,
    version,
    created_at: createdAt,
  };
}

function rowToDraftHeader(row: store.LedgerReceiptRow): Omit<ReceiptDraft, 'lines'> {
  return {
    type: row.type as ReceiptType,
    status: 'APPROVED',
    name: row.name,
    receiptDate: row.receipt_date,
    vatType: row.vat_type as 'SALES' | 'PURCHASE',
    vatStatus: row.vat_status,
    partnerId: row.partner_id === null ? null : Number(row.partner_id),
    periodStartDate: row.period_start_date,
    periodEndDate: row.period_end_date,
  };
}

function entryToLine(e: store.LedgerEntryRow, dims: store.LedgerEntryDimensionRow[]): PostingLine {
  return {
    account: e.account_number,
    amountMinor: Number(e.amount_minor),
    transactionType: e.transaction_type as TransactionType,
    description: e.description,
    partnerId: e.partner_id === null ? null : Number(e.partner_id),
    dimensions: dims.map((d) => ({
      dimensionId: Number(d.dimension_id),
      itemId: Number(d.item_id),
      amountMinor: Number(d.amount_minor),
    })),
  };
}

/**
 * Allocations are stored as a JSON array of exact decimals (a Decimal serializes as its digits) and read back
 * without a float. Rows written before they were bounded may hold null for a value out of range.
 */
function storedAllocations(text: string): Decimal[] {
  return (parseJson(text) as (Decimal | number | null)[]).filter((a) => a !== null).map((a) => new Decimal(a));
}

function entryToWire(e: store.LedgerEntryRow, dims: store.LedgerEntryDimensionRow[]): TransactionWire {
  const t: TransactionWire = {
    id: Number(e.id),
    transactionType: e.transaction_type as TransactionWire['transactionType'],
    account: e.account_number,
    accountingValue: fromMinorUnits(Number(e.amount_minor)),
    vatPercent: new Decimal(e.vat_percent ?? 0),
    vatType: opt(e.vat_type) as TransactionWire['vatType'],
    vatStatus: opt(e.vat_status),
    description: opt(e.description),
    balanceCode: opt(e.balance_code),
    allocations: e.allocations ? storedAllocations(e.allocations) : undefined,
    partnerId: e.partner_id === null ? null : Number(e.partner_id),
    dimensionItemValues:
      dims.length > 0
        ? dims.map((d) => ({
            dimensionId: Number(d.dimension_id),
            itemId: Number(d.item_id),
            value: fromMinorUnits(Number(d.amount_minor)),
          }))
        : undefined,
    vatDeductionPercent: e.vat_deduction_percent !== null ? new Decimal(e.vat_deduction_percent) : undefined,
    startDate: opt(e.start_date),
    endDate: opt(e.end_date),
  };
  for (const key of Object.keys(t) as (keyof TransactionWire)[]) if (t[key] === undefined) delete t[key];
  return t;
}

function receiptToWire(r: store.LedgerReceiptRow, transactions: TransactionWire[]): LedgerReceiptWire {
  const wire: LedgerReceiptWire = {
    id: Number(r.id),
    type: r.type as ReceiptType,
    status: r.status as ReceiptStatus,
    name: r.name,
    receiptDate: r.receipt_date,
    vatType: r.vat_type as 'SALES' | 'PURCHASE',
    vatStatus: r.vat_status,
    vatProcessing: opt(r.vat_processing),
    invoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
    receiptNumber: Number(r.receipt_number),
    invoiceNotes: opt(r.invoice_notes),
    invoiceNumber: r.invoice_number === null ? undefined : Number(r.invoice_number),
    accountantsNotes: opt(r.accountants_notes),
    transactionDescription: opt(r.transaction_description),
    receiptValidity: opt(r.receipt_validity) as LedgerReceiptWire['receiptValidity'],
    periodStartDate: opt(r.period_start_date),
    periodEndDate: opt(r.period_end_date),
    partnerId: r.partner_id === null ? null : Number(r.partner_id),
    partnerCode: opt(r.partner_code),
    version: r.version,
    depreciation: opt(r.depreciation) as LedgerReceiptWire['depreciation'],
    vatDate: opt(r.vat_date),
    serialNumber: serialNumberOf(r),
    transactions,
  };
  for (const key of Object.keys(wire) as (keyof LedgerReceiptWire)[]) if (wire[key] === undefined) delete wire[key];
  return wire;
}

function basicInfo(r: store.LedgerReceiptRow): LedgerReceiptBasicInfoWire {
  const info: LedgerReceiptBasicInfoWire = {
    id: Number(r.id),
    type: r.type as ReceiptType,
    status: r.status as ReceiptStatus,
    name: r.name,
    receiptDate: r.receipt_date,
    receiptNumber: Number(r.receipt_number),
    created: r.created_at,
    version: r.version,
  };
  if (r.invoice_number !== null) info.invoiceNumber = Number(r.invoice_number);
  const serialNumber = serialNumberOf(r);
  if (serialNumber) info.serialNumber = serialNumber;
  return info;
}

function serialNumberOf(r: store.LedgerReceiptRow): LedgerReceiptWire['serialNumber'] {
  if (r.serial_series === null && r.serial_number === null) return undefined;
  const serial: NonNullable<LedgerReceiptWire['serialNumber']> = {};
  if (r.serial_series !== null) serial.series = r.serial_series as NonNullable<typeof serial.series>;
  if (r.serial_number !== null) serial.number = Number(r.serial_number);
  return serial;
}

/** Attachments are read-only here and none exist: a request may only repeat that (leave them out or send []). */
function checkNoAttachments(wire: LedgerReceiptWire): void {
  if (wire.attachments && wire.attachments.length > 0) throw apiError('READ_ONLY_FIELD_CHANGED', 'attachments');
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A business partner as a journal's counterparty, from its register entry. */
function counterPartyOf(partner: PartnerRow): NonNullable<JournalWire['counterParty']> {
  const data = JSON.parse(partner.data) as Json;
  const address = (data.address ?? {}) as Json;
  const invoicing = (data.invoicingInfo ?? {}) as Json;
  const counterPartyAddress: NonNullable<JournalWire['counterParty']>['counterPartyAddress'] = {
    name: text(address.name) ?? partner.name,
  };
  for (const key of ['specifier', 'street', 'zip', 'city', 'country', 'subdivision'] as const) {
    const value = text(address[key]);
    if (value) counterPartyAddress[key] = value;
  }
  const counterParty: NonNullable<JournalWire['counterParty']> = { counterPartyAddress };
  const fields = {
    contactPersonName: text(invoicing.contactPerson),
    identifier: text(partner.identifier) ?? text(invoicing.identifier),
    taxCode: text(invoicing.taxCode),
    customerNumber: text(partner.customer_number) ?? text(invoicing.customerNumber),
    email: text(invoicing.email),
  };
  for (const [key, value] of Object.entries(fields)) if (value) (counterParty as Json)[key] = value;
  if (Array.isArray(invoicing.bccAddresses) && invoicing.bccAddresses.length > 0)
    counterParty.bccAddresses = invoicing.bccAddresses as string[];
  const payment = (data.paymentInfo ?? {}) as Json;
  const bankAccount = compact({ accountNumber: text(payment.bankAccount), bic: text(payment.bic) });
  if (Object.keys(bankAccount).length > 0) counterParty.bankAccount = bankAccount;
  const einvoiceAddress = compact({
    operator: text(invoicing.einvoiceOperator),
    address: text(invoicing.einvoiceAddress),
    ediId: text(invoicing.ovt),
  });
  if (Object.keys(einvoiceAddress).length > 0) counterParty.einvoiceAddress = einvoiceAddress;
  return counterParty;
}
