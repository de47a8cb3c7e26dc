// VAT data of a company: rates valid on a day, the VAT status codes it uses, its VAT settings.
import { defineArea } from '../platform/area.ts';
import { vatMigrations } from './migrations.ts';
import { vatRoutes } from './routes.ts';
import { setUpVat, VatService } from './service.ts';
import { vatExamples } from './examples.ts';

export { VatService } from './service.ts';

export const vatArea = defineArea({
  name: 'vat',
  examples: vatExamples,
  tags: [{ name: 'VAT', description: 'VAT rates valid on a day, VAT status codes and VAT settings.' }],
  tables: { company: ['vat_settings', 'company_vat_statuses'] },
  migrations: vatMigrations,
  create: (ctx) => new VatService(ctx),
  routes: (vat) => vatRoutes(vat),
  initCompany: setUpVat,
});
