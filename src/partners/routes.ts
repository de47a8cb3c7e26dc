// HTTP of business partners, partner groups, persons, their default dimensions/products/accounts, and
// factoring contracts, each resource in its own file. Customer, supplier and person registers have their own
// rights, so most routes check the right of the partner's type once the partner is known.
import type { RouteDef } from '../platform/route.ts';
import { businessPartnerCollectionRoutes, businessPartnerRoutes } from './business-partner-routes.ts';
import { partnerDefaultRoutes } from './default-routes.ts';
import { factoringContractRoutes } from './factoring-routes.ts';
import { partnerGroupRoutes } from './group-routes.ts';
import { personalDetailsRoutes, personRoutes } from './person-routes.ts';
import type { PartnerService } from './service.ts';

/** In the order the OpenAPI document lists them. */
export function partnerRoutes(partners: PartnerService): RouteDef[] {
  return [
    ...businessPartnerCollectionRoutes(partners),
    ...partnerGroupRoutes(partners),
    ...personalDetailsRoutes(partners),
    ...businessPartnerRoutes(partners),
    ...partnerDefaultRoutes(partners),
    ...personRoutes(partners),
    ...factoringContractRoutes(partners),
  ];
}
