import {
  Type,
  Addition,
  DateTimeString,
  Id,
  StringEnum,
  Text,
  Page,
  type Static,
  type TSchema,
} from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';

export const PAYMENT_FLAGS = [
  'allowPayments',
  'allowForeignPayments',
  'allowSalaryPayments',
  'allowExpressPayments',
] as const;

export const CompanyBankAccount = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    accountNumber: Type.Optional(Type.String({ readOnly: true, description: 'BBAN, derived from the IBAN.' })),
    iban: Text(34, { description: 'IBAN; cannot change once created. Spaces are removed.' }),
    bic: Type.Optional(Text(11, { description: 'BIC of the bank; its country must be the IBAN country.' })),
    bankName: Type.Optional(Text(255)),
    currency: StringEnum([...CURRENCIES], { description: 'Cannot change once created.' }),
    defaultForInvoice: Type.Boolean({
      description: 'Only one account is the default for invoices; setting it clears the others.',
    }),
    defaultForPayment: Type.Boolean({
      description: 'Only one account is the default for payments; setting it clears the others.',
    }),
    status: StringEnum(['ACTIVE', 'INACTIVE'], { description: 'INACTIVE sets every flag to false.' }),
    orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    associatedAccounts: Type.Optional(
      Type.Array(
        Type.Object(
          { type: StringEnum(['PLUSGIRO', 'BANKGIRO', 'KREDITOR']), accountNumber: Text(40, { minLength: 1 }) },
          { title: 'BankAccountAlias', additionalProperties: false },
        ),
        { maxItems: 10, description: 'Aliases of the account (Swedish and Danish companies).' },
      ),
    ),
    version: Type.Optional(
      DateTimeString({
        readOnly: true,
        description: 'Optimistic lock: required on PUT and must be the current version.',
      }),
    ),
    bankAddress: Type.Optional(Text(255)),
    ledgerAccount: Type.String({
      pattern: '^[0-9]{1,10}$',
      description: 'Ledger account number of the bank account, e.g. 1910: an active account of the company (GET /coa).',
    }),
    bankingCode: Type.Optional(
      Text(20, { description: 'Swedish companies: organisation number, required when payments are allowed.' }),
    ),
    serviceNumbers: Type.Optional(Type.Array(Text(40), { maxItems: 10 })),
    showAccountOnInvoice: Type.Boolean(),
    allowPayments: Type.Boolean(),
    allowForeignPayments: Type.Boolean(),
    allowSalaryPayments: Type.Optional(Type.Boolean()),
    allowExpressPayments: Type.Optional(Type.Boolean()),
    withholdingTax: Type.Optional(Type.Boolean({ description: 'Withholding tax allowed (Norwegian companies).' })),
    bankConnection: Type.Optional(
      Addition(
        StringEnum(['WEB_SERVICES', 'OLD_CONNECTION'], {
          description:
            'Tase: the bank connection of the account, set on creation (default WEB_SERVICES). An account on an OLD_CONNECTION cannot set payment flags to true (400).',
        }),
      ),
    ),
    created: Type.Optional(DateTimeString({ readOnly: true })),
  },
  { $id: 'CompanyBankAccount', title: 'CompanyBankAccount', additionalProperties: false },
);
export type BankAccountWire = Static<typeof CompanyBankAccount>;

/** The fields a listed account has in the real interface (CompanyBankAccountBasicInfo); Tase lists the others too. */
const BASIC_FIELDS = new Set([
  'id',
  'accountNumber',
  'iban',
  'bic',
  'bankName',
  'currency',
  'defaultForInvoice',
  'defaultForPayment',
  'status',
  'orderNo',
  'associatedAccounts',
  'version',
]);
const ListedBankAccount = Type.Object(
  Object.fromEntries(
    Object.entries(CompanyBankAccount.properties).map(([name, schema]) => [
      name,
      BASIC_FIELDS.has(name) ? schema : Addition(schema as TSchema),
    ]),
  ),
  { title: 'CompanyBankAccountBasicInfo', additionalProperties: false },
);
export const BankAccountSearchResult = Page(ListedBankAccount, { title: 'CompanyBankAccountSearchResult' });
