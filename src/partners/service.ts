// The partners area's service: its concerns, each built once and handed the siblings it works with. The business
// partners (the customer, supplier and person registers) are the base; defaults are the dimensions, products and
// accounts a partner or person proposes on documents; persons are the person register's own operations and
// the person of every member; groups and factoring contracts stand on their own.
import type { AppContext } from '../platform/context.ts';
import type { DimensionService } from '../dimensions/index.ts';
import { BusinessPartners } from './business-partners.ts';
import { PartnerDefaults } from './defaults.ts';
import { FactoringContracts } from './factoring.ts';
import { PartnerGroups } from './groups.ts';
import { Persons } from './persons.ts';

export class PartnerService {
  readonly businessPartners: BusinessPartners;
  readonly defaults: PartnerDefaults;
  readonly persons: Persons;
  readonly groups: PartnerGroups;
  readonly factoring: FactoringContracts;

  constructor(ctx: AppContext, dimensions: DimensionService) {
    this.businessPartners = new BusinessPartners(ctx);
    this.defaults = new PartnerDefaults(ctx, dimensions, this.businessPartners);
    this.persons = new Persons(ctx, this.businessPartners);
    this.groups = new PartnerGroups(ctx);
    this.factoring = new FactoringContracts(ctx);
  }
}
