// Business partners (customers, suppliers, persons), partner groups and factoring contracts.
import { defineArea } from '../platform/area.ts';
import { DimensionService } from '../dimensions/index.ts';
import { partnerMigrations } from './migrations.ts';
import { partnerRoutes } from './routes.ts';
import { PartnerService } from './service.ts';

export { PartnerService } from './service.ts';
export { existingPartnerIds, getPartner, type PartnerRow } from './store.ts';
export {
  BusinessPartner,
  CashDiscount,
  DefaultAccounts,
  DefaultProductInput,
  INVOICE_CHANNELS,
  type DefaultAccountsWire,
  type DefaultProductInputWire,
  type PartnerWire,
} from './schemas.ts';

export const partnersArea = defineArea({
  name: 'partners',
  rights: ['management.companyInfo', 'salaries.employeeRegister'],
  tags: [
    { name: 'Business partners', description: 'Customers, suppliers and persons; partner groups.' },
    { name: 'Persons', description: 'The person register.' },
    { name: 'Factoring contracts', description: 'Factoring contracts partners can be attached to.' },
  ],
  tables: {
    company: [
      'business_partners',
      'partner_groups',
      'business_partner_groups',
      'partner_default_products',
      'factoring_contracts',
    ],
  },
  migrations: partnerMigrations,
  create: (ctx, deps: { dimensions: DimensionService }) => new PartnerService(ctx, deps.dimensions),
  routes: (partners) => partnerRoutes(partners),
  // Persons are created as in the real service: by POST /businesspartners with type PERSON, and for every user
  // who joins a company (the user's own person, User.partnerId / PersonalDetails.partnerId).
  initMember: (trx, member, ctx) =>
    new PartnerService(ctx, new DimensionService(ctx)).createPersonForMember(trx, member).then(() => undefined),
});
