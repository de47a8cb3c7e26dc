// HTTP of the company resource, its usage settings and its invoice circulation settings.
import { ADDITION, InfoMessage, Type } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import {
  Company,
  UsageSettings,
  CirculationSettings,
  CollectionsAndPenalExpenses,
  DeliveryTerms,
  EInvoiceData,
  InvoiceTemplate,
  VerifierList,
  VerifierListBasic,
} from './schemas.ts';
import type { CompanyService } from './service.ts';

const INFO = 'management.companyInfo' as const;
const SALES_INVOICES = 'sales.salesInvoices' as const;
const SET_BY_ADMIN = 'Set with the `tase admin company` commands.';
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
      // the real GET answers without preventPayeeInformationChange: a client writing back what it read keeps it
      keepsAdditions: ({ auth }) => company.circulationSettings(auth.companyId),
      handler: ({ auth, body }) => company.replaceCirculationSettings(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/company/deliveryterms',
      right: view(SALES_INVOICES),
      tags: TAGS,
      summary: 'Delivery terms of the company',
      description: `The delivery terms offered on invoices, in order; none until set. ${SET_BY_ADMIN}`,
      schema: { response: { 200: DeliveryTerms } },
      handler: ({ auth }) => company.documents.deliveryTerms(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/company/einvoiceaddresses',
      right: view(INFO),
      tags: TAGS,
      summary: 'Electronic invoice addresses of the company',
      description: `Operator and addresses of sent and received e-invoices; an empty object until set. ${SET_BY_ADMIN}`,
      schema: { response: { 200: EInvoiceData } },
      handler: ({ auth }) => company.documents.eInvoiceData(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/company/expenses/collectionpenal/settings',
      right: view(INFO),
      tags: TAGS,
      summary: 'Collection and penal expense settings',
      description: `Products of the register charged as collection costs and penal expenses, and the penal interest defaults. ${SET_BY_ADMIN}`,
      schema: { response: { 200: CollectionsAndPenalExpenses } },
      handler: ({ auth }) => company.documents.collectionsAndPenalExpenses(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/company/invoicetemplates',
      right: view(SALES_INVOICES),
      tags: TAGS,
      summary: 'Default invoice template of the company',
      description: `The template new invoices use; 404 while the company has none. ${SET_BY_ADMIN}`,
      schema: { response: { 200: InvoiceTemplate } },
      handler: ({ auth }) => company.documents.defaultInvoiceTemplate(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/company/invoicecirculation/verifierlists',
      right: view(INFO),
      tags: TAGS,
      summary: 'Verifier lists of invoice circulation',
      description: `Each list names its verifiers and acceptors (user ids, in order). ${SET_BY_ADMIN}`,
      schema: { response: { 200: Type.Array(VerifierListBasic) } },
      handler: ({ auth }) => company.documents.verifierLists(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/company/invoicecirculation/verifierlists/:listId',
      right: view(INFO),
      tags: TAGS,
      summary: 'One verifier list with the names of its users',
      schema: {
        params: Type.Object({ listId: Type.String({ pattern: '^[0-9]+$', description: 'Verifier list id (int32).' }) }),
        response: { 200: VerifierList },
      },
      handler: ({ auth, params }) =>
        company.documents.verifierList(auth.companyId, parseId(params.listId, 'Verifier list')),
    }),
  ];
}
