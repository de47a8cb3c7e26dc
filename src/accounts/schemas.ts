import { Type, DecimalNumber, DateTimeString, StringEnum, Text, type Static } from '../platform/schema.ts';
import { ACCOUNT_TYPES } from './store.ts';

export const LedgerAccount = Type.Object(
  {
    ledgerAccountCode: Type.String({ description: 'Account number, e.g. `1910`.' }),
    name: Type.String(),
    active: Type.Boolean({ description: 'Only active accounts can be posted to.' }),
    type: StringEnum([...ACCOUNT_TYPES], { description: 'Balance sheet (ASSET, LIABILITY, EQUITY) or income statement (INCOME, EXPENSE) account.' }),
    vatPercent: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: 100, description: 'Default VAT percent of postings on the account.' })),
    vatStatus: Type.Optional(Type.Integer({ description: 'Default VAT status code of postings on the account.' })),
    version: DateTimeString({ readOnly: true }),
  },
  { $id: 'LedgerAccount', title: 'LedgerAccount', additionalProperties: false },
);
export type LedgerAccountWire = Static<typeof LedgerAccount>;

export const LedgerAccounts = Type.Object({ ledgerAccounts: Type.Array(LedgerAccount) }, { title: 'LedgerAccounts' });

export const LedgerAccountPatch = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    name: Type.Optional(Text(255, { minLength: 1 })),
    version: Type.Optional(DateTimeString({ description: 'Optimistic lock: when given, must be the current version.' })),
  },
  { title: 'LedgerAccountPatch', additionalProperties: false, description: 'Activates or deactivates an account, or renames it.' },
);
export type LedgerAccountPatchWire = Static<typeof LedgerAccountPatch>;
