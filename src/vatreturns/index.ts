// Periodic VAT returns: computed from the ledger, filed, settled to the VAT payable account.
import { defineArea } from '../platform/area.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { vatReturnMigrations } from './migrations.ts';
import { vatReturnRoutes } from './routes.ts';
import { VatReturnService } from './service.ts';
import { vatReturnsExamples } from './examples.ts';

export const vatReturnsArea = defineArea({
  name: 'vatReturns',
  examples: vatReturnsExamples,
  rights: ['accounting.reports', 'accounting.fiscalPeriods'],
  tables: { company: ['vat_returns', 'vat_return_corrections'] },
  migrations: vatReturnMigrations,
  create: (ctx, deps: { ledger: LedgerService; fiscal: FiscalService }) => {
    const returns = new VatReturnService(ctx, deps.ledger, deps.fiscal);
    // the periods of a filed return stay closed
    deps.fiscal.useFiledVatReturns((trx, companyId, start, end) =>
      returns.filedOverlapping(trx, companyId, start, end),
    );
    return returns;
  },
  routes: (returns) => vatReturnRoutes(returns),
});
