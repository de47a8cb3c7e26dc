import { Type, Addition, DecimalNumber, DateTimeString, StringEnum, Text, type Static } from '../platform/schema.ts';
import { ACCOUNT_TYPES } from './store.ts';

const LedgerAccountTranslation = Type.Object(
  {
    languageCode: Text(10, { minLength: 1, description: 'Language of the name, e.g. `sv` or `en`.' }),
    translation: Text(255, { minLength: 1 }),
  },
  { title: 'LedgerAccountTranslation', additionalProperties: false },
);

export const LedgerAccount = Type.Object(
  {
    ledgerAccountCode: Type.String({ description: 'Account number, e.g. `1910`.' }),
    name: Type.String({
      description: `Name in the chart's own language (${'`'}fi${'`'} for the standard Finnish chart).`,
    }),
    active: Type.Boolean({ description: 'Only active accounts can be posted to.' }),
    translations: Type.Optional(
      Type.Array(LedgerAccountTranslation, {
        description: 'The name in other languages (set with PATCH /coa/{ledgerAccountCode}).',
      }),
    ),
    type: Addition(
      StringEnum([...ACCOUNT_TYPES], {
        description: 'Balance sheet (ASSET, LIABILITY, EQUITY) or income statement (INCOME, EXPENSE) account.',
      }),
    ),
    vatPercent: Type.Optional(
      Addition(
        DecimalNumber({
          scale: 2,
          minimum: 0,
          maximum: 100,
          description: 'Default VAT percent of postings on the account.',
        }),
      ),
    ),
    vatStatus: Type.Optional(
      Addition(Type.Integer({ description: 'Default VAT status code of postings on the account.' })),
    ),
    version: Addition(DateTimeString({ readOnly: true })),
  },
  { $id: 'LedgerAccount', title: 'LedgerAccount', additionalProperties: false },
);
export type LedgerAccountWire = Static<typeof LedgerAccount>;

export const LedgerAccounts = Type.Object({ ledgerAccounts: Type.Array(LedgerAccount) }, { title: 'LedgerAccounts' });

export const LedgerAccountPatch = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    name: Type.Optional(Text(255, { minLength: 1 })),
    translations: Type.Optional(
      Type.Array(LedgerAccountTranslation, {
        maxItems: 10,
        description: 'Replaces the translations; one per language.',
      }),
    ),
    version: Type.Optional(
      DateTimeString({ description: 'Optimistic lock: when given, must be the current version.' }),
    ),
  },
  {
    title: 'LedgerAccountPatch',
    additionalProperties: false,
    description: 'Activates or deactivates an account, renames it or sets its translations.',
  },
);
export type LedgerAccountPatchWire = Static<typeof LedgerAccountPatch>;
