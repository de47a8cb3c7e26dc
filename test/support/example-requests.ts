// The request examples of the OpenAPI document sent to a fresh sandbox, in an order in which each finds what it
// refers to. The examples name resources by the ids a fresh sandbox gives them (every kind counts from 1 per
// company), so the order below is their contract: partner 1 is the demo user's own person, 2 the customer the
// partner example creates, 3 the supplier of a setup step and 4 the person example; invoice 2 is the purchase
// invoice made, verified and approved before the payment example; company 2 is the Swedish company of the Swedish
// example and 3 the one the sandbox seed example creates. Every write happens at one instant of a fixed clock, so
// the `version` a PUT example sends is that instant plus a millisecond for each earlier write of the resource.
// A step is an example (its operationId and path parameters) or a setup request that is not an example (a state
// change with no body). Path parameters are fixed ids except a few the service makes up (uuids, the ids of ledger
// lines, which differ between the engines), taken from earlier answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestService } from './service.ts';
import { activate } from '../integration-helpers.ts';

/** Reference payments (camt.054) for the example that allocates one. */
const CAMT054 = join(import.meta.dirname, '..', 'fixtures', 'bank', 'camt054.001.08.xml');

/** The clock of the run: every write then carries this `version`, which the PUT examples send. */
export const EXAMPLES_CLOCK = '2026-03-16T09:00:00Z';

type Params = Record<string, string | number | ((seen: Seen) => string | number)>;
/** Answers of earlier steps, by operationId. */
type Seen = Record<string, { status: number; body: any }>;

export type Step =
  | { operationId: string; params?: Params; swedish?: true }
  | { setup: string; run: (svc: TestService, token: string, seen: Seen) => Promise<{ status: number; text: string }> };

/** A token of a Swedish company's admin: the Swedish examples are refused in a Finnish company. */
async function swedishToken(svc: TestService): Promise<string> {
  const company = await svc.admin.createCompany({ name: 'Exempel Handel AB', country: 'SWEDEN' });
  const user = await svc.admin.createUser({
    username: 'anna.svensson',
    password: 'Exempel-2026-handel',
    firstName: 'Anna',
    lastName: 'Svensson',
    email: 'anna.svensson@exempelhandel.se',
  });
  await svc.admin.addMember(company.companyId, user.userId, 'ADMIN');
  const key = await svc.admin.createApiKey({
    companyId: company.companyId,
    userId: user.userId,
    clientId: svc.demo.clientId,
  });
  return svc.tokenFor(key.apiKey);
}

/** A request that is not an example, e.g. a state change with no body. */
const setup = (
  method: 'POST' | 'PUT',
  path: string | ((seen: Seen) => string),
  body?: unknown,
  xml?: string,
): Step => ({
  setup: `${method} ${typeof path === 'string' ? path : '…'}`,
  run: async (svc, token, seen) => {
    const answer = await svc.request(method, `/api${typeof path === 'string' ? path : path(seen)}`, {
      token,
      body,
      ...(xml ? { raw: xml, contentType: 'application/xml' } : {}),
    });
    return { status: answer.status, text: answer.text };
  },
});

/** The customer company the sandbox seed example creates asks for the integration on its activation page. */
const activation: Step = {
  setup: 'activation',
  run: async (svc, _token, seen) => {
    const { integrationId } = seen.postIntegrationspecifications.body as { integrationId: string };
    const { companyId } = (seen.postSandboxSeed.body as { companies: { companyId: number }[] }).companies[0];
    const done = await activate(svc, integrationId, { username: 'liisa.kuppi', password: 'Kahvi-2026-kuppi' }, [
      companyId,
    ]);
    return { status: done.status === 302 ? 200 : done.status, text: done.text };
  },
};
/**
 * A sale of February left out of its filed VAT return, booked and approved in open March: the voucher the
 * correction examples name (kept among the answers as `correctionVoucher`).
 */
const correctionVoucher: Step = {
  setup: 'correction voucher',
  run: async (svc, token, seen) => {
    const created = await svc.request('POST', '/api/ledgerreceipts', {
      token,
      body: {
        type: 'JOURNAL',
        name: 'Correction: February sale left out',
        receiptDate: '2026-03-05',
        vatType: 'SALES',
        vatStatus: 1,
        transactions: [
          { transactionType: 'ENTRY', account: '1700', accountingValue: 251, vatPercent: 0 },
          { transactionType: 'ENTRY', account: '3000', accountingValue: -200, vatPercent: 25.5 },
          { transactionType: 'ENTRY', account: '2930', accountingValue: -51, vatPercent: 25.5 },
        ],
      },
    });
    if (created.status !== 200) return { status: created.status, text: created.text };
    seen.correctionVoucher = { status: created.status, body: created.body };
    const approved = await svc.request('PUT', `/api/ledgerreceipts/${created.body.id}/approve`, { token });
    return { status: approved.status, text: approved.text };
  },
};
const purchaseInvoice = (reference: string, amount: number) => ({
  type: 'PURCHASE_INVOICE',
  partnerId: 3,
  date: '2026-03-06',
  counterParty: {
    counterPartyAddress: {
      name: 'Kuopion Varaosa Oy',
      street: 'Satamakatu 3',
      zip: '70100',
      city: 'Kuopio',
      country: 'FINLAND',
    },
  },
  paymentInfo: {
    paymentMethod: 'BANK_TRANSFER',
    currency: 'EUR',
    dueDate: '2026-03-20',
    currencyRate: 1,
    bankReferenceCode: reference,
    bankReferenceCodeType: 'FI',
    bankAccount: { accountNumber: 'FI7747100010001238', bic: 'POPFFI22' },
  },
  extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
  discountPercent: 0,
  vatStatus: 1,
  invoiceChannel: 'NO_SENDING',
  invoiceRows: [
    { product: 'Hydrauliletku', quantity: 4, unit: 'PIECE', unitPrice: amount, discountPercent: 0, vatPercent: 25.5 },
  ],
});
const supplier = {
  name: 'Kuopion Varaosa Oy',
  type: 'SUPPLIER',
  invoicingInfo: { identifier: '1572860-0', identifierType: 'YHD' },
  paymentInfo: { paymentMethod: 'BANK_TRANSFER', bankAccount: 'FI7747100010001238', bic: 'POPFFI22' },
};

export const STEPS: Step[] = [
  { operationId: 'postOauthToken' },
  { operationId: 'putCompany' },
  { operationId: 'putCompanyUsagesettings' },
  { operationId: 'putCompanyInvoicecirculationSettings' },
  { operationId: 'postDimensions' },
  { operationId: 'putDimensionsByDimensionId', params: { dimensionId: 1 } },
  { operationId: 'postDimensionsByDimensionIdItems', params: { dimensionId: 1 } },
  { operationId: 'putDimensionsByDimensionIdItems', params: { dimensionId: 1 } },
  { operationId: 'putDimensionsByDimensionIdItemsByItemId', params: { dimensionId: 1, itemId: 3 } },
  { operationId: 'postProductsGroups' },
  { operationId: 'putProductsGroupsByGroupId', params: { groupId: 1 } },
  { operationId: 'postProducts' },
  { operationId: 'putProductsByProductId', params: { productId: 1 } },
  { operationId: 'patchProductsByProductId', params: { productId: 1 } },
  { operationId: 'putProductsByProductIdDefaultsDimensionsByDimensionId', params: { productId: 1, dimensionId: 1 } },
  { operationId: 'postBusinesspartnersGroups' },
  { operationId: 'putBusinesspartnersGroupsByGroupId', params: { groupId: 1 } },
  { operationId: 'postBusinesspartners' },
  setup('POST', '/businesspartners', supplier),
  { operationId: 'putBusinesspartnersByPartnerId', params: { partnerId: 2 } },
  { operationId: 'patchBusinesspartnersByPartnerId', params: { partnerId: 2 } },
  { operationId: 'putBusinesspartnersByPartnerIdDefaultsAccounts', params: { partnerId: 2 } },
  {
    operationId: 'putBusinesspartnersByPartnerIdDefaultsDimensionsByDimensionId',
    params: { partnerId: 2, dimensionId: 1 },
  },
  { operationId: 'putBusinesspartnersByPartnerIdDefaultsProducts', params: { partnerId: 2 } },
  { operationId: 'postPersons' },
  { operationId: 'putPersonsByPersonId', params: { personId: 4 } },
  { operationId: 'putPersonsByPersonIdDefaultsDimensionsByDimensionId', params: { personId: 4, dimensionId: 1 } },
  { operationId: 'postFactoringcontracts' },
  { operationId: 'postSeFactoringcontracts', swedish: true },
  { operationId: 'postBankaccounts' },
  { operationId: 'putBankaccountsByBankAccountId', params: { bankAccountId: 1 } },
  { operationId: 'patchCoaByLedgerAccountCode', params: { ledgerAccountCode: '7000' } },
  { operationId: 'postFiscalyears' },
  {
    operationId: 'putFiscalyearsByFiscalYearIdTrackingPeriodsByTrackingPeriodId',
    params: { fiscalYearId: 1, trackingPeriodId: 1 },
  },
  { operationId: 'postLedgerreceipts' },
  { operationId: 'putLedgerreceiptsByReceiptId', params: { receiptId: 1 } },
  {
    operationId: 'putLedgerreceiptsByReceiptIdTransactionsByTransactionIdDimensions',
    params: { receiptId: 1, transactionId: (seen) => seen.putLedgerreceiptsByReceiptId.body.transactions[0].id },
  },
  { operationId: 'postInvoices' },
  { operationId: 'putInvoicesByInvoiceId', params: { invoiceId: 1 } },
  { operationId: 'putInvoicesByInvoiceIdNotes', params: { invoiceId: 1 } },
  { operationId: 'postInvoicesByInvoiceIdComments', params: { invoiceId: 1 } },
  { operationId: 'putInvoicesByInvoiceIdApprove', params: { invoiceId: 1 } },
  { operationId: 'putInvoicesByInvoiceIdPaymenteventsMarkpaid', params: { invoiceId: 1 } },
  setup('POST', '/invoices', purchaseInvoice('20260312', 99.2)),
  setup('PUT', '/invoices/2/sendToCirculation'),
  { operationId: 'putInvoicesByInvoiceIdVerify', params: { invoiceId: 2 } },
  setup('PUT', '/invoices/2/approve'),
  setup('POST', '/invoices', purchaseInvoice('20260325', 45)),
  setup('PUT', '/invoices/3/sendToCirculation'),
  { operationId: 'putInvoicesByInvoiceIdReject', params: { invoiceId: 3 } },
  { operationId: 'postInvoicesFinvoice' },
  { operationId: 'postInvoicesFinvoiceDeliveries' },
  { operationId: 'postAttachments' },
  { operationId: 'patchAttachmentsByAttachmentId', params: { attachmentId: 1 } },
  { operationId: 'postBankstatementsImport' },
  { operationId: 'putBankstatementsByStatementIdEventsByEventIdMetadata', params: { statementId: 1, eventId: 2 } },
  { operationId: 'putBankstatementsByStatementIdEventsByEventIdProducts', params: { statementId: 1, eventId: 3 } },
  { operationId: 'putBankstatementsByStatementIdEventsByEventIdInvoices', params: { statementId: 1, eventId: 1 } },
  setup('POST', '/bankstatements/import', undefined, readFileSync(CAMT054, 'utf8')),
  { operationId: 'putReferencepaymentsByReferencePaymentIdMetadata', params: { referencePaymentId: 1 } },
  { operationId: 'postPayrollsEmployeesSalaryinfo' },
  { operationId: 'putPayrollsEmployeesByEmployeeIdSalaryinfo', params: { employeeId: 1 } },
  { operationId: 'postPayrollsEmployeesByEmployeeIdSalaryinfoTaxcards', params: { employeeId: 1 } },
  {
    operationId: 'putPayrollsEmployeesByEmployeeIdSalaryinfoTaxcardsByTaxCardId',
    params: { employeeId: 1, taxCardId: 1 },
  },
  { operationId: 'postPayrollsEmployeesByEmployeeIdSalaryinfoEmployments', params: { employeeId: 1 } },
  {
    operationId: 'putPayrollsEmployeesByEmployeeIdSalaryinfoEmploymentsByEmploymentId',
    params: { employeeId: 1, employmentId: 1 },
  },
  { operationId: 'postPayrollsEmployeesByEmployeeIdSalaryinfoLaborunionmemberships', params: { employeeId: 1 } },
  {
    operationId: 'putPayrollsEmployeesByEmployeeIdSalaryinfoLaborunionmembershipsByLaborUnionMembershipId',
    params: { employeeId: 1, laborUnionMembershipId: 1 },
  },
  { operationId: 'putPayrollsEmployeesByEmployeeIdSalarybase', params: { employeeId: 1 } },
  { operationId: 'putPayrollsHolidayterms' },
  { operationId: 'putPayrollsSalariesbasicinfoGrouplifeinsurance' },
  { operationId: 'putPayrollsSalariesbasicinfoIncomesregistercontact' },
  { operationId: 'postPayrollsSalarylists' },
  { operationId: 'putPayrollsSalaryslipsBySalarySlipId', params: { salarySlipId: 1 } },
  { operationId: 'postPayrollsSalaryslipsBySalarySlipIdPayleaves', params: { salarySlipId: 1 } },
  setup('PUT', '/payrolls/salaryslips/1/approve'),
  { operationId: 'putPayrollsSalaryslipsBySalarySlipIdAccounting', params: { salarySlipId: 1 } },
  { operationId: 'postReportsAccounting' },
  { operationId: 'postReportsLedgeraccounts' },
  { operationId: 'postReportsGeneralledgerByLedgerAccountCode', params: { ledgerAccountCode: '7000' } },
  { operationId: 'postVatReturns' },
  correctionVoucher,
  {
    operationId: 'putVatCorrectionsByReceiptId',
    params: { receiptId: (seen) => seen.correctionVoucher.body.id },
  },
  { operationId: 'postVatReturnsCorrected' },
  { operationId: 'postWebhooks' },
  { operationId: 'putWebhooksByUuid', params: { uuid: (seen) => seen.postWebhooks.body.uuid } },
  { operationId: 'postIntegrationspecifications' },
  {
    operationId: 'putIntegrationspecificationsByIntegrationId',
    params: { integrationId: (seen) => seen.postIntegrationspecifications.body.integrationId },
  },
  setup('PUT', (seen) => `/integrationspecifications/${seen.postIntegrationspecifications.body.integrationId}/submit`),
  { operationId: 'postSandboxSeed' },
  activation,
  { operationId: 'putIntegrationsByRequestId', params: { requestId: 1 } },
  { operationId: 'postPayments' },
  { operationId: 'postPaymentsDirectbanktransfers' },
  { operationId: 'postPaymentsDirectsalarypayments' },
  { operationId: 'putUsers' },
  { operationId: 'putSandboxMfa' },
  { operationId: 'postSandboxSnapshots' },
  { operationId: 'postSandboxReset' },
  // its rule makes the next two invoices fail: after the last invoice (the clock's move is never matched)
  { operationId: 'postSandboxFaults' },
  { operationId: 'postSandboxClock' },
];

interface Operation {
  method: string;
  path: string;
  contentType: string;
  example: unknown;
}

/** The operations with a request body of an OpenAPI document, by operationId. */
export function requestOperations(doc: any): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries<any>(doc.paths))
    for (const [method, op] of Object.entries<any>(item)) {
      const content = op.requestBody?.content;
      if (!content) continue;
      const contentType = Object.keys(content)[0];
      found.set(op.operationId, {
        method: method.toUpperCase(),
        path,
        contentType,
        example: content[contentType].example,
      });
    }
  return found;
}

/** The body as sent: JSON, a form, the text of XML, or multipart with the `file` given as text. */
function encode(
  contentType: string,
  example: unknown,
  token: string,
): { body: string | FormData; headers: Record<string, string> } {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (contentType === 'multipart/form-data') {
    const { meta, file } = example as { meta: unknown; file: string };
    const form = new FormData();
    form.append('meta', JSON.stringify(meta));
    form.append('file', new Blob([file], { type: 'text/plain' }), (meta as { name: string }).name);
    return { body: form, headers };
  }
  headers['content-type'] = contentType;
  if (contentType === 'application/x-www-form-urlencoded')
    return { body: new URLSearchParams(example as Record<string, string>).toString(), headers };
  return { body: typeof example === 'string' ? example : JSON.stringify(example), headers };
}

export interface StepResult {
  step: Step;
  method: string;
  path: string;
  status: number;
  body: any;
  text: string;
}

/**
 * Runs the steps against the service with `token` (a person's token: the two-factor examples need one), the
 * form of the token endpoint with the demo client's credentials in place of the example's.
 */
export async function runSteps(svc: TestService, doc: any, token: string, steps = STEPS): Promise<StepResult[]> {
  const operations = requestOperations(doc);
  const seen: Seen = {};
  const results: StepResult[] = [];
  for (const step of steps) {
    if ('setup' in step) {
      const done = await step.run(svc, token, seen);
      results.push({ step, method: '', path: step.setup, status: done.status, body: undefined, text: done.text });
      continue;
    }
    let method: string, path: string, init: { body?: string | FormData; headers: Record<string, string> };
    {
      const op = operations.get(step.operationId);
      if (!op) throw new Error(`no operation ${step.operationId} with a request body`);
      method = op.method;
      path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = step.params?.[name];
        if (value === undefined) throw new Error(`${step.operationId}: no value for {${name}}`);
        return encodeURIComponent(String(typeof value === 'function' ? value(seen) : value));
      });
      let example = op.example;
      // the sandbox's own credentials are made when it starts
      if (step.operationId === 'postOauthToken')
        example = {
          ...(example as object),
          client_id: svc.demo.clientId,
          client_secret: svc.demo.clientSecret,
          api_key: svc.demo.apiKey,
        };
      init = encode(op.contentType, example, step.swedish ? await swedishToken(svc) : token);
    }
    const response = await fetch(`${svc.base}/api${path}`, { method, ...init });
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    seen[step.operationId] = { status: response.status, body };
    results.push({ step, method, path, status: response.status, body, text });
  }
  return results;
}
