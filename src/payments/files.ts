// Payment files: the queued payments of a company gathered per payer account and payment date into ISO 20022
// pain.001.001.09 messages (src/domain/pain001.ts), each validated against the schema before it is released.
// The payments of a released file are PAYMENT_SENT_TO_BANK; a payment that cannot go into a SEPA credit transfer
// (not in EUR, no IBAN, a payer account without BIC) stays queued and is reported with the reason.
import { isValidIBAN } from 'ibantools';
import { allocateId, allocateIds } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { fromMinorUnits, minor } from '../domain/decimal.ts';
import { PaymentFileError, paymentFiles, type CreditTransfer } from '../domain/pain001.ts';
import { payerAccounts, type PayerAccount } from './rules.ts';
import type { PaymentExportResultWire, PaymentFileWire } from './schemas.ts';
import { getCompany } from '../company/index.ts';
import * as store from './store.ts';

/** Why a queued payment cannot go into a SEPA credit transfer file (undefined when it can). */
function notSepa(payment: store.PaymentRow, payerBic: string | undefined): string | undefined {
  if (payment.currency !== 'EUR') return `a SEPA credit transfer is in EUR, not ${payment.currency}`;
  if (!isValidIBAN(payment.receiver_account)) return 'the recipient account is not an IBAN';
  if (!payerBic) return 'the payer account has no BIC';
  return undefined;
}

const fileWire = (row: Omit<store.PaymentFileRow, 'xml'>, iban: string | undefined): PaymentFileWire => ({
  id: Number(row.id),
  messageId: row.message_id,
  payerBankAccount: iban ?? '',
  paymentDate: row.payment_date,
  numberOfTransactions: Number(row.transactions),
  controlSum: fromMinorUnits(minor(row.control_sum)),
  created: row.created,
});

export class PaymentFiles {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Gathers every queued payment that can go to the bank into payment files, in one transaction. */
  async export(companyId: number): Promise<PaymentExportResultWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const queued = await store.queuedPayments(trx, companyId);
      const accounts = new Map((await payerAccounts(trx, companyId)).map((a) => [a.id, a]));
      const company = await getCompany(trx, companyId);
      if (!company) throw new Error(`no company ${companyId}`);
      const result: PaymentExportResultWire = { files: [], notExported: [] };
      const transfers: CreditTransfer[] = [];
      const byEndToEndId = new Map<string, store.PaymentRow>();
      const exportable: { payment: store.PaymentRow; payer: PayerAccount }[] = [];
      for (const payment of queued) {
        const payer = accounts.get(Number(payment.payer_account_id));
        const reason = payer ? notSepa(payment, payer.bic) : 'the payer account no longer exists';
        if (reason || !payer) result.notExported.push({ paymentId: Number(payment.id), reason: reason ?? '' });
        else exportable.push({ payment, payer });
      }
      // Taken for this file only while still queued: a cancellation or another export that took a payment since
      // it was read keeps it (on PostgreSQL this waits for that transaction), so no payment goes to the bank twice
      // or after it was cancelled.
      const taken = new Set(
        await store.moveStatus(
          trx,
          companyId,
          exportable.map(({ payment }) => Number(payment.id)),
          ['PAYMENT_QUEUED'],
          'PAYMENT_SENT_TO_BANK',
        ),
      );
      for (const { payment, payer } of exportable) {
        if (!taken.has(Number(payment.id))) continue;
        const structured = payment.reference_type === 'FI' || payment.reference_type === 'RF';
        const unstructured = [payment.reference && !structured ? payment.reference : undefined, payment.message]
          .filter(Boolean)
          .join(' ')
          .slice(0, 140);
        transfers.push({
          payerIban: payer.iban,
          payerBic: payer.bic!,
          paymentDate: payment.payment_date,
          salary: payment.kind === 'SALARY',
          endToEndId: payment.end_to_end_id,
          amount: minor(payment.amount),
          currency: payment.currency,
          creditorName: payment.receiver_name,
          creditorIban: payment.receiver_account,
          ...(payment.receiver_bic ? { creditorBic: payment.receiver_bic } : {}),
          ...(structured && payment.reference ? { reference: payment.reference } : {}),
          ...(unstructured ? { message: unstructured } : {}),
        });
        byEndToEndId.set(payment.end_to_end_id, payment);
      }
      if (transfers.length === 0) return result;
      const run = await allocateId(trx, companyId, 'payment_file_runs');
      const now = this.#ctx.clock.now();
      let messages;
      try {
        messages = await paymentFiles({
          runId: `C${companyId}R${run}`.slice(0, 20),
          created: isoDateTime(now).slice(0, 19),
          payer: { name: company.name, ...(company.business_id ? { businessId: company.business_id } : {}) },
          transfers,
        });
      } catch (err) {
        if (err instanceof PaymentFileError)
          throw apiError('PAYMENT_FILE_INVALID', undefined, { detail: err.problems.slice(0, 3).join('; ') });
        throw err;
      }
      const firstId = await allocateIds(trx, companyId, 'payment_files', messages.length);
      const groups = new Set<number>();
      for (const [i, message] of messages.entries()) {
        const payerId = [...accounts.values()].find((a) => a.iban === message.payerIban)!.id;
        const row: store.PaymentFileRow = {
          company_id: companyId,
          id: firstId + i,
          message_id: message.messageId,
          payer_account_id: payerId,
          payment_date: message.paymentDate,
          transactions: message.numberOfTransactions,
          control_sum: message.controlSum,
          xml: message.xml,
          created: isoDateTime(now).slice(0, 19),
        };
        await store.insertFile(trx, row);
        const included = transfers
          .filter((t) => accounts.get(payerId)!.iban === t.payerIban && t.paymentDate === message.paymentDate)
          .map((t) => byEndToEndId.get(t.endToEndId)!);
        await store.setStatus(
          trx,
          companyId,
          included.map((p) => Number(p.id)),
          'PAYMENT_SENT_TO_BANK',
          row.id,
        );
        for (const p of included) if (p.group_id !== null) groups.add(Number(p.group_id));
        result.files.push(fileWire(row, message.payerIban));
      }
      await store.setGroupStatus(trx, companyId, [...groups], 'PAYMENT_SENT_TO_BANK');
      return result;
    });
  }

  async list(companyId: number, page: PageRequest): Promise<Paged<PaymentFileWire>> {
    const { rows, total } = await store.listFiles(this.#ctx.db, companyId, {
      offset: page.offset,
      limit: page.pageSize,
      order: page.order,
      previousId: page.previousId,
    });
    const accounts = new Map((await payerAccounts(this.#ctx.db, companyId)).map((a) => [a.id, a.iban]));
    return paged(
      rows.map((row) => fileWire(row, accounts.get(Number(row.payer_account_id)))),
      total,
      page,
    );
  }

  /** The XML of a payment file, as sent to the bank. */
  async xml(companyId: number, id: number): Promise<{ messageId: string; xml: string }> {
    const row = await store.getFile(this.#ctx.db, companyId, id);
    if (!row) throw notFound('Payment file');
    return { messageId: row.message_id, xml: row.xml };
  }
}
