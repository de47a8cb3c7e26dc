// HTTP of two-factor transactions: the status query and the deprecated confirm endpoints, which are reads.
import type { FastifyReply } from 'fastify';
import { Type, ADDITION, type TSchema } from '../platform/schema.ts';
import { route, type RouteDef } from '../platform/route.ts';
import { apiError } from '../platform/errors.ts';
import {
  MfaTransactionResult,
  PaymentConfirmResult,
  SalaryPaymentConfirmResult,
  InfoResult,
  PendingMessage,
} from './schemas.ts';
import type { MfaService, TransactionState } from './service.ts';

const TAGS = ['Two-factor'];
const NOT_CONFIRMED = 'The transaction has not been confirmed yet.';

const TransactionParam = Type.Object({
  // a malformed id is a 400 as everywhere else; a well-formed one no transaction has is a 404
  transactionIdentifier: Type.String({
    format: 'uuid',
    maxLength: 36,
    description: 'The `transactionIdentifier` (a UUID) of the 202 answer.',
  }),
});

const STATES_DOC =
  '202 `{message}` while the user has not decided; 406 when the user rejected the action; 408 when it was not ' +
  "confirmed within 5 minutes; 403 when the transaction is not the caller's; 404 for an unknown transaction " +
  '(or one older than 24 hours).';

/** Answers a state: 202 while pending, the errors of rejected/expired, else the result body mapped by `body`. */
function answer(state: TransactionState, reply: FastifyReply, body: (result: Record<string, unknown>) => unknown) {
  switch (state.state) {
    case 'PENDING':
      return reply.code(202).send({ message: NOT_CONFIRMED });
    case 'REJECTED':
      throw apiError('MFA_TRANSACTION_REJECTED');
    case 'EXPIRED':
      throw apiError('MFA_TRANSACTION_EXPIRED');
    case 'COMPLETED':
      return body(state.result);
  }
}

interface ConfirmEndpoint {
  path: string;
  /** Not in the real interface. */
  addition?: boolean;
  /** Paths of the two-factor endpoints whose transactions it reads. */
  paths: string[];
  summary: string;
  response: TSchema;
  /** The deprecated body: capitalised keys for payments. */
  body: (result: Record<string, unknown>) => unknown;
}

const CONFIRM_ENDPOINTS: ConfirmEndpoint[] = [
  {
    path: '/users/:transactionIdentifier/confirm',
    paths: ['/users'],
    summary: 'Result of a user update (deprecated)',
    response: InfoResult,
    body: (r) => r.info ?? {},
  },
  {
    path: '/invoices/:transactionIdentifier/confirm',
    paths: ['/invoices'],
    summary: 'Result of an invoice action (deprecated)',
    response: InfoResult,
    body: (r) => r.info ?? {},
  },
  {
    path: '/payments/:transactionIdentifier/confirm',
    paths: ['/payments'],
    summary: 'Result of a payment action (deprecated)',
    response: PaymentConfirmResult,
    body: (r) => ({
      ...(r.directBankTransfers ? { PaymentSummaries: r.directBankTransfers } : {}),
      ...(r.info ? { InfoMessage: r.info } : {}),
      ...(r.invoicePayments ? { InvoicePaymentSummaries: r.invoicePayments } : {}),
    }),
  },
  {
    path: '/payments/directbanktransfers/:transactionIdentifier/confirm',
    addition: true,
    paths: ['/payments/directbanktransfers'],
    summary: 'Result of a direct bank transfer (deprecated)',
    response: PaymentConfirmResult,
    body: (r) => ({
      ...(r.directBankTransfers ? { PaymentSummaries: r.directBankTransfers } : {}),
      ...(r.info ? { InfoMessage: r.info } : {}),
    }),
  },
  {
    path: '/payments/directsalarypayments/:transactionIdentifier/confirm',
    paths: ['/payments/directsalarypayments'],
    summary: 'Result of a direct salary payment action (deprecated)',
    response: SalaryPaymentConfirmResult,
    body: (r) => ({
      ...(r.directSalaryPayment ? { PaymentGroup: r.directSalaryPayment } : {}),
      ...(r.info ? { InfoMessage: r.info } : {}),
    }),
  },
];

export function mfaRoutes(mfa: MfaService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/mfatransactionresult/:transactionIdentifier',
      right: null,
      tags: TAGS,
      summary: 'Result of a two-factor transaction',
      description:
        'Polls a transaction started by a two-factor endpoint (the alternative to webhooks). 200 once the user ' +
        'confirmed and the action ran: exactly one field is present, the one of the transaction type ' +
        '(`info` for PUT /users); an action that failed on execution carries `errors` in it instead of its result. ' +
        `${STATES_DOC} The status stays queryable for 24 hours from the start.`,
      schema: { params: TransactionParam, response: { 200: MfaTransactionResult, 202: PendingMessage } },
      handler: async ({ auth, params }, reply) =>
        answer(await mfa.statusFor(auth.companyId, auth.userId, params.transactionIdentifier), reply, (r) => r),
    }),
    ...CONFIRM_ENDPOINTS.map((endpoint) =>
      route({
        method: 'PUT',
        path: endpoint.path,
        right: null,
        deprecated: true,
        tags: TAGS,
        summary: endpoint.summary,
        description:
          'Deprecated: use `GET /mfatransactionresult/{transactionIdentifier}`. A read despite the method: it does not ' +
          'confirm anything (the user confirms in the authenticator). 200 with the result the first time it is read ' +
          `after completion, 409 (already processed) on later reads; ${STATES_DOC}`,
        schema: {
          ...(endpoint.addition ? ADDITION : {}),
          params: TransactionParam,
          response: { 200: endpoint.response, 202: PendingMessage },
        },
        handler: async ({ auth, params }, reply) =>
          answer(
            await mfa.confirmRead(auth.companyId, auth.userId, params.transactionIdentifier, endpoint.paths),
            reply,
            endpoint.body,
          ),
      }),
    ),
  ];
}
