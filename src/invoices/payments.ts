// Payments of invoices: marking an invoice (partly) paid records a payment event and posts it (sales: Dr bank /
// Cr receivables; purchases: Dr payables / Cr bank). The status follows the sum of the events exactly: PAID when
// it equals the invoice total, PARTLY_PAID in between; a credit note is paid with negative amounts. Deleting a
// payment event (two-factor, src/mfa) reverses its posting and emits INVOICE_PAYMENTEVENTS_DELETED.
import type { Db } from '../db/index.ts';
import { allocateIdBlocks } from '../db/index.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { Decimal, minor } from '../domain/decimal.ts';
import { centsToDecimal, roundToCents } from '../domain/invoice-arithmetic.ts';
import { invoicePaymentLines } from '../domain/invoice-postings.ts';
import { emitEvents } from '../webhooks/index.ts';
import type { ReceiptDraft } from '../ledger/index.ts';
import { InvoiceActions } from './actions.ts';
import type { MarkInvoiceAsPaidWire, PaymentEventType, PaymentEventWire } from './schemas.ts';
import { SALES_TYPES, type Caller } from './service.ts';
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
}

export class InvoicePayments extends InvoiceActions {
  async markPaid(
    caller: Caller,
    id: number,
    body: MarkInvoiceAsPaidWire,
    apiVersion: string,
  ): Promise<PaymentEventWire> {
    return this.db.transaction().execute((trx) => this.recordPayment(trx, caller, id, body, apiVersion));
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
    const invoices = await this.lockAllForAction(trx, caller, [...new Set(payments.map((p) => p.invoiceId))], 'view');
    const states = new Map<number, store.PaymentState>();
    const now = this.ctx.clock.now();
    const recorded: { event: Omit<store.PaymentEventRecord, 'id'>; paidAfter: bigint }[] = [];
    const drafts: ReceiptDraft[] = [];
    for (const { invoiceId: id, body } of payments) {
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
      const rate = new Decimal(document.paymentInfo.currencyRate);
      const accountingAmount = roundToCents(centsToDecimal(amount).dividedBy(rate));
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
        lines: invoicePaymentLines(side, accountingAmount).map((line) => ({
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
          description: body.description ?? null,
          ledger_receipt_id: 0, // posted below, with the others
          deleted: false,
          created_at: isoDateTime(now),
        },
        paidAfter: after,
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
    const receipts = await this.ledger.postMany(trx, companyId, drafts);
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
    return events.map((event, i) => eventToWire(event, recorded[i].paidAfter));
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
      version: nextVersion(this.ctx.clock.now(), record.version),
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
    await this.get(caller, id);
    const all = await store.paymentEventsOf(this.db, caller.companyId, id);
    const running = runningTotals(all.rows);
    const { rows, total } = await store.paymentEventsOf(this.db, caller.companyId, id, page);
    return paged(
      rows.map((r) => eventToWire(r, running.get(Number(r.id)) ?? 0n)),
      total,
      page,
    );
  }

  async paymentEvent(caller: Caller, id: number, eventId: number): Promise<PaymentEventWire> {
    await this.get(caller, id);
    const event = await store.getPaymentEvent(this.db, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    const running = runningTotals((await store.paymentEventsOf(this.db, caller.companyId, id)).rows);
    return eventToWire(event, running.get(eventId) ?? 0n);
  }

  /** Checks before the two-factor confirmation that the event can be deleted; answers the user's summary. */
  async describeDeletion(caller: Caller, id: number, eventId: number): Promise<string> {
    const invoice = await this.get(caller, id);
    const event = await store.getPaymentEvent(this.db, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    return `Delete the payment of ${centsToDecimal(minor(event.amount_minor)).toFixed(2)} ${event.currency} on ${event.payment_date} from invoice ${invoice.invoiceNumber}`;
  }

  /** The confirmed deletion: reverses the event's posting and recomputes the paid sum and status. */
  async deletePaymentEvent(trx: Db, caller: Caller, id: number, eventId: number): Promise<{ message: string }> {
    const { record } = await this.lockForAction(trx, caller, id, 'view');
    const event = await store.getPaymentEvent(trx, caller.companyId, id, eventId);
    if (!event) throw notFound('Payment event');
    if (event.ledger_receipt_id !== null)
      await this.ledger.reverse(trx, caller.companyId, Number(event.ledger_receipt_id), {
        receiptDate: event.payment_date,
        name: `Reversal of payment of invoice ${record.invoice_number}`.slice(0, 80),
      });
    await store.markPaymentEventDeleted(trx, caller.companyId, eventId);
    const paid = minor(record.paid_minor) - minor(event.amount_minor);
    const remaining = (await store.paymentEventsOf(trx, caller.companyId, id)).rows;
    await this.setPaid(trx, record, paid, remaining.at(-1)?.payment_date ?? null);
    await this.history(trx, caller, id, 'DELETED_PAYMENT_TRANSACTION', `payment event ${eventId}`);
    return { message: `Payment event ${eventId} of invoice ${record.invoice_number} deleted.` };
  }
}

function runningTotals(rows: readonly store.PaymentEventRecord[]): Map<number, bigint> {
  const totals = new Map<number, bigint>();
  let sum = 0n;
  for (const row of rows) {
    sum += minor(row.amount_minor);
    totals.set(Number(row.id), sum);
  }
  return totals;
}

function eventToWire(row: store.PaymentEventRecord, paidAfter: bigint): PaymentEventWire {
  const wire: PaymentEventWire = {
    id: Number(row.id),
    invoiceId: Number(row.invoice_id),
    type: row.type as PaymentEventType,
    paymentDate: row.payment_date,
    status: 'MARKED_PAID',
    amount: centsToDecimal(minor(row.amount_minor)),
    currency: row.currency as PaymentEventWire['currency'],
    paidAmount: centsToDecimal(paidAfter),
    paidCurrency: row.currency as PaymentEventWire['paidCurrency'],
  };
  if (row.description !== null) wire.description = row.description;
  return wire;
}
