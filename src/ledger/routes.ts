// HTTP of ledger receipts and journals.
import {
  Type,
  Addition,
  DateString,
  DateTimeString,
  PagingQuery,
  InfoMessage,
  StringEnum,
  EnumList,
  Id,
  PathId,
  type Static,
} from '../platform/schema.ts';
import { endOfDay } from '../platform/clock.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { batchGet, parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import {
  ANY_RECEIPT_STATUS,
  DimensionItemValueList,
  Journal,
  LedgerReceipt,
  LedgerReceiptSearchResult,
  RECEIPT_STATUSES,
  RECEIPT_TYPES,
  type LedgerReceiptWire,
} from './schemas.ts';
import type { LedgerService, ReceiptAction } from './service.ts';
import type { ReceiptOrderColumn, ReceiptSearch } from './store.ts';

const RIGHT = 'accounting.ledgerReceipts' as const;
const TAGS = ['Ledger'];

const ReceiptIdParam = Type.Object({ receiptId: PathId('Ledger receipt id (int32).') });
const commaList = (values: readonly string[], description: string) => EnumList([...values], { description });
const VersionDate = () => Type.Union([DateTimeString(), DateString()]);
const Reconciliation = {
  createReconciliation: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Adds (or adjusts) the RECONCILIATION_ENTRY row that balances the receipt.',
    }),
  ),
};

const list = (value: string | string[] | undefined) => {
  const values = (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.split(','));
  return values.length > 0 ? [...new Set(values)] : undefined;
};

const Order = () => Type.Optional(StringEnum(['ASC', 'DESC']));
const ORDERINGS = {
  orderByDate: 'receipt_date',
  orderByCreated: 'created_at',
  orderByVersion: 'version',
} as const satisfies Record<string, ReceiptOrderColumn>;

/** The orderings asked for, in the order the query names them, before the id order. */
function orderingOf(query: Partial<Record<keyof typeof ORDERINGS, 'ASC' | 'DESC'>>): ReceiptSearch['orderBy'] {
  return (Object.keys(query) as (keyof typeof ORDERINGS)[])
    .filter((key) => key in ORDERINGS && query[key])
    .map((key) => [ORDERINGS[key], query[key]!.toLowerCase() as 'asc' | 'desc']);
}

const DateFilters = {
  startDate: Type.Optional(DateString({ description: 'Receipt date from.' })),
  endDate: Type.Optional(DateString({ description: 'Receipt date to.' })),
  createdStartDate: Type.Optional(VersionDate()),
  createdEndDate: Type.Optional(VersionDate()),
  versionStartDate: Type.Optional(VersionDate()),
  versionEndDate: Type.Optional(VersionDate()),
};

type DateFilterQuery = { [K in keyof typeof DateFilters]?: Static<(typeof DateFilters)[K]> };

function dateSearch(q: DateFilterQuery): ReceiptSearch {
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    createdStart: q.createdStartDate,
    createdEnd: endOfDay(q.createdEndDate),
    versionStart: q.versionStartDate,
    versionEnd: endOfDay(q.versionEndDate),
  };
}

export function ledgerRoutes(ledger: LedgerService): RouteDef[] {
  const action = (name: ReceiptAction, summary: string, description: string) =>
    route({
      method: 'PUT',
      path: `/ledgerreceipts/:receiptId/${name}`,
      right: edit(RIGHT),
      tags: TAGS,
      summary,
      description: `${description} JOURNAL receipts only; the receipt date must be in an open period. An illegal transition answers 400 ILLEGAL_RECEIPT_STATUS_TRANSITION.`,
      schema: { params: ReceiptIdParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) =>
        ledger.action(auth.companyId, parseId(params.receiptId, 'Ledger receipt'), name, auth.userId),
    });

  return [
    route({
      method: 'GET',
      path: '/ledgerreceipts',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Search ledger receipts',
      description:
        'Paged. Filters: receipt types (repeated or comma-separated) and statuses (comma list), receipt date, creation and version datetimes, partner. `orderByDate`, `orderByCreated` and `orderByVersion` order before the id, in the order given.',
      schema: {
        querystring: Type.Object({
          types: Type.Optional(Type.Array(commaList(RECEIPT_TYPES, 'Receipt types, repeated or comma-separated.'))),
          status: Type.Optional(
            commaList(
              ANY_RECEIPT_STATUS,
              'Comma-separated statuses (any of the real vocabulary; journals are UNFINISHED, APPROVED or INVALIDATED).',
            ),
          ),
          partnerId: Type.Optional(Addition(Id())),
          orderByDate: Order(),
          orderByCreated: Order(),
          orderByVersion: Order(),
          ...DateFilters,
          ...PagingQuery,
        }),
        response: { 200: LedgerReceiptSearchResult },
      },
      handler: ({ auth, query }) =>
        ledger.search(
          auth.companyId,
          {
            ...dateSearch(query),
            types: list(query.types),
            statuses: list(query.status),
            partnerId: query.partnerId,
            orderBy: orderingOf(query),
          },
          pageRequest(query),
        ),
    }),
    route({
      method: 'POST',
      path: '/ledgerreceipts',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Create a journal receipt',
      description:
        'Creates an UNFINISHED JOURNAL receipt (other types are created by their documents). Its transactions must balance to the cent, on existing active accounts, with active dimension items, in an open fiscal period, and carry the VAT of every taxed transaction (see `vatPercent` of Transaction; VAT_LINE_MISSING otherwise).',
      schema: { querystring: Type.Object(Reconciliation), body: LedgerReceipt, response: { 200: LedgerReceipt } },
      handler: ({ auth, body, query }) =>
        ledger.create(auth.companyId, body, { createReconciliation: query.createReconciliation }),
    }),
    route({
      method: 'GET',
      path: '/ledgerreceipts/:receiptId',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Get one ledger receipt or a batch',
      description: 'Up to 200 comma-separated ids. Several ids answer a list of the valid ones, ordered by id.',
      schema: {
        params: Type.Object({ receiptId: Type.String({ description: 'Id, or comma-separated ids (at most 200).' }) }),
        response: { 200: Type.Union([LedgerReceipt, Type.Array(LedgerReceipt)]) },
      },
      handler: ({ auth, params }) =>
        batchGet<LedgerReceiptWire & { id: number }>(
          params.receiptId,
          'Ledger receipt',
          'receiptId',
          (ids) => ledger.get(auth.companyId, ids) as Promise<(LedgerReceiptWire & { id: number })[]>,
        ),
    }),
    route({
      method: 'PUT',
      path: '/ledgerreceipts/:receiptId',
      version: 'required',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Replace a journal receipt',
      description:
        'Overwrites an UNFINISHED JOURNAL receipt; `version` must be the current one. Transactions sent back with their `id` keep it. The receipt date must stay within its fiscal year.',
      schema: {
        params: ReceiptIdParam,
        querystring: Type.Object(Reconciliation),
        body: LedgerReceipt,
        response: { 200: LedgerReceipt },
      },
      handler: ({ auth, params, body, query }) =>
        ledger.update(auth.companyId, parseId(params.receiptId, 'Ledger receipt'), body, {
          createReconciliation: query.createReconciliation,
          userId: auth.userId,
        }),
    }),
    action(
      'approve',
      'Approve a journal receipt',
      'UNFINISHED → APPROVED: its transactions count in the ledger from now on.',
    ),
    action(
      'unfinished',
      'Set a journal receipt back to unfinished',
      'APPROVED or INVALIDATED → UNFINISHED: editable again, out of the ledger.',
    ),
    action(
      'invalidate',
      'Invalidate a journal receipt',
      'UNFINISHED or APPROVED → INVALIDATED: out of the ledger; its number stays used.',
    ),
    route({
      method: 'PUT',
      path: '/ledgerreceipts/:receiptId/transactions/:transactionId/dimensions',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Set the dimensions of a transaction',
      description:
        'Replaces the dimension allocations of one transaction (UNFINISHED or APPROVED receipt, open period) and answers the whole receipt. Per dimension the values sum to the transaction amount; items must be active in their dimension.',
      schema: {
        params: Type.Object({
          receiptId: PathId('Ledger receipt id (int32).'),
          transactionId: PathId('Transaction id (int32).'),
        }),
        body: DimensionItemValueList,
        response: { 200: LedgerReceipt },
      },
      handler: ({ auth, params, body }) =>
        ledger.setDimensions(
          auth.companyId,
          parseId(params.receiptId, 'Ledger receipt'),
          parseId(params.transactionId, 'Transaction'),
          body.dimensionItemValues,
          auth.userId,
        ),
    }),
    route({
      method: 'GET',
      path: '/journals',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Find a journal receipt',
      description:
        'As in the real interface, answers one `Journal`: the first JOURNAL receipt (in id order) matching the filters, 404 when none does. `statuses` is a comma list; dates filter the receipt date, datetimes the creation and last change. To list journals, search `GET /ledgerreceipts?types=JOURNAL`.',
      schema: {
        querystring: Type.Object({
          statuses: Type.Optional(
            commaList(RECEIPT_STATUSES, 'Comma-separated statuses: UNFINISHED, APPROVED, INVALIDATED.'),
          ),
          ...DateFilters,
        }),
        response: { 200: Journal },
      },
      handler: ({ auth, query }) =>
        ledger.journal(auth.companyId, { ...dateSearch(query), statuses: list(query.statuses) }),
    }),
  ];
}
