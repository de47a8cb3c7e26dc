// HTTP of bank statements and reference payments, and the import of the bank's camt files.
import { Readable } from 'node:stream';
import { Type, ADDITION, InfoMessage, NumberId, NumberId64, PathId, PathId64 } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { apiError } from '../platform/errors.ts';
import { pageRequest } from '../platform/paging.ts';
import type { FastifyRequest } from 'fastify';
import {
  AllocationMetadata,
  AccountNumberHeader,
  BankFileImportResult,
  BankStatementQuery,
  BankStatementsSearchResult,
  MatchResult,
  ReferencePaymentQuery,
  ReferencePaymentsSearchResult,
} from './schemas.ts';
import { MAX_FILE_BYTES, type BankService } from './service.ts';
import type { BankAllocations } from './allocation.ts';

const RIGHT = 'payments.bankStatementAndReferencePayment' as const;
const ALLOCATION = 'payments.paymentAllocation' as const;
const TAGS = ['Bank statements'];

const EventParams = Type.Object({
  statementId: PathId64('Id of the bank statement.'),
  eventId: PathId('Id of the event of the statement.'),
});
const PaymentParams = Type.Object({ referencePaymentId: PathId64('Id of the reference payment.') });

const ALLOCATION_DOC =
  'The entry gets one allocation at a time (400 `BANK_ENTRY_ALREADY_ALLOCATED`); an event of another statement ' +
  'is refused (400 `BANK_EVENT_NOT_IN_STATEMENT`).';
const METADATA_DOC =
  'Each row books its gross `sum` (signed like the entry) on `ledgerAccountCode`, net of the VAT at ' +
  '`vatPercentage`, which goes to output VAT (money in) or input VAT (money out); the bank account side takes the ' +
  "entry's amount; the rows must add up to the entry (400 `ALLOCATION_SUM_MISMATCH`). `comment` is written into " +
  "the transaction description together with the bank's own message, trimmed to 255 characters, and is returned " +
  'in the listings.';

type Kind = 'INVOICE' | 'PRODUCT' | 'METADATA';
const KIND_OF: Record<string, Kind> = { invoices: 'INVOICE', products: 'PRODUCT', metadata: 'METADATA' };

/** The `accountNumber` header (the spec accepts the account number only there). */
function accountNumberOf(request: FastifyRequest): string | undefined {
  const value = request.headers.accountnumber;
  return Array.isArray(value) ? value[0] : value;
}

const CamtFile = Type.Unsafe<Readable>({
  type: 'string',
  contentMediaType: 'application/xml',
  description: 'A camt.053 (.001.02 or .001.08) or camt.054 (.001.02 or .001.08) file, UTF-8.',
});

export function bankRoutes(bank: BankService, allocations: BankAllocations): RouteDef[] {
  const removal = (what: 'invoices' | 'products' | 'metadata', summary: string) =>
    route({
      method: 'DELETE',
      path: `/bankstatements/:statementId/events/:eventId/${what}`,
      right: edit(ALLOCATION),
      tags: TAGS,
      summary,
      description:
        'Reverses what the allocation booked (the payment event of the invoice, with its status, or the receipt of ' +
        'the bank) and leaves the event unallocated; 400 `BANK_ENTRY_NOT_ALLOCATED` when it is not allocated so.',
      schema: { params: EventParams, response: { 204: Type.Null() } },
      handler: async ({ auth, params }, reply) => {
        await allocations.removeFromEvent(auth, params.statementId, params.eventId, KIND_OF[what]);
        return reply.code(204).send();
      },
    });
  return [
    route({
      method: 'PUT',
      path: '/bankstatements/:statementId/events/:eventId/invoices',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Allocate an event to an invoice',
      description:
        'The body is the id of the invoice: money in pays a sales invoice, money out a purchase invoice (400 ' +
        '`ALLOCATION_INVOICE_SIDE`). The payment is recorded as a payment event of type BANKSTATEMENT (PARTLY_PAID or ' +
        'PAID) and posted (bank against receivables or payables). More than the open amount is refused (400 ' +
        '`PAYMENT_EXCEEDS_OPEN_AMOUNT`) unless `addPenalExpense`: then the excess is booked as penal expense income ' +
        `(account 9170). ${ALLOCATION_DOC}`,
      schema: {
        params: EventParams,
        querystring: Type.Object({ addPenalExpense: Type.Optional(Type.Boolean()) }),
        body: NumberId({ description: 'Id of the invoice.' }),
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params, query, body }) =>
        allocations.allocateEventToInvoice(
          auth,
          params.statementId,
          params.eventId,
          body,
          query.addPenalExpense === true,
        ),
    }),
    removal('invoices', 'Remove the invoice allocation of an event'),
    route({
      method: 'PUT',
      path: '/bankstatements/:statementId/events/:eventId/products',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Allocate an event to a product',
      description:
        "The body is the id of the product: the entry is booked on the product's default account (else 3000 for " +
        `money in, 4000 for money out) at its VAT rate and status. ${ALLOCATION_DOC}`,
      schema: {
        params: EventParams,
        body: NumberId64({ description: 'Id of the product.' }),
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params, body }) =>
        allocations.allocateEventToProduct(auth.companyId, params.statementId, params.eventId, body),
    }),
    removal('products', 'Remove the product allocation of an event'),
    route({
      method: 'PUT',
      path: '/bankstatements/:statementId/events/:eventId/metadata',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Allocate an event to ledger accounts (allocation metadata)',
      description: `${METADATA_DOC} ${ALLOCATION_DOC}`,
      schema: { params: EventParams, body: AllocationMetadata, response: { 200: InfoMessage } },
      handler: ({ auth, params, body }) =>
        allocations.allocateEventMetadata(auth.companyId, params.statementId, params.eventId, body),
    }),
    removal('metadata', 'Remove the allocation metadata of an event'),
    route({
      method: 'PUT',
      path: '/referencepayments/:referencePaymentId/metadata',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Allocate a reference payment to ledger accounts (allocation metadata)',
      description: `${METADATA_DOC} A reference payment gets one allocation at a time (400 \`BANK_ENTRY_ALREADY_ALLOCATED\`).`,
      schema: { params: PaymentParams, body: AllocationMetadata, response: { 200: InfoMessage } },
      handler: ({ auth, params, body }) =>
        allocations.allocatePaymentMetadata(auth.companyId, params.referencePaymentId, body),
    }),
    route({
      method: 'POST',
      path: '/referencepayments/match',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Match the reference payments to open sales invoices',
      description:
        'Tase: runs at once after every import of reference payments; this runs it again for payments not looked at ' +
        "yet. A payment whose reference is an open sales invoice's, in its currency, pays it: MATCHED when the " +
        'amount is the open amount (PAID), PARTIAL when less (PARTLY_PAID); the payment event and its posting are ' +
        'those of an allocation. More than the open amount is an OVERPAYMENT, left unallocated with the invoice ' +
        'noted (allocate it yourself); a payment no open invoice has the reference of is UNMATCHED and stays ' +
        'unallocated. List them with `GET /referencepayments?matchStatus=`.',
      schema: { ...ADDITION, response: { 200: MatchResult } },
      handler: ({ auth }) => bank.matchReferencePayments(auth.companyId),
    }),
    route({
      method: 'DELETE',
      path: '/referencepayments/:referencePaymentId/metadata',
      right: edit(ALLOCATION),
      tags: TAGS,
      summary: 'Remove the allocation metadata of a reference payment',
      description: "Reverses the bank's receipt of the rows and leaves the payment unallocated.",
      schema: { params: PaymentParams, response: { 204: Type.Null() } },
      handler: async ({ auth, params }, reply) => {
        await allocations.removeFromPayment(auth, params.referencePaymentId);
        return reply.code(204).send();
      },
    }),
    route({
      method: 'GET',
      path: '/bankstatements',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the bank statements',
      description:
        'Statements imported from the bank (camt.053), each with its events. Only statements whose period meets ' +
        '`startDate`–`endDate`. The account is chosen by the `accountNumber` HTTP header (IBAN or BBAN), never by a ' +
        'query parameter; without it every account of the company is listed.',
      schema: {
        querystring: BankStatementQuery,
        headers: AccountNumberHeader,
        response: { 200: BankStatementsSearchResult },
      },
      handler: ({ auth, query, raw }) =>
        bank.listStatements(auth.companyId, pageRequest(query), query, accountNumberOf(raw)),
    }),
    route({
      method: 'GET',
      path: '/referencepayments',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the reference payments',
      description:
        'Incoming payments with a reference number, imported from the bank (camt.054), by payment date. The account ' +
        'is chosen by the `accountNumber` HTTP header (IBAN or BBAN); as a query parameter it is refused (400 ' +
        '`ACCOUNT_NUMBER_ONLY_IN_HEADER`).',
      schema: {
        querystring: ReferencePaymentQuery,
        headers: AccountNumberHeader,
        response: { 200: ReferencePaymentsSearchResult },
      },
      handler: ({ auth, query, raw }) => {
        if (query.accountNumber !== undefined) throw apiError('ACCOUNT_NUMBER_ONLY_IN_HEADER', 'accountNumber');
        return bank.listReferencePayments(auth.companyId, pageRequest(query), query, accountNumberOf(raw));
      },
    }),
    route({
      method: 'POST',
      path: '/bankstatements/import',
      right: edit(RIGHT),
      // read in full (to a temporary file when large) before the import's transaction begins
      bodyLimit: MAX_FILE_BYTES,
      tags: TAGS,
      summary: 'Import a bank file (camt.053 or camt.054)',
      description:
        'Tase: the body is the XML file as the bank delivered it (`Content-Type: application/xml`): a camt.053 ' +
        'statement or a camt.054 notification of reference payments, version .001.02 (Finnish banks) or .001.08. ' +
        'Every account of the file must be a bank account of the company in the same currency. Files of the .001.08 ' +
        'versions up to 16 MiB are validated against the ISO 20022 schema; every file is checked as it is read. A ' +
        'file with an error is refused whole (400 `BANK_FILE_INVALID` naming the first error) and nothing is ' +
        'imported. Importing the same file again adds nothing (statements by their id, entries by the archive id).',
      schema: {
        ...ADDITION,
        consumes: ['application/xml', 'text/xml'],
        body: CamtFile,
        response: { 200: BankFileImportResult },
      },
      handler: ({ auth, body }) => {
        if (!(body instanceof Readable))
          throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, {
            contentType: 'application/json',
            expected: 'application/xml',
          });
        return bank.importFile(auth.companyId, body);
      },
    }),
  ];
}
