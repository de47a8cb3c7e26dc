// Wire shapes of business partners, persons, partner groups, default products/accounts and factoring contracts.
import {
  Type,
  ADDITION,
  Addition,
  DecimalNumber,
  DateString,
  DateTimeString,
  Id,
  RefId,
  StringEnum,
  Stricter,
  Text,
  Page,
  type Static,
  type TSchema,
  Id64,
} from '../platform/schema.ts';
import { CURRENCIES, LANGUAGES } from '../domain/codes.ts';
import {
  ADDRESS_COUNTRIES,
  ATTACHMENT_REFERENCE_TYPES,
  PERSON_ADDRESS_COUNTRIES,
  PERSON_IDENTIFIER_TYPES,
  TRANSFER_NOTIFICATION_LANGUAGES,
} from '../domain/real-vocabularies.ts';

export const PARTNER_TYPES = ['CUSTOMER', 'SUPPLIER', 'PERSON'] as const;
const PartnerTypeSchema = StringEnum([...PARTNER_TYPES]);

export const INVOICE_CHANNELS = [
  'EMAIL',
  'MAIL',
  'ELECTRONIC_INVOICE',
  'EDIFACT',
  'PAPER_INVOICE',
  'NO_SENDING',
] as const;
const PARTNER_PAYMENT_METHODS = [
  'BANK_TRANSFER',
  'DIRECT_DEBIT',
  'DIRECT_PAYMENT',
  'CLEARING',
  'CREDIT_CARD_CHARGE',
  'FOREIGN_PAYMENT',
  'OTHER',
  'CASH',
  'DOMESTIC_PAYMENT_PLUSGIRO',
  'DOMESTIC_PAYMENT_BANKGIRO',
  'DOMESTIC_PAYMENT_CREDITOR',
  'DKLMPKRE',
  'NETS',
] as const;

const PARENT_COMPANY_ID_TYPES = [
  'HETU',
  'YHD',
  'PN',
  'NO',
  'AT',
  'BE',
  'BG',
  'CY',
  'HR',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GB',
  'EL',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

const CountrySchema = StringEnum([...ADDRESS_COUNTRIES], {
  description: 'English upper-case snake-case country name, e.g. FINLAND.',
});

const Address = Type.Object(
  {
    name: Type.Optional(Text(80, { description: 'Name ("first line").' })),
    specifier: Type.Optional(Text(80, { description: 'Specifier, such as a c/o address.' })),
    street: Type.Optional(Text(80)),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text(40)),
    country: Type.Optional(CountrySchema),
    subdivision: Type.Optional(Text(35)),
  },
  { title: 'Address', additionalProperties: false },
);

const BccAddresses = Type.Array(Text(256), {
  maxItems: 4,
  description:
    'Up to 4 blind-copy addresses, none equal to `email`, each at most 256 characters without special characters.',
});

/** The type of a person's identifier: the real vocabulary (a business ID type or a national one). */
const PersonIdentifierType = () => StringEnum([...PERSON_IDENTIFIER_TYPES]);

const InvoicingInfo = Type.Object(
  {
    customerNumber: Type.Optional(Text(40)),
    identifier: Type.Optional(Text(40, { description: 'Business ID or national identification number.' })),
    identifierType: Type.Optional(
      Text(20, { description: 'Type of `identifier`, e.g. YHD (Finnish business ID), HETU, VAT number.' }),
    ),
    taxCode: Type.Optional(Addition(Text(40))),
    ovt: Type.Optional(Text(40)),
    invoiceChannel: Type.Optional(StringEnum([...INVOICE_CHANNELS])),
    contactPerson: Type.Optional(Text(80)),
    language: Type.Optional(StringEnum([...LANGUAGES])),
    email: Type.Optional(Text(256, { description: 'Main invoicing address.' })),
    bccAddresses: Type.Optional(BccAddresses),
    denyEinvoiceReminders: Type.Optional(Type.Boolean()),
    einvoiceAddress: Type.Optional(Text(80)),
    einvoiceOperator: Type.Optional(Text(80)),
    orderReference: Type.Optional(Text(80)),
    orderNumber: Type.Optional(Text(80)),
    sellerReferenceIdentifier: Type.Optional(Text(80)),
    agreementNumber: Type.Optional(Text(80)),
    accountingCode: Type.Optional(Text(80)),
    deliverySite: Type.Optional(Text(80)),
    tenderReference: Type.Optional(Text(80)),
    buyerReferenceIdentifier: Type.Optional(Text(80)),
  },
  { title: 'InvoicingInfo', additionalProperties: false },
);

const Percent = (description: string) => DecimalNumber({ scale: 4, minimum: 0, maximum: 100, description });
/** A penal interest rate may exceed 100 % a year (the real person type allows up to 1000). */
const PenalInterestRate = () =>
  DecimalNumber({ scale: 4, minimum: 0, maximum: 1000, description: 'Penal interest rate, percent.' });

export const CashDiscount = Type.Object(
  {
    optionList: Type.Optional(
      Type.Array(
        Type.Object(
          {
            numberOfDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
            discountPercentage: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: '99.99' })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 3 },
      ),
    ),
    cashDiscountsTermType: Type.Optional(StringEnum(['FROM_INV_DATE', 'FROM_END_OF_MONTH'])),
  },
  { title: 'CashDiscount', additionalProperties: false },
);

const PartnerPaymentInfo = Type.Object(
  {
    paymentMethod: StringEnum([...PARTNER_PAYMENT_METHODS]),
    bankAccount: Type.Optional(Text(80, { description: 'Bank account (IBAN).' })),
    bic: Type.Optional(Text(11)),
    clearingCode: Type.Optional(Text(40)),
    paymentTermDays: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,3}$',
        description: 'Payment term in days, 0-999 (as text, like the real service).',
      }),
    ),
    paymentTermPercentage: Type.Optional(Percent('Discount percentage of the payment term.')),
    penalInterestRate: Type.Optional(PenalInterestRate()),
    discountPercentage: Type.Optional(Percent('Discount percentage.')),
    cashDiscount: Type.Optional(CashDiscount),
    currency: Type.Optional(StringEnum([...CURRENCIES])),
    deliveryMethod: Type.Optional(Text(80)),
    factoringContractId: Type.Optional(
      RefId({ description: 'Factoring contract of the partner (GET /factoringcontracts), or null.' }),
    ),
    customerAccountNumber: Type.Optional(Text(40, { description: 'NETS payments only.' })),
  },
  { title: 'BusinessPartnerPaymentInfo', additionalProperties: false },
);

export const PartnerGroup = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true })),
    name: Text(80, { minLength: 1 }),
    type: PartnerTypeSchema,
    active: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  },
  { $id: 'BusinessPartnerGroup', title: 'BusinessPartnerGroup', additionalProperties: false },
);
export type PartnerGroupWire = Static<typeof PartnerGroup>;

const PartnerGroupRef = Type.Object(
  {
    id: Stricter(Id({ description: 'Id of an existing group of the same type as the partner: it names the group.' })),
    name: Type.Optional(Text(80, { readOnly: true })),
    type: Type.Optional(StringEnum([...PARTNER_TYPES], { readOnly: true })),
    active: Type.Optional(Type.Boolean({ readOnly: true })),
  },
  { title: 'BusinessPartnerGroupRef', additionalProperties: false },
);

const RegistryInfo = Type.Object(
  {
    active: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    phone: Type.Optional(Text(40)),
    mobilePhone: Type.Optional(Text(40)),
    fax: Type.Optional(Text(40)),
    section: Type.Optional(Text(80)),
    homeMunicipality: Type.Optional(Text(40)),
    reportGroup: Type.Optional(Text(80)),
    reportGroupId: Type.Optional(Id()),
    partnerGroups: Type.Optional(Type.Array(PartnerGroupRef, { maxItems: 100 })),
  },
  { title: 'RegistryInfo', additionalProperties: false },
);

const ContactPerson = Type.Object(
  {
    id: Type.Optional(Id()),
    name: Type.Optional(Text(80)),
    email: Type.Optional(Text(80, { format: 'email' })),
    phone: Type.Optional(Text(40)),
  },
  { title: 'BusinessPartnerContactPerson', additionalProperties: false },
);

const AdditionalInfo = Type.Object(
  {
    defaultAdditionalInformation: Type.Optional(Text(500)),
    defaultReference: Type.Optional(Text(50)),
    group: Type.Optional(Text(80)),
    parentCompanyIdType: Type.Optional(
      StringEnum([...PARENT_COMPANY_ID_TYPES], {
        description:
          'Type of `parentCompanyId`: HETU, YHD (Finnish business ID), PN, NO or an EU VAT-number country prefix.',
      }),
    ),
    parentCompanyId: Type.Optional(
      Text(20, {
        description:
          'Checked by its type: YHD a Finnish business ID (1234567-1), FI a Finnish VAT number (FI12345671).',
      }),
    ),
    auxiliaryCompanyName: Type.Optional(Text(80)),
    formerCompanyName: Type.Optional(Text(80)),
    sector: Type.Optional(Text(80)),
    webAddress: Type.Optional(Text(100)),
    comments1: Type.Optional(Text(100)),
    comments2: Type.Optional(Text(100)),
    invoicePeriod: Type.Optional(Text(40)),
    withholdingRegisterMarking: Type.Optional(Text(20)),
    invoiceLedger: Type.Optional(
      StringEnum(['INVOICE_LEDGER', 'CLEARING'], { description: 'Default INVOICE_LEDGER.' }),
    ),
  },
  { title: 'BusinessPartnerAdditionalInfo', additionalProperties: false },
);

/**
 * An attachment of a partner, as the real interface answers it. Attachments are added by uploading a file
 * (POST /attachments); a request's list is ignored.
 */
const PartnerAttachment = Type.Object(
  {
    id: Type.Optional(Id()),
    name: Text(255),
    referenceType: StringEnum([...ATTACHMENT_REFERENCE_TYPES]),
    referenceId: Id(),
    mimeType: Type.Optional(Text(255)),
    sendWithInvoice: Type.Boolean(),
  },
  { title: 'BusinessPartnerAttachment', additionalProperties: false },
);

const partnerFields = {
  id: Type.Optional(Id({ readOnly: true })),
  name: Text(80, { minLength: 1 }),
  type: StringEnum([...PARTNER_TYPES], { description: 'Cannot change once created.' }),
  address: Type.Optional(Address),
  billingAddress: Type.Optional(Address),
  deliveryAddress: Type.Optional(Address),
  invoicingInfo: Type.Optional(InvoicingInfo),
  attachments: Type.Optional(
    Type.Array(PartnerAttachment, {
      readOnly: true,
      description:
        'Read-only: files are attached with POST /attachments (the reference type of the partner’s register); ' +
        'ignored in a request.',
    }),
  ),
  contactPersons: Type.Optional(Type.Array(ContactPerson, { maxItems: 50 })),
  additionalInfo: Type.Optional(AdditionalInfo),
  paymentInfo: Type.Optional(PartnerPaymentInfo),
  registryInfo: Type.Optional(RegistryInfo),
  version: Type.Optional(
    DateTimeString({
      readOnly: true,
      description:
        'Datetime of the last modification: filter with versionStartDate/versionEndDate; optimistic lock on PUT and PATCH (required on PATCH).',
    }),
  ),
};

export const BusinessPartner = Type.Object(partnerFields, {
  $id: 'BusinessPartner',
  title: 'BusinessPartner',
  additionalProperties: false,
});
export type PartnerWire = Static<typeof BusinessPartner>;

/**
 * The JSON merge patch form of a schema: every property optional and nullable at every object level (null
 * clears a field, objects merge, arrays are replaced whole, so array items keep their full schema).
 */
function mergePatchSchema(schema: TSchema, options: Record<string, unknown> = {}) {
  const transform = (node: Record<string, unknown>): Record<string, unknown> => {
    if (node.type === 'object' && node.properties) {
      const properties: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node.properties as Record<string, Record<string, unknown>>)) {
        const inner = transform(value);
        properties[key] = value.readOnly
          ? inner
          : { anyOf: [inner, { type: 'null' }], ...(value['x-tase-addition'] ? ADDITION : {}) };
      }
      const { required: _required, $id: _id, ...rest } = node;
      return { ...rest, properties };
    }
    return node;
  };
  return Type.Unsafe<Record<string, unknown>>({ ...transform(structuredClone(schema)), ...options });
}

export const BusinessPartnerPatch = mergePatchSchema(BusinessPartner, {
  title: 'BusinessPartnerPatch',
  description:
    'JSON merge patch of a BusinessPartner: fields left out keep their value, `null` clears one, nested objects merge, arrays are replaced. `version` is required (here or as a query parameter).',
});

const BusinessPartnerBasicInfo = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    type: PartnerTypeSchema,
    billingAddress: Type.Optional(Address),
    invoicingInfo: Type.Optional(
      Type.Object(
        {
          customerNumber: Type.Optional(Type.String()),
          identifier: Type.Optional(Type.String()),
          identifierType: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    registryInfo: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
    version: DateTimeString(),
  },
  { title: 'BusinessPartnerBasicInfo', additionalProperties: false },
);
export type PartnerBasicWire = Static<typeof BusinessPartnerBasicInfo>;
export const BusinessPartnerSearchResult = Page(BusinessPartnerBasicInfo, { title: 'BusinessPartnerSearchResult' });
export const PartnerGroupSearchResult = Page(PartnerGroup, { title: 'BusinessPartnerGroupSearchResult' });

// persons

export const PERSON_LANGUAGES = ['ENGLISH', 'FINNISH', 'SWEDISH'] as const;
const GENDERS = ['FEMALE', 'MALE', 'NOT_APPLICABLE'] as const;

/** A person's address: no name line (the person's own name is used), a post office box instead. */
const PersonAddress = Type.Object(
  {
    street: Type.Optional(Text(80)),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text(40)),
    country: Type.Optional(
      StringEnum([...PERSON_ADDRESS_COUNTRIES], {
        description: 'English upper-case snake-case country name, e.g. FINLAND.',
      }),
    ),
    specifier: Type.Optional(Text(80)),
    subdivision: Type.Optional(Text(35)),
    postOfficeBox: Type.Optional(Text(80)),
  },
  { title: 'PersonFullAddress', additionalProperties: false },
);
export type PersonAddressWire = Static<typeof PersonAddress>;

export const Person = Type.Object(
  {
    id: Type.Optional(
      Id({ readOnly: true, description: 'The id of the person in the business partner register (type PERSON).' }),
    ),
    firstName: Type.Optional(Text(80)),
    lastName: Text(80, { minLength: 1 }),
    jobTitle: Type.Optional(Text(80)),
    deliveryAddress: Type.Optional(PersonAddress),
    homeCountryAddress: Type.Optional(PersonAddress),
    paymentInfo: Type.Object(
      {
        paymentMethod: StringEnum([...PARTNER_PAYMENT_METHODS]),
        accountNumber: Type.Optional(Text(80)),
        bic: Type.Optional(Text(11)),
        clearingCode: Type.Optional(Text(40)),
        paymentTermDays: Type.String({ pattern: '^[0-9]{1,3}$' }),
        paymentTermPercentage: Type.Optional(Percent('Discount percentage of the payment term.')),
        penalInterestRate: PenalInterestRate(),
        discountPercentage: Type.Optional(Percent('Discount percentage.')),
      },
      { additionalProperties: false },
    ),
    invoicingInfo: Type.Object(
      {
        personNumber: Type.Optional(Text(40)),
        identifier: Type.Optional(Text(40)),
        identifierType: Type.Optional(PersonIdentifierType()),
        dateOfBirth: Type.Optional(DateString()),
        language: StringEnum([...PERSON_LANGUAGES]),
        gender: StringEnum([...GENDERS]),
        homeCountryPersonId: Type.Optional(Text(45, { description: 'Personal identity code in the home country.' })),
      },
      { additionalProperties: false },
    ),
    registryInfo: Type.Object(
      {
        active: Type.Boolean(),
        email: Type.Optional(Text(256)),
        phone: Type.Optional(Text(40)),
        mobilePhone: Type.Optional(Text(40)),
        fax: Type.Optional(Text(40)),
        contactPerson: Type.Optional(Text(80)),
        defaultReference: Type.Optional(Text(40)),
        section: Type.Optional(Text(80)),
        personGroupsIds: Type.Optional(
          Type.Array(Type.Number({ minimum: 1, maximum: 2147483647 }), {
            maxItems: 100,
            description: 'Ids of partner groups of type PERSON (numbers, as in the real interface).',
          }),
        ),
        reportGroupId: Type.Optional(Id()),
        homeMunicipality: Type.Optional(Text(40)),
      },
      { additionalProperties: false },
    ),
    version: Type.Optional(DateTimeString({ readOnly: true })),
  },
  { $id: 'Person', title: 'Person', additionalProperties: false },
);
export type PersonWire = Static<typeof Person>;

/** A person in the search result: names, delivery address, numbers and whether active. */
const PersonBasicInfo = Type.Object(
  {
    id: Id(),
    lastName: Type.String(),
    firstName: Type.Optional(Type.String()),
    deliveryAddress: Type.Optional(
      Type.Object(
        {
          street: Type.Optional(Type.String()),
          zip: Type.Optional(Type.String()),
          city: Type.Optional(Type.String()),
          country: Type.Optional(StringEnum([...PERSON_ADDRESS_COUNTRIES])),
        },
        { title: 'PersonBasicAddress', additionalProperties: false },
      ),
    ),
    invoicingInfo: Type.Optional(
      Type.Object(
        {
          personNumber: Type.Optional(Type.String()),
          identifier: Type.Optional(Type.String()),
          identifierType: Type.Optional(PersonIdentifierType()),
        },
        { title: 'PersonBasicInvoicingInfo', additionalProperties: false },
      ),
    ),
    registryInfo: Type.Object(
      { active: Type.Boolean() },
      { title: 'PersonBasicRegistryInfo', additionalProperties: false },
    ),
  },
  { title: 'PersonBasicInfo', additionalProperties: false },
);
export type PersonBasicWire = Static<typeof PersonBasicInfo>;
export const PersonSearchResult = Page(PersonBasicInfo, { title: 'PersonSearchResult' });

export const PersonalDetails = Type.Object(
  {
    partnerId: Id({ description: 'Id of the person in the business partner register (formerly personId).' }),
    firstName: Type.Optional(Type.String()),
    lastName: Type.Optional(Type.String()),
    language: Type.Optional(StringEnum([...LANGUAGES])),
    address: Type.Optional(Address),
    paymentInfo: Type.Optional(
      Type.Object(
        {
          paymentMethod: Type.Optional(StringEnum([...PARTNER_PAYMENT_METHODS])),
          currency: Type.Optional(StringEnum([...CURRENCIES])),
          bankAccount: Type.Optional(
            Type.Object(
              { accountNumber: Type.Optional(Type.String()), bic: Type.Optional(Type.String()) },
              { additionalProperties: false },
            ),
          ),
          paymentTermDays: Type.Optional(Type.String()),
          paymentTermPercentage: Type.Optional(Percent('')),
          penalInterestRate: Type.Optional(PenalInterestRate()),
          discountPercentage: Type.Optional(Percent('')),
          clearingCode: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    invoicingInfo: Type.Optional(
      Type.Object(
        {
          customerNumber: Type.Optional(Type.String()),
          identifier: Type.Optional(Type.String()),
          identifierType: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'PersonalDetails', title: 'PersonalDetails', additionalProperties: false },
);
export type PersonalDetailsWire = Static<typeof PersonalDetails>;

// default accounts and products of a partner

const AccountRef = Type.Object(
  {
    code: Type.Optional(
      Text(10, {
        description:
          'Number of an active ledger account of the company (GET /coa); otherwise 400 ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE.',
      }),
    ),
    name: Type.Optional(
      Text(255, { description: 'Name of the account in the chart; answered by the service, a name sent is not kept.' }),
    ),
  },
  { additionalProperties: false },
);
const AccountsInfo = Type.Object(
  {
    debitAccount: Type.Optional(AccountRef),
    creditAccount: Type.Optional(AccountRef),
    reconciliationAccount: Type.Optional(AccountRef),
  },
  { additionalProperties: false },
);
export const DefaultAccounts = Type.Object(
  {
    vatPercent: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: 100 })),
    vatDeduction: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: 100 })),
    vatStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    vatProcessing: Type.Optional(Text(80)),
    combineInvoiceRows: Type.Optional(Type.Boolean()),
    salesInvoiceAccounts: Type.Optional(AccountsInfo),
    purchaseInvoiceAccounts: Type.Optional(AccountsInfo),
    travelInvoiceAccounts: Type.Optional(AccountsInfo),
    expenseClaimAccounts: Type.Optional(AccountsInfo),
    journalAccounts: Type.Optional(AccountsInfo),
  },
  { $id: 'BusinessPartnerDefaultAccounts', title: 'BusinessPartnerDefaultAccounts', additionalProperties: false },
);
export type DefaultAccountsWire = Static<typeof DefaultAccounts>;

export const DefaultProductSettings = Type.Object(
  {
    useSpecialDiscount: Type.Optional(Type.Boolean()),
    specialDiscountPercentage: Type.Optional(DecimalNumber({ scale: 4, minimum: 0, maximum: 100 })),
    useSpecialPrice: Type.Optional(Type.Boolean()),
    specialPrice: Type.Optional(DecimalNumber({ scale: 6, minimum: '-999999999999', maximum: '999999999999' })),
    useSpecialVat: Type.Optional(Type.Boolean()),
    specialVatPercentage: Type.Optional(DecimalNumber({ scale: 2, minimum: 0, maximum: 100 })),
    amount: Type.Optional(DecimalNumber({ scale: 6, minimum: 0, maximum: '999999999999' })),
    comment: Type.Optional(Text(255)),
  },
  { additionalProperties: false },
);
export const ValidityPeriod = Type.Object(
  { startDate: Type.Optional(DateString()), endDate: Type.Optional(DateString()), notes: Type.Optional(Text(255)) },
  { additionalProperties: false },
);

/** Request item of PUT /businesspartners/{id}/defaults/products. */
export const DefaultProductInput = Type.Object(
  {
    productId: Id64({ description: 'An existing product.' }),
    defaultSettings: Type.Optional(DefaultProductSettings),
    validityPeriods: Type.Optional(Type.Array(ValidityPeriod, { maxItems: 20 })),
  },
  { title: 'DefaultProductInput', additionalProperties: false },
);
export type DefaultProductInputWire = Static<typeof DefaultProductInput>;

// factoring contracts

const TransferNotifications = Type.Array(
  Type.Object(
    {
      lang: StringEnum([...TRANSFER_NOTIFICATION_LANGUAGES]),
      notification: Text(1000, { description: 'The transfer notification printed on invoices in `lang`.' }),
    },
    { title: 'TransferNotification', additionalProperties: false },
  ),
  { maxItems: 4 },
);

export const FactoringContract = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true, description: 'Formerly contractId.' })),
    financingCompany: Type.Object(
      { id: Type.Optional(Text(40)), name: Type.Optional(Text(80)) },
      { additionalProperties: false },
    ),
    financingCompanyBankAccount: Text(34, { description: 'IBAN of the financing company.' }),
    contractNumber: Text(80, { minLength: 1 }),
    bankReferenceCodeSeparator: Type.Optional(Text(10)),
    personalFinvoiceAddress: Type.Optional(Text(80)),
    financingCompanyFinvoiceAddress: Type.Optional(Text(80)),
    factoringCounterAccount: Type.Optional(
      Text(10, { description: 'Ledger account number; must be an active account of the company.' }),
    ),
    transferNotification: Type.Optional(TransferNotifications),
    wsCustomerNumber: Type.Optional(Text(40)),
    status: StringEnum(['ACTIVE', 'INACTIVE']),
  },
  { $id: 'FactoringContract', title: 'FactoringContract', additionalProperties: false },
);
export type FactoringContractWire = Static<typeof FactoringContract>;
export const FactoringContractSearchResult = Page(FactoringContract, { title: 'FactoringContractSearchResult' });

/** A factoring contract of a Swedish company (/se/factoringcontracts): the financing company by name only. */
export const BasicFactoringContract = Type.Object(
  {
    id: Type.Optional(Id64({ readOnly: true })),
    financingCompanyName: Text(80, { minLength: 1 }),
    financingCompanyBankAccount: Text(34, { minLength: 1, description: 'IBAN of the financing company.' }),
    contractNumber: Text(80, { minLength: 1 }),
    transferNotification: Type.Optional(TransferNotifications),
    status: Type.Optional(StringEnum(['ACTIVE', 'INACTIVE'], { description: 'Default ACTIVE.' })),
  },
  { $id: 'BasicFactoringContract', title: 'BasicFactoringContract', additionalProperties: false },
);
export type BasicFactoringContractWire = Static<typeof BasicFactoringContract>;
