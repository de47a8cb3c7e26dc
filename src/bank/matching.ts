// Automatic matching of reference payments to open sales invoices by reference number and amount. A payment whose
// reference is an open sales invoice's (in its currency) is allocated to it when the amount is the open amount
// (MATCHED: PAID) or less (PARTIAL: PARTLY_PAID); more than the open amount is left unallocated for a person to
// decide (OVERPAYMENT, the invoice noted); a payment whose reference no open invoice has stays unallocated
// (UNMATCHED), as does a returned (negative) payment. Every payment is looked at once (`match_status`); each batch
// is one transaction, and a batch refused by the ledger (a closed period, say) is redone payment by payment.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError } from '../platform/errors.ts';
import { rightsForRole } from '../platform/rights.ts';
import { minor } from '../domain/decimal.ts';
import { compactReference } from '../domain/reference-codes.ts';
import type { BankAllocations, Caller } from './allocation.ts';
import * as store from './store.ts';

const BATCH = 500;
/** Invoices read per query when the open ones are gathered (their documents are large). */
const INVOICE_PAGE = 2000;
const OPEN_STATUSES = ['NOT_SENT', 'SENT', 'PARTLY_PAID'];

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

const REFERENCE_IN_BODY = /"bankReferenceCode":"([^"]*)"/;

/** Open sales invoices by their reference (oldest first), read once per run, a page at a time. */
async function openInvoicesByReference(db: Db, companyId: number): Promise<Map<string, OpenInvoice[]>> {
  const byReference = new Map<string, OpenInvoice[]>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('invoices')
      .select(['id', 'currency', 'gross_minor', 'paid_minor', 'body'])
      .where('company_id', '=', companyId)
      .where('type', '=', 'SALES_INVOICE')
      .where('status', 'in', OPEN_STATUSES)
      .where('id', '>', after)
      .orderBy('id')
      .limit(INVOICE_PAGE)
      .execute();
    if (rows.length === 0) return byReference;
    after = Number(rows.at(-1)!.id);
    for (const row of rows) {
      const found = REFERENCE_IN_BODY.exec(row.body)?.[1];
      if (!found) continue;
      const reference = compactReference(found);
      const list = byReference.get(reference) ?? [];
      list.push({ id: Number(row.id), currency: row.currency, open: minor(row.gross_minor) - minor(row.paid_minor) });
      byReference.set(reference, list);
    }
  }
}

type Decision = { status: MatchStatus; invoice?: OpenInvoice };

function decide(payment: store.ReferencePaymentRow, invoices: Map<string, OpenInvoice[]>): Decision {
  const amount = minor(payment.amount);
  const candidates = (invoices.get(compactReference(payment.reference)) ?? []).filter(
    (i) => i.currency === payment.currency && i.open > 0n,
  );
  if (amount <= 0n || candidates.length === 0) return { status: 'UNMATCHED' };
  const invoice = candidates.find((i) => i.open === amount) ?? candidates[0];
  if (amount > invoice.open) return { status: 'OVERPAYMENT', invoice };
  return { status: amount === invoice.open ? 'MATCHED' : 'PARTIAL', invoice };
}

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
    let invoices: Map<string, OpenInvoice[]> | undefined;
    let after = 0;
    for (;;) {
      const batch = await store.unmatchedPayments(this.#ctx.db, companyId, after, BATCH);
      if (batch.length === 0) break;
      after = Number(batch.at(-1)!.id);
      invoices ??= await openInvoicesByReference(this.#ctx.db, companyId);
      const decisions = batch.map((payment) => ({ payment, ...decide(payment, invoices!) }));
      try {
        await this.#ctx.db.transaction().execute((trx) => this.#apply(trx, caller, decisions));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        for (const decision of decisions) {
          try {
            await this.#ctx.db.transaction().execute((trx) => this.#apply(trx, caller, [decision]));
          } catch (single) {
            if (!(single instanceof ApiError)) throw single;
            await store.setMatchStatus(this.#ctx.db, companyId, [Number(decision.payment.id)], 'UNMATCHED', null);
            decision.status = 'UNMATCHED';
          }
        }
      }
      for (const { status, invoice, payment } of decisions) {
        if (status === 'MATCHED') counts.matched++;
        else if (status === 'PARTIAL') counts.partial++;
        else if (status === 'OVERPAYMENT') counts.overpayments++;
        else counts.unmatched++;
        // what later payments of the same run find open
        if (invoice && (status === 'MATCHED' || status === 'PARTIAL')) invoice.open -= minor(payment.amount);
      }
    }
    return counts;
  }

  async #apply(trx: Db, caller: Caller, decisions: (Decision & { payment: store.ReferencePaymentRow })[]) {
    for (const { payment, status, invoice } of decisions) {
      if (invoice && (status === 'MATCHED' || status === 'PARTIAL'))
        await this.#allocations.allocatePaymentToInvoice(trx, caller, Number(payment.id), invoice.id);
    }
    const groups = new Map<string, number[]>();
    for (const { payment, status, invoice } of decisions) {
      const key = `${status}|${invoice?.id ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), Number(payment.id)]);
    }
    for (const [key, ids] of groups) {
      const [status, invoiceId] = key.split('|');
      await store.setMatchStatus(trx, caller.companyId, ids, status, invoiceId ? Number(invoiceId) : null);
    }
  }
}
