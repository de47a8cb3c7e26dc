// The actions that move an invoice between states, each legal only from the states listed in ACTIONS (a 400
// naming the action, the status and the statuses it is legal from otherwise). Approving a sales, purchase,
// travel or expense invoice posts it through the ledger's posting interface; going back to UNFINISHED or
// invalidating reverses that posting. Purchase, travel and expense invoices circulate: verifiers and acceptors
// (from the invoice, else the company's circulation settings) act in turn, and their queues are personal.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDate, isoDateTime, nextVersion } from '../platform/clock.ts';
import { hasRight } from '../platform/rights.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { invoicePostingLines } from '../domain/invoice-postings.ts';
import { getProducts } from '../products/index.ts';
import type { Posting, ReceiptDraft } from '../ledger/index.ts';
import type { CompanyService } from '../company/index.ts';
import { allocateId } from '../db/index.ts';
import { INVOICE_TYPES, type InvoiceTransactionAction } from './schemas.ts';
import { figuresOf, mayView, type StoredInvoice } from './mapping.ts';
import { CIRCULATED_TYPES, SALES_TYPES, type Caller, type InvoiceDocuments } from './documents.ts';
import * as store from './store.ts';

export type InvoiceAction =
  'approve' | 'send' | 'unfinished' | 'invalidate' | 'verify' | 'reject' | 'sendToCirculation';

type CirculationSettings = Awaited<ReturnType<CompanyService['circulationSettings']>>;

type Kind = 'SALES_INVOICE' | 'ORDER' | 'CIRCULATED';

/** From which statuses each action is legal, and where it leads, by kind of invoice. */
const ACTIONS: Record<Kind, Partial<Record<InvoiceAction, { from: string[]; to: string }>>> = {
  SALES_INVOICE: {
    approve: { from: ['UNFINISHED'], to: 'NOT_SENT' },
    send: { from: ['NOT_SENT', 'SENT'], to: 'SENT' },
    unfinished: { from: ['NOT_SENT', 'SENT'], to: 'UNFINISHED' },
    invalidate: { from: ['UNFINISHED', 'NOT_SENT', 'SENT'], to: 'INVALIDATED' },
  },
  ORDER: {
    approve: { from: ['UNFINISHED'], to: 'APPROVED' },
    unfinished: { from: ['APPROVED'], to: 'UNFINISHED' },
    invalidate: { from: ['UNFINISHED', 'APPROVED'], to: 'INVALIDATED' },
  },
  CIRCULATED: {
    sendToCirculation: { from: ['UNFINISHED'], to: 'RECEIVED' },
    verify: { from: ['RECEIVED'], to: 'VERIFIED' },
    approve: { from: ['UNFINISHED', 'RECEIVED', 'VERIFIED'], to: 'APPROVED' },
    reject: { from: ['RECEIVED', 'VERIFIED'], to: 'PAYMENT_DENIED' },
    unfinished: { from: ['RECEIVED', 'VERIFIED', 'APPROVED', 'PAYMENT_DENIED'], to: 'UNFINISHED' },
    invalidate: { from: ['UNFINISHED', 'RECEIVED', 'VERIFIED', 'APPROVED', 'PAYMENT_DENIED'], to: 'INVALIDATED' },
  },
};

/** What an action has to work with, in its transaction. */
interface ActionStep {
  trx: Db;
  caller: Caller;
  record: store.InvoiceRecord;
  document: StoredInvoice;
  checkers: store.InvoiceCheckerRecord[];
  settings: CirculationSettings;
}

interface ActionOutcome {
  /** The answer when the invoice stays in its status: more verifiers or acceptors are still to act. */
  held?: string;
  /** The invoice's ledger receipt, when the action posted it or reversed its posting (null). */
  ledgerReceiptId?: number | null;
}

interface ActionRule {
  level: 'view' | 'edit';
  refusedWhenPaid?: boolean;
  effect?: (step: ActionStep) => Promise<ActionOutcome>;
  history?: InvoiceTransactionAction;
}

const LABEL: Record<string, string> = {
  SALES_INVOICE: 'Sales invoice',
  PURCHASE_INVOICE: 'Purchase invoice',
  TRAVEL_INVOICE: 'Travel invoice',
  BILL_OF_CHARGES: 'Expense invoice',
};

function kindOf(type: string, isOffer: boolean): Kind {
  if (type === 'SALES_INVOICE' && !isOffer) return 'SALES_INVOICE';
  return CIRCULATED_TYPES.has(type) ? 'CIRCULATED' : 'ORDER';
}

/** Whether approving posts to the ledger. */
const posts = (type: string, isOffer: boolean) => !isOffer && type in LABEL;

export class InvoiceActions {
  readonly #ctx: AppContext;
  readonly #documents: InvoiceDocuments;
  readonly #ledger: Posting;
  readonly #company: CompanyService;

  constructor(ctx: AppContext, documents: InvoiceDocuments, ledger: Posting, company: CompanyService) {
    this.#ctx = ctx;
    this.#documents = documents;
    this.#ledger = ledger;
    this.#company = company;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** Records what was done to the invoice, by whom, in the action's transaction (its history). */
  async history(
    trx: Db,
    caller: Caller,
    invoiceId: number,
    action: InvoiceTransactionAction,
    details?: string,
  ): Promise<void> {
    await store.insertHistory(trx, {
      company_id: caller.companyId,
      id: await allocateId(trx, caller.companyId, 'invoice_history'),
      invoice_id: invoiceId,
      action,
      user_id: caller.userId,
      at: isoDateTime(this.#ctx.clock.now()),
      details: details ?? null,
    });
  }

  /**
   * The actions as data: the right over the invoice each needs (a verifier or acceptor need only see it), whether
   * payments forbid it (going back or invalidating would leave them without their invoice's posting), its effect in
   * the action's transaction, and what the history records. The statuses each is legal from and leads to are in
   * ACTIONS.
   */
  readonly #actions: Record<InvoiceAction, ActionRule> = {
    approve: { level: 'edit', history: 'APPROVAL', effect: (step) => this.#approve(step) },
    send: { level: 'edit', history: 'SEND' },
    unfinished: { level: 'edit', history: 'UNFINISHED', refusedWhenPaid: true, effect: (s) => this.#unfinish(s) },
    invalidate: { level: 'edit', refusedWhenPaid: true, effect: (step) => this.#reversePosting(step) },
    verify: { level: 'view', history: 'VERIFICATION', effect: (step) => this.#verify(step) },
    reject: { level: 'view', history: 'DENY_PAYMENT', effect: (step) => this.#reject(step) },
    sendToCirculation: {
      level: 'edit',
      history: 'SEND_TO_CIRCULATION',
      effect: async ({ trx, caller, record, checkers, settings }) => {
        await this.startCirculation(trx, caller, record, checkers, settings);
        return {};
      },
    },
  };

  /** Runs an action: checks it is legal, does it, records it. Answers the InfoMessage. */
  async act(caller: Caller, id: number, action: InvoiceAction, comment?: string): Promise<{ message: string }> {
    // read before the transaction: the settings are read outside it, and SQLite has one connection
    const settings = await this.#company.circulationSettings(caller.companyId);
    const rule = this.#actions[action];
    return this.#db.transaction().execute(async (trx) => {
      const { record, document } = await this.#documents.lockForAction(trx, caller, id, rule.level);
      const isOffer = Boolean(record.is_offer);
      const transition = ACTIONS[kindOf(record.type, isOffer)][action];
      if (!transition || !transition.from.includes(record.status))
        throw apiError('INVOICE_ACTION_NOT_ALLOWED', 'status', {
          action,
          type: isOffer ? 'offer' : record.type,
          status: record.status,
          allowed: transition ? transition.from.join(', ') : 'no status (not an action of this type)',
        });
      if (rule.refusedWhenPaid && BigInt(record.paid_minor) !== 0n)
        throw apiError('INVOICE_HAS_PAYMENTS', 'status', { action });
      const checkers = await store.checkersOf(trx, caller.companyId, id);
      const outcome = (await rule.effect?.({ trx, caller, record, document, checkers, settings })) ?? {};
      const to = outcome.held === undefined ? transition.to : record.status;
      const updated: store.InvoiceRecord = {
        ...record,
        status: to,
        version: nextVersion(this.#ctx.clock.now(), record.version),
        ...(outcome.ledgerReceiptId === undefined ? {} : { ledger_receipt_id: outcome.ledgerReceiptId }),
      };
      await staleUnlessWritten(store.updateInvoice(trx, updated, record.version));
      if (rule.history) await this.history(trx, caller, id, rule.history, comment);
      return { message: outcome.held ?? `Invoice ${record.invoice_number}: ${action} done; status ${to}.` };
    });
  }

  /** Approval: in circulation, the caller's turn as an acceptor; once approved, the posting. */
  async #approve({ trx, caller, record, document, checkers, settings }: ActionStep): Promise<ActionOutcome> {
    const isOffer = Boolean(record.is_offer);
    if (kindOf(record.type, isOffer) === 'CIRCULATED') {
      const left = await this.approveInCirculation(trx, caller, record, checkers, settings);
      if (left > 0)
        return { held: `Invoice ${record.invoice_number}: approval recorded; ${left} acceptor(s) still to approve.` };
    }
    return posts(record.type, isOffer) ? { ledgerReceiptId: await this.post(trx, caller, record, document) } : {};
  }

  /** Verification: the caller's turn as a verifier, under the circulation's verification right. */
  async #verify({ trx, caller, record, checkers, settings }: ActionStep): Promise<ActionOutcome> {
    if (!hasRight(caller.rights, { leaf: 'invoiceCirculation.verification', level: 'edit' }))
      throw apiError('FORBIDDEN', undefined, { right: 'invoiceCirculation.verification (all rights)' });
    const left = await this.checkIn(trx, caller, record, checkers, 'VERIFIER', settings);
    return left > 0
      ? { held: `Invoice ${record.invoice_number}: verification recorded; ${left} verifier(s) still to verify.` }
      : {};
  }

  /** Denying payment: for a checker of the invoice, or a user with the circulation's approval right. */
  #reject({ caller, checkers }: ActionStep): Promise<ActionOutcome> {
    if (
      !this.isChecker(checkers, caller.userId) &&
      !hasRight(caller.rights, { leaf: 'invoiceCirculation.approval', level: 'edit' })
    )
      throw apiError('FORBIDDEN', undefined, { right: 'invoiceCirculation.approval (all rights)' });
    return Promise.resolve({});
  }

  /** Back to UNFINISHED: the posting reversed, and the circulation to start again with the same checkers. */
  async #unfinish(step: ActionStep): Promise<ActionOutcome> {
    const outcome = await this.#reversePosting(step);
    const { trx, caller, record, checkers } = step;
    if (checkers.length > 0)
      await this.#documents.saveCheckers(trx, caller.companyId, Number(record.id), {
        verifiers: checkers.filter((c) => c.role === 'VERIFIER').map((c) => Number(c.user_id)),
        acceptors: checkers.filter((c) => c.role === 'ACCEPTOR').map((c) => Number(c.user_id)),
      });
    return outcome;
  }

  /** The invoice's posting, if any, reversed by a linked receipt. */
  async #reversePosting({ trx, caller, record }: ActionStep): Promise<ActionOutcome> {
    if (record.ledger_receipt_id === null) return {};
    await this.#ledger.reverse(trx, caller.companyId, Number(record.ledger_receipt_id), {
      name: `Reversal of invoice ${record.invoice_number}`,
    });
    return { ledgerReceiptId: null };
  }

  private isChecker(checkers: readonly store.InvoiceCheckerRecord[], userId: number): boolean {
    return checkers.some((c) => Number(c.user_id) === userId);
  }

  /**
   * Records the caller's check as a verifier or acceptor (in the list's order when the company uses a
   * determined order); answers how many of that role are left. With nobody of that role, nothing to record.
   */
  private async checkIn(
    trx: Db,
    caller: Caller,
    record: store.InvoiceRecord,
    checkers: store.InvoiceCheckerRecord[],
    role: 'VERIFIER' | 'ACCEPTOR',
    settings: CirculationSettings,
  ): Promise<number> {
    const ofRole = checkers.filter((c) => c.role === role);
    if (ofRole.length === 0) return 0;
    const pending = ofRole.filter((c) => c.performed_on === null);
    const mine = pending.find((c) => Number(c.user_id) === caller.userId);
    const turn = settings.useDeterminedOrder ? pending[0] : mine;
    if (!mine || turn !== mine)
      throw apiError('INVOICE_CHECKER_NOT_PENDING', 'status', {
        role: role === 'VERIFIER' ? 'verifier' : 'acceptor',
        invoiceNumber: Number(record.invoice_number),
      });
    await store.markChecked(trx, caller.companyId, Number(mine.id), isoDate(this.#ctx.clock.now()));
    mine.performed_on = isoDate(this.#ctx.clock.now());
    return pending.length - 1;
  }

  private async approveInCirculation(
    trx: Db,
    caller: Caller,
    record: store.InvoiceRecord,
    checkers: store.InvoiceCheckerRecord[],
    settings: CirculationSettings,
  ): Promise<number> {
    if (record.status === 'UNFINISHED') {
      const inUse =
        record.type === 'PURCHASE_INVOICE' ? settings.useForPurchaseInvoices : settings.useForTravelAndExpenseInvoices;
      if (inUse) throw apiError('INVOICE_MUST_CIRCULATE', 'status');
      return 0;
    }
    if (checkers.some((c) => c.role === 'VERIFIER' && c.performed_on === null))
      throw apiError('INVOICE_VERIFICATION_PENDING', 'status');
    return this.checkIn(trx, caller, record, checkers, 'ACCEPTOR', settings);
  }

  private async startCirculation(
    trx: Db,
    caller: Caller,
    record: store.InvoiceRecord,
    checkers: store.InvoiceCheckerRecord[],
    settings: CirculationSettings,
  ): Promise<void> {
    const inUse =
      record.type === 'PURCHASE_INVOICE' ? settings.useForPurchaseInvoices : settings.useForTravelAndExpenseInvoices;
    if (checkers.length === 0) {
      const ordered = (list: typeof settings.verifiers) =>
        [...list].sort((a, b) => (a.orderNo ?? 0) - (b.orderNo ?? 0)).map((c) => c.userId);
      const lists = { verifiers: ordered(settings.verifiers), acceptors: ordered(settings.acceptors) };
      if (inUse) await this.#documents.saveCheckers(trx, caller.companyId, Number(record.id), lists);
      checkers.push(...(await store.checkersOf(trx, caller.companyId, Number(record.id))));
    }
    if (inUse && !checkers.some((c) => c.role === 'ACCEPTOR')) throw apiError('CIRCULATION_HAS_NO_ACCEPTORS');
  }

  /** Posts an approved invoice; answers the ledger receipt's id. */
  private async post(trx: Db, caller: Caller, record: store.InvoiceRecord, document: StoredInvoice): Promise<number> {
    if (document.invoiceRows.length === 0) throw apiError('INVOICE_HAS_NO_ROWS', 'invoiceRows');
    const side = SALES_TYPES.has(record.type) ? 'SALES' : 'PURCHASE';
    const { accounting } = figuresOf(document);
    const productIds = [...new Set(document.invoiceRows.flatMap((r) => (r.productId ? [r.productId] : [])))];
    const accounts = new Map(
      (productIds.length > 0 ? await getProducts(trx, caller.companyId, productIds) : []).map((p) => [
        Number(p.id),
        p.default_account ?? undefined,
      ]),
    );
    const lines = invoicePostingLines(side, document.vatStatus ?? 1, accounting, {
      byRow: document.extraInfo.accountingByRow,
      rowAccounts: document.invoiceRows.map((r) => (r.productId ? accounts.get(r.productId) : undefined)),
    });
    const name = `${LABEL[record.type]} ${record.invoice_number} ${document.counterParty.counterPartyAddress.name}`;
    const draft: ReceiptDraft = {
      type: record.type as ReceiptDraft['type'],
      status: 'APPROVED',
      name: name.slice(0, 80),
      receiptDate: document.date,
      vatType: side,
      vatStatus: document.vatStatus ?? 1,
      partnerId: document.partnerId ?? null,
      invoiceId: Number(record.id),
      invoiceNumber: Number(record.invoice_number),
      lines: lines.map((line) => ({
        account: line.account,
        amountMinor: line.amountMinor,
        vatPercent: line.vatPercent ?? null,
        vatStatus: line.vatStatus ?? null,
        vatType: line.vatType,
        partnerId: document.partnerId ?? null,
      })),
    };
    return (await this.#ledger.post(trx, caller.companyId, draft)).id;
  }

  async setNotes(caller: Caller, id: number, notes: string): Promise<{ message: string }> {
    return this.#db.transaction().execute(async (trx) => {
      const { record } = await this.#documents.lockForAction(trx, caller, id, 'edit');
      const updated = { ...record, notes, version: nextVersion(this.#ctx.clock.now(), record.version) };
      await staleUnlessWritten(store.updateInvoice(trx, updated, record.version));
      return { message: 'The invoice notes were successfully updated.' };
    });
  }

  /** Invoices of a type waiting for the caller's verification or approval. */
  async personalQueue(caller: Caller, role: 'VERIFIER' | 'ACCEPTOR', type: string): Promise<{ invoiceIds: number[] }> {
    const settings = await this.#company.circulationSettings(caller.companyId);
    const statuses = role === 'VERIFIER' ? ['RECEIVED'] : ['RECEIVED', 'VERIFIED'];
    const candidates = await store.waitingFor(this.#db, caller.companyId, caller.userId, role, [type], statuses);
    const invoiceIds: number[] = [];
    for (const id of candidates) {
      const checkers = await store.checkersOf(this.#db, caller.companyId, id);
      if (role === 'ACCEPTOR' && checkers.some((c) => c.role === 'VERIFIER' && c.performed_on === null)) continue;
      const pending = checkers.filter((c) => c.role === role && c.performed_on === null);
      if (settings.useDeterminedOrder && Number(pending[0]?.user_id) !== caller.userId) continue;
      invoiceIds.push(id);
    }
    return { invoiceIds };
  }

  /** GET /invoices/{id}/transactions: what was done to the invoice, by whom and when. */
  async transactions(caller: Caller, id: number) {
    const record = await store.getInvoice(this.#db, caller.companyId, id);
    if (!record) throw notFound('Invoice');
    await this.#documents.get(caller, id);
    const rows = await store.historyOf(this.#db, caller.companyId, [id]);
    return { transactions: rows.map(transactionOf) };
  }

  /**
   * GET /invoices/transactions: the same history for up to 200 invoices, in id order. Invoices that do not exist
   * or that the caller may not view are left out, as in a batch GET; 404 when none is left.
   */
  async transactionsOfMany(caller: Caller, ids: readonly number[]) {
    // a caller who may view no kind of invoice lacks the right the operation needs, whichever ids are asked for
    if (!INVOICE_TYPES.some((type) => mayView(caller.rights, type, false) || mayView(caller.rights, type, true)))
      throw apiError('FORBIDDEN', undefined, { right: 'viewing rights over some kind of invoice' });
    const visible = (await store.getInvoices(this.#db, caller.companyId, [...new Set(ids)])).filter((r) =>
      mayView(caller.rights, r.type, Boolean(r.is_offer)),
    );
    if (visible.length === 0) throw notFound('Invoice');
    const invoiceIds = visible.map((r) => Number(r.id));
    const byInvoice = new Map(invoiceIds.map((id) => [id, [] as ReturnType<typeof transactionOf>[]]));
    for (const row of await store.historyOf(this.#db, caller.companyId, invoiceIds))
      byInvoice.get(Number(row.invoice_id))!.push(transactionOf(row));
    return { results: [...byInvoice].map(([invoiceId, transactions]) => ({ invoiceId, transactions })) };
  }
}

function transactionOf(row: Awaited<ReturnType<typeof store.historyOf>>[number]) {
  return {
    action: row.action as InvoiceTransactionAction,
    name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    date: row.at,
    ...(row.details ? { details: row.details } : {}),
  };
}
