// Routes of the person register (/persons, with their defaults) and of the calling user's person.
import { Type, StringEnum } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { DefaultDimension, ListedDefaultDimension } from '../dimensions/index.ts';
import { Person, PersonalDetails, PersonSearchResult } from './schemas.ts';
import { TAGS, IdString, DefaultProduct } from './route-common.ts';
import type { PartnerService } from './service.ts';

const PERSON_TAGS = ['Persons'];

const PERSONS = 'salaries.employeeRegister' as const;

const PersonIdParam = Type.Object({ personId: IdString('Person id (int32).') });

const PersonDimensionParams = Type.Object({
  personId: IdString('Person id (int32).'),
  dimensionId: IdString('Dimension id (int32).'),
});

/** GET /businesspartners/personaldetails: the person of the calling user. */
export function personalDetailsRoutes(partners: PartnerService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/businesspartners/personaldetails',
      right: null,
      tags: TAGS,
      summary: 'Person details of the calling user',
      description:
        'The person of the current user in the person register; `partnerId` (formerly `personId`) is its id.',
      schema: { response: { 200: PersonalDetails } },
      handler: ({ auth }) => partners.persons.personalDetails(auth.companyId, auth.userId),
    }),
  ];
}

export function personRoutes(partners: PartnerService): RouteDef[] {
  const personId = (p: { personId: number }) => parseId(p.personId, 'Person');
  return [
    route({
      method: 'GET',
      path: '/persons',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Search persons',
      description:
        'Basic information of the persons of the register, by id. `personNumber`: exact; `mainPersonGroup`: the main group ' +
        '(`additionalInfo.group` of the partner); `personGroupId`: a member of that person group. Inactive persons only with ' +
        '`includeInactive=true`. Paged by `page`/`size` (default 50, at most 200).',
      schema: {
        querystring: Type.Object({
          personNumber: Type.Optional(Type.String({ maxLength: 40 })),
          mainPersonGroup: Type.Optional(Type.String({ maxLength: 80 })),
          personGroupId: Type.Optional(
            Type.Number({ minimum: 1, maximum: 2147483647, multipleOf: 1, description: 'Id of a person group.' }),
          ),
          includeInactive: Type.Optional(Type.Boolean({ default: false })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Page size, default 50.' })),
          page: Type.Optional(Type.Integer({ minimum: 0, description: 'Page number, 0-based.' })),
          orderById: Type.Optional(StringEnum(['ASC', 'DESC'], { description: 'Default ASC.' })),
        }),
        response: { 200: PersonSearchResult },
      },
      handler: ({ auth, query }) =>
        partners.persons.searchPersons(
          auth.companyId,
          {
            personNumber: query.personNumber,
            mainGroup: query.mainPersonGroup,
            groupId: query.personGroupId,
            includeInactive: query.includeInactive ?? false,
          },
          pageRequest(query),
        ),
    }),
    route({
      method: 'POST',
      path: '/persons',
      right: edit(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Create a person',
      description:
        'A person of the person register (a business partner of type PERSON). `id` and `version` are given by the service.',
      schema: { body: Person, response: { 200: Person } },
      handler: ({ auth, body }) => partners.persons.createPerson(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/persons/:personId/defaults/products',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Default products of a person',
      schema: { params: PersonIdParam, response: { 200: Type.Array(DefaultProduct) } },
      handler: ({ auth, params }) => partners.defaults.getPersonDefaultProducts(auth.companyId, personId(params)),
    }),
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
      handler: ({ auth, params }) => partners.persons.getPersons(auth.companyId, params.personId),
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
      handler: ({ auth, params, body }) => partners.persons.replacePerson(auth.companyId, personId(params), body),
    }),
    route({
      method: 'GET',
      path: '/persons/:personId/defaults/dimensions',
      right: view(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Default dimensions of a person',
      schema: { params: PersonIdParam, response: { 200: Type.Array(ListedDefaultDimension) } },
      handler: ({ auth, params }) => partners.defaults.listPersonDefaultDimensions(auth.companyId, personId(params)),
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
        partners.defaults.getPersonDefaultDimension(
          auth.companyId,
          personId(params),
          parseId(params.dimensionId, 'Dimension'),
        ),
    }),
    route({
      method: 'PUT',
      path: '/persons/:personId/defaults/dimensions/:dimensionId',
      right: edit(PERSONS),
      tags: PERSON_TAGS,
      summary: 'Set the default allocation of a person on one dimension',
      schema: { params: PersonDimensionParams, body: DefaultDimension, response: { 200: DefaultDimension } },
      handler: ({ auth, params, body }) =>
        partners.defaults.putPersonDefaultDimension(
          auth.companyId,
          personId(params),
          parseId(params.dimensionId, 'Dimension'),
          body,
        ),
    }),
  ];
}
