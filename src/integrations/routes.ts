// HTTP of integrations: the real interface's activation requests and customers, and the specifications an
// integrator writes (an addition: the real service edits them on its web pages).
import { Type, PathId, ADDITION, Addition, Id } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import {
  IntegrationApproveRequest,
  IntegrationApproveResult,
  IntegrationCustomer,
  IntegrationRequestData,
  Specification,
  SpecificationInput,
} from './schemas.ts';
import type { IntegrationService } from './service.ts';

const RIGHT = 'management.integrations' as const;
const TAGS = ['Integrations'];
const RequestParam = Type.Object({ requestId: PathId('Id of the activation request (`rq_id` of the callback).') });
const IntegrationParam = Type.Object({
  integrationId: Type.String({ maxLength: 36, pattern: '^[0-9a-f-]{36}$', description: 'Id of the integration.' }),
});

export function integrationRoutes(integrations: IntegrationService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/integrations/:requestId',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Get an integration activation request',
      description:
        'The companies a customer chose on the activation page, with the details the specification asked consent ' +
        'for. Only the integrator company of the request sees it (404 otherwise, and for a request made in ' +
        'another environment); 410 `INTEGRATION_REQUEST_EXPIRED` 15 minutes after it was made.',
      schema: { params: RequestParam, response: { 200: IntegrationRequestData } },
      handler: ({ auth, params }) => integrations.getRequest(auth, params.requestId),
    }),
    route({
      method: 'PUT',
      path: '/integrations/:requestId',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Approve or reject an integration activation request',
      description:
        '`approve` and `reject` together must name each company of `companiesToIntegrate` exactly once (400 ' +
        '`INTEGRATION_COMPANIES_MISMATCH`); a request is decided once (400 `INTEGRATION_REQUEST_DECIDED`). Each ' +
        'approved company gets a technical user limited to the requested rights, with an API key bound to that ' +
        "user, the company and the specification's OAuth client: it works with the client credentials grant only.",
      schema: { params: RequestParam, body: IntegrationApproveRequest, response: { 200: IntegrationApproveResult } },
      handler: ({ auth, params, body }) => integrations.decideRequest(auth, params.requestId, body),
    }),
    route({
      method: 'GET',
      path: '/integrations/:integrationId/customers',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the customers of an integration',
      description:
        'Each customer company with the status of the integration version it accepted: `NEW` (request not yet ' +
        'decided), `APPROVED`, `REJECTED`, `PENDING_APPROVAL` (a newer approved version changed the rights; the ' +
        'customer must accept them again). 403 `INTEGRATION_OTHER_ENVIRONMENT` when the specification was made in ' +
        'the other environment (sandbox or production).',
      schema: {
        params: IntegrationParam,
        querystring: Type.Object({
          companyId: Type.Optional(Addition(Id({ description: 'Only this customer company.' }))),
        }),
        response: { 200: IntegrationCustomer },
      },
      handler: ({ auth, params, query }) => integrations.customers(auth, params.integrationId, query.companyId),
    }),
    route({
      method: 'GET',
      path: '/integrationspecifications',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the integration specifications of the company (newest version of each)',
      schema: { ...ADDITION, response: { 200: Type.Array(Specification) } },
      handler: ({ auth }) => integrations.listSpecifications(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/integrationspecifications',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Write a new integration specification (a draft)',
      description:
        "The technical users' API keys will be bound to the OAuth client of the calling token. `callbackUrl` must " +
        'be https (http only on localhost); 400 `INTEGRATION_CALLBACK_INVALID` otherwise.',
      schema: { ...ADDITION, body: SpecificationInput, response: { 200: Specification } },
      handler: ({ auth, body }) => integrations.createSpecification(auth, body),
    }),
    route({
      method: 'GET',
      path: '/integrationspecifications/:integrationId',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Get the newest version of an integration specification',
      schema: { ...ADDITION, params: IntegrationParam, response: { 200: Specification } },
      handler: ({ auth, params }) => integrations.getSpecification(auth.companyId, params.integrationId),
    }),
    route({
      method: 'PUT',
      path: '/integrationspecifications/:integrationId',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Change an integration specification',
      description:
        'A draft changes in place. An approved or declined specification gets a new version that goes to review ' +
        'again (approved at once in the sandbox); the activation link serves the newest approved version ' +
        'meanwhile. One under review cannot change (409 `INTEGRATION_UNDER_REVIEW`).',
      schema: { ...ADDITION, params: IntegrationParam, body: SpecificationInput, response: { 200: Specification } },
      handler: ({ auth, params, body }) =>
        integrations.replaceSpecification(auth.companyId, params.integrationId, body),
    }),
    route({
      method: 'PUT',
      path: '/integrationspecifications/:integrationId/submit',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Send a draft specification for review',
      description:
        'In production a reviewer approves or declines it (`tase admin integration approve|decline`); in the ' +
        'sandbox it is approved at once and its `activationLink` is ready. 409 `INTEGRATION_NOT_DRAFT` otherwise.',
      schema: { ...ADDITION, params: IntegrationParam, response: { 200: Specification } },
      handler: ({ auth, params }) => integrations.submitSpecification(auth.companyId, params.integrationId),
    }),
  ];
}
