// The audit trail of the books: closing and reopening periods and fiscal years, VAT filings, chart changes. Other
// areas record their changes with `recordAuditEvent`, in their own transaction.
import { defineArea } from '../platform/area.ts';
import { auditMigrations } from './migrations.ts';
import { auditRoutes } from './routes.ts';
import { AuditService } from './service.ts';
import { auditExamples } from './examples.ts';

export { recordAuditEvent, type AuditEvent } from './service.ts';

export const auditArea = defineArea({
  name: 'audit',
  examples: auditExamples,
  rights: ['accounting.reports'],
  tags: [
    {
      name: 'Audit trail',
      description:
        'Changes to the books beyond vouchers: periods and years closed and reopened, VAT filings, chart changes.',
    },
  ],
  tables: { company: ['audit_events'] },
  migrations: auditMigrations,
  create: (ctx) => new AuditService(ctx),
  routes: (audit) => auditRoutes(audit),
});
