// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const productsExamples: ApiExamples = {
  getProducts: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            type: 'SALES',
            name: 'Huoltotyö',
            code: 'H1',
            unit: 'HOUR',
            discount: 0,
            price: 89.5,
            vat: 25.5,
            active: true,
            currency: 'EUR',
            productGroupId: 1,
            version: '2026-03-16T09:00:00.002',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  postProducts: {
    request: {
      type: 'SALES',
      name: 'Huoltotyö',
      code: 'H1',
      unit: 'HOUR',
      discount: 0,
      price: 80,
      vat: 25.5,
      active: true,
      currency: 'EUR',
      productGroupId: 1,
      productLocalizations: [
        { language: 'SWEDISH', productName: 'Servicearbete' },
        { language: 'ENGLISH', productName: 'Maintenance work' },
      ],
    },
    responses: {
      200: {
        id: 1,
        type: 'SALES',
        name: 'Huoltotyö',
        code: 'H1',
        unit: 'HOUR',
        discount: 0,
        price: 80,
        vat: 25.5,
        active: true,
        currency: 'EUR',
        productGroupId: 1,
        productLocalizations: [
          { language: 'SWEDISH', productName: 'Servicearbete' },
          { language: 'ENGLISH', productName: 'Maintenance work' },
        ],
        version: '2026-03-16T09:00:00.000',
      },
    },
  },
  getProductsByProductId: {
    responses: {
      200: {
        id: 1,
        type: 'SALES',
        name: 'Huoltotyö',
        code: 'H1',
        unit: 'HOUR',
        discount: 0,
        price: 89.5,
        vat: 25.5,
        active: true,
        currency: 'EUR',
        productGroupId: 1,
        version: '2026-03-16T09:00:00.002',
      },
    },
  },
  putProductsByProductId: {
    request: {
      type: 'SALES',
      name: 'Huoltotyö',
      code: 'H1',
      unit: 'HOUR',
      discount: 0,
      price: 85,
      vat: 25.5,
      active: true,
      currency: 'EUR',
      productGroupId: 1,
      productLocalizations: [
        { language: 'SWEDISH', productName: 'Servicearbete' },
        { language: 'ENGLISH', productName: 'Maintenance work' },
      ],
      version: '2026-03-16T09:00:00.000',
    },
    responses: {
      200: {
        id: 1,
        type: 'SALES',
        name: 'Huoltotyö',
        code: 'H1',
        unit: 'HOUR',
        discount: 0,
        price: 85,
        vat: 25.5,
        active: true,
        currency: 'EUR',
        productGroupId: 1,
        productLocalizations: [
          { language: 'SWEDISH', productName: 'Servicearbete' },
          { language: 'ENGLISH', productName: 'Maintenance work' },
        ],
        version: '2026-03-16T09:00:00.001',
      },
    },
  },
  patchProductsByProductId: {
    request: { price: 89.5, version: '2026-03-16T09:00:00.001' },
    responses: {
      200: {
        id: 1,
        type: 'SALES',
        name: 'Huoltotyö',
        code: 'H1',
        unit: 'HOUR',
        discount: 0,
        price: 89.5,
        vat: 25.5,
        active: true,
        currency: 'EUR',
        productGroupId: 1,
        productLocalizations: [
          { language: 'SWEDISH', productName: 'Servicearbete' },
          { language: 'ENGLISH', productName: 'Maintenance work' },
        ],
        version: '2026-03-16T09:00:00.002',
      },
    },
  },
  getProductsGroups: {
    responses: { 200: { productGroups: [{ id: 1, name: 'Huolto- ja asennuspalvelut', type: 'SALES' }] } },
  },
  postProductsGroups: {
    request: { name: 'Huoltopalvelut', type: 'SALES' },
    responses: { 200: { id: 1, name: 'Huoltopalvelut', type: 'SALES' } },
  },
  getProductsGroupsByGroupId: { responses: { 200: { id: 1, name: 'Huolto- ja asennuspalvelut', type: 'SALES' } } },
  putProductsGroupsByGroupId: {
    request: { name: 'Huolto- ja asennuspalvelut', type: 'SALES' },
    responses: { 200: { id: 1, name: 'Huolto- ja asennuspalvelut', type: 'SALES' } },
  },
};
