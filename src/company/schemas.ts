// Wire shapes of the company, its usage settings and its invoice circulation settings.
import {
  Type,
  Addition,
  DecimalNumber,
  Id,
  Text,
  StringEnum,
  DateString,
  type Static,
  Id64,
} from '../platform/schema.ts';
import { Product } from '../products/index.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { PRODUCT_VERSIONS } from '../domain/real-vocabularies.ts';
import { CashDiscount, INVOICE_CHANNELS } from '../partners/index.ts';

const BRN_TYPES = ['HETU', 'ASSN', 'SSN', 'YHD', 'PN', 'FI', 'NO', 'SE', 'DK'] as const;
const OPERATION_TYPES = [
  'DEMONSTRATION',
  'EDUCATIONAL',
  'TRIAL',
  'CEASED',
  'ELISA_PURCHASE',
  'SPECIAL',
  'BROKEN',
  'CLOSED',
  'PRODUCTION',
] as const;

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
  {
    street: Type.Optional(Text(80)),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text(40)),
    country: Type.Optional(Country),
  },
  { title: 'CompanyBillingAddress', additionalProperties: false },
);

export const BusinessIdentifier = Type.Object(
  {
    brnType: Type.Optional(
      StringEnum([...BRN_TYPES], {
        description: 'Type of the registration number; YHD/FI codes are checked (Finnish business ID check digit).',
      }),
    ),
    code: Type.Optional(Text(20, { description: 'The number without type prefix, e.g. 1234567-8.' })),
  },
  { title: 'BusinessIdentifier', additionalProperties: false },
);

const CURRENCY_RATE_SEARCH_DENSITIES = [
  'DAILY_EXCHANGE_RATE',
  'LAST_DAY_OF_THE_MONTH',
  'PROCOUNTOR_FIXED_RATE',
] as const;

export const Company = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    name: Text(80, { minLength: 1 }),
    country: Type.Optional(
      StringEnum([...COUNTRIES], {
        readOnly: true,
        description: 'Country of the company (English upper-case name, e.g. FINLAND).',
      }),
    ),
    productVersion: Type.Optional(
      StringEnum([...PRODUCT_VERSIONS], {
        readOnly: true,
        description: 'The product edition of the company, when the service keeps one.',
      }),
    ),
    operationType: Type.Optional(
      StringEnum([...OPERATION_TYPES], {
        readOnly: true,
        description: 'From the contract type: PRODUCTION (production usage), TRIAL (testing), DEMONSTRATION (demo).',
      }),
    ),
    accountingOfficeName: Type.Optional(Text(80)),
    accountingOfficeId: Type.Optional(Id()),
    companyAddress: Type.Optional(CompanyAddress),
    billingAddress: Type.Optional(CompanyBillingAddress),
    mva: Type.Optional(Type.Boolean()),
    inTradeRegister: Type.Optional(Type.Boolean()),
    businessIdentifier: Type.Optional(BusinessIdentifier),
    accountingCoaLanguages: Type.Optional(
      Type.Array(Type.String(), {
        readOnly: true,
        description:
          'Languages of the chart of accounts: its own (`fi`) and those of the account translations (GET /coa).',
      }),
    ),
    companyCurrency: Type.Optional(StringEnum(['EUR', 'SEK', 'DKK', 'NOK'], { readOnly: true })),
    currencyRateSearchDensity: Type.Optional(
      StringEnum([...CURRENCY_RATE_SEARCH_DENSITIES], {
        description:
          'Which rate converts foreign currency: the daily exchange rate, the rate of the last day of the month, or a fixed rate. Default DAILY_EXCHANGE_RATE.',
      }),
    ),
  },
  { $id: 'Company', title: 'Company', additionalProperties: false },
);
export type CompanyWire = Static<typeof Company>;

/** Whether cash discounts are in use for sales and for purchases, with Tase's default discount terms. */
const UsageCashDiscount = Type.Object(
  {
    cashDiscountForSales: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    cashDiscountForPurchase: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    optionList: Addition(CashDiscount.properties.optionList),
    cashDiscountsTermType: Addition(CashDiscount.properties.cashDiscountsTermType),
  },
  { title: 'CompanyUsageSettingsCashDiscount', additionalProperties: false },
);

/** Which documents are posted with a ledger transaction per row (otherwise one per account). */
const AccountingByRow = Type.Object(
  {
    salesInvoicePosting: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    purchaseInvoicePosting: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    travelAndExpenseInvoicePosting: Type.Optional(Type.Boolean({ description: 'Default false.' })),
    salaryPosting: Type.Optional(Type.Boolean({ description: 'Default false.' })),
  },
  { title: 'CompanyUsageSettingsAccountingByRow', additionalProperties: false },
);

export const UsageSettings = Type.Object(
  {
    defaultInvoiceChannel: StringEnum([...INVOICE_CHANNELS], {
      description: 'Channel of new sales invoices. Default EMAIL.',
    }),
    cashDiscount: UsageCashDiscount,
    accountingByRow: AccountingByRow,
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

/** A user standing in for another in verifying or approving between two days. */
const Substitution = Type.Object(
  {
    userId: Id64({ description: 'The user substituted: a user of the company.' }),
    start: Type.Optional(DateString()),
    end: Type.Optional(DateString()),
    substituteForVerifying: Type.Optional(Id({ description: 'The user who verifies instead: a user of the company.' })),
    substituteForApproving: Type.Optional(Id({ description: 'The user who approves instead: a user of the company.' })),
    notes: Type.Optional(Text(1000)),
  },
  { title: 'Substitution', additionalProperties: false },
);

export const CirculationSettings = Type.Object(
  {
    useForPurchaseInvoices: Type.Boolean(),
    useForTravelAndExpenseInvoices: Type.Boolean(),
    reminderInterval: StringEnum(['ONLY_ONCE', 'ONCE_A_DAY', 'EVERY_SECOND_DAY', 'EVERY_THIRD_DAY', 'ONCE_A_WEEK']),
    forceNotifications: Type.Boolean(),
    useDeterminedOrder: Type.Boolean(),
    allowPaymentOnlyWhenApproved: Type.Boolean(),
    preventPayeeInformationChange: Type.Optional(Addition(Type.Boolean())),
    allowInvoiceSpecificDiscussion: Type.Boolean(),
    allowExtendedTaggingInDiscussion: Type.Boolean(),
    allocatePurchaseOrdersAndInvoicesInChecking: Type.Boolean(),
    maxVerifiers: Type.Integer({ minimum: 0, maximum: 10 }),
    maxAcceptors: Type.Integer({ minimum: 0, maximum: 10 }),
    verifiers: Type.Array(Verifier, { maxItems: 10 }),
    acceptors: Type.Array(Verifier, { maxItems: 10 }),
    allowPersonalSubstitution: Type.Boolean(),
    substitutions: Type.Optional(Type.Array(Substitution, { maxItems: 100 })),
  },
  { $id: 'CirculationSettings', title: 'CirculationSettings', additionalProperties: false },
);
export type CirculationSettingsWire = Static<typeof CirculationSettings>;

// ---- settings the invoices use: delivery terms, e-invoice addresses, collection and penal expenses, invoice
// templates and the verifier lists of invoice circulation ----

export const DeliveryTerms = Type.Object(
  {
    deliveryTerms: Type.Array(Text(255, { minLength: 1 }), {
      maxItems: 200,
      description: 'The delivery terms offered on invoices, in order.',
    }),
  },
  { $id: 'DeliveryTerms', title: 'DeliveryTerms', additionalProperties: false },
);
export type DeliveryTermsWire = Static<typeof DeliveryTerms>;

export const EInvoiceData = Type.Object(
  {
    operator: Type.Optional(Text(100, { description: 'Name of the e-invoice operator.' })),
    operatorId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    sendingAddress: Type.Optional(Text(35, { description: 'E-invoice address of sent invoices (OVT or IBAN).' })),
    receivingAddress: Type.Optional(Text(35, { description: 'E-invoice address of received invoices.' })),
    receivingAddressPublicInTieke: Type.Optional(Type.Boolean()),
    edi: Type.Optional(Text(35)),
    invoicerAnnouncementUpdated: Type.Optional(Text(40)),
    created: Type.Optional(Text(40)),
    creator: Type.Optional(Text(100)),
    wsCustomerNumber: Type.Optional(Text(40)),
  },
  { $id: 'EInvoiceData', title: 'EInvoiceData', additionalProperties: false },
);
export type EInvoiceDataWire = Static<typeof EInvoiceData>;

/** A product of the register as the collection settings name it; only `productId` is read from a request. */
const ProductBasicInfo = Type.Object(
  {
    productId: Id64({ description: 'A product of the register.' }),
    name: Type.Optional(Type.String({ readOnly: true })),
    code: Type.Optional(Type.String({ readOnly: true })),
    defaultAccount: Type.Optional(Type.String({ readOnly: true })),
    price: Type.Optional({ ...Product.properties.price, readOnly: true }),
    currency: Type.Optional({ ...Product.properties.currency, readOnly: true }),
    unit: Product.properties.unit,
  },
  { title: 'ProductBasicInfo', additionalProperties: false },
);

export const CollectionsAndPenalExpenses = Type.Object(
  {
    useAutomaticHandling: Type.Optional(
      Type.Boolean({ description: 'Collection and penal expenses added automatically. Default false.' }),
    ),
    collectionCostsProduct: Type.Optional(ProductBasicInfo),
    penalExpenseProduct: Type.Optional(ProductBasicInfo),
    penalInterestDateMargin: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 365, description: 'Days of delay before penal interest is charged.' }),
    ),
    minimumPenalInterestSum: Type.Optional(
      DecimalNumber({ scale: 2, minimum: 0, maximum: '999999999', description: 'Smallest penal interest charged.' }),
    ),
    defaultSalesInvoiceInterest: Type.Optional(
      DecimalNumber({
        scale: 2,
        minimum: 0,
        maximum: 1000,
        description: 'Penal interest rate of sales invoices, percent.',
      }),
    ),
    defaultSalesInvoicePaymentTerms: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 999, description: 'Payment term of sales invoices, days.' }),
    ),
    collectionPartner: Type.Optional(Text(100)),
  },
  { $id: 'CollectionsAndPenalExpenses', title: 'CollectionsAndPenalExpenses', additionalProperties: false },
);
export type CollectionsAndPenalExpensesWire = Static<typeof CollectionsAndPenalExpenses>;

export const InvoiceTemplate = Type.Object(
  { id: Type.Optional(Id({ readOnly: true })), name: Text(100, { minLength: 1 }) },
  { $id: 'InvoiceTemplate', title: 'InvoiceTemplate', additionalProperties: false },
);
export type InvoiceTemplateWire = Static<typeof InvoiceTemplate>;

export const VerifierListBasic = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    verifiers: Type.Array(Type.Number(), { description: 'User ids of the verifiers, in order.' }),
    acceptors: Type.Array(Type.Number(), { description: 'User ids of the acceptors, in order.' }),
  },
  { title: 'VerifierListBasic', additionalProperties: false },
);
export type VerifierListBasicWire = Static<typeof VerifierListBasic>;

export const VerifierList = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    verifiers: Type.Array(Verifier),
    acceptors: Type.Array(Verifier),
  },
  { $id: 'VerifierList', title: 'VerifierList', additionalProperties: false },
);
export type VerifierListWire = Static<typeof VerifierList>;
