// Wire shapes of invoices, their rows, payment events, transactions (history) and comments: the real
// interface's `Invoice`, `InvoiceRow`, `InvoiceBasicInfo`, `PaymentEvent`, `MarkInvoiceAsPaid`, `Comment`, ….
import {
  Type,
  Addition,
  DecimalNumber,
  DateString,
  DateTimeString,
  Id,
  StringEnum,
  Text,
  Page,
  type Static,
} from '../platform/schema.ts';
import { CURRENCIES, LANGUAGES, UNITS } from '../domain/codes.ts';
import { ADDRESS_COUNTRIES, ATTACHMENT_REFERENCE_TYPES } from '../domain/real-vocabularies.ts';
import { REFERENCE_CODE_TYPES } from '../domain/reference-codes.ts';
import { CashDiscount, INVOICE_CHANNELS } from '../partners/index.ts';

export const INVOICE_TYPES = [
  'SALES_INVOICE',
  'SALES_ORDER',
  'PURCHASE_INVOICE',
  'PURCHASE_ORDER',
  'TRAVEL_INVOICE',
  'BILL_OF_CHARGES',
  'PERIODIC_TAX_RETURN',
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_STATUSES = [
  'EMPTY',
  'UNFINISHED',
  'NOT_SENT',
  'SENT',
  'RECEIVED',
  'PAID',
  'PAYMENT_DENIED',
  'VERIFIED',
  'APPROVED',
  'INVALIDATED',
  'PAYMENT_QUEUED',
  'PARTLY_PAID',
  'PAYMENT_SENT_TO_BANK',
  'MARKED_PAID',
  'STARTED',
  'INVOICED',
  'OVERRIDDEN',
  'DELETED',
  'UNSAVED',
  'PAYMENT_TRANSACTION_REMOVED',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const PAYMENT_METHODS = [
  'BANK_TRANSFER',
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

const DELIVERY_METHODS = ['MAILING', 'ONLINE', 'COURIER', 'VRCARGO', 'BUS', 'FREIGHT', 'RETRIEVABLE', 'OTHER'] as const;

const Country = StringEnum([...ADDRESS_COUNTRIES], {
  description: 'English upper-case snake-case name, e.g. FINLAND.',
});
const addressFields = {
  specifier: Type.Optional(Text(80)),
  street: Type.Optional(Text(80)),
  zip: Type.Optional(Text(20)),
  city: Type.Optional(Text(40)),
  country: Type.Optional(Country),
  subdivision: Type.Optional(Text(35)),
};
const Address = (title: string) =>
  Type.Object({ name: Type.Optional(Text(80)), ...addressFields }, { title, additionalProperties: false });

const BankAccount = Type.Object(
  { accountNumber: Type.Optional(Text(80)), bic: Type.Optional(Text(11)) },
  { title: 'BankAccount', additionalProperties: false },
);

const CounterParty = Type.Object(
  {
    contactPersonName: Type.Optional(Text(70)),
    identifier: Type.Optional(Text(40, { description: 'Business ID or personal identity code.' })),
    taxCode: Type.Optional(Text(40)),
    customerNumber: Type.Optional(Text(40)),
    email: Type.Optional(Text(256)),
    bccAddresses: Type.Optional(
      Type.Array(Text(256), {
        maxItems: 4,
        description:
          'Sales invoices, sales orders and offers only: up to 4 blind-copy addresses, none equal to `email`, ' +
          'each at most 256 characters without special characters.',
      }),
    ),
    counterPartyAddress: Type.Object(
      { name: Text(80, { minLength: 1, description: 'Name of the counterparty.' }), ...addressFields },
      { title: 'InvoiceCounterpartyAddress', additionalProperties: false },
    ),
    bankAccount: Type.Optional(BankAccount),
    einvoiceAddress: Type.Optional(
      Type.Object(
        { operator: Type.Optional(Text(80)), address: Type.Optional(Text(80)), ediId: Type.Optional(Text(80)) },
        { title: 'EInvoiceAddress', additionalProperties: false },
      ),
    ),
  },
  { title: 'CounterParty', additionalProperties: false },
);

const Percent = (description: string, maximum: number | string = 100) =>
  DecimalNumber({ scale: 4, minimum: 0, maximum, description });

const PaymentInfo = Type.Object(
  {
    paymentMethod: StringEnum([...PAYMENT_METHODS]),
    currency: StringEnum([...CURRENCIES]),
    bankAccount: Type.Optional(BankAccount),
    dueDate: DateString(),
    newDueDate: Type.Optional(DateString()),
    currencyRate: DecimalNumber({
      scale: 6,
      minimum: 0,
      maximum: 1000000,
      description:
        'Units of the invoice currency per one unit of the company currency (1 for the company currency); amounts ' +
        'in the company currency are the invoice amounts divided by it.',
    }),
    paymentTermPercentage: Type.Optional(Percent('Penalty or discount percentage of the payment term.')),
    cashDiscount: Type.Optional(CashDiscount),
    bankReferenceCode: Type.Optional(
      Text(40, { description: 'Checked by the check digits of `bankReferenceCodeType` (400 otherwise).' }),
    ),
    bankReferenceCodeType: Type.Optional(StringEnum([...REFERENCE_CODE_TYPES])),
    clearingCode: Type.Optional(Text(50)),
    generatedReferenceType: Addition(
      Type.Optional(
        StringEnum(['FI', 'RF'], {
          description:
            'Ask the service to generate the reference when the invoice is created: FI (Finnish 7-3-1, from the ' +
            'invoice number) or RF (ISO 11649 built on that reference). Not with `bankReferenceCode`.',
        }),
      ),
    ),
  },
  { title: 'PaymentInfo', additionalProperties: false },
);

const InvoiceRow = Type.Object(
  {
    id: Type.Optional(
      Id({ description: 'Kept when the row is sent back on PUT; rows keep the order they were created in.' }),
    ),
    productId: Type.Optional(Id({ description: 'A product of the register (400 when missing).' })),
    product: Text(200, { minLength: 1 }),
    productCode: Type.Optional(Text(40)),
    quantity: DecimalNumber({ scale: 4, minimum: '-1000000000', maximum: '1000000000' }),
    unit: StringEnum([...UNITS]),
    unitPrice: DecimalNumber({
      scale: 6,
      minimum: '-1000000000',
      maximum: '1000000000',
      description: 'Including or excluding VAT as `extraInfo.unitPricesIncludeVat` says.',
    }),
    discountPercent: Percent('Row discount, percent.'),
    vatPercent: Percent('A VAT rate of the VAT country valid on the invoice date.'),
    vatStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    comment: Type.Optional(Text(512)),
    startDate: Type.Optional(DateString()),
    endDate: Type.Optional(DateString()),
    headerText: Type.Optional(Text(512)),
    explanationText: Type.Optional(Text(512)),
  },
  { title: 'InvoiceRow', additionalProperties: false },
);

const InvoiceSumInfo = Type.Object(
  {
    currency: Type.Optional(Type.String()),
    inAccountingCurrency: Type.Optional(Type.Boolean()),
    excludingVatTotal: Type.Optional(DecimalNumber({ scale: 2 })),
    vatSumTotal: Type.Optional(DecimalNumber({ scale: 2 })),
    invoiceSumTotal: Type.Optional(DecimalNumber({ scale: 2 })),
  },
  { title: 'InvoiceSumInfo', additionalProperties: false },
);

const Checker = Type.Object(
  { userId: Id(), eventPerformed: Type.Optional(DateString()) },
  { title: 'InvoiceCheckerInformation', additionalProperties: false },
);

const Attachment = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Type.String(),
    referenceType: StringEnum([...ATTACHMENT_REFERENCE_TYPES]),
    referenceId: Type.Integer(),
    mimeType: Type.Optional(Type.String()),
    sendWithInvoice: Type.Boolean(),
  },
  { title: 'Attachment', additionalProperties: false },
);

const readOnly = { readOnly: true } as const;

export const Invoice = Type.Object(
  {
    id: Type.Optional(Id(readOnly)),
    partnerId: Type.Optional(Id({ description: 'A business partner of the company.' })),
    type: StringEnum([...INVOICE_TYPES], { description: 'Cannot change on PUT. PERIODIC_TAX_RETURN is refused.' }),
    status: Type.Optional(
      StringEnum([...INVOICE_STATUSES], { description: 'Set by the actions; cannot change on PUT.', ...readOnly }),
    ),
    date: DateString({ description: 'Invoice date; it decides the VAT rates that apply.' }),
    paymentDate: Type.Optional(DateString(readOnly)),
    counterParty: CounterParty,
    billingAddress: Type.Optional(Address('InvoiceBillingAddress')),
    deliveryAddress: Type.Optional(Address('InvoiceDeliveryAddress')),
    paymentInfo: PaymentInfo,
    deliveryTermsInfo: Type.Optional(
      Type.Object(
        { name: Type.Optional(Text(255)), municipality: Type.Optional(Text(80)) },
        { title: 'DeliveryTermsInfo', additionalProperties: false },
      ),
    ),
    extraInfo: Type.Object(
      { accountingByRow: Type.Boolean(), unitPricesIncludeVat: Type.Boolean() },
      { title: 'ExtraInfo', additionalProperties: false },
    ),
    discountPercent: Percent('Invoice discount, percent, applied to every row after its own discount.'),
    orderReference: Type.Optional(Text(70)),
    invoiceRows: Type.Array(InvoiceRow, { maxItems: 1000 }),
    invoiceNumber: Type.Optional(
      Type.Integer({ ...readOnly, description: 'Given on creation: per company and type, without gaps.' }),
    ),
    vatStatus: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Required except on travel and expense invoices.' }),
    ),
    originalInvoiceNumber: Type.Optional(Text(40, { description: 'On a credit note: the invoice it credits.' })),
    deliveryStartDate: Type.Optional(DateString()),
    deliveryEndDate: Type.Optional(DateString()),
    deliveryMethod: Type.Optional(StringEnum([...DELIVERY_METHODS])),
    deliveryInstructions: Type.Optional(Text(255)),
    invoiceChannel: StringEnum([...INVOICE_CHANNELS]),
    invoiceOperatorInfo: Type.Optional(
      Type.Object(
        { operator: Type.Optional(Text(80)), receivingAddress: Type.Optional(Text(80)) },
        { title: 'InvoiceOperatorInfo', additionalProperties: false },
      ),
    ),
    penaltyPercent: Type.Optional(Percent('Penal interest, percent a year.', 1000)),
    language: Type.Optional(StringEnum([...LANGUAGES])),
    invoiceTemplateId: Type.Optional(Id()),
    additionalInformation: Type.Optional(Text(10000)),
    vatCountry: Type.Optional(Country),
    ledgerReceiptId: Type.Optional(Id(readOnly)),
    notes: Type.Optional(Text(10000, { description: 'Internal notes; changed by PUT /invoices/{id}/notes.' })),
    factoringContractId: Type.Optional(Id()),
    factoringText: Type.Optional(Text(1000)),
    sum: Type.Optional(DecimalNumber({ scale: 2, ...readOnly, description: 'Total with VAT, invoice currency.' })),
    travelInformationItems: Type.Optional(
      Type.Array(
        Type.Object(
          {
            departure: Type.Optional(Text(40)),
            arrival: Type.Optional(Text(40)),
            places: Type.Optional(Text(255)),
            purpose: Type.Optional(Text(255)),
          },
          { title: 'TravelInformationItem', additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
    invoiceApprovalInformation: Type.Optional(
      Type.Object(
        {
          acceptors: Type.Optional(Type.Array(Checker, { maxItems: 10 })),
          verifiers: Type.Optional(Type.Array(Checker, { maxItems: 10 })),
        },
        { title: 'InvoiceApprovalInformation', additionalProperties: false },
      ),
    ),
    attachments: Type.Optional(
      Type.Array(Attachment, {
        maxItems: 1000,
        description:
          'The files attached to the invoice (reference type INVOICE), in the order they were attached. Read-only here: files are attached, renamed and removed through /attachments; a PUT must send the list unchanged or leave it out.',
      }),
    ),
    orderNumber: Type.Optional(Text(70)),
    agreementNumber: Type.Optional(Text(70)),
    accountingCode: Type.Optional(Text(70)),
    deliverySite: Type.Optional(Text(70)),
    tenderReference: Type.Optional(Text(70)),
    buyerReferenceIdentifier: Type.Optional(Text(70)),
    sellerReferenceIdentifier: Type.Optional(Text(70)),
    version: Type.Optional(DateTimeString({ description: 'Required on PUT; a stale version is a 400.' })),
    invoiceSumInfo: Type.Optional(Type.Array(InvoiceSumInfo, readOnly)),
    creatorId: Type.Optional(Type.Integer(readOnly)),
    isOffer: Type.Optional(Type.Boolean({ description: 'A sales offer (SALES_INVOICE or SALES_ORDER).' })),
  },
  {
    $id: 'Invoice',
    title: 'Invoice',
    additionalProperties: false,
    description:
      'Amounts: each row is quantity × unit price less the row and invoice discounts, rounded to the cent half ' +
      'away from zero; VAT is computed once per VAT rate on the sum of its rows (prices without VAT: net × rate; ' +
      'with VAT: gross × rate / (100 + rate)) and rounded the same way, then shared out to the rows so that the ' +
      'totals are exactly the sums of the rows. `invoiceSumInfo` gives the totals in the invoice currency and, ' +
      'for a foreign currency, in the company currency (divided by `currencyRate`, rounded per rate).',
  },
);
export type InvoiceWire = Static<typeof Invoice>;

const InvoiceBasicInfo = Type.Object(
  {
    id: Type.Optional(Id()),
    partnerId: Type.Optional(Id()),
    type: Type.Optional(StringEnum([...INVOICE_TYPES])),
    status: Type.Optional(StringEnum([...INVOICE_STATUSES])),
    invoiceNumber: Type.Optional(Type.Integer()),
    originalInvoiceNumber: Type.Optional(Type.String()),
    invoiceChannel: Type.Optional(StringEnum([...INVOICE_CHANNELS])),
    date: Type.Optional(DateString()),
    dueDate: Type.Optional(DateString()),
    newDueDate: Type.Optional(DateString()),
    created: Type.Optional(DateTimeString()),
    version: Type.Optional(DateTimeString()),
    invoiceSumInfo: Type.Optional(Type.Array(InvoiceSumInfo)),
    creatorId: Type.Optional(Type.Integer()),
    counterParty: CounterParty,
    isOffer: Type.Optional(Type.Boolean()),
  },
  { title: 'InvoiceBasicInfo', additionalProperties: false },
);
export type InvoiceBasicWire = Static<typeof InvoiceBasicInfo>;
export const InvoiceSearchResult = Type.Object(
  {
    results: Type.Array(InvoiceBasicInfo),
    meta: Type.Object({
      pageNumber: Type.Integer(),
      pageSize: Type.Integer(),
      resultCount: Type.Integer(),
      totalCount: Type.Optional(
        Type.Integer({
          description:
            'How many invoices match: given on the first page when at most 1 000 match, and on a page that ends the list.',
        }),
      ),
    }),
  },
  { title: 'InvoiceSearchResult' },
);

export const CheckingEvent = Type.Object(
  { comment: Type.Optional(Text(100)) },
  { title: 'CheckingEvent', additionalProperties: false },
);
export const InvoiceNotes = Type.Object({ notes: Text(10000) }, { title: 'InvoiceNotes', additionalProperties: false });

const PAYMENT_METHOD_TYPES = [
  'ADJUSTMENT',
  'BANK_STATEMENT',
  'CASH',
  'CHARGE_CARD',
  'CORRECTION',
  'CREDIT_LOSS',
  'CREDIT_NOTE',
  'EXTERNAL_BANK_TRANSFER',
  'SET_OFF',
] as const;

export const MarkInvoiceAsPaid = Type.Object(
  {
    paymentDate: DateString(),
    amount: DecimalNumber({
      scale: 2,
      minimum: '-100000000000',
      maximum: '100000000000',
      description: 'Negative on a credit note. Not zero.',
    }),
    currency: StringEnum([...CURRENCIES], { description: 'The currency of the invoice.' }),
    description: Type.Optional(Text(140)),
    paymentMethodType: Type.Optional(
      StringEnum([...PAYMENT_METHOD_TYPES], { description: 'Default EXTERNAL_BANK_TRANSFER.' }),
    ),
    currencyRate: Addition(
      Type.Optional(
        DecimalNumber({
          scale: 6,
          minimum: 0,
          maximum: 1000000,
          description:
            "Tase: the payment's rate, units of the invoice currency per one unit of the company currency (an " +
            "invoice in a foreign currency only). Default the company's exchange rate of the payment date " +
            '(GET /currencies/exchangerate); a payment of a currency with no rate for that date and none given is ' +
            'refused. The difference to the rate the invoice was booked at is booked as an exchange difference.',
        }),
      ),
    ),
  },
  { title: 'MarkInvoiceAsPaid', additionalProperties: false },
);
export type MarkInvoiceAsPaidWire = Static<typeof MarkInvoiceAsPaid>;

const PAYMENT_EVENT_TYPES = [
  'ADJUSTMENT',
  'BANKSTATEMENT',
  'BANKSTATEMENT_TO_INVOICE',
  'BANKSTATEMENT_TO_JOURNAL',
  'BANKTRANSFERELSEWHERE',
  'CASH',
  'CASHDISCOUNT',
  'CHARGECARD',
  'COMPENSATIONINVOICE',
  'CORRECTION',
  'CREDITLOSS',
  'ELSEWHERE',
  'INVOICE_TO_INVOICE',
  'INVOICE_TO_JOURNAL',
  'JOURNAL_TO_INVOICE',
  'JOURNAL_TO_JOURNAL',
  'NETS_DK_INVOICE',
  'OTHERPAYMENTMETHOD',
  'REFERENCEPAYMENT',
  'REFERENCEPAYMENT_TO_INVOICE',
  'REFERENCEPAYMENT_TO_JOURNAL',
  'SETOFF',
  'TRANSACTION_FOCUSED',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const PaymentEvent = Type.Object(
  {
    id: Type.Optional(Id()),
    invoiceId: Type.Optional(Id()),
    type: Type.Optional(StringEnum([...PAYMENT_EVENT_TYPES])),
    paymentDate: Type.Optional(DateString()),
    status: Type.Optional(StringEnum([...INVOICE_STATUSES])),
    amount: Type.Optional(
      DecimalNumber({
        scale: 2,
        description: "This payment in the company's accounting currency, at the payment's rate.",
      }),
    ),
    currency: Type.Optional(StringEnum([...CURRENCIES], { description: 'The accounting currency.' })),
    description: Type.Optional(Type.String()),
    paidAmount: Type.Optional(DecimalNumber({ scale: 2, description: 'This payment in the currency it was paid in.' })),
    paidCurrency: Type.Optional(
      StringEnum([...CURRENCIES], { description: 'The currency the payment was made in (the invoice currency).' }),
    ),
    currencyRate: Addition(
      Type.Optional(
        DecimalNumber({
          scale: 10,
          description: "Tase: the payment's rate, units of `paidCurrency` per one unit of `currency`.",
        }),
      ),
    ),
    exchangeDifference: Addition(
      Type.Optional(
        DecimalNumber({
          scale: 2,
          description:
            'Tase: the exchange difference booked, in the accounting currency: positive a gain, negative a loss ' +
            "(this payment at its own rate against the invoice's booking rate).",
        }),
      ),
    ),
  },
  { $id: 'PaymentEvent', title: 'PaymentEvent', additionalProperties: false },
);
export type PaymentEventWire = Static<typeof PaymentEvent>;
export const PaymentEventSearchResult = Page(PaymentEvent, { title: 'PaymentEventSearchResult' });

const INVOICE_TRANSACTION_ACTIONS = [
  'APPROVAL',
  'VERIFICATION',
  'UNFINISHED',
  'RESTORED_UNFINISHED',
  'DENY_PAYMENT',
  'MARKED_PAID',
  'SEND_TO_CIRCULATION',
  'SEND',
  'DELETED_PAYMENT_TRANSACTION',
] as const;
export type InvoiceTransactionAction = (typeof INVOICE_TRANSACTION_ACTIONS)[number];

const InvoiceTransaction = Type.Object(
  {
    action: Type.Optional(StringEnum([...INVOICE_TRANSACTION_ACTIONS])),
    name: Type.Optional(Type.String({ description: 'Who did it.' })),
    date: Type.Optional(DateTimeString()),
    details: Type.Optional(Type.String()),
  },
  { title: 'InvoiceTransaction', additionalProperties: false },
);

export const InvoiceTransactions = Type.Object(
  { transactions: Type.Array(InvoiceTransaction) },
  { title: 'InvoiceTransactions', additionalProperties: false },
);

export const InvoiceTransactionsByInvoices = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        { invoiceId: Id(), transactions: Type.Array(InvoiceTransaction) },
        { title: 'InvoiceTransactionsByInvoice', additionalProperties: false },
      ),
    ),
  },
  { title: 'InvoiceTransactionsByInvoicesDTO', additionalProperties: false },
);

const TaggedUsersInfo = Type.Object(
  { numTaggedUsers: Type.Optional(Type.Integer()), readByAllTaggedUsers: Type.Optional(Type.Boolean()) },
  { title: 'TaggedUsersInfo', additionalProperties: false },
);

const commentFields = {
  id: Type.Optional(Id(readOnly)),
  author: Type.Optional(Type.String(readOnly)),
  dateTime: Type.Optional(DateTimeString(readOnly)),
  comment: Text(5000, {
    minLength: 1,
    description: 'Tag a user of the company with `@[userId]` (ids from `comments/taggableusers`, as `userTagId`).',
  }),
  taggedUsersInfo: Type.Optional(TaggedUsersInfo),
};
export const Comment = Type.Object(commentFields, { title: 'Comment', additionalProperties: false });
export type CommentWire = Static<typeof Comment>;
export const Comments = Type.Object(
  { comments: Type.Array(Comment) },
  { title: 'Comments', additionalProperties: false },
);
export const CommentWithTaggedUsers = Type.Object(
  {
    ...commentFields,
    taggedUsers: Type.Array(
      Type.Object(
        {
          userTagId: Type.Optional(Type.Integer()),
          displayName: Type.Optional(Type.String()),
          fullName: Type.Optional(Type.String()),
          read: Type.Optional(DateTimeString()),
        },
        { title: 'TaggedUser', additionalProperties: false },
      ),
    ),
  },
  { title: 'CommentWithTaggedUsers', additionalProperties: false },
);
export type CommentWithTaggedUsersWire = Static<typeof CommentWithTaggedUsers>;
export const TaggableUsers = Type.Object(
  {
    taggableUsers: Type.Array(
      Type.Object(
        {
          userTagId: Addition(Type.Optional(Type.Integer({ description: 'The id to tag with `@[userTagId]`.' }))),
          displayName: Type.Optional(Type.String()),
          fullName: Type.Optional(Type.String()),
        },
        { title: 'TaggableUser', additionalProperties: false },
      ),
    ),
  },
  { title: 'TaggableUsers', additionalProperties: false },
);

export const InvoiceIds = Type.Object(
  { invoiceIds: Type.Array(Type.Number({ description: 'Invoice ids.' })) },
  { title: 'InvoiceIds', additionalProperties: false },
);
