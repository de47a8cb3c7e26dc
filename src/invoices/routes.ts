// HTTP of invoices: documents, actions, circulation queues, payment events, history and discussion.
import {
  Type,
  DateString,
  DateTimeString,
  Id,
  NumberId,
  PagingQuery,
  PathId,
  StringEnum,
  InfoMessage,
} from '../platform/schema.ts';
import { route, edit, type RouteDef, type RequestAuth } from '../platform/route.ts';
import { batchGet } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { endOfDay } from '../platform/clock.ts';
import type { Rights } from '../platform/rights.ts';
import { termGrams, wordsOf } from './mapping.ts';
import {
  CheckingEvent,
  Comment,
  Comments,
  CommentWithTaggedUsers,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  Invoice,
  InvoiceIds,
  InvoiceNotes,
  InvoiceSearchResult,
  InvoiceTransactions,
  InvoiceTransactionsByInvoices,
  MarkInvoiceAsPaid,
  PaymentEvent,
  PaymentEventSearchResult,
  TaggableUsers,
  type InvoiceWire,
} from './schemas.ts';
import { INVOICE_CHANNELS } from '../partners/index.ts';
import type { InvoiceAction } from './actions.ts';
import type { Caller } from './documents.ts';
import type { InvoiceService } from './service.ts';

const TAGS = ['Invoices'];
const InvoiceIdParam = Type.Object({ invoiceId: PathId('Invoice id (int32).') });
const EventParams = Type.Object({
  invoiceId: PathId('Invoice id (int32).'),
  paymentEventId: PathId('Payment event id (int32).'),
});
const CommentParams = Type.Object({
  invoiceId: PathId('Invoice id (int32).'),
  commentId: PathId('Comment id (int32).'),
});
const Order = StringEnum(['ASC', 'DESC']);
const VersionDate = Type.Union([DateTimeString(), DateString()]);
const CIRCULATED = StringEnum(['PURCHASE_INVOICE', 'TRAVEL_INVOICE', 'BILL_OF_CHARGES']);

const caller = (auth: RequestAuth): Caller => ({ companyId: auth.companyId, userId: auth.userId, rights: auth.rights });
const lower = (order: 'ASC' | 'DESC' | undefined) => order?.toLowerCase() as 'asc' | 'desc' | undefined;

const STATES_DOC =
  'Sales invoices: UNFINISHED → approve → NOT_SENT (posted) → send → SENT → paid → PARTLY_PAID / PAID. ' +
  'Sales orders, purchase orders and offers: UNFINISHED → approve → APPROVED (not posted). Purchase, travel and ' +
  'expense invoices: UNFINISHED → sendToCirculation → RECEIVED → verify → VERIFIED → approve → APPROVED (posted) ' +
  '→ paid; reject → PAYMENT_DENIED. `unfinished` goes back to UNFINISHED and `invalidate` to INVALIDATED, both ' +
  'reversing the posting; neither once payments are recorded. An action from another status is a 400 ' +
  '`INVOICE_ACTION_NOT_ALLOWED` naming the statuses it is legal from.';

const ACTION_DOCS: Record<InvoiceAction, { summary: string; body: boolean; description: string }> = {
  approve: {
    summary: 'Approve an invoice',
    body: true,
    description:
      'Posts sales, purchase, travel and expense invoices to the ledger (sales: receivables / sales per VAT rate / ' +
      'output VAT; purchases: expense per row or rate / input VAT / payables; EU purchases and domestic reverse ' +
      'charge self-assess the VAT) on the invoice date, which must lie in an open period. In circulation, the ' +
      'caller must be the acceptor whose turn it is, after every verifier.',
  },
  send: { summary: 'Send a sales invoice', body: false, description: 'Only NOT_SENT or SENT sales invoices.' },
  unfinished: {
    summary: 'Mark an invoice unfinished',
    body: false,
    description: 'Reverses the posting (a linked reversal receipt) and restarts circulation.',
  },
  invalidate: { summary: 'Invalidate an invoice', body: false, description: 'Reverses the posting, if any.' },
  verify: {
    summary: 'Verify an invoice',
    body: true,
    description: 'The caller must be the verifier whose turn it is (invoice circulation).',
  },
  reject: { summary: 'Reject an invoice', body: true, description: 'RECEIVED or VERIFIED → PAYMENT_DENIED.' },
  sendToCirculation: {
    summary: 'Send an invoice to circulation',
    body: false,
    description:
      "Verifiers and acceptors are the invoice's own, else the company's circulation settings; with circulation " +
      'in use and no acceptor, 403 `CIRCULATION_HAS_NO_ACCEPTORS`.',
  },
};

export function invoiceRoutes(invoices: InvoiceService): RouteDef[] {
  const actionRoutes = (Object.keys(ACTION_DOCS) as InvoiceAction[]).map((action) => {
    const doc = ACTION_DOCS[action];
    return route({
      method: 'PUT',
      path: `/invoices/:invoiceId/${action}`,
      right: null,
      tags: TAGS,
      summary: doc.summary,
      description: `${doc.description} ${STATES_DOC}`,
      schema: {
        params: InvoiceIdParam,
        ...(doc.body ? { body: Type.Optional(CheckingEvent) } : {}),
        ...(action === 'approve'
          ? {
              querystring: Type.Object({
                updateInventory: Type.Optional(Type.Boolean({ description: 'Accepted; no inventory is kept.' })),
              }),
            }
          : {}),
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params, body }) => invoices.actions.act(caller(auth), params.invoiceId, action, body?.comment),
    });
  });

  return [
    route({
      method: 'GET',
      path: '/invoices',
      right: null,
      tags: TAGS,
      summary: 'Search invoices',
      description:
        'Only invoice types the user may view. `searchTerm` searches the counterparty name, the invoice number and ' +
        'the additional information, ignoring case and accents (ä, ö, å match a, o, a): each word of three or ' +
        'more letters or digits must occur anywhere in that text (`auppa` finds Kauppa), a word of one or two ' +
        'must begin a word of it; several words must all match (at most 5 are used). Paged; ordered by id unless ' +
        'an `orderBy…` is given. `meta.totalCount` is given on the first page when at most 1 000 invoices match, ' +
        'and on a page that ends the list (fewer results than `size`); otherwise it is left out and the list ' +
        'continues until a page is shorter than `size`.',
      schema: {
        querystring: Type.Object({
          status: Type.Optional(Type.Array(StringEnum([...INVOICE_STATUSES]), { maxItems: 20 })),
          startDate: Type.Optional(DateString({ description: 'Invoice date on or after.' })),
          endDate: Type.Optional(DateString()),
          createdStartDate: Type.Optional(VersionDate),
          createdEndDate: Type.Optional(VersionDate),
          versionStartDate: Type.Optional(VersionDate),
          versionEndDate: Type.Optional(VersionDate),
          dueStartDate: Type.Optional(DateString()),
          dueEndDate: Type.Optional(DateString()),
          types: Type.Optional(Type.Array(StringEnum([...INVOICE_TYPES]), { maxItems: 7 })),
          businessPartnerId: Type.Optional(Id()),
          factoringContractId: Type.Optional(Id()),
          originalInvoiceNumber: Type.Optional(Type.String({ maxLength: 40 })),
          invoiceNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32' })),
          productId: Type.Optional(
            Type.Array(Type.Number({ minimum: 1, maximum: 2147483647 }), {
              maxItems: 200,
              description: 'Invoices with a row of any of these products (at most 200).',
            }),
          ),
          searchTerm: Type.Optional(Type.String({ maxLength: 200 })),
          isOffer: Type.Optional(Type.Boolean()),
          orderByDate: Type.Optional(Order),
          orderByCreated: Type.Optional(Order),
          orderByVersion: Type.Optional(Order),
          invoiceChannel: Type.Optional(Type.Array(StringEnum([...INVOICE_CHANNELS]), { maxItems: 6 })),
          ...PagingQuery,
        }),
        response: { 200: InvoiceSearchResult },
      },
      handler: ({ auth, query }) => {
        const words =
          query.searchTerm === undefined
            ? undefined
            : [...new Set(wordsOf(query.searchTerm))].map((word) => {
                const { grams, substring } = termGrams(word);
                return substring ? { grams, substring: word } : { grams };
              });
        return invoices.documents.search(
          caller(auth),
          {
            statuses: query.status,
            types: query.types,
            startDate: query.startDate,
            endDate: query.endDate,
            createdStart: query.createdStartDate,
            createdEnd: endOfDay(query.createdEndDate),
            versionStart: query.versionStartDate,
            versionEnd: endOfDay(query.versionEndDate),
            dueStart: query.dueStartDate,
            dueEnd: query.dueEndDate,
            partnerId: query.businessPartnerId,
            factoringContractId: query.factoringContractId,
            originalInvoiceNumber: query.originalInvoiceNumber,
            invoiceNumber: query.invoiceNumber,
            productIds: query.productId?.filter(Number.isInteger),
            words: words && words.length > 0 ? words.slice(0, 5) : undefined,
            isOffer: query.isOffer,
            channels: query.invoiceChannel,
            orderByDate: lower(query.orderByDate),
            orderByCreated: lower(query.orderByCreated),
            orderByVersion: lower(query.orderByVersion),
          },
          pageRequest(query),
        );
      },
    }),
    route({
      method: 'POST',
      path: '/invoices',
      right: null,
      tags: TAGS,
      summary: 'Create an invoice',
      description:
        'Creates an UNFINISHED invoice and gives it the next invoice number of its type (per company, without ' +
        'gaps). `paymentInfo.generatedReferenceType` (FI or RF) asks for a generated reference code; a sent ' +
        '`bankReferenceCode` is checked by the check digits of its `bankReferenceCodeType` (400 ' +
        '`INVALID_BANK_REFERENCE_CODE`). Rows are checked against the VAT rates of the invoice date (25.5 % from ' +
        '1.9.2024; 13.5 % replaces 14 % from 1.1.2026) and `productId` against the product register.',
      schema: {
        body: Invoice,
        querystring: Type.Object({
          addCollectionPenalCosts: Type.Optional(Type.Boolean({ description: 'Accepted; no penal costs are added.' })),
        }),
        response: { 200: Invoice },
      },
      handler: ({ auth, body }) => invoices.documents.create(caller(auth), body),
    }),
    route({
      method: 'GET',
      path: '/invoices/personalapprovals',
      right: null,
      tags: TAGS,
      summary: 'Invoices waiting for my approval',
      schema: { querystring: Type.Object({ types: CIRCULATED }), response: { 200: InvoiceIds } },
      handler: ({ auth, query }) => invoices.actions.personalQueue(caller(auth), 'ACCEPTOR', query.types),
    }),
    route({
      method: 'GET',
      path: '/invoices/personalverifications',
      right: null,
      tags: TAGS,
      summary: 'Invoices waiting for my verification',
      schema: { querystring: Type.Object({ types: CIRCULATED }), response: { 200: InvoiceIds } },
      handler: ({ auth, query }) => invoices.actions.personalQueue(caller(auth), 'VERIFIER', query.types),
    }),
    route({
      method: 'GET',
      path: '/invoices/transactions',
      right: null,
      tags: TAGS,
      summary: 'What was done to a batch of invoices',
      description:
        'The history of each invoice, as `GET /invoices/{invoiceId}/transactions` answers it, for up to 200 ids ' +
        '(`invoiceIds` repeated), in id order. Invoices that do not exist or that the caller may not view are ' +
        'left out; 404 when none is left; 403 for a caller who may view no kind of invoice.',
      schema: {
        querystring: Type.Object({
          invoiceIds: Type.Array(NumberId(), { minItems: 1, maxItems: 200, description: 'Invoice ids (at most 200).' }),
        }),
        response: { 200: InvoiceTransactionsByInvoices },
      },
      handler: ({ auth, query }) => invoices.actions.transactionsOfMany(caller(auth), query.invoiceIds),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId',
      right: null,
      tags: TAGS,
      summary: 'Get one invoice or a batch of invoices',
      description: 'Up to 200 comma-separated ids; several ids answer a list of those found, ordered by id.',
      schema: {
        params: Type.Object({ invoiceId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }) }),
        response: { 200: Type.Union([Invoice, Type.Array(Invoice)]) },
      },
      handler: ({ auth, params }) =>
        batchGet<InvoiceWire & { id: number }>(params.invoiceId, 'Invoice', 'invoiceId', (ids) =>
          invoices.documents.getMany(caller(auth), ids),
        ),
    }),
    route({
      method: 'PUT',
      path: '/invoices/:invoiceId',
      version: 'required',
      right: null,
      tags: TAGS,
      summary: 'Replace an invoice',
      description:
        'Sales invoices and orders in UNFINISHED, purchase, travel and expense invoices in UNFINISHED or RECEIVED. ' +
        '`version` is required (a stale one is a 400); `type`, `status` and `attachments` cannot change. Rows sent ' +
        'with their `id` keep it; new rows get new ids in order.',
      schema: { params: InvoiceIdParam, body: Invoice, response: { 200: Invoice } },
      handler: ({ auth, params, body }) => invoices.documents.replace(caller(auth), params.invoiceId, body),
    }),
    ...actionRoutes,
    route({
      method: 'PUT',
      path: '/invoices/:invoiceId/notes',
      right: null,
      tags: TAGS,
      summary: 'Replace the internal notes of an invoice',
      schema: { params: InvoiceIdParam, body: InvoiceNotes, response: { 200: InfoMessage } },
      handler: ({ auth, params, body }) => invoices.actions.setNotes(caller(auth), params.invoiceId, body.notes),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/transactions',
      right: null,
      tags: TAGS,
      summary: 'What was done to an invoice',
      schema: { params: InvoiceIdParam, response: { 200: InvoiceTransactions } },
      handler: ({ auth, params }) => invoices.actions.transactions(caller(auth), params.invoiceId),
    }),
    route({
      method: 'PUT',
      path: '/invoices/:invoiceId/paymentevents/markpaid',
      right: edit('payments.markAsPaid'),
      tags: TAGS,
      summary: 'Mark an invoice (partly) paid',
      description:
        'Records a payment event and posts it on `paymentDate` (sales: bank / receivables; purchases: payables / ' +
        'bank). The amount is in the invoice currency, negative for a credit note, and at most the open amount; ' +
        'the invoice becomes PARTLY_PAID, or PAID when the events add up to its total. Emits INVOICE_PAYMENT_CREATED.',
      schema: {
        params: InvoiceIdParam,
        body: MarkInvoiceAsPaid,
        querystring: Type.Object({
          addPenalExpense: Type.Optional(Type.Boolean({ description: 'Accepted; no penal expense is added.' })),
        }),
        response: { 200: PaymentEvent },
      },
      handler: ({ auth, params, body, apiVersion }) =>
        invoices.payments.markPaid(caller(auth), params.invoiceId, body, apiVersion),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/paymentevents',
      right: null,
      tags: TAGS,
      summary: 'Payment events of an invoice',
      schema: {
        params: InvoiceIdParam,
        querystring: Type.Object({ ...PagingQuery }),
        response: { 200: PaymentEventSearchResult },
      },
      handler: ({ auth, params, query }) =>
        invoices.payments.paymentEvents(caller(auth), params.invoiceId, pageRequest(query)),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/paymentevents/:paymentEventId',
      right: null,
      tags: TAGS,
      summary: 'One payment event of an invoice',
      schema: { params: EventParams, response: { 200: PaymentEvent } },
      handler: ({ auth, params }) =>
        invoices.payments.paymentEvent(caller(auth), params.invoiceId, params.paymentEventId),
    }),
    route({
      method: 'DELETE',
      path: '/invoices/:invoiceId/paymentevents/:paymentEventId',
      right: edit('payments.markAsPaid'),
      tags: TAGS,
      summary: 'Delete a payment event (two-factor)',
      description:
        'A two-factor endpoint: checked at once and answered 202 `{transactionIdentifier, confirmationApp}`; on ' +
        "the user's confirmation the event's posting is reversed, the paid sum and status recomputed, and " +
        '`INVOICE_PAYMENTEVENTS_DELETED` emitted. Poll `GET /mfatransactionresult/{transactionIdentifier}` (`info`).',
      schema: { params: EventParams },
      twoFactor: {
        type: 'INVOICE_PAYMENT_EVENT_DELETE',
        result: 'info',
        event: 'INVOICE_PAYMENTEVENTS_DELETED',
        async describe({ auth, params }) {
          const summary = await invoices.payments.describeDeletion(
            caller(auth),
            params.invoiceId,
            params.paymentEventId,
          );
          return {
            summary,
            payload: { invoiceId: params.invoiceId, paymentEventId: params.paymentEventId, rights: auth.rights },
          };
        },
        async execute(action, trx) {
          const payload = action.payload as { invoiceId: number; paymentEventId: number; rights: Rights };
          const result = await invoices.payments.deletePaymentEvent(
            trx,
            { companyId: action.companyId, userId: action.userId, rights: payload.rights },
            payload.invoiceId,
            payload.paymentEventId,
          );
          return { result, event: { paymentEventId: payload.paymentEventId, message: result.message } };
        },
      },
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/comments',
      right: null,
      tags: TAGS,
      summary: 'Comments of an invoice',
      description:
        "403 `INVOICE_DISCUSSION_NOT_ALLOWED` while the company's circulation settings do not allow invoice discussion.",
      schema: {
        params: InvoiceIdParam,
        querystring: Type.Object({ readByAllTaggedUsers: Type.Optional(Type.Boolean()) }),
        response: { 200: Comments },
      },
      handler: ({ auth, params, query }) =>
        invoices.comments.comments(caller(auth), params.invoiceId, query.readByAllTaggedUsers),
    }),
    route({
      method: 'POST',
      path: '/invoices/:invoiceId/comments',
      right: null,
      tags: TAGS,
      summary: 'Comment an invoice',
      description: 'Tag users of the company with `@[userTagId]` in the text.',
      schema: { params: InvoiceIdParam, body: Comment, response: { 200: Comment } },
      handler: ({ auth, params, body }) => invoices.comments.addComment(caller(auth), params.invoiceId, body.comment),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/comments/taggableusers',
      right: null,
      tags: TAGS,
      summary: 'Users who can be tagged in comments of an invoice',
      schema: { params: InvoiceIdParam, response: { 200: TaggableUsers } },
      handler: ({ auth, params }) => invoices.comments.taggableUsers(caller(auth), params.invoiceId),
    }),
    route({
      method: 'GET',
      path: '/invoices/:invoiceId/comments/:commentId',
      right: null,
      tags: TAGS,
      summary: 'One comment of an invoice, with its tagged users',
      schema: { params: CommentParams, response: { 200: CommentWithTaggedUsers } },
      handler: ({ auth, params }) => invoices.comments.comment(caller(auth), params.invoiceId, params.commentId),
    }),
    route({
      method: 'PUT',
      path: '/invoices/:invoiceId/comments/:commentId/read',
      right: null,
      tags: TAGS,
      summary: 'Mark a comment read (tagged users only)',
      schema: { params: CommentParams, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => invoices.comments.markRead(caller(auth), params.invoiceId, params.commentId),
    }),
  ];
}
