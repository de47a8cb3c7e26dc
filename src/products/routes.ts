// HTTP of products and product groups.
import {
  Type,
  ADDITION,
  Addition,
  DateTimeString,
  DateString,
  PagingQuery,
  Page,
  StringEnum,
  PathId,
  PathId64,
} from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { batchGet, parseId, MAX_ID64 } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { serializedOnce } from '../platform/json.ts';
import { endOfDay } from '../platform/clock.ts';
import { Product, ProductGroup, ProductGroups, ProductPatch, PRODUCT_TYPES, type ProductWire } from './schemas.ts';
import type { Products } from './cached-reads.ts';

const REGISTER = 'sales.productRegister' as const;
const TAGS = ['Products'];

const ProductIdParam = Type.Object({ productId: PathId64('Product id (int64).') });
const GroupIdParam = Type.Object({ groupId: PathId('Group id (int32).') });
const TypeFilter = Type.Optional(
  StringEnum([...PRODUCT_TYPES], { description: 'Without it, SALES and PURCHASE; TRAVEL only when asked.' }),
);

const VersionDate = Type.Union([DateTimeString(), DateString()]);

export function productRoutes(products: Products): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/products',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'Search products',
      description: 'Without `type`, SALES and PURCHASE products; TRAVEL products only with `type=TRAVEL`. Paged.',
      schema: {
        querystring: Type.Object({
          type: TypeFilter,
          name: Type.Optional(Type.String({ maxLength: 255, description: 'Part of the name.' })),
          code: Type.Optional(Type.String({ maxLength: 40 })),
          group: Type.Optional(
            Type.Array(Type.Number({ minimum: 1 }), {
              maxItems: 200,
              description: 'Product group ids; repeat the parameter for several.',
            }),
          ),
          active: Type.Optional(Type.Boolean()),
          startDate: Type.Optional(
            DateString({ description: 'Products valid on or after this day (TRAVEL products have a validity).' }),
          ),
          endDate: Type.Optional(DateString({ description: 'Products valid on or before this day.' })),
          includeLocalizations: Type.Optional(
            Type.Boolean({ description: 'Answer `productLocalizations` too (default false).' }),
          ),
          versionStartDate: Type.Optional(VersionDate),
          versionEndDate: Type.Optional(VersionDate),
          orderByVersion: Type.Optional(StringEnum(['ASC', 'DESC'])),
          ...PagingQuery,
          page: Addition(PagingQuery.page),
        }),
        response: { 200: Page(Product, { title: 'ProductSearchResult' }) },
      },
      handler: ({ auth, query }) =>
        products.search(
          auth.companyId,
          {
            types: query.type ? [query.type] : ['SALES', 'PURCHASE'],
            name: query.name,
            code: query.code,
            groupIds: query.group?.filter(Number.isInteger),
            active: query.active,
            validFrom: query.startDate,
            validTo: query.endDate,
            versionStart: query.versionStartDate,
            versionEnd: endOfDay(query.versionEndDate),
            orderByVersion: query.orderByVersion?.toLowerCase() as 'asc' | 'desc' | undefined,
          },
          pageRequest(query),
          query.includeLocalizations ?? false,
        ),
    }),
    route({
      method: 'POST',
      path: '/products',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Create a product',
      schema: { body: Product, response: { 200: Product } },
      handler: ({ auth, body }) => products.create(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/products/:productId',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'Get one product or a batch of products',
      description: 'Up to 200 comma-separated ids. Several ids answer a list of the valid ones, ordered by id.',
      schema: {
        params: Type.Object({ productId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }) }),
        querystring: Type.Object({ includeLocalizations: Type.Optional(Type.Boolean({ default: false })) }),
        response: { 200: Type.Union([Product, Type.Array(Product)]) },
      },
      handler: async ({ auth, params, query }) => {
        const found = await batchGet<ProductWire & { id: number }>(
          params.productId,
          'Product',
          'productId',
          (ids) =>
            products.get(auth.companyId, ids, query.includeLocalizations ?? false) as Promise<
              (ProductWire & { id: number })[]
            >,
          MAX_ID64,
        );
        // a list of cached answers is written by joining their kept texts
        return Array.isArray(found) ? serializedOnce(found) : found;
      },
    }),
    route({
      method: 'PUT',
      path: '/products/:productId',
      version: 'optional',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Replace a product',
      description: 'Overwrites the product: optional fields left out are removed. The type cannot change.',
      schema: { params: ProductIdParam, body: Product, response: { 200: Product } },
      handler: ({ auth, params, body }) =>
        products.replace(auth.companyId, parseId(params.productId, 'Product', MAX_ID64), body),
    }),
    route({
      method: 'PATCH',
      path: '/products/:productId',
      version: 'optional',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Update some fields of a product',
      description: 'JSON merge patch: fields left out keep their value; `null` clears an optional field.',
      schema: { ...ADDITION, params: ProductIdParam, body: ProductPatch, response: { 200: Product } },
      handler: ({ auth, params, body }) =>
        products.patch(auth.companyId, parseId(params.productId, 'Product', MAX_ID64), body),
    }),
    route({
      method: 'DELETE',
      path: '/products/:productId',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Delete a product',
      description: 'TRAVEL products cannot be deleted (400).',
      schema: { params: ProductIdParam, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await products.delete(auth.companyId, parseId(params.productId, 'Product', MAX_ID64));
        return reply.code(204).send();
      },
    }),
    route({
      method: 'GET',
      path: '/products/groups',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'List product groups',
      description:
        'Without `type`, SALES and PURCHASE groups; TRAVEL groups only with `type=TRAVEL`. (`productType` is the old name of `type`.)',
      schema: {
        querystring: Type.Object({
          type: TypeFilter,
          productType: Addition(Type.Optional(StringEnum([...PRODUCT_TYPES], { deprecated: true }))),
        }),
        response: { 200: ProductGroups },
      },
      handler: async ({ auth, query }) => ({
        productGroups: await products.listGroups(auth.companyId, query.type ?? query.productType),
      }),
    }),
    route({
      method: 'POST',
      path: '/products/groups',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Create a product group',
      schema: { body: ProductGroup, response: { 200: ProductGroup } },
      handler: ({ auth, body }) => products.createGroup(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/products/groups/:groupId',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'Get a product group',
      schema: { params: GroupIdParam, response: { 200: ProductGroup } },
      handler: ({ auth, params }) => products.getGroup(auth.companyId, parseId(params.groupId, 'Product group')),
    }),
    route({
      method: 'PUT',
      path: '/products/groups/:groupId',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Replace a product group',
      description: 'The type of a group that holds products cannot change (400).',
      schema: { params: GroupIdParam, body: ProductGroup, response: { 200: ProductGroup } },
      handler: ({ auth, params, body }) =>
        products.replaceGroup(auth.companyId, parseId(params.groupId, 'Product group'), body),
    }),
    route({
      method: 'DELETE',
      path: '/products/groups/:groupId',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Delete a product group',
      description:
        'TRAVEL groups cannot be deleted (400); a group that still holds products answers 409 listing their ids.',
      schema: { params: GroupIdParam, response: { 204: Type.Null({ description: 'Deleted.' }) } },
      handler: async ({ auth, params }, reply) => {
        await products.deleteGroup(auth.companyId, parseId(params.groupId, 'Product group'));
        return reply.code(204).send();
      },
    }),
  ];
}
