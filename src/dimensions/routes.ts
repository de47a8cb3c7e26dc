// HTTP of the dimension register and of the default dimensions of products. (Default dimensions of persons
// and business partners are served with those resources, in src/partners/routes.ts.)
import { Type, ADDITION, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { getProduct } from '../products/index.ts';
import {
  Dimension,
  DimensionItem,
  DimensionName,
  NamedDimensionItem,
  DefaultDimension,
  ListedDefaultDimension,
} from './schemas.ts';
import type { DefaultOwner, DimensionService } from './service.ts';

const REGISTER = 'accounting.dimensions' as const;
const PRODUCTS = 'sales.productRegister' as const;
const TAGS = ['Dimensions'];

const IdString = PathId;
const DimensionIdParam = Type.Object({ dimensionId: IdString('Dimension id (int32).') });
const ItemParams = Type.Object({
  dimensionId: IdString('Dimension id (int32).'),
  itemId: IdString('Dimension item id (int32).'),
});
const ProductDimensionParams = Type.Object({
  productId: IdString('Product id.'),
  dimensionId: IdString('Dimension id (int32).'),
});

export function productOwner(companyId: number, productId: number): DefaultOwner {
  return {
    type: 'PRODUCT',
    id: productId,
    resource: 'Product',
    exists: async (db) => !!(await getProduct(db, companyId, productId)),
  };
}

export function dimensionRoutes(dimensions: DimensionService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/dimensions',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'List dimensions with their items',
      description:
        'A bare list of the dimensions of the company with their items; a passive item carries `status: "P"`. `name` keeps the dimension of that name; ' +
        '`codeName` keeps the dimensions having an item of that code name, with that item only.',
      schema: {
        querystring: Type.Object({
          name: Type.Optional(Type.String({ description: 'Name of the dimension (exact).' })),
          codeName: Type.Optional(Type.String({ description: 'Code name of an item (exact).' })),
        }),
        response: { 200: Type.Array(Dimension) },
      },
      handler: ({ auth, query }) => dimensions.list(auth.companyId, query),
    }),
    route({
      method: 'POST',
      path: '/dimensions',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Create a dimension',
      description: 'Names are unique in the company; item code names are unique in their dimension.',
      schema: { ...ADDITION, body: Dimension, response: { 200: Dimension } },
      handler: ({ auth, body }) => dimensions.create(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/dimensions/:dimensionId',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'Get a dimension with its items',
      schema: { params: DimensionIdParam, response: { 200: Dimension } },
      handler: ({ auth, params }) => dimensions.get(auth.companyId, parseId(params.dimensionId, 'Dimension')),
    }),
    route({
      method: 'PUT',
      path: '/dimensions/:dimensionId',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Rename a dimension',
      description: 'Names are unique in the company (DIMENSION_NAME_EXISTS). The items are left as they are.',
      schema: { params: DimensionIdParam, body: DimensionName, response: { 200: DimensionName } },
      handler: ({ auth, params, body }) =>
        dimensions.rename(auth.companyId, parseId(params.dimensionId, 'Dimension'), body),
    }),
    route({
      method: 'GET',
      path: '/dimensions/:dimensionId/items',
      right: view(REGISTER),
      tags: TAGS,
      summary: 'List the items of a dimension',
      schema: { ...ADDITION, params: DimensionIdParam, response: { 200: Type.Array(DimensionItem) } },
      handler: async ({ auth, params }) =>
        (await dimensions.get(auth.companyId, parseId(params.dimensionId, 'Dimension'))).items ?? [],
    }),
    route({
      method: 'POST',
      path: '/dimensions/:dimensionId/items',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Add an item to a dimension',
      schema: { params: DimensionIdParam, body: DimensionItem, response: { 200: DimensionItem } },
      handler: ({ auth, params, body }) =>
        dimensions.addItem(auth.companyId, parseId(params.dimensionId, 'Dimension'), body),
    }),
    route({
      method: 'PUT',
      path: '/dimensions/:dimensionId/items',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Replace a dimension item',
      description:
        'The item is the one whose `id` the body names (required). Overwrites code name, status and description. `status: "P"` makes the item passive; leaving it out makes it active.',
      schema: { params: DimensionIdParam, body: NamedDimensionItem, response: { 200: DimensionItem } },
      handler: ({ auth, params, body }) =>
        dimensions.replaceItem(auth.companyId, parseId(params.dimensionId, 'Dimension'), body.id, body),
    }),
    route({
      method: 'PUT',
      path: '/dimensions/:dimensionId/items/:itemId',
      right: edit(REGISTER),
      tags: TAGS,
      summary: 'Replace a dimension item',
      description:
        'As `PUT /dimensions/{dimensionId}/items`, with the item named in the path (a body `id`, when sent, must be the same).',
      schema: { ...ADDITION, params: ItemParams, body: DimensionItem, response: { 200: DimensionItem } },
      handler: ({ auth, params, body }) =>
        dimensions.replaceItem(
          auth.companyId,
          parseId(params.dimensionId, 'Dimension'),
          parseId(params.itemId, 'Dimension item'),
          body,
        ),
    }),

    // default dimensions of products
    route({
      method: 'GET',
      path: '/products/:productId/defaults/dimensions',
      right: view(PRODUCTS),
      tags: ['Products'],
      summary: 'Default dimensions of a product',
      description: 'Every dimension on which the product has a default allocation.',
      schema: {
        params: Type.Object({ productId: IdString('Product id.') }),
        response: { 200: Type.Array(ListedDefaultDimension) },
      },
      handler: ({ auth, params }) =>
        dimensions.listDefaults(auth.companyId, productOwner(auth.companyId, parseId(params.productId, 'Product'))),
    }),
    route({
      method: 'GET',
      path: '/products/:productId/defaults/dimensions/:dimensionId',
      right: view(PRODUCTS),
      tags: ['Products'],
      summary: 'Default allocation of a product on one dimension',
      description: '404 when the product or the dimension does not exist; `items` is empty when no default is set.',
      schema: { params: ProductDimensionParams, response: { 200: DefaultDimension } },
      handler: ({ auth, params }) =>
        dimensions.getDefault(
          auth.companyId,
          productOwner(auth.companyId, parseId(params.productId, 'Product')),
          parseId(params.dimensionId, 'Dimension'),
        ),
    }),
    route({
      method: 'PUT',
      path: '/products/:productId/defaults/dimensions/:dimensionId',
      right: edit(PRODUCTS),
      tags: ['Products'],
      summary: 'Set the default allocation of a product on one dimension',
      description:
        'Items are named by `codeName`; percentages sum to 100, no item twice, every item active in the dimension ' +
        '(`DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION`); all failures are reported together. An empty list clears the default.',
      schema: { params: ProductDimensionParams, body: DefaultDimension, response: { 200: DefaultDimension } },
      handler: ({ auth, params, body }) =>
        dimensions.putDefault(
          auth.companyId,
          productOwner(auth.companyId, parseId(params.productId, 'Product')),
          parseId(params.dimensionId, 'Dimension'),
          body,
        ),
    }),
  ];
}
