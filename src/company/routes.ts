// HTTP of the company resource, its usage settings and its invoice circulation settings.
import { ADDITION, InfoMessage } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { Company, UsageSettings, CirculationSettings } from './schemas.ts';
import type { CompanyService } from './service.ts';

const INFO = 'management.companyInfo' as const;
const TAGS = ['Company'];

export function companyRoutes(company: CompanyService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/company',
      right: view(INFO),
      tags: TAGS,
      summary: 'Get the company of the session',
      schema: { response: { 200: Company } },
      handler: ({ auth }) => company.get(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/company',
      right: edit(INFO),
      tags: TAGS,
      summary: 'Replace the company details',
      description:
        'Overwrites name, addresses, business identifier and the other editable details. Changing the business identifier of a ' +
        'company in production usage answers 403. A Finnish business ID must carry a valid check digit (ERROR_BRN_CODE).',
      schema: { body: Company, response: { 200: InfoMessage } },
      handler: ({ auth, body }) => company.replace(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/company/usagesettings',
      right: view(INFO),
      tags: TAGS,
      summary: 'Usage settings of the company',
      description: 'Needs viewing rights to the basic company information.',
      schema: { response: { 200: UsageSettings } },
      handler: ({ auth }) => company.usageSettings(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/company/usagesettings',
      right: edit(INFO),
      tags: TAGS,
      summary: 'Replace the usage settings of the company',
      description: 'Cash discount options are kept in ascending order of days.',
      schema: { ...ADDITION, body: UsageSettings, response: { 200: UsageSettings } },
      handler: ({ auth, body }) => company.replaceUsageSettings(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/company/invoicecirculation/settings',
      right: view(INFO),
      tags: TAGS,
      summary: 'Invoice circulation settings',
      schema: { response: { 200: CirculationSettings } },
      handler: ({ auth }) => company.circulationSettings(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/company/invoicecirculation/settings',
      right: edit(INFO),
      tags: TAGS,
      summary: 'Replace the invoice circulation settings',
      description: 'Verifiers and acceptors are users of the company, at most `maxVerifiers`/`maxAcceptors` of them.',
      schema: { ...ADDITION, body: CirculationSettings, response: { 200: CirculationSettings } },
      handler: ({ auth, body }) => company.replaceCirculationSettings(auth.companyId, body),
    }),
  ];
}
