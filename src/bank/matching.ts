// Automatic matching of reference payments to open sales invoices by reference number and amount. A payment whose
// reference is an open sales invoice's (in its currency) is allocated to it when the amount is the open amount
// (MATCHED: PAID) or less (PARTIAL: PARTLY_PAID); more than the open amount is left unallocated for a person to
// decide (OVERPAYMENT, the invoice noted); a payment whose reference no open invoice has stays unallocated
// (UNMATCHED), as does a returned (negative) payment. Every payment is looked at once (`match_status`).
//
// Payments are matched in id order, each seeing what the earlier ones paid, a chunk at a time: the chunk's
// candidate invoices read in one query by reference, each match posted on its own and everything around the
// postings written in bulk, the chunk committed as one transaction. A crash loses at most the chunk being
// written, whose payments are still not looked at and are matched again by the next run. A chunk refused by the
// ledger (a closed period, say) is redone payment by payment, each in its own transaction, and the payment
// refused stays UNMATCHED.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError } from '../platform/errors.ts';
import { rightsForRole } from '../platform/rights.ts';
import { minor } from '../domain/decimal.ts';
import { canonicalReference, referenceLookupKeys } from '../domain/reference-codes.ts';
import { openSalesInvoicesByReference } from '../invoices/index.ts';
import type { BankAllocations, Caller } from './allocation.ts';
import * as store from './store.ts';

/** Payments matched per transaction. */
const CHUNK = 500;

type MatchStatus = 'MATCHED' | 'PARTIAL' | 'OVERPAYMENT' | 'UNMATCHED';

export interface MatchCounts {
  matched: number;
  partial: number;
  overpayments: number;
  unmatched: number;
}

interface OpenInvoice {
  id: number;
  currency: string;
  open: bigint;
}

interface Decision {
  payment: store.ReferencePaymentRow;
  status: MatchStatus;
  invoice?: OpenInvoice;
}

const pays = (d: Decision) => d.invoice !== undefined && (d.status === 'MATCHED' || d.status === 'PARTIAL');

export class ReferenceMatching {
  readonly #ctx: AppContext;
  readonly #allocations: BankAllocations;

  constructor(ctx: AppContext, allocations: BankAllocations) {
    this.#ctx = ctx;
    this.#allocations = allocations;
  }

  /** Matches every reference payment of the company not looked at yet. */
  async run(companyId: number): Promise<MatchCounts> {
    const counts: MatchCounts = { matched: 0, partial: 0, overpayments: 0, unmatched: 0 };
    const caller: Caller = { companyId, userId: 0, rights: rightsForRole('ADMIN') };
    for (let after = 0; ;) {
      const chunk = await store.unmatchedPayments(this.#ctx.db, companyId, after, CHUNK);
      if (chunk.length === 0) break;
      after = Number(chunk.at(-1)!.id);
      let decisions = await this.#decide(this.#ctx.db, companyId, chunk);
      try {
        await this.#ctx.db.transaction().execute((trx) => this.#apply(trx, caller, decisions));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        decisions = [];
        for (const payment of chunk) decisions.push(await this.#one(caller, payment));
      }
      for (const { status } of decisions) {
        if (status === 'MATCHED') counts.matched++;
        else if (status === 'PARTIAL') counts.partial++;
        else if (status === 'OVERPAYMENT') counts.overpayments++;
        else counts.unmatched++;
      }
    }
    return counts;
  }

  /** One payment in its own transaction, decided on the invoices as they are now; UNMATCHED when refused. */
  async #one(caller: Caller, payment: store.ReferencePaymentRow): Promise<Decision> {
    try {
      return await this.#ctx.db.transaction().execute(async (trx) => {
        const [decision] = await this.#decide(trx, caller.companyId, [payment]);
        await this.#apply(trx, caller, [decision]);
        return decision;
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await store.setMatchStatuses(this.#ctx.db, caller.companyId, [{ id: Number(payment.id), status: 'UNMATCHED' }]);
      return { payment, status: 'UNMATCHED' };
    }
  }

  /**
   * Decides the payments in order against their candidate invoices (read in one query by reference, oldest
   * first): each payment sees the open amounts the earlier ones left.
   */
  async #decide(db: Db, companyId: number, payments: store.ReferencePaymentRow[]): Promise<Decision[]> {
    // references in their canonical form (src/domain/reference-codes.ts): a bank pads a national reference with
    // zeros to 20 digits, and an invoice's may be written with spaces; a reference whose check digits fail is
    // nobody's
    const canonical = new Map(payments.map((p) => [p, canonicalReference(p.reference)]));
    const references = [...new Set([...canonical.values()].filter((r) => r !== undefined))].flatMap(
      referenceLookupKeys,
    );
    const byReference = new Map<string, OpenInvoice[]>();
    for (const row of await openSalesInvoicesByReference(db, companyId, this.#ctx.engine, references)) {
      const key = canonicalReference(row.reference);
      if (key === undefined) continue;
      const list = byReference.get(key) ?? [];
      list.push({ id: row.id, currency: row.currency, open: minor(row.gross_minor) - minor(row.paid_minor) });
      byReference.set(key, list);
    }
    return payments.map((payment) => {
      const amount = minor(payment.amount);
      const reference = canonical.get(payment);
      const candidates = (reference === undefined ? [] : (byReference.get(reference) ?? [])).filter(
        (i) => i.currency === payment.currency && i.open > 0n,
      );
      if (amount <= 0n || candidates.length === 0) return { payment, status: 'UNMATCHED' };
      const invoice = candidates.find((i) => i.open === amount) ?? candidates[0];
      if (amount > invoice.open) return { payment, status: 'OVERPAYMENT', invoice };
      const status = amount === invoice.open ? 'MATCHED' : 'PARTIAL';
      invoice.open -= amount;
      return { payment, status, invoice };
    });
  }

  async #apply(trx: Db, caller: Caller, decisions: Decision[]): Promise<void> {
    await this.#allocations.allocatePaymentsToInvoices(
      trx,
      caller,
      decisions.filter(pays).map(({ payment, invoice }) => ({ payment, invoiceId: invoice!.id })),
    );
    await store.setMatchStatuses(
      trx,
      caller.companyId,
      decisions.map(({ payment, status, invoice }) => ({ id: Number(payment.id), status, invoiceId: invoice?.id })),
    );
  }
}
