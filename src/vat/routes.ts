// HTTP of VAT data.
import { Type } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { CountryVat, VatDateQuery, VatDefaults, VatSettings } from './schemas.ts';
import type { VatService } from './service.ts';

const TAGS = ['VAT'];

export function vatRoutes(vat: VatService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/vats/default',
      right: null,
      tags: TAGS,
      summary: 'VAT rates and VAT status codes of the company',
      description:
        "The rates of the company's country valid on the day (default today; e.g. Finland 25.5 %, 13.5 % from 2026, 10 %, 0 %) and the VAT status codes the company uses.",
      schema: { querystring: Type.Object(VatDateQuery), response: { 200: VatDefaults } },
      handler: ({ auth, query }) => vat.defaults(auth.companyId, query.date),
    }),
    route({
      method: 'GET',
      path: '/vats/settings',
      right: null,
      tags: TAGS,
      summary: 'Whether unit prices include VAT',
      schema: { response: { 200: VatSettings } },
      handler: ({ auth }) => vat.settings(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/vats/country',
      right: null,
      tags: TAGS,
      summary: 'VAT rates of a country',
      description:
        '`countryCode` is an ISO 3166 alpha-2 code (SE) or a country name (SWEDEN). Rates valid on `date` (default today).',
      schema: {
        querystring: Type.Object({ countryCode: Type.String({ minLength: 2, maxLength: 60 }), ...VatDateQuery }),
        response: { 200: CountryVat },
      },
      handler: ({ query }) => vat.country(query.countryCode, query.date),
    }),
  ];
}
