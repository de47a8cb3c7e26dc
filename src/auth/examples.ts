// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const authExamples: ApiExamples = {
  postOauthToken: {
    request: {
      grant_type: 'client_credentials',
      client_id: 'tase-demo',
      client_secret: 'cs_5e8a1f3c9b2d7e4a6f0c8b1d3e5a7f9c',
      api_key: 'ak_3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f21',
    },
    responses: {
      200: {
        access_token:
          'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwiY2lkIjoidGFzZS1kZW1vIiwiY28iOjF9.Zm9yLWRvY3VtZW50YXRpb24tb25seQ',
        token_type: 'bearer',
        expires_in: 3600,
      },
    },
  },
};
