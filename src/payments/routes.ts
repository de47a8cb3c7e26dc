// HTTP of payments out: invoice payments, direct bank transfers and direct salary payments (two-factor), their
// reads, and the payment files of our own design.
import { Type, ADDITION, PagingQuery, PathId, TransactionIdentifierBody } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { pageRequest } from '../platform/paging.ts';
import type { Decimal } from '../domain/decimal.ts';
import {
  DirectBankTransferList,
  DirectSalaryPaymentGroup,
  DirectSalaryPaymentGroupSearchResult,
  DirectSalaryPayments,
  GroupQuery,
  InvoicePaymentList,
  PaymentErrorMessageSearchResult,
  PaymentErrorQuery,
  PaymentEventQuery,
  PaymentExportResult,
  PaymentFileSearchResult,
  PaymentQuery,
  PaymentRowInfo,
  PaymentSearchResult,
  type DirectBankTransferWire,
  type DirectSalaryPaymentsWire,
  type InvoicePaymentWire,
} from './schemas.ts';
import type { PaymentService } from './service.ts';
import type { PaymentFiles } from './files.ts';

const TAGS = ['Payments'];
const PAYMENT = 'payments.payment' as const;
const TRANSFER = 'payments.directBankTransfer' as const;
const SALARY = 'payments.salaryPayments' as const;

const PaymentIdParam = Type.Object({ paymentId: PathId('Id of the payment.') });
const ListIdParam = Type.Object({ paymentListId: PathId('Id of the direct salary payment list.') });
const FileIdParam = Type.Object({ fileId: PathId('Id of the payment file.') });

const twoFactorDoc = (what: string, result: string, event: string) =>
  `A two-factor endpoint: the request is checked at once (400 with every problem) and answered 202 ` +
  `\`{transactionIdentifier, confirmationApp}\`; ${what} when the user confirms it in the authenticator within 5 ` +
  `minutes (at once in sandbox mode), after the same checks again: all or nothing. Poll ` +
  `\`GET /mfatransactionresult/{transactionIdentifier}\` (\`${result}\`) or subscribe the \`${event}\` webhook. ` +
  "Needs a person's token (machine-to-machine tokens get 403).";

const PAYER_DOC =
  'The payer account (`payerBankAccount`, IBAN or BBAN; default: the default account for payments) must be an ' +
  'active bank account of the company whose flag allows the payment (`allowPayments`, `allowForeignPayments` ' +
  'for *_FOREIGN_PAYMENT, `allowExpressPayments` for FINNISH_EXPRESS_PAYMENT, `allowSalaryPayments`), else 400 ' +
  '`INVALID_PAYER_BANK_ACCOUNT` on `payerBankAccount`; SWEDISH_DOMESTIC_PAYMENT_BANKGIRO/PLUSGIRO need a SEK ' +
  'account. Recipient IBANs and BICs are checked (ibantools), `bankReferenceCode` by `bankReferenceCodeType` ' +
  '(else as a Finnish or RF reference); amounts are positive with at most two decimals; `paymentDate` not in the past.';

const countOf = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function paymentRoutes(payments: PaymentService, files: PaymentFiles): RouteDef[] {
  /** Cancel or delete one payment: two-factor, answered `info`, with the payment's event. */
  const paymentAction = (def: {
    method: 'PUT' | 'DELETE';
    path: string;
    action: 'cancel' | 'delete';
    type: string;
    event: 'PAYMENT_UPDATED' | 'PAYMENT_DELETED';
    summary: string;
    description: string;
  }) =>
    route({
      method: def.method,
      path: def.path,
      right: edit(PAYMENT),
      tags: TAGS,
      summary: def.summary,
      description: def.description,
      schema: { params: PaymentIdParam, response: { 202: TransactionIdentifierBody } },
      twoFactor: {
        type: def.type,
        result: 'info',
        event: def.event,
        async describe({ auth, params }) {
          return {
            summary: await payments.describePaymentAction(auth.companyId, params.paymentId, def.action),
            payload: { paymentId: params.paymentId },
          };
        },
        async execute(action, trx) {
          const { paymentId } = action.payload as { paymentId: number };
          const result =
            def.action === 'cancel'
              ? await payments.cancel(trx, action.companyId, paymentId)
              : await payments.delete(trx, action.companyId, paymentId);
          return { result, event: { paymentId, message: result.message } };
        },
      },
    });
  const summaryOf = (items: { amount: Decimal }[], currency: (i: number) => string) =>
    items.map((item, i) => `${item.amount.toFixed(2)} ${currency(i)}`);
  return [
    route({
      method: 'GET',
      path: '/payments',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'List the payments',
      description:
        'Payments out (invoice payments, direct bank transfers and salaries) by payment date; `paidAmount` is the ' +
        'amount once the bank has booked it (PAID), else 0.',
      schema: { querystring: PaymentQuery, response: { 200: PaymentSearchResult } },
      handler: ({ auth, query }) =>
        payments.list(auth.companyId, pageRequest(query), {
          startDate: query.startDate,
          endDate: query.endDate,
          invoiceIds: query.invoiceId,
        }),
    }),
    route({
      method: 'GET',
      path: '/payments/paymentevents',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'The payments of invoices',
      description: 'The payments of the invoices `invoiceId` (at most 200 ids).',
      schema: { querystring: PaymentEventQuery, response: { 200: PaymentSearchResult } },
      handler: ({ auth, query }) => payments.list(auth.companyId, pageRequest(query), { invoiceIds: query.invoiceId }),
    }),
    route({
      method: 'GET',
      path: '/payments/errormessages',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'Errors of payments',
      description:
        'The payments the bank returned: an imported bank statement booking the end-to-end id of one of our ' +
        "payments with a return reason (`RtrInf`), which is the `errorCode`. An invoice payment's error points at " +
        'its invoice (`referenceType` INVOICE, with `invoiceType`), the others at the payment. Every error is ' +
        'UNHANDLED: nothing in this interface marks one handled, so `status=HANDLED` finds none; Tase has no Nets ' +
        'collections, so `type=NETS_COLLECTION_ERROR` finds none. Errors of direct bank transfers and salary ' +
        'payments need their own viewing rights too. Dates are the booking dates of the returns. Paged by id.',
      schema: { querystring: PaymentErrorQuery, response: { 200: PaymentErrorMessageSearchResult } },
      handler: ({ auth, query }) =>
        payments.errorMessages({ companyId: auth.companyId, rights: auth.rights }, pageRequest(query), {
          createdStart: query.createdStartDate,
          createdEnd: query.createdEndDate,
          type: query.type,
          status: query.status,
        }),
    }),
    route({
      method: 'GET',
      path: '/payments/:paymentId',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'One payment',
      schema: { params: PaymentIdParam, response: { 200: PaymentRowInfo } },
      handler: ({ auth, params }) => payments.get(auth.companyId, params.paymentId),
    }),
    route({
      method: 'POST',
      path: '/payments',
      right: edit(PAYMENT),
      tags: TAGS,
      summary: 'Pay purchase invoices (two-factor)',
      description:
        'Queues a payment of each purchase invoice (PURCHASE_INVOICE, TRAVEL_INVOICE, BILL_OF_CHARGES in APPROVED or ' +
        'PARTLY_PAID; 400 `INVOICE_NOT_PAYABLE` otherwise) in the currency of the invoice. `invoiceVersion` must be ' +
        "the invoice's current `version` (400 `STALE_VERSION`); the amounts of an invoice, with its queued and sent " +
        'payments, must not exceed its open amount (400 `PAYMENT_EXCEEDS_OPEN_AMOUNT`); 404 for an unknown invoice. ' +
        `${PAYER_DOC} ${twoFactorDoc('the payments are queued (PAYMENT_QUEUED)', 'invoicePayments', 'INVOICE_PAYMENT_CREATED')}`,
      schema: { body: InvoicePaymentList, response: { 202: TransactionIdentifierBody } },
      twoFactor: {
        type: 'INVOICE_PAYMENTS_CREATE',
        result: 'invoicePayments',
        event: 'INVOICE_PAYMENT_CREATED',
        async describe({ auth, body }) {
          const drafts = await payments.prepareInvoicePayments(payments.db, auth.companyId, auth.userId, body.payments);
          return {
            summary: `Pay ${countOf(body.payments.length, 'invoice')}`,
            details: summaryOf(body.payments, (i) => drafts[i].currency).map(
              (line, i) =>
                `${line} to ${body.payments[i].recipientNameAndAddress.name} on ${body.payments[i].paymentDate}`,
            ),
            payload: body.payments,
          };
        },
        async execute(action, trx) {
          const list = action.payload as InvoicePaymentWire[];
          const drafts = await payments.prepareInvoicePayments(trx, action.companyId, action.userId, list, true);
          const rows = await payments.insert(trx, action.companyId, drafts);
          const transactions = rows.map((r) => ({ paymentId: Number(r.id), invoiceId: Number(r.invoice_id) }));
          return { result: { transactions }, event: { transactions } };
        },
      },
    }),
    paymentAction({
      method: 'PUT',
      path: '/payments/:paymentId/cancel',
      action: 'cancel',
      type: 'PAYMENT_CANCEL',
      event: 'PAYMENT_UPDATED',
      summary: 'Cancel a queued payment (two-factor)',
      description:
        'Only a PAYMENT_QUEUED payment (not yet in a payment file) that is not part of a salary list; 403 ' +
        `\`PAYMENT_WRONG_STATUS\` otherwise. ${twoFactorDoc('it becomes PAYMENT_TRANSACTION_REMOVED', 'info', 'PAYMENT_UPDATED')}`,
    }),
    paymentAction({
      method: 'DELETE',
      path: '/payments/:paymentId',
      action: 'delete',
      type: 'PAYMENT_DELETE',
      event: 'PAYMENT_DELETED',
      summary: 'Delete a payment (two-factor)',
      description:
        'Only a queued or cancelled payment (PAYMENT_QUEUED, PAYMENT_TRANSACTION_REMOVED); 403 `PAYMENT_WRONG_STATUS` ' +
        `once it is with the bank. ${twoFactorDoc('it is removed', 'info', 'PAYMENT_DELETED')}`,
    }),
    route({
      method: 'POST',
      path: '/payments/directbanktransfers',
      right: edit(TRANSFER),
      tags: TAGS,
      summary: 'Create direct bank transfers (two-factor)',
      description: `Transfers without an invoice, in \`currencyCode\`. ${PAYER_DOC} ${twoFactorDoc(
        'the transfers are queued (PAYMENT_QUEUED)',
        'directBankTransfers',
        'DIRECTBANKDATATRANSFER_PAYMENT_CREATED',
      )}`,
      schema: { body: DirectBankTransferList, response: { 202: TransactionIdentifierBody } },
      twoFactor: {
        type: 'DIRECT_BANK_TRANSFERS_CREATE',
        result: 'directBankTransfers',
        event: 'DIRECTBANKDATATRANSFER_PAYMENT_CREATED',
        async describe({ auth, body }) {
          const list = body.directBankTransfers;
          await payments.prepareTransfers(payments.db, auth.companyId, auth.userId, list);
          return {
            summary: `Make ${countOf(list.length, 'bank transfer')}`,
            details: summaryOf(list, (i) => list[i].currencyCode).map(
              (line, i) => `${line} to ${list[i].recipientNameAndAddress.name} on ${list[i].paymentDate}`,
            ),
            payload: list,
          };
        },
        async execute(action, trx) {
          const list = action.payload as DirectBankTransferWire[];
          const drafts = await payments.prepareTransfers(trx, action.companyId, action.userId, list);
          const rows = await payments.insert(trx, action.companyId, drafts);
          const transactions = rows.map((r) =>
            r.custom_id === null ? { paymentId: Number(r.id) } : { paymentId: Number(r.id), customId: r.custom_id },
          );
          return { result: { transactions }, event: { transactions } };
        },
      },
    }),
    route({
      method: 'GET',
      path: '/payments/directsalarypayments',
      right: view(SALARY),
      tags: TAGS,
      summary: 'List the direct salary payment lists',
      description: 'By payment date, `name` (the list name) and `customId` (exact).',
      schema: { querystring: GroupQuery, response: { 200: DirectSalaryPaymentGroupSearchResult } },
      handler: ({ auth, query }) =>
        payments.groups(auth.companyId, pageRequest(query), {
          startDate: query.startDate,
          endDate: query.endDate,
          name: query.name,
          customId: query.customId,
        }),
    }),
    route({
      method: 'GET',
      path: '/payments/directsalarypayments/:paymentListId',
      right: view(SALARY),
      tags: TAGS,
      summary: 'One direct salary payment list',
      schema: { params: ListIdParam, response: { 200: DirectSalaryPaymentGroup } },
      handler: ({ auth, params }) => payments.group(auth.companyId, params.paymentListId),
    }),
    route({
      method: 'POST',
      path: '/payments/directsalarypayments',
      right: edit(SALARY),
      tags: TAGS,
      summary: 'Create a direct salary payment list (two-factor)',
      description:
        'Salaries in EUR to IBANs, sent to the bank as their own payment block with category purpose SALA. `customId` ' +
        `of the list: at most 80 characters (filter of the list query); of each payment: unique in the list. ${PAYER_DOC} ` +
        twoFactorDoc('the list and its payments are queued', 'directSalaryPayment', 'DIRECT_SALARY_PAYMENTS_CREATED'),
      schema: { body: DirectSalaryPayments, response: { 202: TransactionIdentifierBody } },
      twoFactor: {
        type: 'DIRECT_SALARY_PAYMENTS_CREATE',
        result: 'directSalaryPayment',
        event: 'DIRECT_SALARY_PAYMENTS_CREATED',
        async describe({ auth, body }) {
          await payments.prepareSalaries(payments.db, auth.companyId, auth.userId, body);
          return {
            summary: `Pay the salary list '${body.listName}' (${countOf(body.payments.length, 'payment')}) on ${body.paymentDate}`,
            details: summaryOf(body.payments, () => 'EUR').map(
              (line, i) => `${line} to ${body.payments[i].recipientName}`,
            ),
            payload: body,
          };
        },
        async execute(action, trx) {
          const body = action.payload as DirectSalaryPaymentsWire;
          const { payer, drafts } = await payments.prepareSalaries(trx, action.companyId, action.userId, body);
          const group = await payments.insertGroup(trx, action.companyId, body, payer, drafts);
          const result = {
            id: group.id,
            ...(body.customId ? { customId: body.customId } : {}),
            payments: group.rows.map((r) => ({ paymentId: Number(r.id), customId: r.custom_id ?? '' })),
          };
          return {
            result,
            event: { paymentListId: group.id, message: `Direct salary payment list ${group.id} created.` },
          };
        },
      },
    }),
    route({
      method: 'PUT',
      path: '/payments/directsalarypayments/:paymentListId/cancel',
      right: edit(SALARY),
      tags: TAGS,
      summary: 'Cancel a direct salary payment list (two-factor)',
      description:
        'Only while no payment of the list is with the bank (403 `PAYMENT_WRONG_STATUS` otherwise): the list becomes ' +
        `PAYMENT_TRANSACTION_CANCELLED and its payments PAYMENT_TRANSACTION_REMOVED. ${twoFactorDoc('it is cancelled', 'info', 'DIRECT_SALARY_PAYMENTS_CANCELED')}`,
      schema: { params: ListIdParam, response: { 202: TransactionIdentifierBody } },
      twoFactor: {
        type: 'DIRECT_SALARY_PAYMENTS_CANCEL',
        result: 'info',
        event: 'DIRECT_SALARY_PAYMENTS_CANCELED',
        async describe({ auth, params }) {
          return {
            summary: await payments.describeGroupCancel(auth.companyId, params.paymentListId),
            payload: { paymentListId: params.paymentListId },
          };
        },
        async execute(action, trx) {
          const { paymentListId } = action.payload as { paymentListId: number };
          const result = await payments.cancelGroup(trx, action.companyId, paymentListId);
          return { result, event: { paymentListId, message: result.message } };
        },
      },
    }),
    route({
      method: 'POST',
      path: '/payments/files',
      right: edit(PAYMENT),
      tags: TAGS,
      summary: 'Make the payment files for the bank',
      description:
        'Tase: gathers every queued payment into ISO 20022 pain.001.001.09 SEPA credit transfer messages, one per ' +
        'payer account and payment date (salaries in their own block with category purpose SALA; Finnish and RF ' +
        'references structured under SCOR). Each message is validated against the schema before it is released ' +
        '(400 `PAYMENT_FILE_INVALID` otherwise, nothing changed). The payments of the files become ' +
        'PAYMENT_SENT_TO_BANK, and PAID when an imported bank statement books the debit with their end-to-end id. ' +
        'Payments that cannot be SEPA credit transfers stay queued and are listed in `notExported`. Also ' +
        '`tase admin payments export`.',
      schema: { ...ADDITION, response: { 200: PaymentExportResult } },
      handler: ({ auth }) => files.export(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/payments/files',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'List the payment files',
      description: 'Tase: the payment files made so far (see POST /payments/files).',
      schema: {
        ...ADDITION,
        querystring: Type.Object({ ...PagingQuery }),
        response: { 200: PaymentFileSearchResult },
      },
      handler: ({ auth, query }) => files.list(auth.companyId, pageRequest(query)),
    }),
    route({
      method: 'GET',
      path: '/payments/files/:fileId',
      right: view(PAYMENT),
      tags: TAGS,
      summary: 'One payment file (pain.001.001.09 XML)',
      description: 'Tase: the message as it goes to the bank.',
      schema: {
        ...ADDITION,
        params: FileIdParam,
        response: {
          200: {
            description: 'The pain.001.001.09 message.',
            content: { 'application/xml': { schema: { type: 'string' } } },
          } as never,
        },
      },
      handler: async ({ auth, params }, reply) => {
        const file = await files.xml(auth.companyId, params.fileId);
        reply.header('content-type', 'application/xml; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${file.messageId}.xml"`);
        return reply.send(file.xml);
      },
    }),
  ];
}
