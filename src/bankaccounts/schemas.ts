import { Type, DateTimeString, Id, StringEnum, Text, Page, type Static } from '../platform/schema.ts';
import { CURRENCIES } from '../domain/codes.ts';

export const PAYMENT_FLAGS = ['allowPayments', 'allowForeignPayments', 'allowSalaryPayments', 'allowExpressPayments'] as const;

export const CompanyBankAccount = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    accountNumber: Type.Optional(Type.String({ readOnly: true, description: 'BBAN, derived from the IBAN.' })),
    iban: Text(34, { description: 'IBAN; cannot change once created. Spaces are removed.' }),
    bic: Type.Optional(Text(11, { description: 'BIC of the bank; its country must be the IBAN country.' })),
    bankName: Type.Optional(Text(255)),
    currency: StringEnum([...CURRENCIES], { description: 'Cannot change once created.' }),
    defaultForInvoice: Type.Boolean({ description: 'Only one account is the default for invoices; setting it clears the others.' }),
    defaultForPayment: Type.Boolean({ description: 'Only one account is the default for payments; setting it clears the others.' }),
    status: StringEnum(['ACTIVE', 'INACTIVE'], { description: 'INACTIVE sets every flag to false.' }),
    orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    version: Type.Optional(DateTimeString({ readOnly: true, description: 'Optimistic lock on PUT.' })),
    bankAddress: Type.Optional(Text(255)),
    ledgerAccount: Type.String({ pattern: '^[0-9]{1,10}$', description: 'Ledger account number of the bank account, e.g. 1910.' }),
    bankingCode: Type.Optional(Text(20, { description: 'Swedish companies: organisation number, required when payments are allowed.' })),
    serviceNumbers: Type.Optional(Type.Array(Text(40), { maxItems: 10 })),
    showAccountOnInvoice: Type.Boolean(),
    allowPayments: Type.Boolean(),
    allowForeignPayments: Type.Boolean(),
    allowSalaryPayments: Type.Optional(Type.Boolean()),
    allowExpressPayments: Type.Optional(Type.Boolean()),
    bankConnection: Type.Optional(
      StringEnum(['WEB_SERVICES', 'OLD_CONNECTION'], {
        description: 'Tase: the bank connection of the account, set on creation (default WEB_SERVICES). An account on an OLD_CONNECTION cannot set payment flags to true (400).',
      }),
    ),
    created: Type.Optional(DateTimeString({ readOnly: true })),
  },
  { $id: 'CompanyBankAccount', title: 'CompanyBankAccount', additionalProperties: false },
);
export type BankAccountWire = Static<typeof CompanyBankAccount>;
export const BankAccountSearchResult = Page(CompanyBankAccount, { title: 'CompanyBankAccountSearchResult' });
