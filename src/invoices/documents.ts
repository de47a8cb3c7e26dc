// Rules of invoices: documents (create, read, search, replace), their checks, numbering and figures, and the
// locked reads the other concerns act on (actions.ts, payments.ts, comments.ts, outputs.ts; composed in service.ts).
import { allocateId, allocateIds, type Db } from '../db/index.ts';
import { getCompany } from '../company/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError, apiError, errorItem, notFound, Violations, type ErrorItem } from '../platform/errors.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { checkReadOnly } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import type { Rights } from '../platform/rights.ts';
import { Decimal } from '../domain/decimal.ts';
import { isRateValidOn, vatCountry } from '../domain/vat.ts';
import { invoiceCarriesVat } from '../domain/invoice-postings.ts';
import {
  finnishReference,
  referenceCodeProblem,
  rfReference,
  type ReferenceCodeType,
} from '../domain/reference-codes.ts';
import { getProducts } from '../products/index.ts';
import { existingPartnerIds } from '../partners/index.ts';
import { attachmentsOf } from '../attachments/index.ts';
import type { InvoiceType, InvoiceWire, InvoiceBasicWire } from './schemas.ts';
import {
  figuresOf,
  fold,
  invoiceToBasic,
  invoiceToWire,
  mayView,
  parseDocument,
  requireInvoiceRight,
  searchText,
  searchGrams,
  serializeDocument,
  serializeListing,
  storedDocument,
  type StoredInvoice,
} from './mapping.ts';
import * as store from './store.ts';
import type { InvoiceQueries } from './queries.ts';
import type { InvoiceSearch } from './search.ts';

export const SALES_TYPES = new Set<string>(['SALES_INVOICE', 'SALES_ORDER']);
/** Types that go through circulation (verification and approval by persons). */
export const CIRCULATED_TYPES = new Set<string>(['PURCHASE_INVOICE', 'TRAVEL_INVOICE', 'BILL_OF_CHARGES']);
const VAT_STATUS_OPTIONAL = new Set<string>(['TRAVEL_INVOICE', 'BILL_OF_CHARGES']);
/** Statuses in which PUT may change an invoice. */
const EDITABLE: Record<string, string[]> = {
  SALES_INVOICE: ['UNFINISHED'],
  SALES_ORDER: ['UNFINISHED'],
  PURCHASE_ORDER: ['UNFINISHED'],
  PURCHASE_INVOICE: ['UNFINISHED', 'RECEIVED'],
  TRAVEL_INVOICE: ['UNFINISHED', 'RECEIVED'],
  BILL_OF_CHARGES: ['UNFINISHED', 'RECEIVED'],
};
/** Characters allowed in a blind-copy address. */
const BCC_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** Who asks, for rights and for the history. */
export interface Caller {
  companyId: number;
  userId: number;
  rights: Rights;
}

export class InvoiceDocuments {
  private readonly ctx: AppContext;
  private readonly queries: InvoiceQueries;

  constructor(ctx: AppContext, queries: InvoiceQueries) {
    this.ctx = ctx;
    this.queries = queries;
  }

  private get db(): Db {
    return this.ctx.db;
  }

  async companyCurrency(db: Db, companyId: number): Promise<string> {
    return (await getCompany(db, companyId))?.currency ?? 'EUR';
  }

  /** One invoice as the API answers it; 404 when missing or not the caller's to see. */
  async get(caller: Caller, id: number, db: Db = this.db): Promise<InvoiceWire> {
    const record = await store.getInvoice(db, caller.companyId, id);
    if (!record || !mayView(caller.rights, record.type, Boolean(record.is_offer))) throw notFound('Invoice');
    return this.toWire(db, record);
  }

  /** Invoices by id (batch GET), in id order; missing ones and ones the caller may not see are left out. */
  async getMany(caller: Caller, ids: number[]): Promise<(InvoiceWire & { id: number })[]> {
    const records = (await store.getInvoices(this.db, caller.companyId, ids)).filter((r) =>
      mayView(caller.rights, r.type, Boolean(r.is_offer)),
    );
    const out: (InvoiceWire & { id: number })[] = [];
    for (const record of records) out.push((await this.toWire(this.db, record)) as InvoiceWire & { id: number });
    return out;
  }

  /** The invoice as the API answers it, with its attachments as the attachments area lists them. */
  private async toWire(db: Db, record: store.InvoiceRecord): Promise<InvoiceWire> {
    const [companyId, id] = [Number(record.company_id), Number(record.id)];
    const [checkers, currency, attachments] = await Promise.all([
      store.checkersOf(db, companyId, id),
      this.companyCurrency(db, companyId),
      attachmentsOf(db, companyId, ['INVOICE'], [id]),
    ]);
    return invoiceToWire(record, checkers, currency, attachments.get(id) ?? []);
  }

  async search(
    caller: Caller,
    search: InvoiceSearch,
    page: PageRequest,
  ): Promise<{
    results: InvoiceBasicWire[];
    meta: Omit<Paged<InvoiceBasicWire>['meta'], 'totalCount'> & { totalCount?: number };
  }> {
    const viewable = (search.types?.length ? search.types : [...EDITABLE_TYPES]).filter(
      (type) => mayView(caller.rights, type, false) || (SALES_TYPES.has(type) && mayView(caller.rights, type, true)),
    );
    if (viewable.length === 0) return paged([], 0, page);
    // every invoice is of an editable type: a caller who may view them all needs no type condition (which would
    // keep the planner from reading invoices in id order)
    const types = search.types?.length || viewable.length < EDITABLE_TYPES.length ? viewable : undefined;
    const { rows, total } = await this.queries.search(this.db, caller.companyId, { ...search, types }, page);
    const currency = await this.companyCurrency(this.db, caller.companyId);
    const results = rows.map((r) => invoiceToBasic(r, currency));
    if (total !== undefined) return paged(results, total, page);
    return { results, meta: { pageNumber: page.pageNumber, pageSize: page.pageSize, resultCount: results.length } };
  }

  /** POST /invoices: checks, numbers and stores a new invoice (UNFINISHED). */
  /** `alongside`: more writes in the invoice's transaction (the record of the message it was made from). */
  async create(
    caller: Caller,
    body: InvoiceWire,
    alongside?: (trx: Db, invoice: InvoiceWire) => Promise<void>,
    /** A transaction of the caller's that the invoice is made in: several invoices made all or none. */
    within?: Db,
  ): Promise<InvoiceWire> {
    const isOffer = body.isOffer ?? false;
    requireInvoiceRight(caller.rights, body.type, isOffer, 'edit');
    const work = async (trx: Db) => {
      await this.checkRules(trx, caller.companyId, body);
      const id = await allocateId(trx, caller.companyId, 'invoices');
      const invoiceNumber = await allocateId(trx, caller.companyId, `invoice_number:${body.type}`);
      const document = storedDocument(body);
      this.generateReference(document, body, invoiceNumber);
      const now = this.ctx.clock.now();
      const record: store.InvoiceRecord = {
        ...this.columns(document, invoiceNumber),
        company_id: caller.companyId,
        id,
        status: 'UNFINISHED',
        invoice_number: invoiceNumber,
        is_offer: isOffer,
        paid_minor: 0,
        payment_date: null,
        ledger_receipt_id: null,
        creator_id: caller.userId,
        notes: body.notes ?? null,
        created_at: isoDateTime(now),
        version: nextVersion(now),
      };
      await this.writeRows(trx, caller.companyId, id, invoiceNumber, document, []);
      record.body = serializeDocument(document);
      await store.insertInvoice(trx, record);
      await this.writeRequestedCheckers(trx, caller.companyId, id, body);
      const invoice = await this.toWire(trx, record);
      await alongside?.(trx, invoice);
      return invoice;
    };
    return within ? work(within) : this.db.transaction().execute(work);
  }

  /** Runs `work` in one transaction of the invoices' database. */
  inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** PUT /invoices/{id}: replaces the document; type, status and attachments cannot change. */
  async replace(caller: Caller, id: number, body: InvoiceWire): Promise<InvoiceWire> {
    return this.db.transaction().execute(async (trx) => {
      const record = await this.queries.lock(trx, caller.companyId, id);
      if (!record || !mayView(caller.rights, record.type, Boolean(record.is_offer))) throw notFound('Invoice');
      requireInvoiceRight(caller.rights, record.type, Boolean(record.is_offer), 'edit');
      if (body.version !== record.version) throw apiError('STALE_VERSION', 'version');
      if (body.type !== record.type) throw apiError('INVOICE_TYPE_CANNOT_BE_CHANGED', 'type');
      const stored = await this.toWire(trx, record);
      checkReadOnly(body, { ...stored, attachments: stored.attachments ?? [] }, [
        'id',
        'status',
        'invoiceNumber',
        'attachments',
        'ledgerReceiptId',
      ]);
      if (body.isOffer !== undefined && body.isOffer !== Boolean(record.is_offer))
        throw apiError('READ_ONLY_FIELD_CHANGED', 'isOffer');
      if (!(EDITABLE[record.type] ?? []).includes(record.status))
        throw apiError('INVOICE_NOT_EDITABLE', 'status', {
          status: record.status,
          allowed: (EDITABLE[record.type] ?? []).join(', '),
        });
      await this.checkRules(trx, caller.companyId, { ...body, isOffer: Boolean(record.is_offer) });
      if (body.paymentInfo.generatedReferenceType)
        throw apiError('VALIDATION_FAILED', 'paymentInfo.generatedReferenceType', {
          detail: 'A reference is generated only when the invoice is created.',
        });
      const document = storedDocument(body);
      const existing = await store.rowsOf(trx, caller.companyId, id);
      await this.writeRows(
        trx,
        caller.companyId,
        id,
        Number(record.invoice_number),
        document,
        existing.map((r) => Number(r.id)),
      );
      const updated: store.InvoiceRecord = {
        ...record,
        ...this.columns(document, Number(record.invoice_number)),
        body: serializeDocument(document),
        notes: body.notes ?? record.notes,
        version: nextVersion(this.ctx.clock.now(), record.version),
      };
      await staleUnlessWritten(store.updateInvoice(trx, updated, record.version));
      await this.writeRequestedCheckers(trx, caller.companyId, id, body);
      return this.toWire(trx, updated);
    });
  }

  /** The searchable columns of a document. */
  private columns(document: StoredInvoice, invoiceNumber: number) {
    return {
      type: document.type,
      invoice_date: document.date,
      due_date: document.paymentInfo.newDueDate ?? document.paymentInfo.dueDate,
      partner_id: document.partnerId ?? null,
      factoring_contract_id: document.factoringContractId ?? null,
      original_invoice_number: document.originalInvoiceNumber ?? null,
      invoice_channel: document.invoiceChannel,
      currency: document.paymentInfo.currency,
      gross_minor: this.grossOf(document).toString(),
      search_text: fold(searchText(document, invoiceNumber)),
      body: '',
      listing: serializeListing(document),
    };
  }

  private grossOf(document: StoredInvoice): bigint {
    return figuresOf(document).own.grossMinor;
  }

  /**
   * Gives the rows their ids: a row sent with the id of one of the invoice's rows keeps it; every other row gets
   * a new id, in the order of the rows, so ids grow in the order rows were created. Writes rows and search words.
   */
  private async writeRows(
    trx: Db,
    companyId: number,
    invoiceId: number,
    invoiceNumber: number,
    document: StoredInvoice,
    reusable: number[],
  ): Promise<void> {
    const keep = new Set(reusable);
    const kept = new Set<number>();
    const problems: ErrorItem[] = [];
    const ids = document.invoiceRows.map((row, i) => {
      if (row.id === undefined || reusable.length === 0) return 0;
      if (!keep.has(row.id) || kept.has(row.id)) {
        problems.push(errorItem('INVOICE_ROW_NOT_FOUND', `invoiceRows[${i}].id`, { rowId: row.id }));
        return 0;
      }
      kept.add(row.id);
      return row.id;
    });
    if (problems.length > 0) throw new ApiError(problems);
    const fresh = ids.filter((id) => id === 0).length;
    let next = fresh > 0 ? await allocateIds(trx, companyId, 'invoice_rows', fresh) : 0;
    for (let i = 0; i < ids.length; i++) if (ids[i] === 0) ids[i] = next++;
    document.invoiceRows = document.invoiceRows.map((row, i) => ({ ...row, id: ids[i] }));
    await store.replaceRowsAndGrams(
      trx,
      companyId,
      invoiceId,
      document.invoiceRows.map((row, position) => ({
        company_id: companyId,
        id: ids[position],
        invoice_id: invoiceId,
        position,
        product_id: row.productId ?? null,
      })),
      searchGrams(searchText(document, invoiceNumber)),
    );
  }

  private generateReference(document: StoredInvoice, body: InvoiceWire, invoiceNumber: number): void {
    const wanted = body.paymentInfo.generatedReferenceType;
    if (!wanted) return;
    // the base: "1" and the invoice number (at least 3 digits), unique per type and never starting with 0
    const national = finnishReference(`1${String(invoiceNumber).padStart(3, '0')}`);
    document.paymentInfo.bankReferenceCode = wanted === 'RF' ? rfReference(national) : national;
    document.paymentInfo.bankReferenceCodeType = wanted;
  }

  /** Verifiers and acceptors named on the invoice (invoices that circulate), kept in order. */
  private async writeRequestedCheckers(trx: Db, companyId: number, invoiceId: number, body: InvoiceWire) {
    const info = body.invoiceApprovalInformation;
    if (!info || !CIRCULATED_TYPES.has(body.type)) return;
    const existing = await store.checkersOf(trx, companyId, invoiceId);
    if (existing.some((c) => c.performed_on !== null)) return;
    await this.saveCheckers(trx, companyId, invoiceId, {
      verifiers: (info.verifiers ?? []).map((v) => v.userId),
      acceptors: (info.acceptors ?? []).map((a) => a.userId),
    });
  }

  async saveCheckers(
    trx: Db,
    companyId: number,
    invoiceId: number,
    lists: { verifiers: number[]; acceptors: number[] },
  ): Promise<void> {
    const entries = [
      ...lists.verifiers.map((userId, position) => ({ role: 'VERIFIER', userId, position })),
      ...lists.acceptors.map((userId, position) => ({ role: 'ACCEPTOR', userId, position })),
    ];
    let next = entries.length > 0 ? await allocateIds(trx, companyId, 'invoice_checkers', entries.length) : 0;
    await store.replaceCheckers(
      trx,
      companyId,
      invoiceId,
      entries.map((e) => ({
        company_id: companyId,
        id: next++,
        invoice_id: invoiceId,
        role: e.role,
        user_id: e.userId,
        position: e.position,
        performed_on: null,
      })),
    );
  }

  /** Every rule of an invoice body, all problems reported together. */
  private async checkRules(trx: Db, companyId: number, body: InvoiceWire): Promise<void> {
    const v = new Violations();
    const type: InvoiceType = body.type;
    if (type === 'PERIODIC_TAX_RETURN') v.add('INVOICE_TYPE_NOT_SUPPORTED', 'type', { type });
    if (body.isOffer && !SALES_TYPES.has(type)) v.add('OFFER_ONLY_FOR_SALES', 'isOffer');
    if (body.vatStatus === undefined && !VAT_STATUS_OPTIONAL.has(type))
      v.add('REQUIRED_FIELD_MISSING', 'vatStatus', { field: 'vatStatus' });
    if (body.deliveryStartDate && body.deliveryEndDate && body.deliveryStartDate > body.deliveryEndDate)
      v.add('START_DATE_AFTER_END_DATE', 'deliveryEndDate');
    this.checkPayment(body, v);
    this.checkBcc(body, v);
    if (body.invoiceChannel === 'ELECTRONIC_INVOICE') {
      const address = body.counterParty.counterPartyAddress;
      for (const field of ['street', 'zip', 'city'] as const) {
        if (!address[field]) v.add('REQUIRED_FIELD_MISSING', `counterParty.counterPartyAddress.${field}`, { field });
        if (!body.billingAddress?.[field]) v.add('REQUIRED_FIELD_MISSING', `billingAddress.${field}`, { field });
      }
    }
    await this.checkVat(trx, companyId, body, v);
    await this.checkReferences(trx, companyId, body, v);
    v.throwIfAny();
  }

  private checkPayment(body: InvoiceWire, v: Violations): void {
    const info = body.paymentInfo;
    if (new Decimal(info.currencyRate).lessThanOrEqualTo(0))
      v.add('VALIDATION_FAILED', 'paymentInfo.currencyRate', { detail: "'currencyRate' must be greater than 0." });
    if (info.generatedReferenceType && info.bankReferenceCode)
      v.add('VALIDATION_FAILED', 'paymentInfo.generatedReferenceType', {
        detail: "Send either 'bankReferenceCode' or 'generatedReferenceType', not both.",
      });
    const code = info.bankReferenceCode;
    if (code !== undefined && code !== '') {
      const type: ReferenceCodeType = info.bankReferenceCodeType ?? (/^rf/i.test(code.trim()) ? 'RF' : 'FI');
      const problem = referenceCodeProblem(type, code);
      if (problem) v.add('INVALID_BANK_REFERENCE_CODE', 'paymentInfo.bankReferenceCode', { type, problem });
    }
    if (info.newDueDate && info.newDueDate < body.date)
      v.add('VALIDATION_FAILED', 'paymentInfo.newDueDate', { detail: "'newDueDate' is before the invoice date." });
  }

  private checkBcc(body: InvoiceWire, v: Violations): void {
    const bcc = body.counterParty.bccAddresses;
    if (!bcc || bcc.length === 0) return;
    if (!SALES_TYPES.has(body.type)) {
      v.add('BCC_ADDRESSES_NOT_ALLOWED', 'counterParty.bccAddresses');
      return;
    }
    const main = body.counterParty.email?.trim().toLowerCase();
    bcc.forEach((address, i) => {
      const field = `counterParty.bccAddresses[${i}]`;
      if (!BCC_ADDRESS.test(address)) v.add('BCC_ADDRESS_INVALID', field);
      else if (main && address.trim().toLowerCase() === main) v.add('BCC_ADDRESS_EQUALS_MAIN_ADDRESS', field);
    });
  }

  private async checkVat(trx: Db, companyId: number, body: InvoiceWire, v: Violations): Promise<void> {
    const side = SALES_TYPES.has(body.type) ? 'SALES' : 'PURCHASE';
    if (body.vatStatus !== undefined) {
      const statuses = await trx
        .selectFrom('company_vat_statuses')
        .select(['vat_status', 'sales', 'purchase'])
        .where('company_id', '=', companyId)
        .execute();
      const status = statuses.find((s) => Number(s.vat_status) === body.vatStatus);
      if (!status || !(side === 'SALES' ? status.sales : status.purchase))
        v.add('VAT_STATUS_NOT_IN_USE', 'vatStatus', { vatStatus: body.vatStatus, vatType: side });
    }
    const company = await getCompany(trx, companyId);
    const country = vatCountry(body.vatCountry ?? company?.country ?? 'FINLAND');
    if (!country) v.add('UNKNOWN_VAT_COUNTRY', 'vatCountry', { countryCode: body.vatCountry ?? '' });
    const carriesVat = invoiceCarriesVat(side, body.vatStatus ?? 1);
    body.invoiceRows.forEach((row, i) => {
      const percent = new Decimal(row.vatPercent);
      if (!carriesVat && !percent.isZero())
        v.add('VAT_PERCENT_NOT_ALLOWED_FOR_VAT_STATUS', `invoiceRows[${i}].vatPercent`, {
          vatStatus: body.vatStatus ?? 1,
        });
      else if (country && !isRateValidOn(country, body.date, percent))
        v.add('VAT_PERCENT_NOT_VALID', `invoiceRows[${i}].vatPercent`, {
          vatPercent: percent.toFixed(),
          country: country.name,
          date: body.date,
        });
      if (row.startDate && row.endDate && row.startDate > row.endDate)
        v.add('START_DATE_AFTER_END_DATE', `invoiceRows[${i}].endDate`);
    });
  }

  private async checkReferences(trx: Db, companyId: number, body: InvoiceWire, v: Violations): Promise<void> {
    const productIds = [...new Set(body.invoiceRows.flatMap((r) => (r.productId === undefined ? [] : [r.productId])))];
    if (productIds.length > 0) {
      const found = new Set((await getProducts(trx, companyId, productIds)).map((p) => Number(p.id)));
      body.invoiceRows.forEach((row, i) => {
        if (row.productId !== undefined && !found.has(row.productId))
          v.add('PRODUCT_NOT_FOUND', `invoiceRows[${i}].productId`);
      });
    }
    if (
      body.partnerId !== undefined &&
      !(await existingPartnerIds(trx, companyId, [body.partnerId])).has(body.partnerId)
    )
      v.add('INVOICE_PARTNER_NOT_FOUND', 'partnerId', { partnerId: body.partnerId });
    if (body.factoringContractId !== undefined) {
      const contract = await trx
        .selectFrom('factoring_contracts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', body.factoringContractId)
        .executeTakeFirst();
      if (!contract) v.add('FACTORING_CONTRACT_NOT_FOUND', 'factoringContractId');
    }
    if (body.invoiceTemplateId !== undefined) {
      const template = await trx
        .selectFrom('invoice_templates')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', body.invoiceTemplateId)
        .executeTakeFirst();
      if (!template) v.add('INVOICE_TEMPLATE_NOT_FOUND', 'invoiceTemplateId');
    }
    const users = [
      ...(body.invoiceApprovalInformation?.verifiers ?? []).map((c, i) => ({ c, field: `verifiers[${i}]` })),
      ...(body.invoiceApprovalInformation?.acceptors ?? []).map((c, i) => ({ c, field: `acceptors[${i}]` })),
    ];
    if (users.length > 0) {
      const members = new Set((await store.companyUsers(trx, companyId)).map((u) => Number(u.user_id)));
      for (const { c, field } of users)
        if (!members.has(c.userId))
          v.add('INVOICE_CHECKER_NOT_IN_COMPANY', `invoiceApprovalInformation.${field}.userId`, { userId: c.userId });
    }
  }

  /** The stored invoice for an action, checked for the caller's right at `level`. */
  async lockForAction(
    trx: Db,
    caller: Caller,
    id: number,
    level: 'view' | 'edit',
  ): Promise<{ record: store.InvoiceRecord; document: StoredInvoice }> {
    const record = await this.queries.lock(trx, caller.companyId, id);
    return this.#forAction(caller, record, level);
  }

  /**
   * Invoices in id order, held against concurrent changes until the transaction ends, without a caller's rights:
   * for another area's write checked against them (a payment against the open amount), whose right is checked there.
   */
  lockAll(trx: Db, companyId: number, ids: number[]): Promise<store.InvoiceRecord[]> {
    return this.queries.lockAll(trx, companyId, ids);
  }

  /** `lockForAction` of several invoices in one query, by id; 404 for the first one missing or not visible. */
  async lockAllForAction(
    trx: Db,
    caller: Caller,
    ids: number[],
    level: 'view' | 'edit',
  ): Promise<Map<number, { record: store.InvoiceRecord; document: StoredInvoice }>> {
    const records = await this.queries.lockAll(trx, caller.companyId, ids);
    const byId = new Map(records.map((record) => [Number(record.id), record]));
    return new Map(ids.map((id) => [id, this.#forAction(caller, byId.get(id), level)]));
  }

  #forAction(caller: Caller, record: store.InvoiceRecord | undefined, level: 'view' | 'edit') {
    if (!record || !mayView(caller.rights, record.type, Boolean(record.is_offer))) throw notFound('Invoice');
    requireInvoiceRight(caller.rights, record.type, Boolean(record.is_offer), level);
    return { record, document: parseDocument(record) };
  }
}

const EDITABLE_TYPES = Object.keys(EDITABLE);
