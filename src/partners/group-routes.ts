// Routes of partner groups (/businesspartners/groups).
import { Type, PagingQuery, StringEnum } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { PARTNER_TYPES, PartnerGroup, PartnerGroupSearchResult } from './schemas.ts';
import { TAGS, IdString } from './route-common.ts';
import type { PartnerService } from './service.ts';

const GroupIdParam = Type.Object({ groupId: IdString('Partner group id (int32).') });

export function partnerGroupRoutes(partners: PartnerService): RouteDef[] {
  return [
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
        partners.groups.searchGroups(
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
      handler: ({ auth, body }) => partners.groups.createGroup(auth.companyId, auth.rights, body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/groups/:groupId',
      right: null,
      tags: TAGS,
      summary: 'Get a business partner group',
      schema: { params: GroupIdParam, response: { 200: PartnerGroup } },
      handler: ({ auth, params }) =>
        partners.groups.getGroup(auth.companyId, auth.rights, parseId(params.groupId, 'Business partner group')),
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
        partners.groups.replaceGroup(
          auth.companyId,
          auth.rights,
          parseId(params.groupId, 'Business partner group'),
          body,
        ),
    }),
  ];
}
