// Payments out. Every payment is queued (PAYMENT_QUEUED) by a two-factor action (src/mfa): the request is checked
// when it arrives and checked again inside the confirmation's transaction, so a change in between (the invoice,
// the payer account's flags) refuses the whole request: all or nothing. Queued payments go to the bank in
// payment files (files.ts: PAYMENT_SENT_TO_BANK) and become PAID when an imported bank statement books their
// debit (matched by end-to-end id); an invoice payment then marks its purchase invoice paid.
//
//   PAYMENT_QUEUED --export--> PAYMENT_SENT_TO_BANK --statement debit--> PAID
//        |
//        +--cancel--> PAYMENT_TRANSACTION_REMOVED ; a queued or cancelled payment can be deleted
//
// A payment the bank returns (a statement's booking of its end-to-end id with a return reason, usually after
// its debit) is a payment error (GET /payments/errormessages); its status stays as it was, for the booked debit
// and the invoice's payment are facts of the statement, and so is the return.
import { allocateIds, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { isoDate, isoDateTime } from '../platform/clock.ts';
import { paged, pagedCountingCheaply, type PageRequest, type Paged, type PartlyCounted } from '../platform/paging.ts';
import { hasRight, rightsForRole, type RightLeaf, type Rights } from '../platform/rights.ts';
import { compact } from '../platform/resource.ts';
import { LATEST_VERSION } from '../platform/versions.ts';
import { Decimal, fromMinorUnits, minor, toMinorUnits } from '../domain/decimal.ts';
import { emitEvent } from '../webhooks/index.ts';
import type { InvoiceService } from '../invoices/index.ts';
import { checkRecipient, payerAccountFor, payerAccounts, type PayerAccount, type PaymentKind } from './rules.ts';
import type {
  BasicPaymentWire,
  DirectBankTransferWire,
  DirectSalaryPaymentsWire,
  GroupBaseWire,
  GroupWire,
  InvoicePaymentWire,
  PaymentErrorMessageWire,
  PaymentRowInfoWire,
} from './schemas.ts';
import * as store from './store.ts';

/** Invoice types paid out (the purchase side), and the statuses from which they can be paid. */
const PAYABLE_TYPES = new Set(['PURCHASE_INVOICE', 'TRAVEL_INVOICE', 'BILL_OF_CHARGES']);
const PAYABLE_STATUSES = new Set(['APPROVED', 'PARTLY_PAID']);
const CANCELLABLE = 'PAYMENT_QUEUED';
const DELETABLE = new Set<store.PaymentStatus>(['PAYMENT_QUEUED', 'PAYMENT_TRANSACTION_REMOVED']);

type Row = store.PaymentRow;
type Draft = Omit<Row, 'id' | 'end_to_end_id' | 'group_id' | 'created'>;

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
const money = (value: unknown) => fromMinorUnits(minor(value));

/** Fields of a transfer request (invoice payments and direct bank transfers) that go to the details column. */
function details(item: InvoicePaymentWire | DirectBankTransferWire): string {
  return JSON.stringify(
    compact({
      recipientNameAndAddress: item.recipientNameAndAddress,
      receiverBankNameAndAddress: item.receiverBankNameAndAddress,
      intermediaryBankNameAndAddress: item.intermediaryBankNameAndAddress,
      intermediaryBankBic: item.intermediaryBankBic,
      receiverBankClearingCode: item.receiverBankClearingCode,
    }),
  );
}

export interface Debit {
  endToEndId: string;
  /** Minor units, as booked: negative for a debit. */
  amount: bigint;
  payDate: string;
  /** The bank's return reason code: the payment came back. */
  returnReason?: string;
}

export class PaymentService {
  readonly #ctx: AppContext;
  readonly #invoices: InvoiceService;

  constructor(ctx: AppContext, invoices: InvoiceService) {
    this.#ctx = ctx;
    this.#invoices = invoices;
  }

  get db(): Db {
    return this.#ctx.db;
  }

  #today(): string {
    return isoDate(this.#ctx.clock.now());
  }

  #checkDate(date: string, v: Violations, field: string) {
    if (date < this.#today()) v.add('VALIDATION_FAILED', field, { detail: `'paymentDate' ${date} is in the past.` });
  }

  async #createdBy(db: Db, userId: number): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return user ? `${user.first_name} ${user.last_name}`.trim() : String(userId);
  }

  /** A transfer's row (without ids) after its checks; undefined when one failed (reported in `v`). */
  #transferDraft(
    companyId: number,
    kind: PaymentKind,
    item: InvoicePaymentWire | DirectBankTransferWire,
    currency: string,
    accounts: PayerAccount[],
    v: Violations,
    prefix: string,
    createdBy: string,
  ): Draft | undefined {
    const before = v.items.length;
    this.#checkDate(item.paymentDate, v, `${prefix}paymentDate`);
    const payer = payerAccountFor(accounts, item.payerBankAccount, kind, item.paymentMethod, v, prefix);
    const recipient = checkRecipient(item, item.paymentMethod, v, prefix);
    if (!payer || v.items.length > before) return undefined;
    return {
      company_id: companyId,
      kind,
      invoice_id: null,
      custom_id: null,
      status: 'PAYMENT_QUEUED',
      payment_date: item.paymentDate,
      amount: toMinorUnits(new Decimal(item.amount)),
      currency,
      payer_account_id: payer.id,
      payment_method: item.paymentMethod,
      receiver_name: item.recipientNameAndAddress.name,
      receiver_account: recipient.account,
      receiver_bic: recipient.bic ?? null,
      reference: recipient.reference ?? null,
      reference_type: recipient.referenceType ?? null,
      message: item.message ?? null,
      service_charge: item.serviceCharge ?? null,
      details: details(item),
      file_id: null,
      created_by: createdBy,
    };
  }

  /**
   * Checks a POST /payments body against the invoices and the payer accounts; answers the rows to insert. All or
   * nothing: any problem refuses the whole list (every problem reported).
   */
  async prepareInvoicePayments(
    db: Db,
    companyId: number,
    userId: number,
    payments: InvoicePaymentWire[],
    toInsert = false,
  ): Promise<Draft[]> {
    const ids = [...new Set(payments.map((p) => p.invoiceId))];
    // Before an insert the invoices are held until the commit: a payment of the same invoice at the same time
    // waits, then counts this one among the pending ones (else both pass the open-amount check on PostgreSQL).
    const rows = toInsert
      ? await this.#invoices.documents.lockAll(db, companyId, ids)
      : await db
          .selectFrom('invoices')
          .select(['id', 'type', 'status', 'is_offer', 'currency', 'gross_minor', 'paid_minor', 'version'])
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .execute();
    const invoices = new Map(rows.map((row) => [Number(row.id), row]));
    const missing = ids.find((id) => !invoices.has(id));
    if (missing !== undefined) throw notFound(`Invoice ${missing}`);
    const pending = await store.pendingByInvoice(db, companyId, ids);
    const accounts = await payerAccounts(db, companyId);
    const createdBy = await this.#createdBy(db, userId);
    const v = new Violations();
    const drafts: Draft[] = [];
    const requested = new Map<number, bigint>();
    payments.forEach((item, i) => {
      const prefix = `payments[${i}].`;
      const invoice = invoices.get(item.invoiceId)!;
      if (!PAYABLE_TYPES.has(invoice.type) || Boolean(invoice.is_offer) || !PAYABLE_STATUSES.has(invoice.status)) {
        v.add('INVOICE_NOT_PAYABLE', `${prefix}invoiceId`, {
          invoiceId: item.invoiceId,
          type: invoice.type,
          status: invoice.status,
        });
        return;
      }
      if (item.invoiceVersion !== invoice.version) {
        v.add('STALE_VERSION', `${prefix}invoiceVersion`);
        return;
      }
      const amount = toMinorUnits(new Decimal(item.amount));
      const sum = (requested.get(item.invoiceId) ?? 0n) + amount;
      requested.set(item.invoiceId, sum);
      const open = minor(invoice.gross_minor) - minor(invoice.paid_minor) - (pending.get(item.invoiceId) ?? 0n);
      if (sum > open)
        v.add('PAYMENT_EXCEEDS_OPEN_AMOUNT', `${prefix}amount`, {
          open: fromMinorUnits(open > 0n ? open : 0n).toFixed(2),
        });
      const draft = this.#transferDraft(companyId, 'INVOICE', item, invoice.currency, accounts, v, prefix, createdBy);
      if (draft) drafts.push({ ...draft, invoice_id: item.invoiceId });
    });
    v.throwIfAny();
    return drafts;
  }

  async prepareTransfers(
    db: Db,
    companyId: number,
    userId: number,
    transfers: DirectBankTransferWire[],
  ): Promise<Draft[]> {
    const accounts = await payerAccounts(db, companyId);
    const createdBy = await this.#createdBy(db, userId);
    const v = new Violations();
    const drafts: Draft[] = [];
    transfers.forEach((item, i) => {
      const prefix = `directBankTransfers[${i}].`;
      const draft = this.#transferDraft(companyId, 'TRANSFER', item, item.currencyCode, accounts, v, prefix, createdBy);
      if (draft) drafts.push({ ...draft, custom_id: item.customId ?? null });
    });
    v.throwIfAny();
    return drafts;
  }

  async prepareSalaries(
    db: Db,
    companyId: number,
    userId: number,
    body: DirectSalaryPaymentsWire,
  ): Promise<{ payer: PayerAccount; drafts: Draft[] }> {
    const accounts = await payerAccounts(db, companyId);
    const createdBy = await this.#createdBy(db, userId);
    const v = new Violations();
    this.#checkDate(body.paymentDate, v, 'paymentDate');
    const payer = payerAccountFor(accounts, body.payerBankAccount, 'SALARY', body.paymentMethod, v, '');
    const drafts: Draft[] = [];
    const customIds = new Set<string>();
    body.payments.forEach((item, i) => {
      const prefix = `payments[${i}].`;
      if (customIds.has(item.customId))
        v.add('VALIDATION_FAILED', `${prefix}customId`, { detail: `'customId' ${item.customId} is used twice.` });
      customIds.add(item.customId);
      const recipient = checkRecipient(item, 'FINNISH_SALARY_TRANSFER', v, prefix);
      drafts.push({
        company_id: companyId,
        kind: 'SALARY',
        invoice_id: null,
        custom_id: item.customId,
        status: 'PAYMENT_QUEUED',
        payment_date: body.paymentDate,
        amount: toMinorUnits(new Decimal(item.amount)),
        currency: item.currencyCode,
        payer_account_id: payer?.id ?? 0,
        payment_method: body.paymentMethod,
        receiver_name: item.recipientName,
        receiver_account: recipient.account,
        receiver_bic: recipient.bic ?? null,
        reference: recipient.reference ?? null,
        reference_type: recipient.referenceType ?? null,
        message: item.message ?? null,
        service_charge: null,
        details: JSON.stringify({ recipientCode: item.recipientCode }),
        file_id: null,
        created_by: createdBy,
      });
    });
    v.throwIfAny();
    return { payer: payer!, drafts };
  }

  /** Inserts checked payments with their ids and end-to-end ids; answers the rows. */
  async insert(trx: Db, companyId: number, drafts: Draft[], groupId: number | null = null): Promise<Row[]> {
    const first = await allocateIds(trx, companyId, 'payments', drafts.length);
    const created = isoDateTime(this.#ctx.clock.now()).slice(0, 19);
    const rows = drafts.map((draft, i) => ({
      ...draft,
      id: first + i,
      group_id: groupId,
      end_to_end_id: `TASE-PAY-${first + i}`,
      created,
    }));
    await store.insertPayments(trx, rows);
    return rows;
  }

  async insertGroup(
    trx: Db,
    companyId: number,
    body: DirectSalaryPaymentsWire,
    payer: PayerAccount,
    drafts: Draft[],
  ): Promise<{ id: number; rows: Row[] }> {
    const id = await allocateIds(trx, companyId, 'payment_groups', 1);
    await store.insertGroup(trx, {
      company_id: companyId,
      id,
      list_name: body.listName,
      custom_id: body.customId ?? null,
      payment_method: body.paymentMethod,
      payment_date: body.paymentDate,
      payer_account_id: payer.id,
      status: 'PAYMENT_QUEUED',
      total: drafts.reduce((sum, d) => sum + minor(d.amount), 0n),
      created: isoDateTime(this.#ctx.clock.now()).slice(0, 19),
    });
    return { id, rows: await this.insert(trx, companyId, drafts, id) };
  }

  async #ibans(companyId: number): Promise<Map<number, PayerAccount>> {
    return new Map((await payerAccounts(this.db, companyId)).map((a) => [a.id, a]));
  }

  async get(companyId: number, id: number): Promise<PaymentRowInfoWire> {
    const row = await store.getPayment(this.db, companyId, id);
    if (!row) throw notFound('Payment');
    const payer = (await this.#ibans(companyId)).get(Number(row.payer_account_id));
    return compact<PaymentRowInfoWire>({
      ...basics(row),
      currency: row.currency as PaymentRowInfoWire['currency'],
      payerAccount: payer?.iban,
      payerBic: payer?.bic,
      message: orUndefined(row.message),
      receiverAccount: row.receiver_account,
      receiverBic: orUndefined(row.receiver_bic),
      createdBy: row.created_by,
      customId: orUndefined(row.custom_id),
      endToEndId: row.end_to_end_id,
    });
  }

  async list(
    companyId: number,
    page: PageRequest,
    filter: { startDate?: string; endDate?: string; invoiceIds?: number[] },
  ): Promise<Paged<BasicPaymentWire>> {
    const { rows, total } = await store.listPayments(this.db, companyId, {
      ...filter,
      previousId: page.previousId,
      order: page.order,
      offset: page.offset,
      limit: page.pageSize,
    });
    return paged(rows.map(basicWire), total, page);
  }

  async group(companyId: number, id: number): Promise<GroupWire> {
    const row = await store.getGroup(this.db, companyId, id);
    if (!row) throw notFound('Direct salary payment list');
    const payer = (await this.#ibans(companyId)).get(Number(row.payer_account_id));
    const payments = await store.paymentsOfGroup(this.db, companyId, id);
    return {
      ...groupWire(row, payer),
      payments: payments.map((p) => compact({ paymentId: Number(p.id), customId: orUndefined(p.custom_id) })),
    };
  }

  async groups(
    companyId: number,
    page: PageRequest,
    filter: { startDate?: string; endDate?: string; name?: string; customId?: string },
  ): Promise<Paged<GroupBaseWire>> {
    const { rows, total } = await store.listGroups(this.db, companyId, {
      ...filter,
      previousId: page.previousId,
      order: page.order,
      offset: page.offset,
      limit: page.pageSize,
    });
    const accounts = await this.#ibans(companyId);
    return paged(
      rows.map((row) => groupWire(row, accounts.get(Number(row.payer_account_id)))),
      total,
      page,
    );
  }

  /** A payment that a cancel or delete may act on: 404 unknown, 403 in a status that does not allow it. */
  async #actionable(db: Db, companyId: number, id: number, action: 'cancel' | 'delete'): Promise<Row> {
    const row = await store.getPayment(db, companyId, id);
    if (!row) throw notFound('Payment');
    const allowed = action === 'cancel' ? row.status === CANCELLABLE : DELETABLE.has(row.status);
    if (!allowed || (row.group_id !== null && action === 'cancel'))
      throw apiError('PAYMENT_WRONG_STATUS', 'status', {
        action,
        status: row.status,
        allowed:
          row.group_id !== null && action === 'cancel'
            ? 'no status (a salary payment is cancelled with its list)'
            : action === 'cancel'
              ? CANCELLABLE
              : [...DELETABLE].join(', '),
      });
    return row;
  }

  async describePaymentAction(companyId: number, id: number, action: 'cancel' | 'delete'): Promise<string> {
    const row = await this.#actionable(this.db, companyId, id, action);
    return `${action === 'cancel' ? 'Cancel' : 'Delete'} the payment of ${money(row.amount).toFixed(2)} ${row.currency} to ${row.receiver_name} on ${row.payment_date}`;
  }

  // The writes below are conditional on the status read: a payment file may take the payment, or another
  // cancellation remove it, between the read and the write. Then the payment is read again, now as that other
  // transaction left it, and refused for its new status (or as not found).

  async cancel(trx: Db, companyId: number, id: number): Promise<{ message: string }> {
    await this.#actionable(trx, companyId, id, 'cancel');
    const moved = await store.moveStatus(trx, companyId, [id], [CANCELLABLE], 'PAYMENT_TRANSACTION_REMOVED');
    if (moved.length === 0) await this.#changedMeanwhile(trx, companyId, id, 'cancel');
    return { message: `Payment ${id} cancelled.` };
  }

  async delete(trx: Db, companyId: number, id: number): Promise<{ message: string }> {
    await this.#actionable(trx, companyId, id, 'delete');
    if (!(await store.deletePayment(trx, companyId, id, [...DELETABLE])))
      await this.#changedMeanwhile(trx, companyId, id, 'delete');
    return { message: `Payment ${id} deleted.` };
  }

  async #changedMeanwhile(trx: Db, companyId: number, id: number, action: 'cancel' | 'delete'): Promise<never> {
    // the read throws for the status the other transaction left; the error below only if it changed back
    const row = await this.#actionable(trx, companyId, id, action);
    throw apiError('PAYMENT_WRONG_STATUS', 'status', {
      action,
      status: row.status,
      allowed: action === 'cancel' ? CANCELLABLE : [...DELETABLE].join(', '),
    });
  }

  /** A salary list that can be cancelled: every payment still queued (403 once the bank has any of them). */
  async #cancellableGroup(db: Db, companyId: number, id: number) {
    const group = await store.getGroup(db, companyId, id);
    if (!group) throw notFound('Direct salary payment list');
    const payments = await store.paymentsOfGroup(db, companyId, id);
    if (group.status !== 'PAYMENT_QUEUED' || payments.some((p) => p.status !== 'PAYMENT_QUEUED'))
      throw apiError('PAYMENT_WRONG_STATUS', 'status', {
        action: 'cancel',
        status: group.status,
        allowed: 'PAYMENT_QUEUED (no payment of the list sent to the bank yet)',
      });
    return { group, payments };
  }

  async describeGroupCancel(companyId: number, id: number): Promise<string> {
    const { group, payments } = await this.#cancellableGroup(this.db, companyId, id);
    return `Cancel the salary payment list '${group.list_name}' of ${payments.length} payment(s), ${money(group.total).toFixed(2)} EUR on ${group.payment_date}`;
  }

  async cancelGroup(trx: Db, companyId: number, id: number): Promise<{ message: string }> {
    const { payments } = await this.#cancellableGroup(trx, companyId, id);
    const ids = payments.map((p) => Number(p.id));
    // all or none: a payment file that took one of them meanwhile refuses the cancellation (as `cancel` does)
    const moved = await store.moveStatus(trx, companyId, ids, [CANCELLABLE], 'PAYMENT_TRANSACTION_REMOVED');
    if (moved.length !== ids.length) {
      const changed = await store.getPayment(
        trx,
        companyId,
        ids.find((i) => !moved.includes(i))!,
      );
      throw apiError('PAYMENT_WRONG_STATUS', 'status', {
        action: 'cancel',
        status: changed ? `${changed.status} (payment ${changed.id})` : 'deleted (a payment of the list)',
        allowed: 'PAYMENT_QUEUED (no payment of the list sent to the bank yet)',
      });
    }
    await store.setGroupStatus(trx, companyId, [id], 'PAYMENT_TRANSACTION_CANCELLED');
    return { message: `Direct salary payment list ${id} cancelled.` };
  }

  /**
   * Debits of imported bank statements settle the payments sent to the bank with their end-to-end ids and the same
   * amount: PAID, the purchase invoice of an invoice payment marked paid (posted), PAYMENT_UPDATED emitted, and a
   * salary list PAID once all its payments are. Runs in the import's transaction.
   */
  async settleDebits(trx: Db, companyId: number, bookings: Debit[]): Promise<void> {
    const returns = bookings.filter((b) => b.returnReason !== undefined);
    if (returns.length > 0) await this.#recordReturns(trx, companyId, returns);
    const debits = bookings.filter((b) => b.returnReason === undefined);
    if (debits.length === 0) return;
    const byId = new Map(debits.map((d) => [d.endToEndId, d]));
    const sent = await store.sentByEndToEndId(trx, companyId, [...byId.keys()]);
    const now = this.#ctx.clock.now();
    const groups = new Set<number>();
    for (const payment of sent) {
      const debit = byId.get(payment.end_to_end_id)!;
      if (-debit.amount !== minor(payment.amount)) continue;
      // settled once: a second import of the same debit at the same time finds it PAID already
      if ((await store.moveStatus(trx, companyId, [Number(payment.id)], ['PAYMENT_SENT_TO_BANK'], 'PAID')).length === 0)
        continue;
      if (payment.invoice_id !== null)
        await this.#invoices.payments.recordPayment(
          trx,
          { companyId, userId: 0, rights: rightsForRole('ADMIN') },
          Number(payment.invoice_id),
          {
            paymentDate: debit.payDate,
            amount: money(payment.amount),
            currency: payment.currency as never,
            description: `Payment ${payment.id} (${payment.end_to_end_id})`,
            paymentMethodType: 'BANK_STATEMENT',
          },
          LATEST_VERSION,
          false,
        );
      if (payment.group_id !== null) groups.add(Number(payment.group_id));
      await emitEvent(trx, {
        companyId,
        eventType: 'PAYMENT_UPDATED',
        payload: { paymentId: Number(payment.id), message: `Payment ${payment.id} paid on ${debit.payDate}.` },
        apiVersion: LATEST_VERSION,
        now,
      });
    }
    for (const groupId of groups) {
      const payments = await store.paymentsOfGroup(trx, companyId, groupId);
      if (payments.every((p) => p.status === 'PAID')) await store.setGroupStatus(trx, companyId, [groupId], 'PAID');
    }
  }

  /** A payment error for each returned payment of ours (a return of someone else's payment is not ours to note). */
  async #recordReturns(trx: Db, companyId: number, returns: Debit[]): Promise<void> {
    const payments = await store.byEndToEndId(trx, companyId, [...new Set(returns.map((r) => r.endToEndId))]);
    const paymentOf = new Map(payments.map((p) => [p.end_to_end_id, Number(p.id)]));
    const ours = returns.filter((r) => paymentOf.has(r.endToEndId));
    if (ours.length === 0) return;
    const first = await allocateIds(trx, companyId, 'payment_errors', ours.length);
    await store.insertErrors(
      trx,
      ours.map((r, i) => ({
        company_id: companyId,
        id: first + i,
        payment_id: paymentOf.get(r.endToEndId)!,
        error_code: r.returnReason!,
        created: r.payDate,
      })),
    );
  }

  /**
   * GET /payments/errormessages. Every error is UNHANDLED: the real interface has no operation that marks one
   * handled, and Tase keeps no flag nothing could set, so HANDLED finds none (and ALL is UNHANDLED). Tase has no
   * Nets collections: NETS_COLLECTION_ERROR finds none either. Errors of payment kinds the caller may not view
   * (direct bank transfers, salaries) are left out.
   */
  async errorMessages(
    caller: { companyId: number; rights: Rights },
    page: PageRequest,
    filter: { createdStart?: string; createdEnd?: string; type?: string; status?: string },
  ): Promise<PartlyCounted<PaymentErrorMessageWire>> {
    const kinds = (['INVOICE', 'TRANSFER', 'SALARY'] as const).filter((kind) =>
      hasRight(caller.rights, { leaf: KIND_RIGHT[kind], level: 'view' }),
    );
    const none = filter.type === 'NETS_COLLECTION_ERROR' || filter.status === 'HANDLED' || kinds.length === 0;
    const query: store.ErrorFilter = {
      createdStart: filter.createdStart,
      createdEnd: filter.createdEnd,
      kinds,
      previousId: page.previousId,
      order: page.order,
      offset: page.offset,
      limit: page.pageSize,
    };
    const rows = none ? [] : await store.listErrors(this.db, caller.companyId, query);
    return pagedCountingCheaply(rows.map(errorWire), page, (limit) =>
      none ? Promise.resolve(0) : store.countErrors(this.db, caller.companyId, query, limit),
    );
  }
}

/** The fields every wire shape of a payment has. */
const basics = (row: Row) => ({
  id: Number(row.id),
  invoiceId: row.invoice_id === null ? undefined : Number(row.invoice_id),
  paymentDate: row.payment_date,
  amount: money(row.amount),
  receiverName: row.receiver_name,
  status: row.status,
});

function basicWire(row: Row): BasicPaymentWire {
  return compact<BasicPaymentWire>({
    ...basics(row),
    serviceCharge: orUndefined(row.service_charge),
    paidAmount: row.status === 'PAID' ? money(row.amount) : new Decimal(0),
    paidCurrency: row.currency as BasicPaymentWire['paidCurrency'],
  });
}

function groupWire(row: store.PaymentGroupRow, payer: PayerAccount | undefined): GroupBaseWire {
  return compact<GroupBaseWire>({
    id: Number(row.id),
    listName: row.list_name,
    created: row.created,
    status: row.status,
    paymentMethod: 'FINNISH_SALARY_TRANSFER',
    paymentDate: `${row.payment_date}T00:00:00`,
    payerBankAccount: payer?.iban,
    totalSum: money(row.total),
    customId: orUndefined(row.custom_id),
  });
}

const KIND_RIGHT = {
  INVOICE: 'payments.payment',
  TRANSFER: 'payments.directBankTransfer',
  SALARY: 'payments.salaryPayments',
} as const satisfies Record<Row['kind'], RightLeaf>;

const ERROR_REFERENCE_TYPE = {
  INVOICE: 'INVOICE',
  TRANSFER: 'DIRECT_BANK_TRANSFER',
  SALARY: 'DIRECT_SALARY_PAYMENT',
} as const;

function errorWire(row: store.PaymentErrorListed): PaymentErrorMessageWire {
  const invoice = row.kind === 'INVOICE' && row.invoice_id !== null;
  return {
    id: Number(row.id),
    createdDate: row.created,
    type: 'PAYMENT_ERROR',
    status: 'UNHANDLED',
    errorCode: row.error_code,
    // an invoice payment's error points at its invoice, as its invoiceType says; the others at the payment
    referenceId: invoice ? Number(row.invoice_id) : Number(row.payment_id),
    referenceType: ERROR_REFERENCE_TYPE[row.kind],
    ...(invoice && row.invoice_type ? { invoiceType: row.invoice_type as PaymentErrorMessageWire['invoiceType'] } : {}),
  };
}
