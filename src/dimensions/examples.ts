// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const dimensionsExamples: ApiExamples = {
  getDimensions: {
    responses: {
      200: [
        {
          id: 1,
          name: 'Kustannuspaikka',
          items: [
            { id: 1, codeName: 'HKI', description: 'Helsingin toimipiste' },
            { id: 2, codeName: 'TRE', description: 'Tampereen toimipiste' },
            { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste, Linnankatu' },
          ],
        },
      ],
    },
  },
  postDimensions: {
    request: {
      name: 'Kustannuspaikka',
      items: [
        { codeName: 'HKI', description: 'Helsingin toimipiste' },
        { codeName: 'TRE', description: 'Tampereen toimipiste' },
      ],
    },
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [
          { id: 1, codeName: 'HKI', description: 'Helsingin toimipiste' },
          { id: 2, codeName: 'TRE', description: 'Tampereen toimipiste' },
        ],
      },
    },
  },
  getDimensionsByDimensionId: {
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [
          { id: 1, codeName: 'HKI', description: 'Helsingin toimipiste' },
          { id: 2, codeName: 'TRE', description: 'Tampereen toimipiste' },
          { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste, Linnankatu' },
        ],
      },
    },
  },
  putDimensionsByDimensionId: { request: { name: 'Kustannuspaikka' }, responses: { 200: { name: 'Kustannuspaikka' } } },
  getDimensionsByDimensionIdItems: {
    responses: {
      200: [
        { id: 1, codeName: 'HKI', description: 'Helsingin toimipiste' },
        { id: 2, codeName: 'TRE', description: 'Tampereen toimipiste' },
        { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste, Linnankatu' },
      ],
    },
  },
  postDimensionsByDimensionIdItems: {
    request: { codeName: 'TKU', description: 'Turun toimipiste' },
    responses: { 200: { id: 3, codeName: 'TKU', description: 'Turun toimipiste' } },
  },
  putDimensionsByDimensionIdItems: {
    request: { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste' },
    responses: { 200: { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste' } },
  },
  putDimensionsByDimensionIdItemsByItemId: {
    request: { codeName: 'TKU', status: 'P', description: 'Turun toimipiste, Linnankatu' },
    responses: { 200: { id: 3, codeName: 'TKU', status: 'P', description: 'Turun toimipiste, Linnankatu' } },
  },
  getProductsByProductIdDefaultsDimensions: {
    responses: {
      200: [
        {
          id: 1,
          name: 'Kustannuspaikka',
          items: [
            { id: 1, codeName: 'HKI', percent: 60, status: true, description: 'Helsingin toimipiste' },
            { id: 2, codeName: 'TRE', percent: 40, status: true, description: 'Tampereen toimipiste' },
          ],
        },
      ],
    },
  },
  getProductsByProductIdDefaultsDimensionsByDimensionId: {
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [
          { id: 1, codeName: 'HKI', percent: 60, status: true, description: 'Helsingin toimipiste' },
          { id: 2, codeName: 'TRE', percent: 40, status: true, description: 'Tampereen toimipiste' },
        ],
      },
    },
  },
  putProductsByProductIdDefaultsDimensionsByDimensionId: {
    request: {
      id: 1,
      items: [
        { id: 1, codeName: 'HKI', percent: 60 },
        { id: 2, codeName: 'TRE', percent: 40 },
      ],
    },
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [
          { id: 1, codeName: 'HKI', percent: 60, status: true, description: 'Helsingin toimipiste' },
          { id: 2, codeName: 'TRE', percent: 40, status: true, description: 'Tampereen toimipiste' },
        ],
      },
    },
  },
};
