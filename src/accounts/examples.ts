// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const accountsExamples: ApiExamples = {
  getCoa: {
    responses: {
      200: {
        ledgerAccounts: [
          {
            ledgerAccountCode: '1020',
            name: 'Kehittämismenot',
            active: true,
            type: 'ASSET',
            translations: [{ languageCode: 'sv', translation: 'Utvecklingsutgifter' }],
            version: '2026-03-16T09:00:00.000',
          },
          {
            ledgerAccountCode: '1021',
            name: 'Kehittämismenot',
            active: true,
            type: 'ASSET',
            translations: [{ languageCode: 'sv', translation: 'Utvecklingsutgifter' }],
            version: '2026-03-16T09:00:00.000',
          },
          {
            ledgerAccountCode: '1030',
            name: 'Aineettomat oikeudet',
            active: true,
            type: 'ASSET',
            translations: [{ languageCode: 'sv', translation: 'Immateriella rättigheter' }],
            version: '2026-03-16T09:00:00.000',
          },
        ],
      },
    },
  },
  getCoaByLedgerAccountCode: {
    responses: {
      200: {
        ledgerAccountCode: '7000',
        name: 'Toimitilavuokrat',
        active: true,
        type: 'EXPENSE',
        translations: [{ languageCode: 'sv', translation: 'Lokalhyror' }],
        version: '2026-03-16T09:00:00.001',
      },
    },
  },
  patchCoaByLedgerAccountCode: {
    request: {
      active: true,
      name: 'Toimitilavuokrat',
      translations: [{ languageCode: 'sv', translation: 'Lokalhyror' }],
    },
    responses: {
      200: {
        ledgerAccountCode: '7000',
        name: 'Toimitilavuokrat',
        active: true,
        type: 'EXPENSE',
        translations: [{ languageCode: 'sv', translation: 'Lokalhyror' }],
        version: '2026-03-16T09:00:00.001',
      },
    },
  },
};
