// Payments out: invoice payments, direct bank transfers and direct salary payments confirmed by two-factor, sent
// to the bank as ISO 20022 pain.001.001.09 payment files and settled by the bank statements' debits.
import { defineArea } from '../platform/area.ts';
import { paymentsAdminCommands } from './admin-commands.ts';
import type { InvoiceService } from '../invoices/index.ts';
import type { BankService } from '../bank/index.ts';
import { paymentMigrations } from './migrations.ts';
import { paymentRoutes } from './routes.ts';
import { PaymentService } from './service.ts';
import { PaymentFiles } from './files.ts';
import { paymentsExamples } from './examples.ts';

export type { PaymentService } from './service.ts';

export const paymentsArea = defineArea({
  name: 'payments',
  adminCommands: paymentsAdminCommands,
  examples: paymentsExamples,
  tags: [
    {
      name: 'Payments',
      description:
        'Payments out: invoice payments, direct bank transfers and direct salary payments (two-factor), sent to the bank in pain.001.001.09 files.',
    },
  ],
  rights: ['payments.payment', 'payments.directBankTransfer', 'payments.salaryPayments'],
  tables: { company: ['payments', 'payment_groups', 'payment_files', 'payment_errors'] },
  migrations: paymentMigrations,
  create: (ctx, deps: { invoices: InvoiceService; bank: BankService }) => {
    const payments = new PaymentService(ctx, deps.invoices);
    // a statement's debits settle the payments sent to the bank (matched by end-to-end id)
    deps.bank.onDebits((trx, companyId, debits) => payments.settleDebits(trx, companyId, debits));
    return { payments, files: new PaymentFiles(ctx) };
  },
  routes: (service) => paymentRoutes(service.payments, service.files),
});
