// Wire shapes of the company, its usage settings and its invoice circulation settings.
import { Type, Id, Text, StringEnum, type Static } from '../platform/schema.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { CashDiscount, INVOICE_CHANNELS } from '../partners/schemas.ts';

const BRN_TYPES = ['HETU', 'ASSN', 'SSN', 'YHD', 'PN', 'FI', 'NO', 'SE', 'DK'] as const;
const OPERATION_TYPES = ['DEMONSTRATION', 'EDUCATIONAL', 'TRIAL', 'CEASED', 'ELISA_PURCHASE', 'SPECIAL', 'BROKEN', 'CLOSED', 'PRODUCTION'] as const;

const Country = StringEnum([...COUNTRIES]);

const CompanyAddress = Type.Object(
  {
    specifier: Type.Optional(Text(80)),
    poBox: Type.Optional(Text(255)),
    street: Type.Optional(Text(80)),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text(40)),
    country: Type.Optional(Country),
  },
  { title: 'CompanyAddress', additionalProperties: false },
);

const CompanyBillingAddress = Type.Object(
  { street: Type.Optional(Text(80)), zip: Type.Optional(Text(20)), city: Type.Optional(Text(40)), country: Type.Optional(Country) },
  { title: 'CompanyBillingAddress', additionalProperties: false },
);

const BusinessIdentifier = Type.Object(
  {
    brnType: Type.Optional(StringEnum([...BRN_TYPES], { description: 'Type of the registration number; YHD/FI codes are checked (Finnish business ID check digit).' })),
    code: Type.Optional(Text(20, { description: 'The number without type prefix, e.g. 1234567-8.' })),
  },
  { title: 'BusinessIdentifier', additionalProperties: false },
);

const CURRENCY_RATE_SEARCH_DENSITIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;

export const Company = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    name: Text(80, { minLength: 1 }),
    country: Type.Optional(StringEnum([...COUNTRIES], { readOnly: true, description: 'Country of the company (English upper-case name, e.g. FINLAND).' })),
    operationType: Type.Optional(StringEnum([...OPERATION_TYPES], { readOnly: true, description: 'From the contract type: PRODUCTION (production usage), TRIAL (testing), DEMONSTRATION (demo).' })),
    accountingOfficeName: Type.Optional(Text(80)),
    accountingOfficeId: Type.Optional(Id()),
    companyAddress: Type.Optional(CompanyAddress),
    billingAddress: Type.Optional(CompanyBillingAddress),
    mva: Type.Optional(Type.Boolean()),
    inTradeRegister: Type.Optional(Type.Boolean()),
    businessIdentifier: Type.Optional(BusinessIdentifier),
    companyCurrency: Type.Optional(StringEnum(['EUR', 'SEK', 'DKK', 'NOK'], { readOnly: true })),
    currencyRateSearchDensity: Type.Optional(
      StringEnum([...CURRENCY_RATE_SEARCH_DENSITIES], { description: 'How far back a missing currency rate is searched for. Default DAILY.' }),
    ),
  },
  { $id: 'Company', title: 'Company', additionalProperties: false },
);
export type CompanyWire = Static<typeof Company>;

export const UsageSettings = Type.Object(
  {
    defaultInvoiceChannel: StringEnum([...INVOICE_CHANNELS], { description: 'Channel of new sales invoices. Default EMAIL.' }),
    cashDiscount: CashDiscount,
    accountingByRow: Type.Boolean({ description: 'A ledger transaction per invoice row. Default false.' }),
  },
  { $id: 'UsageSettings', title: 'UsageSettings', additionalProperties: false },
);
export type UsageSettingsWire = Static<typeof UsageSettings>;

const Verifier = Type.Object(
  {
    userId: Id({ description: 'A user of the company.' }),
    firstname: Type.Optional(Type.String({ readOnly: true })),
    surname: Type.Optional(Type.String({ readOnly: true })),
    orderNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const CirculationSettings = Type.Object(
  {
    useForPurchaseInvoices: Type.Boolean(),
    useForTravelAndExpenseInvoices: Type.Boolean(),
    reminderInterval: StringEnum(['ONLY_ONCE', 'ONCE_A_DAY', 'EVERY_SECOND_DAY', 'EVERY_THIRD_DAY', 'ONCE_A_WEEK']),
    forceNotifications: Type.Boolean(),
    useDeterminedOrder: Type.Boolean(),
    allowPaymentOnlyWhenApproved: Type.Boolean(),
    preventPayeeInformationChange: Type.Boolean(),
    allowInvoiceSpecificDiscussion: Type.Boolean(),
    allowExtendedTaggingInDiscussion: Type.Boolean(),
    allocatePurchaseOrdersAndInvoicesInChecking: Type.Boolean(),
    maxVerifiers: Type.Integer({ minimum: 0, maximum: 10 }),
    maxAcceptors: Type.Integer({ minimum: 0, maximum: 10 }),
    verifiers: Type.Array(Verifier, { maxItems: 10 }),
    acceptors: Type.Array(Verifier, { maxItems: 10 }),
    allowPersonalSubstitution: Type.Boolean(),
  },
  { $id: 'CirculationSettings', title: 'CirculationSettings', additionalProperties: false },
);
export type CirculationSettingsWire = Static<typeof CirculationSettings>;
