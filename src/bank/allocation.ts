// Allocation of imported bank entries: a statement event to an invoice, a product or allocation metadata rows; a
// reference payment to metadata rows (and, by the automatic matching, to an invoice). An invoice allocation
// records the invoice's payment through the invoices area (its payment event, PARTLY_PAID/PAID and its posting:
// bank against receivables or payables), with the excess over the open amount booked as penal expense when asked;
// rows and products are booked by a receipt of the bank's own. Removing an allocation reverses both. Each entry has
// at most one allocation; every change runs in one transaction.
import { allocateId, allocateIds, insertOrUpdateTransaction, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import type { Rights } from '../platform/rights.ts';
import { LATEST_VERSION } from '../platform/versions.ts';
import { Decimal, fromMinorUnits, minor, toMinorUnits } from '../domain/decimal.ts';
import { transactionDescription } from '../domain/postings.ts';
import { allocationPostings, allocationProblem, type AllocationRow } from '../domain/bank-allocation.ts';
import type { InvoiceService } from '../invoices/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { AllocationMetadataWire } from './schemas.ts';
import * as store from './store.ts';

/** Penal interest on trade receivables (standard chart 9170), where an allocated overpayment is booked when asked. */
const PENAL_EXPENSE_ACCOUNT = '9170';

export interface Caller {
  companyId: number;
  userId: number;
  rights: Rights;
}

/** The entry an allocation is about: a statement event or a reference payment, as far as booking needs it. */
interface Entry {
  source: store.BankAllocationRow['source'];
  id: number;
  bankAccountId: number;
  amount: bigint;
  /** The currency of the entry's account. */
  currency: string;
  /** The amount as the payer instructed it in another currency (a foreign payment), when the bank tells it. */
  original?: { amount: bigint; currency: string };
  date: string;
  message: string | null;
  name: string | null;
}

const eventEntry = (row: store.BankStatementEventRow): Entry => ({
  source: 'EVENT',
  id: Number(row.id),
  bankAccountId: Number(row.bank_account_id),
  amount: minor(row.amount),
  currency: row.currency,
  original:
    row.original_amount !== null && row.original_currency !== null
      ? { amount: minor(row.original_amount), currency: row.original_currency }
      : undefined,
  date: row.pay_date,
  message: row.message,
  name: row.name,
});

const paymentEntry = (row: store.ReferencePaymentRow): Entry => ({
  source: 'REFERENCE_PAYMENT',
  id: Number(row.id),
  bankAccountId: Number(row.bank_account_id),
  amount: minor(row.amount),
  currency: row.currency,
  date: row.payment_date,
  message: row.message ?? `Reference ${row.reference}`,
  name: row.name,
});

export class BankAllocations {
  readonly #ctx: AppContext;
  readonly #invoices: InvoiceService;
  readonly #ledger: LedgerService;

  constructor(ctx: AppContext, invoices: InvoiceService, ledger: LedgerService) {
    this.#ctx = ctx;
    this.#invoices = invoices;
    this.#ledger = ledger;
  }

  /** A statement's event: 404 for an unknown statement or event, 400 when the event is another statement's. */
  async #event(db: Db, companyId: number, statementId: number, eventId: number): Promise<Entry> {
    const statement = await store.getStatement(db, companyId, statementId);
    if (!statement || statement.kind !== 'STATEMENT') throw notFound('Bank statement');
    const event = await store.getEvent(db, companyId, eventId);
    if (!event) throw notFound('Bank statement event');
    if (Number(event.statement_id) !== statementId)
      throw apiError('BANK_EVENT_NOT_IN_STATEMENT', 'eventId', { eventId, statementId });
    return eventEntry(event);
  }

  async #referencePayment(db: Db, companyId: number, id: number): Promise<Entry> {
    const payment = await store.getReferencePayment(db, companyId, id);
    if (!payment) throw notFound('Reference payment');
    return paymentEntry(payment);
  }

  /**
   * The entry has no allocation yet. Two allocations of one entry at the same moment both pass this on PostgreSQL;
   * the entry's unique key refuses the second insert, and `insertOrUpdateTransaction` runs that one again, to
   * fail here.
   */
  async #unallocated(db: Db, companyId: number, entry: Entry): Promise<void> {
    if (await store.allocationOf(db, companyId, entry.source, entry.id))
      throw apiError('BANK_ENTRY_ALREADY_ALLOCATED', undefined, { id: entry.id });
    // a statement credit carrying creditor references is allocated through its reference payments: booking the
    // event as well would book the money twice
    if (entry.source === 'EVENT' && (await store.eventHasReferencePayments(db, companyId, entry.id)))
      throw apiError('BANK_EVENT_HAS_REFERENCE_PAYMENTS', 'eventId', { id: entry.id });
  }

  async #record(trx: Db, companyId: number, entry: Entry, fields: Partial<store.BankAllocationRow>): Promise<void> {
    const id = await allocateId(trx, companyId, 'bank_allocations');
    await store.insertAllocations(trx, [this.#allocation(companyId, id, entry, fields)]);
  }

  #allocation(
    companyId: number,
    id: number,
    entry: Entry,
    fields: Partial<store.BankAllocationRow>,
  ): store.BankAllocationRow {
    return {
      company_id: companyId,
      id,
      source: entry.source,
      source_id: entry.id,
      kind: 'METADATA',
      invoice_id: null,
      product_id: null,
      payment_event_id: null,
      ledger_receipt_id: null,
      metadata: null,
      created: isoDateTime(this.#ctx.clock.now()).slice(0, 19),
      ...fields,
    };
  }

  /** The invoice's payment an entry records (BANKSTATEMENT, described by the bank's message). */
  #payment(entry: Entry, amount: bigint, currency: string) {
    return {
      paymentDate: entry.date,
      amount: fromMinorUnits(amount),
      currency: currency as never,
      description: transactionDescription(entry.message) || undefined,
      paymentMethodType: 'BANK_STATEMENT' as const,
    };
  }

  /**
   * What an entry pays of an invoice, in the invoice's currency (`paid`), and what it came to in the company
   * currency when the bank tells it (`accounting`): an entry in the invoice's currency pays its amount (converted at
   * the payment's rate when booked); an entry of an account in the company currency paying an invoice in another
   * pays the amount the payer instructed in the invoice's currency, or else its amount at the company's rate of the
   * day, and is booked at what the account was credited or debited.
   */
  async #invoicePayment(
    trx: Db,
    companyId: number,
    entry: Entry,
    amount: bigint,
    invoiceCurrency: string,
    companyCurrency: string,
  ): Promise<{ paid: bigint; accounting?: bigint }> {
    if (entry.currency === invoiceCurrency) return { paid: amount };
    if (entry.currency !== companyCurrency)
      throw apiError('PAYMENT_CURRENCY_MISMATCH', 'invoiceId', { currency: invoiceCurrency });
    if (entry.original?.currency === invoiceCurrency) {
      const original = entry.original.amount < 0n ? -entry.original.amount : entry.original.amount;
      return { paid: original, accounting: amount };
    }
    const rate = await this.#invoices.payments.paymentRate(trx, companyId, invoiceCurrency, entry.date, 'invoiceId');
    return {
      paid: toMinorUnits(fromMinorUnits(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      accounting: amount,
    };
  }

  /** Books rows against the entry's bank account: the receipt of a product or metadata allocation. */
  async #book(trx: Db, companyId: number, entry: Entry, rows: AllocationRow[], field: string): Promise<number> {
    const problem = allocationProblem(entry.amount, rows);
    if (problem) throw apiError('ALLOCATION_SUM_MISMATCH', field, { detail: problem });
    const bank = await store.bankLedgerAccount(trx, companyId, entry.bankAccountId);
    const draft = {
      type: entry.source === 'EVENT' ? ('BANK_STATEMENT_AS_RECEIPT' as const) : ('REFERENCE_PAYMENT' as const),
      status: 'APPROVED' as const,
      name: transactionDescription(entry.name ?? 'Bank', entry.date).slice(0, 80),
      receiptDate: entry.date,
      vatType: entry.amount >= 0n ? ('SALES' as const) : ('PURCHASE' as const),
      vatStatus: rows[0].vatStatus,
      lines: allocationPostings(bank, entry.amount, transactionDescription(entry.message), rows),
    };
    await this.#ledger.checkVat(trx, companyId, draft);
    return (await this.#ledger.post(trx, companyId, draft)).id;
  }

  /** An invoice allocation of an entry: the invoice's payment, and the excess as penal expense when asked. */
  async #allocateInvoice(trx: Db, caller: Caller, entry: Entry, invoiceId: number, addPenalExpense: boolean) {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['type', 'currency', 'gross_minor', 'paid_minor'])
      .where('company_id', '=', caller.companyId)
      .where('id', '=', invoiceId)
      .executeTakeFirst();
    if (!invoice) throw notFound('Invoice');
    const sales = invoice.type === 'SALES_INVOICE';
    if (sales !== entry.amount >= 0n)
      throw apiError('ALLOCATION_INVOICE_SIDE', undefined, {
        direction: entry.amount >= 0n ? 'money in' : 'money out',
        side: entry.amount >= 0n ? 'a sales invoice' : 'a purchase invoice',
      });
    const amount = entry.amount < 0n ? -entry.amount : entry.amount;
    const open = minor(invoice.gross_minor) - minor(invoice.paid_minor);
    const companyCurrency = await this.#invoices.documents.companyCurrency(trx, caller.companyId);
    const payment = await this.#invoicePayment(trx, caller.companyId, entry, amount, invoice.currency, companyCurrency);
    // an overpayment is booked as penal expense only where the entry and the invoice share the company currency
    const sameMoney = invoice.currency === companyCurrency && entry.currency === companyCurrency;
    const excess = addPenalExpense && sales && sameMoney && amount > open && open > 0n ? amount - open : 0n;
    const event = (
      await this.#invoices.payments.recordPayments(
        trx,
        caller,
        [
          {
            invoiceId,
            body: this.#payment(entry, payment.paid - excess, invoice.currency),
            accountingMinor: payment.accounting,
          },
        ],
        LATEST_VERSION,
      )
    )[0];
    let receipt: number | null = null;
    if (excess > 0n) {
      const bank = await store.bankLedgerAccount(trx, caller.companyId, entry.bankAccountId);
      const description = transactionDescription('Penal expense', entry.message);
      // the excess is part of the same allocation of the entry to the invoice as the payment event
      const allocations = event.id === undefined ? null : [event.id];
      receipt = (
        await this.#ledger.post(trx, caller.companyId, {
          type: 'JOURNAL',
          status: 'APPROVED',
          name: `Penal expense of invoice ${invoiceId}`,
          receiptDate: entry.date,
          vatType: 'SALES',
          vatStatus: 1,
          invoiceId,
          lines: [
            { account: bank, amountMinor: excess, description, allocations },
            { account: PENAL_EXPENSE_ACCOUNT, amountMinor: -excess, description, allocations },
          ],
        })
      ).id;
    }
    await this.#record(trx, caller.companyId, entry, {
      kind: 'INVOICE',
      invoice_id: invoiceId,
      payment_event_id: event.id,
      ledger_receipt_id: receipt,
    });
  }

  async allocateEventToInvoice(
    caller: Caller,
    statementId: number,
    eventId: number,
    invoiceId: number,
    addPenalExpense: boolean,
  ): Promise<{ message: string }> {
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      const entry = await this.#event(trx, caller.companyId, statementId, eventId);
      await this.#unallocated(trx, caller.companyId, entry);
      await this.#allocateInvoice(trx, caller, entry, invoiceId, addPenalExpense);
      return { message: `Invoice ${invoiceId} allocated to event ${eventId}.` };
    });
  }

  /**
   * Matched reference payments to sales invoices (the automatic matching), in the caller's transaction: each as
   * an invoice allocation of its own would be (the payments in money and currency of their invoices), the
   * invoices' payments recorded together and the allocations written in one insert.
   */
  async allocatePaymentsToInvoices(
    trx: Db,
    caller: Caller,
    matches: readonly { payment: store.ReferencePaymentRow; invoiceId: number }[],
  ): Promise<void> {
    if (matches.length === 0) return;
    const { companyId } = caller;
    const entries = matches.map(({ payment }) => paymentEntry(payment));
    const allocated = await store.allocationsOf(
      trx,
      companyId,
      'REFERENCE_PAYMENT',
      entries.map((entry) => entry.id),
    );
    const taken = entries.find((entry) => allocated.has(entry.id));
    if (taken) throw apiError('BANK_ENTRY_ALREADY_ALLOCATED', undefined, { id: taken.id });
    const events = await this.#invoices.payments.recordPayments(
      trx,
      caller,
      matches.map(({ payment, invoiceId }, i) => ({
        invoiceId,
        body: this.#payment(entries[i], entries[i].amount, payment.currency),
      })),
      LATEST_VERSION,
    );
    const first = await allocateIds(trx, companyId, 'bank_allocations', entries.length);
    await store.insertAllocations(
      trx,
      entries.map((entry, i) =>
        this.#allocation(companyId, first + i, entry, {
          kind: 'INVOICE',
          invoice_id: matches[i].invoiceId,
          payment_event_id: events[i].id,
        }),
      ),
    );
  }

  async allocateEventToProduct(
    companyId: number,
    statementId: number,
    eventId: number,
    productId: number,
  ): Promise<{ message: string }> {
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      const entry = await this.#event(trx, companyId, statementId, eventId);
      await this.#unallocated(trx, companyId, entry);
      const product = await trx
        .selectFrom('products')
        .select(['name', 'vat', 'vat_status', 'default_account'])
        .where('company_id', '=', companyId)
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!product) throw notFound('Product');
      const receipt = await this.#book(
        trx,
        companyId,
        entry,
        [
          {
            grossMinor: entry.amount,
            vatPercent: new Decimal(product.vat ?? 0),
            vatStatus: product.vat_status === null ? 1 : Number(product.vat_status),
            account: product.default_account ?? (entry.amount >= 0n ? '3000' : '4000'),
            description: transactionDescription(product.name, entry.message),
          },
        ],
        'productId',
      );
      await this.#record(trx, companyId, entry, { kind: 'PRODUCT', product_id: productId, ledger_receipt_id: receipt });
      return { message: `Product ${productId} allocated to event ${eventId}.` };
    });
  }

  async #allocateMetadata(trx: Db, companyId: number, entry: Entry, body: AllocationMetadataWire): Promise<void> {
    await this.#unallocated(trx, companyId, entry);
    const sent = body.allocationMetadataRows ?? [];
    const rows: AllocationRow[] = sent.map((row) => ({
      grossMinor: toMinorUnits(row.sum),
      vatPercent: row.vatPercentage,
      vatStatus: row.vatStatus ?? 1,
      account: row.ledgerAccountCode ?? (entry.amount >= 0n ? '3000' : '4000'),
      // the comment is written into the description together with the bank's own message (255 at most)
      description: transactionDescription(row.comment, entry.message),
    }));
    const receipt = await this.#book(trx, companyId, entry, rows, 'allocationMetadataRows');
    const stored = sent.map((row, i) => ({
      id: i + 1,
      vatPercentage: row.vatPercentage.toFixed(),
      sum: row.sum.toFixed(),
      vatStatus: rows[i].vatStatus,
      comment: rows[i].description,
      ledgerAccountCode: rows[i].account,
    }));
    await this.#record(trx, companyId, entry, { ledger_receipt_id: receipt, metadata: JSON.stringify(stored) });
  }

  async allocateEventMetadata(
    companyId: number,
    statementId: number,
    eventId: number,
    body: AllocationMetadataWire,
  ): Promise<{ message: string }> {
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      await this.#allocateMetadata(trx, companyId, await this.#event(trx, companyId, statementId, eventId), body);
      return { message: 'Metadata allocated successfully' };
    });
  }

  async allocatePaymentMetadata(
    companyId: number,
    paymentId: number,
    body: AllocationMetadataWire,
  ): Promise<{ message: string }> {
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      await this.#allocateMetadata(trx, companyId, await this.#referencePayment(trx, companyId, paymentId), body);
      return { message: 'Metadata allocated successfully' };
    });
  }

  /** Removes an entry's allocation of the kind named, reversing the invoice's payment and the bank's receipt. */
  async #remove(trx: Db, caller: Caller, entry: Entry, kind: store.BankAllocationRow['kind']): Promise<void> {
    const allocation = await store.allocationOf(trx, caller.companyId, entry.source, entry.id);
    // deleted first: a removal of the same allocation at the same moment (PostgreSQL) waits here and then finds
    // it gone, so the payment and the receipt are reversed once
    if (
      !allocation ||
      allocation.kind !== kind ||
      !(await store.deleteAllocation(trx, caller.companyId, Number(allocation.id)))
    )
      throw apiError('BANK_ENTRY_NOT_ALLOCATED', undefined, { id: entry.id, kind: kind.toLowerCase() });
    if (allocation.payment_event_id !== null && allocation.invoice_id !== null)
      await this.#invoices.payments.deletePaymentEvent(
        trx,
        caller,
        Number(allocation.invoice_id),
        Number(allocation.payment_event_id),
      );
    if (allocation.ledger_receipt_id !== null)
      await this.#ledger.reverse(trx, caller.companyId, Number(allocation.ledger_receipt_id), {
        receiptDate: entry.date,
      });
  }

  async removeFromEvent(
    caller: Caller,
    statementId: number,
    eventId: number,
    kind: store.BankAllocationRow['kind'],
  ): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      await this.#remove(trx, caller, await this.#event(trx, caller.companyId, statementId, eventId), kind);
    });
  }

  async removeFromPayment(caller: Caller, paymentId: number): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      await this.#remove(trx, caller, await this.#referencePayment(trx, caller.companyId, paymentId), 'METADATA');
    });
  }
}
