// An endpoint is declared once, as data: method, path, the API version it appeared in, the right it needs,
// its schemas (validation + OpenAPI) and its handler. The app registers it under every version that has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { RightRequirement, Rights } from './rights.ts';
import type { VersionRule } from './lock.ts';
import type { Db } from '../db/index.ts';

export interface RequestAuth {
  companyId: number;
  userId: number;
  clientId: string;
  sessionId: number;
  tokenId: string;
  /** How the session was obtained: machine-to-machine tokens cannot confirm two-factor actions. */
  grant: 'client_credentials' | 'authorization_code';
  authTime: number;
  rights: Rights;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
    /** API version (`YY.MM`) serving this request. */
    apiVersion?: string;
  }
  interface FastifyContextConfig {
    route?: RouteDef;
  }
}

export interface RouteSchemas {
  /** Request content types other than JSON, for the OpenAPI document. */
  consumes?: string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response?: Record<number, TSchema>;
  /** An operation the real interface lacks (spread `ADDITION` from schema.ts). */
  'x-tase-addition'?: true;
}

type StaticOf<T> = T extends TSchema ? Static<T> : undefined;

export interface RouteRequest<RS extends RouteSchemas> {
  params: StaticOf<RS['params']>;
  query: StaticOf<RS['querystring']>;
  body: StaticOf<RS['body']>;
  /** Set on every route whose `auth` is not 'none'. */
  auth: RequestAuth;
  apiVersion: string;
  raw: FastifyRequest;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteBase<RS extends RouteSchemas> {
  method: HttpMethod;
  /** Path below the API base, e.g. `/products/:productIds`. */
  path: string;
  /** First API version with this endpoint (default: every version). */
  since?: string;
  /** First API version without it. */
  removedIn?: string;
  /** 'bearer' (default): an access token is required. */
  auth?: 'bearer' | 'none';
  /** The user right the endpoint needs; null for endpoints any authenticated user may call. */
  right: RightRequirement | null;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  /** Left out of the OpenAPI document (e.g. the document itself). */
  hidden?: boolean;
  operationId?: string;
  /** PUT/PATCH of a versioned resource: whether `version` must be sent (in the body, or the query where it has one). */
  version?: VersionRule;
  /**
   * A PUT whose body has Tase's additions: the resource as stored, with its additions, so that a client that did
   * not ask for them (`Tase-Additions`, additions.ts) keeps them by leaving them out rather than clearing them.
   */
  keepsAdditions?: (this: void, request: RouteRequest<RS>) => Promise<unknown>;
  /** Bytes of body a route taking documents accepts beyond TASE_BODY_LIMIT (body.ts); it gets the document timeout. */
  bodyLimit?: number;
  schema: RS;
}

/**
 * An endpoint either answers by its `handler`, or is a two-factor endpoint: it declares `twoFactor` instead and
 * the shared mechanism (src/mfa) answers it.
 */
export type RouteDef<RS extends RouteSchemas = RouteSchemas> = RouteBase<RS> &
  (
    | { handler(this: void, request: RouteRequest<RS>, reply: FastifyReply): unknown; twoFactor?: undefined }
    | { twoFactor: TwoFactorSpec<RS>; handler?: undefined }
  );

// ---------------------------------------------------------------------------------------------------------
// Two-factor endpoints
//
// A route declared with `twoFactor` is validated and authorised as usual (schemas, right), then:
//   1. a machine-to-machine token (client_credentials) is refused with 403 TWO_FACTOR_NEEDS_PERSON;
//   2. `describe(request)` runs: it checks everything it can before confirmation (throw apiError/Violations for
//      a 4xx; nothing is stored then) and returns the `payload` to keep (JSON: all the action needs later) and a
//      human `summary` (plus optional `details` lines) that the authenticator shows the user;
//   3. the pending transaction is stored and the endpoint answers 202 `{transactionIdentifier, confirmationApp}`.
//      Nothing of the action runs yet.
//   4. On confirmation (automatic in sandbox mode; the user's approval in the authenticator in production mode,
//      within 5 minutes) `execute(action, trx)` runs inside one database transaction together with the state
//      change and the webhook outbox row, so the action, its result and its event are written all or nothing.
//      It returns the body of its result field (`result` below) and, when `event` is set, the event payload
//      (`transactionIdentifier` is added by the mechanism). An ApiError thrown by `execute` rolls its writes
//      back and is recorded as the transaction's failure: the status query and the webhook then carry
//      `{errors:[…]}` in place of the result.
//
// Example (see src/users/update.ts):
//   route({ method: 'PUT', path: '/users', right: edit('user.ownInformation'), …, schema: { body: User },
//     twoFactor: {
//       type: 'USER_UPDATE', result: 'info', event: 'USER_UPDATED',
//       describe: async ({ auth, body }) => ({ summary: 'Update your user information', payload: body }),
//       execute: async (action, trx) => { …; return { result: { message: 'User updated.' }, event: { userId, message } } },
//     } })
// ---------------------------------------------------------------------------------------------------------

/** The field of the transaction result (`GET /mfatransactionresult`) an action fills; exactly one per type. */
type TwoFactorResultField = 'info' | 'invoicePayments' | 'directBankTransfers' | 'directSalaryPayment';

/** What `describe` returns: the stored payload and what the user is shown before deciding. */
interface TwoFactorDescription {
  /** One line, e.g. "Pay 1 200,00 EUR to Acme Oy (invoice 42)". */
  summary: string;
  /** Further lines shown under the summary. */
  details?: string[];
  /**
   * Everything `execute` needs (the request is gone by then, possibly the process too): stored as JSON, so it
   * comes back as parsed JSON (a Decimal comes back as its string).
   */
  payload: unknown;
}

/** A confirmed action handed to `execute`. */
export interface TwoFactorAction {
  transactionIdentifier: string;
  companyId: number;
  userId: number;
  clientId: string;
  /** API version of the request that started it. */
  apiVersion: string;
  payload: unknown;
  now: Date;
}

export interface TwoFactorOutcome {
  /** Body of the result field, e.g. `{message}` for `info`, `{transactions:[…]}` for `invoicePayments`. */
  result: Record<string, unknown>;
  /** Payload of the webhook event (without `transactionIdentifier`), e.g. `{userId, message}`. */
  event?: Record<string, unknown>;
}

export interface TwoFactorSpec<RS extends RouteSchemas = RouteSchemas> {
  /** Stable name of the action, stored with pending transactions: unique across the service. */
  type: string;
  result: TwoFactorResultField;
  /** Webhook event emitted when the action completes or fails (src/webhooks/events.ts). */
  event?: string;
  describe(request: RouteRequest<RS>): Promise<TwoFactorDescription> | TwoFactorDescription;
  /** Runs the confirmed action; `trx` is the database transaction of the confirmation. */
  execute(action: TwoFactorAction, trx: Db): Promise<TwoFactorOutcome>;
}

/** The shared two-factor mechanism as the HTTP layer sees it (implemented by src/mfa/service.ts). */
export interface TwoFactorGate {
  /** Called once for every two-factor route when it is registered (with the right it needs). */
  declare(spec: TwoFactorSpec, route: { method: HttpMethod; path: string; right: RightRequirement | null }): void;
  /** Stores a pending transaction for a validated request (and in sandbox mode confirms it). */
  start(
    spec: TwoFactorSpec,
    request: RouteRequest<RouteSchemas>,
    route: { method: HttpMethod; path: string },
  ): Promise<{ transactionIdentifier: string; confirmationApp: string }>;
}

/** Declares an endpoint; the generic keeps the handler typed by its schemas. */
export function route<RS extends RouteSchemas>(def: RouteDef<RS>): RouteDef {
  return def;
}

export function view(leaf: RightRequirement['leaf']): RightRequirement {
  return { leaf, level: 'view' };
}

export function edit(leaf: RightRequirement['leaf']): RightRequirement {
  return { leaf, level: 'edit' };
}
