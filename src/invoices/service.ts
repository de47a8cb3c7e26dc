// The invoices area's service: its concerns, each built once and handed the siblings it works with. Documents
// (create, read, search, replace) are the base the others act on; actions move an invoice between states, payments
// record and reverse what was paid, comments are its discussion, outputs its PDF, picture and Finvoice.
import type { AppContext } from '../platform/context.ts';
import type { BankAccountService } from '../bankaccounts/index.ts';
import type { CompanyService } from '../company/index.ts';
import type { Posting } from '../ledger/index.ts';
import { InvoiceActions } from './actions.ts';
import { InvoiceComments } from './comments.ts';
import { InvoiceDocuments } from './documents.ts';
import { InvoiceOutputs } from './outputs.ts';
import { InvoicePayments, type PaymentRates } from './payments.ts';
import type { InvoiceQueries } from './queries.ts';

export class InvoiceService {
  readonly documents: InvoiceDocuments;
  readonly actions: InvoiceActions;
  readonly payments: InvoicePayments;
  readonly comments: InvoiceComments;
  readonly outputs: InvoiceOutputs;

  constructor(
    ctx: AppContext,
    queries: InvoiceQueries,
    deps: { ledger: Posting; company: CompanyService; bankAccounts: BankAccountService; rates: PaymentRates },
  ) {
    this.documents = new InvoiceDocuments(ctx, queries);
    this.actions = new InvoiceActions(ctx, this.documents, deps.ledger, deps.company);
    this.payments = new InvoicePayments(ctx, this.documents, this.actions, deps.ledger, deps.rates);
    this.comments = new InvoiceComments(ctx, this.documents, deps.company);
    this.outputs = new InvoiceOutputs(this.documents, deps.company, deps.bankAccounts, ctx);
  }
}
