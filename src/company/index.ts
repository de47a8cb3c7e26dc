// The tenant register (companies), company details and settings, the administration of tenants (the `tase admin` commands) and the demo company.
import { defineArea } from '../platform/area.ts';
import { companyAdminCommands } from './admin-commands.ts';
import { companySettingsMigrations } from './migrations.ts';
import { companyRoutes } from './routes.ts';
import { CompanyService } from './service.ts';
import { companyExamples } from './examples.ts';
import { companyRegister } from './register.ts';

export { CompanyService } from './service.ts';
// the tenant register's row of a company, for the areas that read a company's name, ids, country or currency
export { getCompany } from './store.ts';
export { BusinessIdentifier } from './schemas.ts';
export { AdminService } from './admin.ts';
export { AdminError } from '../platform/admin-commands.ts';
export { DOCUMENTS, isDocumentName } from './documents.ts';
export { hasCompanies, seedDemo, storedDemo, type DemoCredentials } from './demo.ts';

export const companyArea = defineArea({
  name: 'company',
  adminCommands: companyAdminCommands,
  companyRegister,
  examples: companyExamples,
  rights: ['management.companyInfo', 'sales.salesInvoices'],
  tags: [{ name: 'Company', description: 'Company details and settings.' }],
  tables: { company: ['companies', 'company_settings', 'company_documents', 'invoice_templates', 'verifier_lists'] },
  migrations: companySettingsMigrations,
  create: (ctx) => new CompanyService(ctx),
  routes: (company) => companyRoutes(company),
});
