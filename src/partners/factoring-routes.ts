// Routes of factoring contracts (/factoringcontracts, /se/factoringcontracts).
import { Type, Addition, PagingQuery } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import { BasicFactoringContract, FactoringContract, FactoringContractSearchResult } from './schemas.ts';

import type { PartnerService } from './service.ts';

const COMPANY = 'management.companyInfo' as const;

export function factoringContractRoutes(partners: PartnerService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/factoringcontracts',
      right: view(COMPANY),
      tags: ['Factoring contracts'],
      summary: 'List factoring contracts',
      description: 'Paged; `financingCompanyId` keeps the contracts of one financing company.',
      schema: {
        querystring: Type.Object({
          financingCompanyId: Type.Optional(Type.String({ maxLength: 40 })),
          page: PagingQuery.page,
          size: PagingQuery.size,
          previousId: Addition(PagingQuery.previousId),
          orderById: Addition(PagingQuery.orderById),
        }),
        response: { 200: FactoringContractSearchResult },
      },
      handler: ({ auth, query }) =>
        partners.factoring.searchFactoringContracts(auth.companyId, pageRequest(query), query.financingCompanyId),
    }),
    route({
      method: 'POST',
      path: '/factoringcontracts',
      right: edit(COMPANY),
      tags: ['Factoring contracts'],
      summary: 'Create a factoring contract',
      description:
        "A partner refers to it by `paymentInfo.factoringContractId`. The financing company's account must be a valid IBAN.",
      schema: { body: FactoringContract, response: { 200: FactoringContract } },
      handler: ({ auth, body }) => partners.factoring.createFactoringContract(auth.companyId, 'FI', body),
    }),
    route({
      method: 'GET',
      path: '/se/factoringcontracts',
      right: view(COMPANY),
      tags: ['Factoring contracts'],
      summary: 'The factoring contract (Sweden)',
      description:
        'The latest factoring contract of the company; 404 when it has none. Swedish companies only (400 SWEDISH_ENVIRONMENT_ONLY otherwise).',
      schema: { response: { 200: BasicFactoringContract } },
      handler: ({ auth }) => partners.factoring.swedishFactoringContract(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/se/factoringcontracts',
      right: edit(COMPANY),
      tags: ['Factoring contracts'],
      summary: 'Create a factoring contract (Sweden)',
      description:
        'The financing company is named; its account must be a valid IBAN. Swedish companies only (400 SWEDISH_ENVIRONMENT_ONLY otherwise).',
      schema: { body: BasicFactoringContract, response: { 200: BasicFactoringContract } },
      handler: ({ auth, body }) => partners.factoring.createFactoringContract(auth.companyId, 'SE', body),
    }),
  ];
}
