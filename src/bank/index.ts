// Money in: bank statements (camt.053) and reference payments (camt.054) imported from the bank's files.
import { defineArea } from '../platform/area.ts';
import { bankAdminCommands } from './admin-commands.ts';
import { bankMigrations } from './migrations.ts';
import { bankRoutes } from './routes.ts';
import { BankService } from './service.ts';
import { BankAllocations } from './allocation.ts';
import type { InvoiceService } from '../invoices/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { hasDocument } from './store.ts';
import { bankExamples } from './examples.ts';

const RIGHT = 'payments.bankStatementAndReferencePayment' as const;

export { BankService } from './service.ts';

export const bankArea = defineArea({
  name: 'bank',
  adminCommands: bankAdminCommands,
  examples: bankExamples,
  tags: [
    {
      name: 'Bank statements',
      description: "Bank statements and reference payments, imported from the bank's ISO 20022 camt files.",
    },
  ],
  rights: [RIGHT, 'payments.paymentAllocation'],
  tables: { company: ['bank_statements', 'bank_statement_events', 'reference_payments', 'bank_allocations'] },
  migrations: bankMigrations,
  create: (ctx, deps: { invoices: InvoiceService; ledger: LedgerService }) =>
    new BankService(ctx, new BankAllocations(ctx, deps.invoices, deps.ledger)),
  routes: (bank) => bankRoutes(bank, bank.allocations),
  attachmentTargets: {
    BANKSTATEMENTEVENT: {
      right: RIGHT,
      exists: (db, companyId, id) => hasDocument(db, companyId, 'bank_statement_events', id),
      kinds: { BANK_STATEMENT_EVENT: { right: RIGHT } },
    },
    REFERENCE_PAYMENT: {
      right: RIGHT,
      exists: (db, companyId, id) => hasDocument(db, companyId, 'reference_payments', id),
      // the search's REFERENCE_PAYMENT is the receipt type (a ledger receipt); the payment itself is the event
      kinds: { REFERENCE_PAYMENT_EVENT: { right: RIGHT } },
    },
  },
});
