// A company with one resource of every kind the API has, made through the API as a client would: a product and
// its group, dimensions, partners, an employee with a tax card, employment, union membership, salary base and an
// approved slip, a bank account with an imported statement and reference payments, fiscal years and a VAT return,
// a ledger receipt, a paid invoice with a comment, an attachment, a webhook with a delivery, an integration with an
// activation request, two-factor payments and a payment file. Answers the id of each by the name of the path
// parameter that takes it, so a test can fill in every path of the OpenAPI document.
import { TYEL } from './payroll.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestService } from './service.ts';
import { send } from './fuzz.ts';
import { PASSWORD, until } from '../mfa-helpers.ts';
import { activate, approvedIntegration } from '../integration-helpers.ts';

export const TAX_CARD = {
  type: 'A',
  revised: false,
  validFrom: '2026-02-01',
  basePercent: 20,
  additionalPercent: 40,
  annualIncomeLimit: 40000,
};

export const EMPLOYMENT = { startDate: '2026-01-01', terminationReason: 'NOT_APPLICABLE', keva: false };

export const MEMBERSHIP = { laborUnionSettingId: 1, membershipStart: '2026-01-01' };

/**
 * Creates the resources in the company of `token` (a person's token of an admin with the username `username`, whose
 * password is PASSWORD), their names marked with `mark`. Answers path parameter name → id.
 */
export async function seedResources(
  svc: TestService,
  token: string,
  username: string,
  mark: string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const as = (method: string, path: string, body?: unknown) =>
    send(
      svc.base,
      {
        method,
        path,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      token,
    );
  const create = async (path: string, body: unknown) => {
    const answer = await as('POST', `/api${path}`, body);
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text);
  };
  const product = await create('/products', {
    type: 'SALES',
    name: `${mark} product`,
    price: 10,
    discount: 0,
    active: true,
    currency: 'EUR',
  });
  ids.set('productId', String(product.id));
  ids.set('productGroupId', String((await create('/products/groups', { name: `${mark} group`, type: 'SALES' })).id));
  const dimension = await create('/dimensions', { name: `${mark} dim`, items: [{ codeName: `${mark}i` }] });
  ids.set('dimensionId', String(dimension.id));
  ids.set('itemId', String(dimension.items[0].id));
  ids.set(
    'partnerGroupId',
    String((await create('/businesspartners/groups', { name: `${mark} pgroup`, type: 'CUSTOMER' })).id),
  );
  ids.set('partnerId', String((await create('/businesspartners', { name: `${mark} partner`, type: 'CUSTOMER' })).id));
  ids.set('personId', String((await create('/businesspartners', { name: `${mark} person`, type: 'PERSON' })).id));
  const employee = await create('/payrolls/employees/salaryinfo', {
    personId: Number(ids.get('personId')),
    incomeConfiguration: {
      baseSalaryValue: 3000,
      baseSalaryType: 'ONE_MONTH',
      baseSalaryHours: 160,
      travelExpensesSpecialHandling: 'NONE',
      salaryChannel: 'EMAIL',
      excludedFromAutomatedWithholdingPercentageRequest: false,
    },
    insurancesConfiguration: {
      pensionInsurance: TYEL,
      accidentInsurance: { percent: 0 },
      pensionVoluntarilyPaid: false,
    },
    internationalSituationsConfiguration: { notSubjectToWithholding: false, nonResidentTaxPayer: false },
  });
  ids.set('employeeId', String(employee.employeeId));
  ids.set(
    'employmentId',
    String((await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/employments`, EMPLOYMENT)).id),
  );
  ids.set(
    'taxCardId',
    String((await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/taxcards`, TAX_CARD)).id),
  );
  const [union] = JSON.parse((await as('GET', '/api/payrolls/laborunionsettings')).text);
  ids.set(
    'laborUnionMembershipId',
    String(
      (
        await create(`/payrolls/employees/${employee.employeeId}/salaryinfo/laborunionmemberships`, {
          ...MEMBERSHIP,
          laborUnionSettingId: union.id,
        })
      ).id,
    ),
  );
  const salaryBase = await as('PUT', `/api/payrolls/employees/${employee.employeeId}/salarybase`, {
    notes: `${mark} base`,
    rows: [{ salaryTypeCode: 1000, quantity: 1, unitValue: 3000 }],
  });
  if (salaryBase.status !== 200) throw new Error(`salary base: ${salaryBase.status} ${salaryBase.text}`);
  const salaryList = await create('/payrolls/salarylists', {
    name: `${mark} salaries`,
    paymentPeriodStart: '2026-03-01',
    paymentPeriodEnd: '2026-03-31',
    accountingDate: '2026-03-31',
    dueDate: '2026-03-31',
    payday: '2026-03-31',
    employeesDataForSalarySlip: [{ employeeId: employee.employeeId }],
  });
  ids.set('salaryListId', String(salaryList.id));
  ids.set('salarySlipId', String(salaryList.salarySlips[0].id));
  // approved, so that its accounting can be read
  const slipApproved = await as('PUT', `/api/payrolls/salaryslips/${salaryList.salarySlips[0].id}/approve`);
  if (slipApproved.status !== 200) throw new Error(`approve slip: ${slipApproved.status} ${slipApproved.text}`);
  const bank = {
    iban: 'FI21 1234 5600 0007 85',
    bic: 'NDEAFIHH',
    bankName: `${mark} bank`,
    currency: 'EUR',
    defaultForInvoice: true,
    defaultForPayment: true,
    status: 'ACTIVE',
    ledgerAccount: '1910',
    showAccountOnInvoice: true,
    allowPayments: true,
    allowForeignPayments: false,
    allowSalaryPayments: true,
    allowExpressPayments: false,
  };
  ids.set('bankAccountId', String((await create('/bankaccounts', bank)).id));
  // a bank statement and reference payments of A, imported from the bank's files into that account
  for (const file of ['camt053-fi.001.02.xml', 'camt054-fi.001.02.xml']) {
    const xml = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'bank', file), 'utf8');
    const imported = await send(
      svc.base,
      {
        method: 'POST',
        path: '/api/bankstatements/import',
        headers: { 'content-type': 'application/xml' },
        body: xml.replaceAll('Asiakas Oy', mark).replaceAll('Maksaja Yksi', mark),
      },
      token,
    );
    if (imported.status !== 200) throw new Error(`import ${file}: ${imported.status} ${imported.text}`);
  }
  const statement = JSON.parse((await as('GET', '/api/bankstatements')).text).results[0];
  ids.set('statementId', String(statement.id));
  ids.set('eventId', String(statement.events[0].id));
  const referencePayment = JSON.parse((await as('GET', '/api/referencepayments')).text).results[0];
  ids.set('referencePaymentId', String(referencePayment.id));
  // ids are per company: a year of A's that B has no year with the same id of
  const year = await create('/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
  ids.set('fiscalYearId', String(year.id));
  ids.set('periodId', String(year.periods[0].id));
  ids.set('trackingPeriodId', String(year.periods[0].id));
  const vatReturn = await create('/vat/returns', { periodType: 'MONTH', startDate: '2027-12-01' });
  ids.set('vatReturnId', String(vatReturn.id));
  const userOfA = JSON.parse((await as('GET', '/api/users')).text) as { id: number };
  ids.set('userId', String(userOfA.id));
  // verifier lists are written by the admin only (tase admin company verifier-list)
  const list = await svc.app.services.company.documents.saveVerifierList(svc.demo.companyId, {
    name: `${mark} list`,
    verifiers: [userOfA.id],
    acceptors: [],
  });
  ids.set('listId', String(list.id));
  const receipt = await create('/ledgerreceipts', {
    type: 'JOURNAL',
    name: `${mark} receipt`,
    receiptDate: '2026-03-10',
    vatType: 'PURCHASE',
    vatStatus: 1,
    transactions: [
      { transactionType: 'ENTRY', account: '7000', accountingValue: 10, vatPercent: 0 },
      { transactionType: 'ENTRY', account: '1910', accountingValue: -10, vatPercent: 0 },
    ],
  });
  ids.set('receiptId', String(receipt.id));
  ids.set('transactionId', String(receipt.transactions[0].id));
  // an approved, partly paid sales invoice of A with a comment (discussion allowed in A)
  const circulation = JSON.parse((await as('GET', '/api/company/invoicecirculation/settings')).text);
  const allowed = await as('PUT', '/api/company/invoicecirculation/settings', {
    ...circulation,
    verifiers: [],
    acceptors: [],
    allowInvoiceSpecificDiscussion: true,
  });
  if (allowed.status !== 200) throw new Error(`circulation settings: ${allowed.status} ${allowed.text}`);
  const invoice = await create('/invoices', {
    type: 'SALES_INVOICE',
    date: '2026-03-10',
    counterParty: {
      counterPartyAddress: { name: `${mark} customer`, street: 'Katu 1', zip: '00100', city: 'Helsinki' },
    },
    billingAddress: { street: 'Katu 1', zip: '00100', city: 'Helsinki' },
    paymentInfo: { paymentMethod: 'BANK_TRANSFER', currency: 'EUR', dueDate: '2026-03-24', currencyRate: 1 },
    extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
    discountPercent: 0,
    vatStatus: 1,
    // an e-invoice, so that it has a Finvoice message too
    invoiceChannel: 'ELECTRONIC_INVOICE',
    invoiceRows: [{ product: 'Work', quantity: 1, unit: 'HOUR', unitPrice: 100, discountPercent: 0, vatPercent: 25.5 }],
  });
  ids.set('invoiceId', String(invoice.id));
  const approved = await as('PUT', `/api/invoices/${invoice.id}/approve`, {});
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  const paid = await as('PUT', `/api/invoices/${invoice.id}/paymentevents/markpaid`, {
    paymentDate: '2026-03-12',
    amount: 10,
    currency: 'EUR',
  });
  if (paid.status !== 200) throw new Error(`markpaid: ${paid.status} ${paid.text}`);
  ids.set('paymentEventId', String(JSON.parse(paid.text).id));
  ids.set('commentId', String((await create(`/invoices/${invoice.id}/comments`, { comment: `${mark} note` })).id));
  const upload = new FormData();
  const meta = { name: `${mark}.txt`, referenceType: 'LEDGERRECEIPT', referenceId: receipt.id, sendWithInvoice: false };
  upload.append('meta', JSON.stringify(meta));
  upload.append('file', new Blob([`${mark} file`]), 'a.txt');
  const attached = await fetch(`${svc.base}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: upload,
  });
  ids.set('attachmentId', String(((await attached.json()) as { id: number }).id));
  const webhook = await create('/webhooks', {
    url: 'http://127.0.0.1:9/isolation',
    authenticationType: 'NONE',
    subscriptions: ['USER_UPDATED'],
  });
  ids.set('uuid', webhook.uuid);
  // a two-factor action of A (confirmed at once in sandbox mode), which also queues a webhook delivery
  const update = await as('PUT', '/api/users', {
    firstName: 'Isolation',
    lastName: 'Admin',
    email: 'isolation@example.com',
  });
  ids.set('transactionIdentifier', JSON.parse(update.text).transactionIdentifier);
  const delivery = await until(
    async () => JSON.parse((await as('GET', `/api/webhooks/${webhook.uuid}/deliveries`)).text).results?.[0],
  );
  ids.set('deliveryId', delivery.deliveryId);
  // an integration of A with an open activation request of a customer (A itself)
  const integration = await approvedIntegration(svc, token);
  ids.set('integrationId', integration.integrationId);
  const activated = await activate(svc, integration.integrationId, { username, password: PASSWORD }, [
    svc.demo.companyId,
  ]);
  ids.set('requestId', String(activated.requestId));
  // a direct bank transfer and a salary list of A (two-factor, confirmed at once), sent in payment files
  const twoFactorResult = async (path: string, body: unknown) => {
    const started = await as('POST', `/api${path}`, body);
    if (started.status !== 202) throw new Error(`POST ${path}: ${started.status} ${started.text}`);
    const id = JSON.parse(started.text).transactionIdentifier;
    return JSON.parse((await as('GET', `/api/mfatransactionresult/${id}`)).text);
  };
  const recipient = { recipientBankAccount: 'FI7944052020036082' };
  const transfer = await twoFactorResult('/payments/directbanktransfers', {
    directBankTransfers: [
      {
        ...recipient,
        paymentDate: '2026-03-16',
        amount: 10,
        paymentMethod: 'FINNISH_BANK_TRANSFER',
        recipientNameAndAddress: { name: `${mark} payee` },
        currencyCode: 'EUR',
      },
    ],
  });
  ids.set('paymentId', String(transfer.directBankTransfers.transactions[0].paymentId));
  const salaries = await twoFactorResult('/payments/directsalarypayments', {
    listName: `${mark} salaries`,
    paymentMethod: 'FINNISH_SALARY_TRANSFER',
    paymentDate: '2026-03-16',
    payments: [
      {
        ...recipient,
        amount: 20,
        recipientName: `${mark} employee`,
        recipientCode: { brnType: 'HETU', code: '010190-123A' },
        currencyCode: 'EUR',
        customId: 'slip-1',
      },
    ],
  });
  ids.set('paymentListId', String(salaries.directSalaryPayment.id));
  ids.set('fileId', String((await create('/payments/files', {})).files[0].id));
  // the sandbox's records of the company: a snapshot by its name, a fault rule that matches no request
  ids.set('name', (await create('/sandbox/snapshots', { name: `${mark}-baseline` })).name);
  ids.set(
    'id',
    String((await create('/sandbox/faults', { path: '/no-such-path', kind: 'STATUS', status: 503, count: 1 })).id),
  );
  return ids;
}
