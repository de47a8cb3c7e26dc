// Wire shapes of integrations: the real interface's activation request, decision and customers, and the
// specification an integrator writes (of Tase's own design: the real service edits them on its web pages).
import { Type, Addition, StringEnum, Text, Id, type Static } from '../platform/schema.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { RIGHTS_TREE } from '../platform/rights.ts';
import { BusinessIdentifier } from '../company/index.ts';

const SPECIFICATION_STATUSES = ['DRAFT', 'UNDER_REVIEW', 'APPROVED', 'DECLINED'] as const;
export type SpecificationStatus = (typeof SPECIFICATION_STATUSES)[number];

/** The company details a customer may consent to share with the integrator (`extraInfo`). */
const CONSENT_FIELDS = ['companyName', 'country', 'accountingOfficeName', 'businessIdentifier'] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];

const RIGHT_LEAVES = Object.entries(RIGHTS_TREE).flatMap(([area, leaves]) =>
  Object.keys(leaves).map((leaf) => `${area}.${leaf}`),
);

const ExtraInfo = Type.Object(
  {
    companyName: Type.Optional(Type.String()),
    country: Type.Optional(StringEnum([...COUNTRIES])),
    accountingOfficeName: Type.Optional(Type.String()),
    businessIdentifier: Type.Optional(BusinessIdentifier),
  },
  { title: 'ApiIntegrationCompanyExtraInfo', additionalProperties: false },
);
export type ExtraInfoWire = Static<typeof ExtraInfo>;

export const IntegrationRequestData = Type.Object(
  {
    integrationId: Type.String(),
    expires: Type.Optional(Type.String({ description: 'When the request expires (15 minutes after it was made).' })),
    initiator: Type.Optional(
      Type.Object(
        { email: Type.Optional(Type.String()), userFullName: Type.Optional(Type.String()) },
        { title: 'ApiIntegrationInitiator', additionalProperties: false },
      ),
    ),
    companiesToIntegrate: Type.Optional(
      Type.Array(
        Type.Object(
          { companyId: Type.Optional(Id()), extraInfo: Type.Optional(ExtraInfo) },
          { title: 'ApiIntegrationCompany', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'ApiIntegrationRequestData', additionalProperties: false },
);
export type IntegrationRequestWire = Static<typeof IntegrationRequestData>;

export const IntegrationApproveRequest = Type.Object(
  {
    approve: Type.Optional(Type.Array(Type.Number())),
    reject: Type.Optional(
      Type.Array(
        Type.Object(
          { companyId: Type.Optional(Id()), reason: Type.Optional(Type.String({ minLength: 0, maxLength: 255 })) },
          { title: 'ApiIntegrationRejected', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'ApiIntegrationApproveRequest', additionalProperties: false },
);
export type IntegrationApproveWire = Static<typeof IntegrationApproveRequest>;

export const IntegrationApproveResult = Type.Object(
  {
    integrationId: Type.Optional(Type.String()),
    companiesIntegrated: Type.Optional(
      Type.Array(
        Type.Object(
          {
            companyId: Type.Optional(Id()),
            apiKey: Type.Optional(
              Type.String({ description: "The technical user's API key: use it with client credentials only." }),
            ),
          },
          { title: 'ApiIntegrationApprovedDTO', additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'ApiIntegrationApproveResult', additionalProperties: false },
);
export type IntegrationApproveResultWire = Static<typeof IntegrationApproveResult>;

const CUSTOMER_STATUSES = [
  'APPROVED',
  'DELETED',
  'DEPRECATED',
  'INVALIDATED',
  'NEW',
  'PENDING_APPROVAL',
  'REJECTED',
] as const;

const CustomerFields = {
  companyId: Type.Optional(Id()),
  integrationVersionStatus: Type.Optional(StringEnum([...CUSTOMER_STATUSES])),
};

export const IntegrationCustomer = Type.Object(
  {
    ...CustomerFields,
    customers: Addition(
      Type.Array(Type.Object(CustomerFields, { additionalProperties: false }), {
        description: 'Every customer of the integration (or only the one `companyId` names).',
      }),
    ),
  },
  {
    title: 'ApiIntegrationCustomer',
    additionalProperties: false,
    description:
      'The customer the `companyId` query parameter names in `companyId` and `integrationVersionStatus` (left out ' +
      'without one), and every customer in `customers`.',
  },
);
export type IntegrationCustomerWire = Static<typeof IntegrationCustomer>;
export type CustomerStatusWire = IntegrationCustomerWire['customers'][number];

const RequestedRight = Type.Object(
  {
    right: StringEnum(RIGHT_LEAVES, { description: 'A leaf of UserRights, e.g. `sales.salesInvoices`.' }),
    level: StringEnum(['VIEWING_RIGHTS', 'ALL_RIGHTS']),
  },
  { additionalProperties: false },
);

/** A specification as the integrator writes it. */
export const SpecificationInput = Addition(
  Type.Object(
    {
      name: Text(100, { minLength: 1 }),
      description: Text(2000),
      callbackUrl: Text(2000, {
        description: 'Where the customer is sent after accepting: an absolute https URL (http on localhost).',
      }),
      requestedRights: Type.Array(RequestedRight, { maxItems: 64 }),
      consentFields: Type.Array(StringEnum([...CONSENT_FIELDS]), { maxItems: CONSENT_FIELDS.length }),
      partnerVal: Type.Optional(Text(255, { description: 'Passed through to the callback as `partner_val`.' })),
    },
    { title: 'IntegrationSpecificationInput', additionalProperties: false },
  ),
);
export type SpecificationInputWire = Static<typeof SpecificationInput>;

export const Specification = Addition(
  Type.Object(
    {
      integrationId: Type.String({ readOnly: true }),
      versionNo: Type.Integer({ readOnly: true, description: 'Grows by one with every change after a review.' }),
      status: StringEnum([...SPECIFICATION_STATUSES], { readOnly: true }),
      declineReason: Type.Optional(Type.String({ readOnly: true })),
      activationLink: Type.Optional(
        Type.String({
          readOnly: true,
          description: 'The page customers open to activate the integration (once approved).',
        }),
      ),
      name: Type.String(),
      description: Type.String(),
      callbackUrl: Type.String(),
      requestedRights: Type.Array(RequestedRight),
      consentFields: Type.Array(StringEnum([...CONSENT_FIELDS])),
      partnerVal: Type.Optional(Type.String()),
      clientId: Type.String({
        readOnly: true,
        description: "The OAuth client the technical users' API keys are bound to.",
      }),
      created: Type.String({ readOnly: true }),
    },
    { title: 'IntegrationSpecification', additionalProperties: false },
  ),
);
export type SpecificationWire = Static<typeof Specification>;
