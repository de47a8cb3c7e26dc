// Business partners (customers, suppliers, persons), partner groups and factoring contracts.
import { defineArea, type AttachmentTarget } from '../platform/area.ts';
import type { RightLeaf } from '../platform/rights.ts';
import type { Db } from '../db/index.ts';
import type { DimensionService } from '../dimensions/index.ts';
import { partnerMigrations } from './migrations.ts';
import { partnerRoutes } from './routes.ts';
import { PartnerService } from './service.ts';
import { BusinessPartners } from './business-partners.ts';
import { Persons } from './persons.ts';
import { getPartner, type PartnerType } from './store.ts';
import { ATTACHMENT_REFERENCE_TYPE_OF } from './rights.ts';
import { partnersExamples } from './examples.ts';

/** Files attach to a partner through the reference type of its register, which is also its search kind. */
const partnerOfType = (type: PartnerType) => async (db: Db, companyId: number, id: number) =>
  (await getPartner(db, companyId, id))?.type === type;

const registerTarget = (right: RightLeaf, type: PartnerType): AttachmentTarget => ({
  right,
  exists: partnerOfType(type),
  kinds: { [ATTACHMENT_REFERENCE_TYPE_OF[type]]: { right } },
});

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
  examples: partnersExamples,
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
  attachmentTargets: {
    [ATTACHMENT_REFERENCE_TYPE_OF.CUSTOMER]: registerTarget('sales.customerRegister', 'CUSTOMER'),
    [ATTACHMENT_REFERENCE_TYPE_OF.SUPPLIER]: registerTarget('purchases.supplierRegister', 'SUPPLIER'),
    [ATTACHMENT_REFERENCE_TYPE_OF.PERSON]: registerTarget('salaries.employeeRegister', 'PERSON'),
  },
  // Persons are created as in the real service: by POST /businesspartners with type PERSON, and for every user
  // who joins a company (the user's own person, User.partnerId / PersonalDetails.partnerId).
  initMember: (trx, member, ctx) =>
    new Persons(ctx, new BusinessPartners(ctx)).createPersonForMember(trx, member).then(() => undefined),
});
