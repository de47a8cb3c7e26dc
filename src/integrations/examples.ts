// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const integrationsExamples: ApiExamples = {
  getIntegrationsByRequestId: {
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        expires: '2026-03-16T09:15:00.000',
        initiator: { email: 'liisa@kahvilakuppi.fi', userFullName: 'Liisa Kuppi' },
        companiesToIntegrate: [
          {
            companyId: 3,
            extraInfo: { companyName: 'Kahvila Kuppi Oy', businessIdentifier: { brnType: 'YHD', code: '2612345-5' } },
          },
        ],
      },
    },
  },
  putIntegrationsByRequestId: {
    request: { approve: [3] },
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        companiesIntegrated: [{ companyId: 3, apiKey: 'ak_3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f21' }],
      },
    },
  },
  getIntegrationsByIntegrationIdCustomers: {
    responses: { 200: { customers: [{ companyId: 3, integrationVersionStatus: 'APPROVED' }] } },
  },
  getIntegrationspecifications: {
    responses: {
      200: [
        {
          integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
          versionNo: 1,
          status: 'APPROVED',
          activationLink: 'https://tase.example.fi/activate/d623568f-a9a0-4f71-aa5a-0d5a92e784d8',
          name: 'Kassajärjestelmä Kassa Pro',
          description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin ja asiakkaat.',
          callbackUrl: 'https://kassapro.example.fi/tase/callback',
          requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
          consentFields: ['companyName', 'businessIdentifier'],
          clientId: 'tase-demo',
          created: '2026-03-16T09:00:00.000',
        },
      ],
    },
  },
  postIntegrationspecifications: {
    request: {
      name: 'Kassajärjestelmä Kassa Pro',
      description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin.',
      callbackUrl: 'https://kassapro.example.fi/tase/callback',
      requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
      consentFields: ['companyName', 'businessIdentifier'],
    },
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        versionNo: 1,
        status: 'DRAFT',
        name: 'Kassajärjestelmä Kassa Pro',
        description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin.',
        callbackUrl: 'https://kassapro.example.fi/tase/callback',
        requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
        consentFields: ['companyName', 'businessIdentifier'],
        clientId: 'tase-demo',
        created: '2026-03-16T09:00:00.000',
      },
    },
  },
  getIntegrationspecificationsByIntegrationId: {
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        versionNo: 1,
        status: 'APPROVED',
        activationLink: 'https://tase.example.fi/activate/d623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        name: 'Kassajärjestelmä Kassa Pro',
        description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin ja asiakkaat.',
        callbackUrl: 'https://kassapro.example.fi/tase/callback',
        requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
        consentFields: ['companyName', 'businessIdentifier'],
        clientId: 'tase-demo',
        created: '2026-03-16T09:00:00.000',
      },
    },
  },
  putIntegrationspecificationsByIntegrationId: {
    request: {
      name: 'Kassajärjestelmä Kassa Pro',
      description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin ja asiakkaat.',
      callbackUrl: 'https://kassapro.example.fi/tase/callback',
      requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
      consentFields: ['companyName', 'businessIdentifier'],
    },
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        versionNo: 1,
        status: 'DRAFT',
        name: 'Kassajärjestelmä Kassa Pro',
        description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin ja asiakkaat.',
        callbackUrl: 'https://kassapro.example.fi/tase/callback',
        requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
        consentFields: ['companyName', 'businessIdentifier'],
        clientId: 'tase-demo',
        created: '2026-03-16T09:00:00.000',
      },
    },
  },
  putIntegrationspecificationsByIntegrationIdSubmit: {
    responses: {
      200: {
        integrationId: 'd623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        versionNo: 1,
        status: 'APPROVED',
        activationLink: 'https://tase.example.fi/activate/d623568f-a9a0-4f71-aa5a-0d5a92e784d8',
        name: 'Kassajärjestelmä Kassa Pro',
        description: 'Siirtää myymälän kassan päivämyynnin kirjanpitoon ja hakee tuoterekisterin ja asiakkaat.',
        callbackUrl: 'https://kassapro.example.fi/tase/callback',
        requestedRights: [{ right: 'sales.salesInvoices', level: 'ALL_RIGHTS' }],
        consentFields: ['companyName', 'businessIdentifier'],
        clientId: 'tase-demo',
        created: '2026-03-16T09:00:00.000',
      },
    },
  },
};
