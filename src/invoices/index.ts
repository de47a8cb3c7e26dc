// Invoices: sales and purchase documents (sales invoices and orders, offers, purchase invoices and orders,
// travel and expense invoices) with their exact figures, states and postings, payment events, circulation
// and discussion.
import { defineArea } from '../platform/area.ts';
import type { Db } from '../db/index.ts';
import { attachmentsOf } from '../attachments/index.ts';
import { getCompany, type CompanyService } from '../company/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { BankAccountService } from '../bankaccounts/index.ts';
import type { CurrencyService } from '../currencies/index.ts';
import { invoiceMigrations } from './migrations.ts';
import { invoiceRoutes } from './routes.ts';
import { invoiceOutputRoutes } from './output-routes.ts';
import { InvoiceService } from './service.ts';
import { invoiceQueries } from './queries.ts';
import { INVOICE_TYPES, type InvoiceWire } from './schemas.ts';
import * as store from './store.ts';
import { invoiceToWire, rightOf } from './mapping.ts';
import { invoicesExamples } from './examples.ts';

export type { InvoiceWire } from './schemas.ts';
export type { InvoiceService } from './service.ts';
export { openSalesInvoicesByReference } from './store.ts';

/**
 * One invoice in its wire shape, without rights checks (for the invoice image, PDF and Finvoice outputs, which
 * check the caller's right themselves); undefined when the company has no such invoice.
 */
export async function readInvoice(db: Db, companyId: number, id: number): Promise<InvoiceWire | undefined> {
  const record = await store.getInvoice(db, companyId, id);
  if (!record) return undefined;
  const company = await getCompany(db, companyId);
  const [checkers, attachments] = await Promise.all([
    store.checkersOf(db, companyId, id),
    attachmentsOf(db, companyId, ['INVOICE'], [id]),
  ]);
  return invoiceToWire(record, checkers, company?.currency ?? 'EUR', attachments.get(id) ?? []);
}

export const invoicesArea = defineArea({
  name: 'invoices',
  examples: invoicesExamples,
  tags: [
    {
      name: 'Invoices',
      description:
        'Sales and purchase invoices, orders and offers: exact figures, states, postings, payment events, circulation and discussion.',
    },
  ],
  tables: {
    company: [
      'invoices',
      'invoice_rows',
      'invoice_search_grams',
      'invoice_payment_events',
      'invoice_history',
      'invoice_checkers',
      'invoice_comments',
      'finvoice_imports',
    ],
  },
  migrations: invoiceMigrations,
  rights: ['payments.markAsPaid'],
  create: (
    ctx,
    deps: {
      ledger: LedgerService;
      company: CompanyService;
      bankAccounts: BankAccountService;
      currencies: CurrencyService;
    },
  ) =>
    new InvoiceService(ctx, invoiceQueries(ctx.engine), {
      ledger: deps.ledger,
      company: deps.company,
      bankAccounts: deps.bankAccounts,
      rates: deps.currencies,
    }),
  routes: (invoices) => [...invoiceRoutes(invoices), ...invoiceOutputRoutes(invoices.outputs)],
  attachmentTargets: {
    // the right over an invoice's files is the right over its type (sales, purchase, offers, …)
    INVOICE: {
      right: async (db, companyId, id) => {
        const invoice = await store.getInvoice(db, companyId, id);
        return invoice ? rightOf(invoice.type, Boolean(invoice.is_offer)) : undefined;
      },
      exists: async (db, companyId, id) => (await store.getInvoice(db, companyId, id)) !== undefined,
      // every invoice is of exactly one kind: an offer, else its type
      kinds: Object.fromEntries(
        [...INVOICE_TYPES, 'OFFER' as const].map((kind) => [
          kind,
          {
            right: kind === 'OFFER' ? rightOf('SALES_ORDER', true) : rightOf(kind, false),
            ids: (db: Db, companyId: number) => store.invoiceIdsOfKind(db, companyId, kind),
          },
        ]),
      ),
    },
  },
});
