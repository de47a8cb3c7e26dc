// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from './openapi-examples.ts';

export const platformExamples: ApiExamples = {
  getStatus: {
    responses: { 200: { name: 'Tase', version: '26.10', status: 'OK', procountorVersion: '0.1.0', mode: 'sandbox' } },
  },
};
