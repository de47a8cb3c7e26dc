// Routes of business partners (/businesspartners).
import { Type, Addition, DateString, DateTimeString, PagingQuery, StringEnum } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { endOfDay } from '../platform/clock.ts';
import { BusinessPartner, BusinessPartnerPatch, BusinessPartnerSearchResult, PARTNER_TYPES } from './schemas.ts';
import { TAGS, PartnerIdParam } from './route-common.ts';
import type { PartnerService } from './service.ts';

const VersionDate = Type.Union([DateTimeString(), DateString()]);

function header(raw: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = raw.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The collection: search and create. */
export function businessPartnerCollectionRoutes(partners: PartnerService): RouteDef[] {
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
        partners.businessPartners.search(
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
      handler: ({ auth, body }) => partners.businessPartners.create(auth.companyId, auth.rights, body),
    }),
  ];
}

/** One partner: read (batch), replace, patch. */
export function businessPartnerRoutes(partners: PartnerService): RouteDef[] {
  const partnerId = (p: { partnerId: number }) => parseId(p.partnerId, 'Business partner');
  return [
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
      handler: ({ auth, params }) => partners.businessPartners.get(auth.companyId, auth.rights, params.partnerId),
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
      keepsAdditions: ({ auth, params }) =>
        partners.businessPartners.get(auth.companyId, auth.rights, String(partnerId(params))),
      handler: ({ auth, params, body }) =>
        partners.businessPartners.replace(auth.companyId, auth.rights, partnerId(params), body),
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
        partners.businessPartners.patch(auth.companyId, auth.rights, partnerId(params), body, query.version),
    }),
  ];
}
