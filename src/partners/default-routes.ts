// Routes of a business partner's defaults: products, accounts, dimensions.
import { Type, ADDITION } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { DefaultDimension, ListedDefaultDimension } from '../dimensions/index.ts';
import { DefaultAccounts, DefaultProductInput } from './schemas.ts';
import { TAGS, IdString, PartnerIdParam, DefaultProduct } from './route-common.ts';
import type { PartnerService } from './service.ts';

const PartnerDimensionParams = Type.Object({
  partnerId: IdString('Business partner id (int32).'),
  dimensionId: IdString('Dimension id (int32).'),
});

export function partnerDefaultRoutes(partners: PartnerService): RouteDef[] {
  const partnerId = (p: { partnerId: number }) => parseId(p.partnerId, 'Business partner');
  return [
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/products',
      right: null,
      tags: TAGS,
      summary: 'Default products of a business partner',
      schema: { params: PartnerIdParam, response: { 200: Type.Array(DefaultProduct) } },
      handler: ({ auth, params }) =>
        partners.defaults.getDefaultProducts(auth.companyId, auth.rights, partnerId(params)),
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
        partners.defaults.putDefaultProducts(auth.companyId, auth.rights, partnerId(params), body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/accounts',
      right: null,
      tags: TAGS,
      summary: 'Default accounts of a business partner',
      description: 'Needs viewing rights to the supplier register (403 without). Not available for persons (404).',
      schema: { params: PartnerIdParam, response: { 200: DefaultAccounts } },
      handler: ({ auth, params }) =>
        partners.defaults.getDefaultAccounts(auth.companyId, auth.rights, partnerId(params)),
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
        partners.defaults.putDefaultAccounts(auth.companyId, auth.rights, partnerId(params), body),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/dimensions',
      right: null,
      tags: TAGS,
      summary: 'Default dimensions of a business partner',
      schema: { params: PartnerIdParam, response: { 200: Type.Array(ListedDefaultDimension) } },
      handler: ({ auth, params }) =>
        partners.defaults.listPartnerDefaultDimensions(auth.companyId, auth.rights, partnerId(params)),
    }),
    route({
      method: 'GET',
      path: '/businesspartners/:partnerId/defaults/dimensions/:dimensionId',
      right: null,
      tags: TAGS,
      summary: 'Default allocation of a business partner on one dimension',
      schema: { params: PartnerDimensionParams, response: { 200: DefaultDimension } },
      handler: ({ auth, params }) =>
        partners.defaults.getPartnerDefaultDimension(
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
        partners.defaults.putPartnerDefaultDimension(
          auth.companyId,
          auth.rights,
          partnerId(params),
          parseId(params.dimensionId, 'Dimension'),
          body,
        ),
    }),
  ];
}
