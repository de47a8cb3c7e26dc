// HTTP of business partners, partner groups, persons, their default dimensions/products/accounts, and
// factoring contracts. Customer, supplier and person registers have their own rights, so most routes check
// the right of the partner's type once the partner is known.
import {
  Type,
  ADDITION,
  Addition,
  DateString,
  DateTimeString,
  PagingQuery,
  StringEnum,
  PathId,
} from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { endOfDay } from '../platform/clock.ts';
import { DefaultDimension, ListedDefaultDimension } from '../dimensions/index.ts';
import { Product } from '../products/index.ts';
import {
  BusinessPartner,
  BusinessPartnerPatch,
  BusinessPartnerSearchResult,
  DefaultAccounts,
  DefaultProductInput,
  DefaultProductSettings,
  BasicFactoringContract,
  FactoringContract,
  FactoringContractSearchResult,
  PARTNER_TYPES,
  PartnerGroup,
  PartnerGroupSearchResult,
  Person,
  PersonalDetails,
  ValidityPeriod,
} from './schemas.ts';
import type { PartnerService } from './service.ts';

const TAGS = ['Business partners'];
const PERSON_TAGS = ['Persons'];
const PERSONS = 'salaries.employeeRegister' as const;
const COMPANY = 'management.companyInfo' as const;

const IdString = PathId;
const PartnerIdParam = Type.Object({ partnerId: IdString('Business partner id (int32).') });
const PartnerDimensionParams = Type.Object({
  partnerId: IdString('Business partner id (int32).'),
  dimensionId: IdString('Dimension id (int32).'),
});
const PersonIdParam = Type.Object({ personId: IdString('Person id (int32).') });
const PersonDimensionParams = Type.Object({
  personId: IdString('Person id (int32).'),
  dimensionId: IdString('Dimension id (int32).'),
});
const GroupIdParam = Type.Object({ groupId: IdString('Partner group id (int32).') });
const VersionDate = Type.Union([DateTimeString(), DateString()]);

const DefaultProduct = Type.Object(
  {
    id: Type.Integer(),
    productInfo: Product,
    defaultSettings: Type.Optional(DefaultProductSettings),
    validityPeriods: Type.Optional(Type.Array(ValidityPeriod)),
  },
  { $id: 'DefaultProduct', title: 'DefaultProduct', additionalProperties: false },
);

function header(raw: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = raw.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function partnerRoutes(partners: PartnerService): RouteDef[] {
  const partnerId = (p: { partnerId: number }) => parseId(p.partnerId, 'Business partner');
  const personId = (p: { personId: number }) => parseId(p.personId, 'Person');
  return [
    route({
      method: 'GET',
      path: '/businesspartners',
      right: null,
      tags: TAGS,
      summary: 'Search business partners',
      description:
        'Basic information of the partners of the registers the caller may view (customer, supplier, person). ' +
        '`active` defaults to true. `versionStartDate`/`versionEndDate` filter by modification time. `name` and `identifier` ' +
        'may also be sent as HTTP headers. Paged by `page`/`size` or `previousId`.',
      schema: {
        querystring: Type.Object({
          type: Type.Optional(StringEnum([...PARTNER_TYPES])),
          active: Type.Optional(Type.Boolean({ default: true })),
          name: Type.Optional(Addition(Type.String({ maxLength: 80, description: 'Part of the name.' }))),
          identifier: Type.Optional(Addition(Type.String({ maxLength: 40 }))),
          identifierType: Type.Optional(Type.String({ maxLength: 20 })),
          customerNumber: Type.Optional(Type.String({ maxLength: 40 })),
          partnerGroup: Type.Optional(Type.String({ maxLength: 80, description: 'Name of a partner group.' })),
          mainGroup: Type.Optional(
            Type.String({ maxLength: 80, description: 'The main group of the partner (`additionalInfo.group`).' }),
          ),
          versionStartDate: Type.Optional(VersionDate),
          versionEndDate: Type.Optional(VersionDate),
          ...PagingQuery,
        }),
        response: { 200: BusinessPartnerSearchResult },
      },
      handler: ({ auth, query, raw }) =>
        partners.search(
          auth.companyId,
          auth.rights,
          {
            type: query.type,
            active: query.active ?? true,
            name: query.name ?? header(raw, 'name'),
            identifier: query.identifier ?? header(raw, 'identifier'),
            identifierType: query.identifierType,
            customerNumber: query.customerNumber,
            groupName: query.partnerGroup,
            mainGroup: query.mainGroup,
            versionStart: query.versionStartDate,
            versionEnd: endOfDay(query.versionEndDate),
          },
          pageRequest(query),
        ),
    }),
    route({
      method: 'POST',
      path: '/businesspartners',
      right: null,
      tags: TAGS,
      summary: 'Create a business partner',
      description:
        '`name` and `type` are required. Type PERSON creates a person of the person register (see `/persons`). Needs all rights ' +
        'to the register of the type. `invoicingInfo.bccAddresses`: at most 4, none equal to `invoicingInfo.email`, no special characters.',
      schema: { body: BusinessPartner, response: { 200: BusinessPartner } },
      handler: ({ auth, body }) => partners.create(auth.companyId, auth.rights, body),
    }),

    // partner groups
    route({
      method: 'GET',
      path: '/businesspartners/groups',
      right: null,
      tags: TAGS,
      summary: 'Search business partner groups',
      schema: {
        querystring: Type.Object({
          name: Type.Optional(Type.String({ maxLength: 80, description: 'Part of the name.' })),
          type: Type.Optional(StringEnum([...PARTNER_TYPES])),
          active: Type.Optional(Type.Boolean()),
          page: PagingQuery.page,
          size: PagingQuery.size,
        }),
        response: { 200: PartnerGroupSearchResult },
      },
      handler: ({ auth, query }) =>
        partners.searchGroups(
          auth.companyId,
          auth.rights,
          { name: query.name, type: query.type, active: query.active },
          pageRequest(query),
        ),
    }),
    route({
      method: 'POST',
      path: '/businesspartners/groups',
      right: null,
      tags: TAGS,
      summary: 'Create a business partner group',
      schema: { body: PartnerGroup, response: { 200: PartnerGroup } },
      handler: ({ auth, body }) => partners.createGroup(auth.companyId, auth.rights, body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/groups/:groupId',
      right: null,
      tags: TAGS,
      summary: 'Get a business partner group',
      schema: { params: GroupIdParam, response: { 200: PartnerGroup } },
      handler: ({ auth, params }) =>
        partners.getGroup(auth.companyId, auth.rights, parseId(params.groupId, 'Business partner group')),
    }),
    route({
      method: 'PUT',
      path: '/businesspartners/groups/:groupId',
      right: null,
      tags: TAGS,
      summary: 'Replace a business partner group',
      description: 'The type of a group that holds partners cannot change.',
      schema: { params: GroupIdParam, body: PartnerGroup, response: { 200: PartnerGroup } },
      handler: ({ auth, params, body }) =>
        partners.replaceGroup(auth.companyId, auth.rights, parseId(params.groupId, 'Business partner group'), body),
    }),

    route({
      method: 'GET',
      path: '/businesspartners/personaldetails',
      right: null,
      tags: TAGS,
      summary: 'Person details of the calling user',
      description:
        'The person of the current user in the person register; `partnerId` (formerly `personId`) is its id.',
      schema: { response: { 200: PersonalDetails } },
      handler: ({ auth }) => partners.personalDetails(auth.companyId, auth.userId),
    }),

    route({
      method: 'GET',
      path: '/businesspartners/:partnerId',
      right: null,
      tags: TAGS,
      summary: 'Get one business partner or a batch',
      description:
        'Up to 200 comma-separated ids. Several ids answer a list of the valid ones the caller may view, ordered by id.',
      schema: {
        params: Type.Object({ partnerId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }) }),
        response: { 200: Type.Union([BusinessPartner, Type.Array(BusinessPartner)]) },
      },
      handler: ({ auth, params }) => partners.get(auth.companyId, auth.rights, params.partnerId),
    }),
    route({
      method: 'PUT',
      path: '/businesspartners/:partnerId',
      version: 'optional',
      right: null,
      tags: TAGS,
      summary: 'Replace a business partner',
      description:
        'Overwrites the partner: optional fields left out are removed. The type cannot change. A stale `version` is refused.',
      schema: { params: PartnerIdParam, body: BusinessPartner, response: { 200: BusinessPartner } },
      handler: ({ auth, params, body }) => partners.replace(auth.companyId, auth.rights, partnerId(params), body),
    }),
    route({
      method: 'PATCH',
      path: '/businesspartners/:partnerId',
      version: 'required',
      right: null,
      tags: TAGS,
      summary: 'Update some fields of a business partner',
      description:
        'JSON merge patch: fields left out keep their value, `null` clears one, nested objects merge, arrays are replaced. ' +
        'The current `version` is required, in the body or as the `version` query parameter.',
      schema: {
        params: PartnerIdParam,
        querystring: Type.Object({
          version: Type.Optional(Type.String({ description: 'The current version of the partner.' })),
        }),
        body: BusinessPartnerPatch,
        response: { 200: BusinessPartner },
      },
      handler: ({ auth, params, query, body }) =>
        partners.patch(auth.companyId, auth.rights, partnerId(params), body, query.version),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/products',
      right: null,
      tags: TAGS,
      summary: 'Default products of a business partner',
      schema: { params: PartnerIdParam, response: { 200: Type.Array(DefaultProduct) } },
      handler: ({ auth, params }) => partners.getDefaultProducts(auth.companyId, auth.rights, partnerId(params)),
    }),
    route({
      method: 'PUT',
      path: '/businesspartners/:partnerId/defaults/products',
      right: null,
      tags: TAGS,
      summary: 'Replace the default products of a business partner',
      description: 'Every `productId` must exist in the product register.',
      schema: {
        ...ADDITION,
        params: PartnerIdParam,
        body: Type.Array(DefaultProductInput, { maxItems: 200 }),
        response: { 200: Type.Array(DefaultProduct) },
      },
      handler: ({ auth, params, body }) =>
        partners.putDefaultProducts(auth.companyId, auth.rights, partnerId(params), body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/accounts',
      right: null,
      tags: TAGS,
      summary: 'Default accounts of a business partner',
      description: 'Needs viewing rights to the supplier register (403 without). Not available for persons (404).',
      schema: { params: PartnerIdParam, response: { 200: DefaultAccounts } },
      handler: ({ auth, params }) => partners.getDefaultAccounts(auth.companyId, auth.rights, partnerId(params)),
    }),
    route({
      method: 'PUT',
      path: '/businesspartners/:partnerId/defaults/accounts',
      right: null,
      tags: TAGS,
      summary: 'Replace the default accounts of a business partner',
      description: 'Needs all rights to the supplier register. Not available for persons (404).',
      schema: { ...ADDITION, params: PartnerIdParam, body: DefaultAccounts, response: { 200: DefaultAccounts } },
      handler: ({ auth, params, body }) =>
        partners.putDefaultAccounts(auth.companyId, auth.rights, partnerId(params), body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/dimensions',
      right: null,
      tags: TAGS,
      summary: 'Default dimensions of a business partner',
      schema: { params: PartnerIdParam, response: { 200: Type.Array(ListedDefaultDimension) } },
      handler: ({ auth, params }) =>
        partners.listPartnerDefaultDimensions(auth.companyId, auth.rights, partnerId(params)),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/dimensions/:dimensionId',
      right: null,
      tags: TAGS,
      summary: 'Default allocation of a business partner on one dimension',
      schema: { params: PartnerDimensionParams, response: { 200: DefaultDimension } },
      handler: ({ auth, params }) =>
        partners.getPartnerDefaultDimension(
          auth.companyId,
          auth.rights,
          partnerId(params),
          parseId(params.dimensionId, 'Dimension'),
        ),
    }),
    route({
      method: 'PUT',
      path: '/businesspartners/:partnerId/defaults/dimensions/:dimensionId',
      right: null,
      tags: TAGS,
      summary: 'Set the default allocation of a business partner on one dimension',
      description:
        'Percentages sum to 100, no item twice, every item active in the dimension; all failures reported together. ' +
        'Also updates the salary-base dimensions of an employee linked to the partner.',
      schema: { params: PartnerDimensionParams, body: DefaultDimension, response: { 200: DefaultDimension } },
      handler: ({ auth, params, body }) =>
        partners.putPartnerDefaultDimension(
          auth.companyId,
          auth.rights,
          partnerId(params),
          parseId(params.dimensionId, 'Dimension'),
          body,
        ),
    }),

    // persons
    route({
      method: 'GET',
      path: '/persons/:personId',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Get one person or a batch',
      description:
        'Persons are business partners of type PERSON (created with POST /businesspartners, or for each user of the company). Up to 200 comma-separated ids.',
      schema: {
        params: Type.Object({ personId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }) }),
        response: { 200: Type.Union([Person, Type.Array(Person)]) },
      },
      handler: ({ auth, params }) => partners.getPersons(auth.companyId, params.personId),
    }),
    route({
      method: 'PUT',
      path: '/persons/:personId',
      version: 'optional',
      right: edit(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Replace a person',
      description: 'Overwrites the person; optional fields left out are removed. A stale `version` is refused.',
      schema: { params: PersonIdParam, body: Person, response: { 200: Person } },
      handler: ({ auth, params, body }) => partners.replacePerson(auth.companyId, personId(params), body),
    }),
    route({
      method: 'GET',
      path: '/persons/:personId/defaults/dimensions',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Default dimensions of a person',
      schema: { params: PersonIdParam, response: { 200: Type.Array(ListedDefaultDimension) } },
      handler: ({ auth, params }) => partners.listPersonDefaultDimensions(auth.companyId, personId(params)),
    }),
    route({
      method: 'GET',
      path: '/persons/:personId/defaults/dimensions/:dimensionId',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Default allocation of a person on one dimension',
      description: '404 when the person or the dimension is missing.',
      schema: { params: PersonDimensionParams, response: { 200: DefaultDimension } },
      handler: ({ auth, params }) =>
        partners.getPersonDefaultDimension(auth.companyId, personId(params), parseId(params.dimensionId, 'Dimension')),
    }),
    route({
      method: 'PUT',
      path: '/persons/:personId/defaults/dimensions/:dimensionId',
      right: edit(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Set the default allocation of a person on one dimension',
      schema: { params: PersonDimensionParams, body: DefaultDimension, response: { 200: DefaultDimension } },
      handler: ({ auth, params, body }) =>
        partners.putPersonDefaultDimension(
          auth.companyId,
          personId(params),
          parseId(params.dimensionId, 'Dimension'),
          body,
        ),
    }),

    // factoring contracts
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
        partners.searchFactoringContracts(auth.companyId, pageRequest(query), query.financingCompanyId),
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
      handler: ({ auth, body }) => partners.createFactoringContract(auth.companyId, 'FI', body),
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
      handler: ({ auth }) => partners.swedishFactoringContract(auth.companyId),
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
      handler: ({ auth, body }) => partners.createFactoringContract(auth.companyId, 'SE', body),
    }),
  ];
}
