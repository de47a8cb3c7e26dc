// Payments of invoices: marking an invoice (partly) paid records a payment event and posts it (sales: Dr bank /
// Cr receivables; purchases: Dr payables / Cr bank). The status follows the sum of the events exactly: PAID when
// it equals the invoice total, PARTLY_PAID in between; a credit note is paid with negative amounts. Deleting a
// payment event (two-factor, src/mfa) reverses its posting and emits INVOICE_PAYMENTEVENTS_DELETED.
//
// A payment of an invoice in a foreign currency is paid in that currency (`paidAmount`, `paidCurrency` of the
// event) and booked in the company currency at the payment's own rate (`amount`, `currency`): the rate given, the
// amount the bank credited in the company currency, or else the company's exchange rate of the payment date. The
// receivable or payable is cleared at the rate the invoice was booked at (the last payment clears what is left of
// it, so no cent stays open), and the difference is booked as the exchange difference (src/domain/invoice-postings.ts).
import type { Db } from '../db/index.ts';
import { allocateIdBlocks } from '../db/index.ts';
import { ApiError, apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { Decimal, minor, type MinorUnits } from '../domain/decimal.ts';
import { centsToDecimal, roundToCents } from '../domain/invoice-arithmetic.ts';
import { exchangeDifference, invoicePaymentLines } from '../domain/invoice-postings.ts';
import type { AppContext } from '../platform/context.ts';
import type { Posting } from '../ledger/index.ts';
import { emitEvents } from '../webhooks/index.ts';
import type { ReceiptDraft } from '../ledger/index.ts';
import type { InvoiceActions } from './actions.ts';
import type { MarkInvoiceAsPaidWire, PaymentEventType, PaymentEventWire } from './schemas.ts';
import { SALES_TYPES, type Caller, type InvoiceDocuments } from './documents.ts';
import { figuresOf, type StoredInvoice } from './mapping.ts';
import * as store from './store.ts';

const EVENT_TYPE: Record<NonNullable<MarkInvoiceAsPaidWire['paymentMethodType']>, PaymentEventType> = {
  ADJUSTMENT: 'ADJUSTMENT',
  BANK_STATEMENT: 'BANKSTATEMENT',
  CASH: 'CASH',
  CHARGE_CARD: 'CHARGECARD',
  CORRECTION: 'CORRECTION',
  CREDIT_LOSS: 'CREDITLOSS',
  CREDIT_NOTE: 'COMPENSATIONINVOICE',
  EXTERNAL_BANK_TRANSFER: 'BANKTRANSFERELSEWHERE',
  SET_OFF: 'SETOFF',
};

/** Statuses from which an invoice can be paid, by side. */
const PAYABLE = {
  SALES: ['NOT_SENT', 'SENT', 'PARTLY_PAID'],
  PURCHASE: ['APPROVED', 'PARTLY_PAID'],
};

/** A payment of an invoice, as `recordPayments` takes it. */
export interface InvoicePayment {
  invoiceId: number;
  body: MarkInvoiceAsPaidWire;
  /**
   * What the payment came to in the company currency when that is known (a bank entry of an account in the
   * company currency): its rate follows from it.
   */
  accountingMinor?: MinorUnits;
}

/** The exchange rates a payment is converted at (the currencies area). */
export interface PaymentRates {
  exchangeRate(
    companyId: number,
    query: { baseCurrency: string; currency: string; day: string; rateType: 'PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE' },
    db: Db,
  ): Promise<{ rate?: { toString(): string } }>;
}

/** Significant digits of a rate that follows from two amounts, as the currencies area gives a cross rate. */
const IMPLIED_RATE_DIGITS = 10;

export class InvoicePayments {
  readonly #ctx: AppContext;
  readonly #documents: InvoiceDocuments;
  readonly #actions: InvoiceActions;
  readonly #ledger: Posting;
  readonly #rates: PaymentRates;

  constructor(
    ctx: AppContext,
    documents: InvoiceDocuments,
    actions: InvoiceActions,
    ledger: Posting,
    rates: PaymentRates,
  ) {
    this.#ctx = ctx;
    this.#documents = documents;
    this.#actions = actions;
    this.#ledger = ledger;
    this.#rates = rates;
  }

  get #db() {
    return this.#ctx.db;
  }

  /**
   * The company's rate of `currency` on `day` for a payment (units per one unit of the company currency); a
   * currency without one is refused, naming `field` (the request's field that gives a rate, or what was asked).
   */
  async paymentRate(
    trx: Db,
    companyId: number,
    currency: string,
    day: string,
    field = 'currencyRate',
  ): Promise<Decimal> {
    const baseCurrency = await this.#documents.companyCurrency(trx, companyId);
    if (currency === baseCurrency) return new Decimal(1);
    try {
      const { rate } = await this.#rates.exchangeRate(
        companyId,
        { baseCurrency, currency, day, rateType: 'PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE' },
        trx,
      );
      if (rate === undefined) throw apiError('PAYMENT_RATE_NOT_FOUND', field, { currency, baseCurrency, day });
      return new Decimal(rate.toString());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        throw apiError('PAYMENT_RATE_NOT_FOUND', field, { currency, baseCurrency, day });
      throw error;
    }
  }

  async markPaid(
    caller: Caller,
    id: number,
    body: MarkInvoiceAsPaidWire,
    apiVersion: string,
  ): Promise<PaymentEventWire> {
    return this.#db.transaction().execute((trx) => this.recordPayment(trx, caller, id, body, apiVersion));
  }

  /**
   * Records a payment of an invoice inside the caller's transaction (mark paid, an allocated bank event, a
   * payment the bank confirmed); `emit` false leaves INVOICE_PAYMENT_CREATED to the caller.
   */
  async recordPayment(
    trx: Db,
    caller: Caller,
    id: number,
    body: MarkInvoiceAsPaidWire,
    apiVersion: string,
    emit = true,
  ): Promise<PaymentEventWire> {
    return (await this.recordPayments(trx, caller, [{ invoiceId: id, body }], apiVersion, emit))[0];
  }

  /**
   * Records payments of invoices inside the caller's transaction, in order, each exactly as `recordPayment`
   * would one after the other (a later payment of an invoice sees the earlier ones), and refused together when
   * one is. Everything is written in bulk: the invoices read and locked in one query, the payments' receipts posted
   * together (`postMany`), the events, the history rows and the webhook events each in one insert, the paid sums
   * and statuses in one update.
   */
  async recordPayments(
    trx: Db,
    caller: Caller,
    payments: readonly InvoicePayment[],
    apiVersion: string,
    emit = true,
  ): Promise<PaymentEventWire[]> {
    if (payments.length === 0) return [];
    const companyId = caller.companyId;
    const invoices = await this.#documents.lockAllForAction(
      trx,
      caller,
      [...new Set(payments.map((p) => p.invoiceId))],
      'view',
    );
    const states = new Map<number, store.PaymentState>();
    const settledSoFar = new Map<number, MinorUnits>();
    const companyCurrency = await this.#documents.companyCurrency(trx, companyId);
    const now = this.#ctx.clock.now();
    const recorded: { event: Omit<store.PaymentEventRecord, 'id'>; side: 'SALES' | 'PURCHASE' }[] = [];
    const drafts: ReceiptDraft[] = [];
    for (const { invoiceId: id, body, accountingMinor } of payments) {
      const { record: stored, document } = invoices.get(id)!;
      const state = states.get(id);
      const record = state ? { ...stored, ...state } : stored;
      const side = SALES_TYPES.has(record.type) ? 'SALES' : 'PURCHASE';
      const payable = record.type === 'SALES_INVOICE' || (side === 'PURCHASE' && record.type !== 'PURCHASE_ORDER');
      if (!payable || Boolean(record.is_offer) || !PAYABLE[side].includes(record.status))
        throw apiError('INVOICE_ACTION_NOT_ALLOWED', 'status', {
          action: 'markpaid',
          type: record.type,
          status: record.status,
          allowed: payable ? PAYABLE[side].join(', ') : 'no status (not an action of this type)',
        });
      if (body.currency !== record.currency)
        throw apiError('PAYMENT_CURRENCY_MISMATCH', 'currency', { currency: record.currency });
      const amount = roundToCents(new Decimal(body.amount));
      const gross = minor(record.gross_minor);
      const paid = minor(record.paid_minor);
      if (amount === 0n || amount < 0n !== gross < 0n)
        throw apiError('PAYMENT_AMOUNT_SIGN', 'amount', { sign: gross < 0n ? 'negative (a credit note)' : 'positive' });
      const after = paid + amount;
      if ((gross < 0n ? -after : after) > (gross < 0n ? -gross : gross))
        throw apiError('PAYMENT_EXCEEDS_OPEN_AMOUNT', 'amount', { open: centsToDecimal(gross - paid).toFixed(2) });
      const foreign = record.currency !== companyCurrency;
      let rate = new Decimal(1);
      let accounting = amount;
      if (foreign && accountingMinor !== undefined) {
        if (accountingMinor === 0n || accountingMinor < 0n !== amount < 0n)
          throw apiError('PAYMENT_AMOUNT_SIGN', 'amount', { sign: amount < 0n ? 'negative' : 'positive' });
        accounting = accountingMinor;
        rate = centsToDecimal(amount)
          .dividedBy(centsToDecimal(accounting))
          .toSignificantDigits(IMPLIED_RATE_DIGITS, Decimal.ROUND_HALF_UP);
      } else if (foreign) {
        rate = body.currencyRate ?? (await this.paymentRate(trx, companyId, record.currency, body.paymentDate));
        if (rate.lessThanOrEqualTo(0))
          throw apiError('VALIDATION_FAILED', 'currencyRate', { detail: "'currencyRate' must be greater than 0." });
        accounting = roundToCents(centsToDecimal(amount).dividedBy(rate));
      }
      // the last payment clears what is left of the receivable or payable as booked; the others their share of it
      // at the booking rate (an invoice in the company currency was booked at its own figures)
      let settled = amount;
      if (foreign) {
        const booking = await this.#booking(trx, companyId, id, document, settledSoFar);
        settled =
          after === gross
            ? booking.grossMinor - booking.settled
            : roundToCents(centsToDecimal(amount).dividedBy(new Decimal(document.paymentInfo.currencyRate)));
        settledSoFar.set(id, booking.settled + settled);
      }
      drafts.push({
        type: 'JOURNAL',
        status: 'APPROVED',
        name: `Payment of invoice ${record.invoice_number}`.slice(0, 80),
        receiptDate: body.paymentDate,
        vatType: side,
        vatStatus: document.vatStatus ?? 1,
        partnerId: document.partnerId ?? null,
        invoiceId: id,
        invoiceNumber: Number(record.invoice_number),
        lines: invoicePaymentLines(side, accounting, settled).map((line) => ({
          account: line.account,
          amountMinor: line.amountMinor,
          partnerId: document.partnerId ?? null,
          description: body.description ?? null,
        })),
      });
      recorded.push({
        event: {
          company_id: companyId,
          invoice_id: id,
          type: EVENT_TYPE[body.paymentMethodType ?? 'EXTERNAL_BANK_TRANSFER'],
          payment_date: body.paymentDate,
          amount_minor: amount.toString(),
          currency: body.currency,
          accounting_minor: accounting.toString(),
          settled_minor: settled.toString(),
          currency_rate: rate.toString(),
          description: body.description ?? null,
          ledger_receipt_id: 0, // posted below, with the others
          deleted: false,
          created_at: isoDateTime(now),
        },
        side,
      });
      states.set(id, {
        id,
        ...(await this.paidState(trx, record, after, body.paymentDate)),
        expectedVersion: stored.version,
      });
    }
    const [firstEvent, firstHistory] = await allocateIdBlocks(trx, companyId, [
      { name: 'invoice_payment_events', count: recorded.length },
      { name: 'invoice_history', count: recorded.length },
    ]);
    // The payment event is the allocation of the payment to its invoice: the lines it posts carry its id, which
    // the ledger answers as the transactions' `allocations`.
    drafts.forEach((draft, i) => draft.lines.forEach((line) => (line.allocations = [firstEvent + i])));
    const receipts = await this.#ledger.postMany(trx, companyId, drafts);
    recorded.forEach(({ event }, i) => (event.ledger_receipt_id = receipts[i].id));
    const events = recorded.map(({ event }, i) => ({ ...event, id: firstEvent + i }));
    await store.insertPaymentEvents(trx, events);
    await staleUnlessWritten(store.setPaymentStates(trx, companyId, [...states.values()]));
    await store.insertHistory(
      trx,
      events.map((event, i) => ({
        company_id: companyId,
        id: firstHistory + i,
        invoice_id: event.invoice_id,
        action: 'MARKED_PAID' as const,
        user_id: caller.userId,
        at: isoDateTime(now),
        details: `${centsToDecimal(minor(event.amount_minor)).toFixed(2)} ${event.currency}`,
      })),
    );
    if (emit)
      await emitEvents(
        trx,
        events.map((event) => ({
          companyId,
          eventType: 'INVOICE_PAYMENT_CREATED' as const,
          payload: { transactions: [{ paymentId: event.id, invoiceId: event.invoice_id }] },
          apiVersion,
          now,
        })),
      );
    return events.map((event, i) => eventToWire(event, { companyCurrency, side: recorded[i].side }));
  }

  /**
   * What the invoice's receivable or payable was booked at in the company currency, and how much of it the
   * payments before cleared (those of this batch included).
   */
  async #booking(
    trx: Db,
    companyId: number,
    id: number,
    document: StoredInvoice,
    settledSoFar: Map<number, MinorUnits>,
  ): Promise<{ grossMinor: MinorUnits; settled: MinorUnits }> {
    const grossMinor = figuresOf(document).accounting.grossMinor;
    let settled = settledSoFar.get(id);
    if (settled === undefined) {
      const bookingRate = new Decimal(document.paymentInfo.currencyRate);
      settled = (await store.paymentEventsOf(trx, companyId, id)).rows.reduce(
        (sum, row) => sum + settledOf(row, bookingRate),
        0n,
      );
    }
    return { grossMinor, settled };
  }

  /** The paid sum, the status it gives and the payment date, over the invoice as it was. */
  private async paidState(trx: Db, record: store.InvoiceRecord, paid: bigint, paymentDate: string | null) {
    const gross = minor(record.gross_minor);
    let status: string;
    if (paid === 0n) status = await this.unpaidStatus(trx, record);
    else status = paid === gross ? 'PAID' : 'PARTLY_PAID';
    return {
      status,
      paid_minor: paid.toString(),
      payment_date: paid === 0n ? null : (paymentDate ?? record.payment_date),
      version: nextVersion(this.#ctx.clock.now(), record.version),
    };
  }

  /** Writes the paid sum and the status it gives. */
  private async setPaid(trx: Db, record: store.InvoiceRecord, paid: bigint, paymentDate: string | null) {
    const updated: store.InvoiceRecord = { ...record, ...(await this.paidState(trx, record, paid, paymentDate)) };
    await staleUnlessWritten(store.updateInvoice(trx, updated, record.version));
  }

  /** The status of an approved invoice without payments: sent sales invoices stay SENT. */
  private async unpaidStatus(trx: Db, record: store.InvoiceRecord): Promise<string> {
    if (record.type !== 'SALES_INVOICE') return 'APPROVED';
    const history = await store.historyOf(trx, Number(record.company_id), [Number(record.id)]);
    return history.some((h) => h.action === 'SEND') ? 'SENT' : 'NOT_SENT';
  }

  async paymentEvents(caller: Caller, id: number, page: PageRequest): Promise<Paged<PaymentEventWire>> {
    const context = await this.#wireContext(caller, id);
    const { rows, total } = await store.paymentEventsOf(this.#db, caller.companyId, id, page);
    return paged(
      rows.map((r) => eventToWire(r, context)),
      total,
      page,
    );
  }

  async paymentEvent(caller: Caller, id: number, eventId: number): Promise<PaymentEventWire> {
    const context = await this.#wireContext(caller, id);
    const event = await store.getPaymentEvent(this.#db, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    return eventToWire(event, context);
  }

  /** What an invoice's events need to be answered: its side, the company currency and its booking rate. */
  async #wireContext(caller: Caller, id: number): Promise<WireContext> {
    const invoice = await this.#documents.get(caller, id);
    return {
      companyCurrency: await this.#documents.companyCurrency(this.#db, caller.companyId),
      side: SALES_TYPES.has(invoice.type) ? 'SALES' : 'PURCHASE',
      bookingRate: new Decimal(invoice.paymentInfo.currencyRate),
    };
  }

  /** Checks before the two-factor confirmation that the event can be deleted; answers the user's summary. */
  async describeDeletion(caller: Caller, id: number, eventId: number): Promise<string> {
    const invoice = await this.#documents.get(caller, id);
    const event = await store.getPaymentEvent(this.#db, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    return `Delete the payment of ${centsToDecimal(minor(event.amount_minor)).toFixed(2)} ${event.currency} on ${event.payment_date} from invoice ${invoice.invoiceNumber}`;
  }

  /** The confirmed deletion: reverses the event's posting and recomputes the paid sum and status. */
  async deletePaymentEvent(trx: Db, caller: Caller, id: number, eventId: number): Promise<{ message: string }> {
    const { record } = await this.#documents.lockForAction(trx, caller, id, 'view');
    const event = await store.getPaymentEvent(trx, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    if (event.ledger_receipt_id !== null)
      await this.#ledger.reverse(trx, caller.companyId, Number(event.ledger_receipt_id), {
        receiptDate: event.payment_date,
        name: `Reversal of payment of invoice ${record.invoice_number}`.slice(0, 80),
      });
    await store.markPaymentEventDeleted(trx, caller.companyId, eventId);
    const paid = minor(record.paid_minor) - minor(event.amount_minor);
    const remaining = (await store.paymentEventsOf(trx, caller.companyId, id)).rows;
    await this.setPaid(trx, record, paid, remaining.at(-1)?.payment_date ?? null);
    await this.#actions.history(trx, caller, id, 'DELETED_PAYMENT_TRANSACTION', `payment event ${eventId}`);
    return { message: `Payment event ${eventId} of invoice ${record.invoice_number} deleted.` };
  }
}

interface WireContext {
  companyCurrency: string;
  side: 'SALES' | 'PURCHASE';
  /** The invoice's rate, for events recorded before payments kept their own. */
  bookingRate?: Decimal;
}

/** What an event cleared of the receivable or payable as booked (older events: converted at the booking rate). */
function settledOf(row: store.PaymentEventRecord, bookingRate: Decimal): MinorUnits {
  if (row.settled_minor !== null) return minor(row.settled_minor);
  return roundToCents(centsToDecimal(minor(row.amount_minor)).dividedBy(bookingRate));
}

/**
 * The real `PaymentEvent`: `amount` in the accounting currency at the payment's rate, `paidAmount` and
 * `paidCurrency` this payment as it was paid; for a foreign currency, the rate and the exchange difference booked
 * as additions.
 */
function eventToWire(row: store.PaymentEventRecord, context: WireContext): PaymentEventWire {
  const paid = minor(row.amount_minor);
  const foreign = row.currency !== context.companyCurrency;
  const bookingRate = context.bookingRate ?? new Decimal(1);
  const accounting = row.accounting_minor !== null ? minor(row.accounting_minor) : settledOf(row, bookingRate);
  const wire: PaymentEventWire = {
    id: Number(row.id),
    invoiceId: Number(row.invoice_id),
    type: row.type as PaymentEventType,
    paymentDate: row.payment_date,
    status: 'MARKED_PAID',
    amount: centsToDecimal(foreign ? accounting : paid),
    currency: context.companyCurrency as PaymentEventWire['currency'],
    paidAmount: centsToDecimal(paid),
    paidCurrency: row.currency as PaymentEventWire['paidCurrency'],
  };
  if (row.description !== null) wire.description = row.description;
  if (foreign) {
    wire.currencyRate = new Decimal(row.currency_rate ?? bookingRate);
    wire.exchangeDifference = centsToDecimal(exchangeDifference(context.side, accounting, settledOf(row, bookingRate)));
  }
  return wire;
}
