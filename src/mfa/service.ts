// The one two-factor mechanism. A two-factor endpoint (RouteDef.twoFactor, see src/platform/route.ts) stores
// a pending transaction and answers 202; nothing runs until the transaction is confirmed:
//
//   (none) --request valid--> PENDING --approve, within 5 min--> COMPLETED (action executed, event emitted;
//                                     |                           a failed action records its errors)
//                                     +--reject------------------> REJECTED (status query: 406)
//                                     +--5 minutes pass----------> EXPIRED  (status query: 408)
//
// Sandbox mode approves automatically as soon as the transaction is stored; production mode waits for the
// user's decision in the authenticator. The status stays queryable for 24 hours from the start (then the
// housekeeping task deletes the row: store.purgeExpired).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../platform/context.ts';
import type {
  HttpMethod,
  RouteRequest,
  RouteSchemas,
  TwoFactorGate,
  TwoFactorOutcome,
  TwoFactorSpec,
} from '../platform/route.ts';
import { hasRight, normalizeRights, type RightRequirement } from '../platform/rights.ts';
import { findMembership } from '../auth/index.ts';
import { ApiError, apiError, errorItem, notFound } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { stringifyJson } from '../platform/json.ts';
import { emitEvent, isEventType } from '../webhooks/index.ts';
import * as store from './store.ts';

const CONFIRMATION_APP = 'TASE_AUTHENTICATOR';
/** Time the user has to decide. */
const CONFIRM_WITHIN_MS = 5 * 60_000;
/** How long the status stays queryable, from the start. */
const KEEP_STATUS_MS = 24 * 60 * 60_000;
/** Most pending transactions listed for one user. */
const MAX_PENDING_LISTED = 100;
const MAX_SUMMARY_LENGTH = 500;
const MAX_DETAIL_LINES = 50;

export type Decision = 'APPROVE' | 'REJECT';

/** How the sandbox ends a new two-factor transaction: confirmed, rejected (406) or expired at once (408). */
export type SandboxOutcome = 'CONFIRM' | 'REJECT' | 'EXPIRE';

/** What a status query finds. */
export type TransactionState =
  | { state: 'PENDING' }
  | { state: 'COMPLETED'; result: Record<string, unknown>; failed: boolean; row: store.MfaTransactionRow }
  | { state: 'REJECTED' }
  | { state: 'EXPIRED' };

class NotClaimed extends Error {}

export interface PendingTransaction {
  transactionIdentifier: string;
  companyId: number;
  companyName: string;
  clientId: string;
  clientName: string | null;
  origin: string;
  summary: string;
  details: string[];
  createdAt: string;
  expiresAt: string;
}

export class MfaService implements TwoFactorGate {
  readonly #ctx: AppContext;
  readonly #specs = new Map<string, TwoFactorSpec>();
  readonly #rights = new Map<string, RightRequirement | null>();
  /** Called after a commit that may have written webhook events (wakes the delivery worker). */
  onEventsWritten: () => void = () => {};
  /** The sandbox's choice for a new transaction (set by the sandbox area; confirm when it is not there). */
  sandboxOutcome: (request: RouteRequest<RouteSchemas>) => Promise<SandboxOutcome> = () => Promise.resolve('CONFIRM');

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  declare(spec: TwoFactorSpec, route: { method: HttpMethod; path: string; right: RightRequirement | null }): void {
    const known = this.#specs.get(spec.type);
    if (known && known !== spec)
      throw new Error(`two-factor type ${spec.type} is declared twice (${route.method} ${route.path})`);
    if (spec.event !== undefined && !isEventType(spec.event))
      throw new Error(`two-factor type ${spec.type}: unknown event ${spec.event}`);
    this.#specs.set(spec.type, spec);
    this.#rights.set(spec.type, route.right);
  }

  async start(
    spec: TwoFactorSpec,
    request: RouteRequest<RouteSchemas>,
    route: { method: HttpMethod; path: string },
  ): Promise<{ transactionIdentifier: string; confirmationApp: string }> {
    const described = await spec.describe(request);
    const now = this.#ctx.clock.now();
    const outcome = this.#ctx.config.mode === 'sandbox' ? await this.sandboxOutcome(request) : undefined;
    const transactionId = randomUUID();
    const details = (described.details ?? []).slice(0, MAX_DETAIL_LINES);
    await store.insertTransaction(this.#ctx.db, {
      transaction_id: transactionId,
      company_id: request.auth.companyId,
      user_id: request.auth.userId,
      client_id: request.auth.clientId,
      session_id: request.auth.sessionId,
      type: spec.type,
      origin: `${route.method} ${route.path}`,
      result_field: spec.result,
      summary: described.summary.slice(0, MAX_SUMMARY_LENGTH),
      details: JSON.stringify(details),
      payload: stringifyJson(described.payload ?? null),
      api_version: request.apiVersion,
      status: 'PENDING',
      failed: false,
      result: null,
      created_at: isoDateTime(now),
      expires_at: isoDateTime(new Date(now.getTime() + (outcome === 'EXPIRE' ? 0 : CONFIRM_WITHIN_MS))),
      decided_at: null,
      confirm_read_at: null,
      keep_until: isoDateTime(new Date(now.getTime() + KEEP_STATUS_MS)),
    });
    // The vendor's test server accepts every action by itself: so does the sandbox, unless scripted otherwise.
    if (outcome === 'CONFIRM' || outcome === 'REJECT')
      await this.decide(transactionId, request.auth.userId, outcome === 'CONFIRM' ? 'APPROVE' : 'REJECT');
    return { transactionIdentifier: transactionId, confirmationApp: CONFIRMATION_APP };
  }

  /**
   * The user's decision (the authenticator, or the sandbox itself). Answers the resulting state; throws
   * 404 for a transaction that is not this user's, 408 when it expired, 409 when it was already decided.
   */
  async decide(transactionId: string, userId: number, decision: Decision): Promise<TransactionState> {
    const row = await store.getTransaction(this.#ctx.db, transactionId);
    const now = this.#ctx.clock.now();
    if (!row || Number(row.user_id) !== userId || row.keep_until <= isoDateTime(now)) throw notFound('Transaction');
    if (decision === 'REJECT') {
      if (
        await store.settle(
          this.#ctx.db,
          transactionId,
          { status: 'REJECTED', decided_at: isoDateTime(now) },
          isoDateTime(now),
        )
      )
        return { state: 'REJECTED' };
      throw await this.#notPending(transactionId);
    }
    return this.#execute(row, now);
  }

  async #execute(row: store.MfaTransactionRow, now: Date): Promise<TransactionState> {
    const spec = this.#specs.get(row.type);
    const nowText = isoDateTime(now);
    const field = row.result_field;
    const eventType = spec?.event;
    let outcome: TwoFactorOutcome;
    try {
      if (!spec) throw apiError('MFA_ACTION_UNAVAILABLE', undefined, { type: row.type });
      outcome = await this.#ctx.db.transaction().execute(async (trx) => {
        const claimed = await store.settle(
          trx,
          row.transaction_id,
          { status: 'COMPLETED', decided_at: nowText },
          nowText,
        );
        if (!claimed) throw new NotClaimed();
        await this.#checkStillAllowed(trx, row);
        const done = await spec.execute(
          {
            transactionIdentifier: row.transaction_id,
            companyId: Number(row.company_id),
            userId: Number(row.user_id),
            clientId: row.client_id,
            apiVersion: row.api_version,
            payload: JSON.parse(row.payload),
            now,
          },
          trx,
        );
        await store.setResult(trx, row.transaction_id, stringifyJson({ [field]: done.result }));
        if (eventType) {
          await emitEvent(trx, {
            companyId: Number(row.company_id),
            eventType: eventType as never,
            payload: { transactionIdentifier: row.transaction_id, ...(done.event ?? {}) },
            apiVersion: row.api_version,
            now,
          });
        }
        return done;
      });
    } catch (err) {
      if (err instanceof NotClaimed) throw await this.#notPending(row.transaction_id);
      if (!(err instanceof ApiError)) throw err;
      // The action failed on execution: its writes were rolled back; the failure is the transaction's result.
      const errors = err.items;
      const recorded = await this.#ctx.db.transaction().execute(async (trx) => {
        const claimed = await store.settle(
          trx,
          row.transaction_id,
          { status: 'COMPLETED', decided_at: nowText, failed: true, result: stringifyJson({ [field]: { errors } }) },
          nowText,
        );
        if (!claimed) return false;
        if (eventType) {
          await emitEvent(trx, {
            companyId: Number(row.company_id),
            eventType: eventType as never,
            payload: { transactionIdentifier: row.transaction_id, errors },
            apiVersion: row.api_version,
            now,
          });
        }
        return true;
      });
      if (!recorded) throw await this.#notPending(row.transaction_id);
      this.onEventsWritten();
      return { state: 'COMPLETED', result: { [field]: { errors } }, failed: true, row };
    }
    this.onEventsWritten();
    return { state: 'COMPLETED', result: { [field]: outcome.result }, failed: false, row };
  }

  /** The action runs only if its user still belongs to the company and still holds the right it needs. */
  async #checkStillAllowed(trx: AppContext['db'], row: store.MfaTransactionRow): Promise<void> {
    const membership = await findMembership(trx, Number(row.company_id), Number(row.user_id));
    if (!membership || !membership.active) throw apiError('MFA_USER_NOT_IN_COMPANY');
    const right = this.#rights.get(row.type);
    if (right && !hasRight(normalizeRights(JSON.parse(membership.rights)), right)) {
      throw apiError('FORBIDDEN', undefined, {
        right: `${right.leaf} (${right.level === 'view' ? 'viewing rights' : 'all rights'})`,
      });
    }
  }

  /** The error for a transaction that could not be decided: expired (408) or already decided (409). */
  async #notPending(transactionId: string): Promise<ApiError> {
    const state = await this.#state(transactionId);
    if (state?.state === 'EXPIRED') return apiError('MFA_TRANSACTION_EXPIRED');
    if (!state) return new ApiError([errorItem('NOT_FOUND', undefined, { resource: 'Transaction' })]);
    return apiError('MFA_TRANSACTION_ALREADY_PROCESSED');
  }

  /** Current state, expiring a pending transaction past its 5 minutes on the way. */
  async #state(transactionId: string, row?: store.MfaTransactionRow): Promise<TransactionState | undefined> {
    row ??= await store.getTransaction(this.#ctx.db, transactionId);
    if (!row) return undefined;
    const now = isoDateTime(this.#ctx.clock.now());
    switch (row.status) {
      case 'PENDING':
        if (row.expires_at > now) return { state: 'PENDING' };
        await store.settle(this.#ctx.db, transactionId, { status: 'EXPIRED', decided_at: row.expires_at });
        return this.#state(transactionId);
      case 'COMPLETED':
        return {
          state: 'COMPLETED',
          result: JSON.parse(row.result ?? '{}') as Record<string, unknown>,
          failed: Boolean(row.failed),
          row,
        };
      case 'REJECTED':
        return { state: 'REJECTED' };
      default:
        return { state: 'EXPIRED' };
    }
  }

  /** The caller's own transaction of the caller's company, for 24 hours: 404 unknown (or another company's), 403 another user's. */
  async #own(companyId: number, userId: number, transactionId: string): Promise<store.MfaTransactionRow> {
    const row = await store.getTransaction(this.#ctx.db, transactionId);
    if (!row || Number(row.company_id) !== companyId || row.keep_until <= isoDateTime(this.#ctx.clock.now()))
      throw notFound('Transaction');
    if (Number(row.user_id) !== userId) throw apiError('MFA_NOT_YOUR_TRANSACTION');
    return row;
  }

  /** The status query of the API (GET /mfatransactionresult/{transactionIdentifier}). */
  async statusFor(companyId: number, userId: number, transactionId: string): Promise<TransactionState> {
    const row = await this.#own(companyId, userId, transactionId);
    return (await this.#state(transactionId, row))!;
  }

  /**
   * The deprecated confirm endpoints, reads with their own codes: only transactions started under one of
   * `paths` (404 otherwise); the first read of a completed transaction answers it, later ones 409.
   */
  async confirmRead(
    companyId: number,
    userId: number,
    transactionId: string,
    paths: string[],
  ): Promise<TransactionState> {
    const row = await this.#own(companyId, userId, transactionId);
    const path = row.origin.split(' ')[1] ?? '';
    if (!paths.some((p) => path === p || path.startsWith(`${p}/`))) throw notFound('Transaction');
    const state = (await this.#state(transactionId, row))!;
    if (
      state.state === 'COMPLETED' &&
      !(await store.markConfirmRead(this.#ctx.db, transactionId, isoDateTime(this.#ctx.clock.now())))
    ) {
      throw apiError('MFA_TRANSACTION_ALREADY_PROCESSED');
    }
    return state;
  }

  /** Pending transactions of a user in all companies, with what each will do (for the authenticator). */
  async pendingOf(userId: number): Promise<PendingTransaction[]> {
    const rows = await store.pendingOfUser(
      this.#ctx.db,
      userId,
      isoDateTime(this.#ctx.clock.now()),
      MAX_PENDING_LISTED,
    );
    const names = await this.#ctx.companies.names(
      this.#ctx.db,
      rows.map((r) => Number(r.company_id)),
    );
    return rows.flatMap((r) => {
      // a transaction of a company no longer in the register is not listed (as the join it replaces had it)
      const companyName = names.get(Number(r.company_id));
      if (companyName === undefined) return [];
      return [
        {
          transactionIdentifier: r.transaction_id,
          companyId: Number(r.company_id),
          companyName,
          clientId: r.client_id,
          clientName: r.client_name,
          origin: r.origin,
          summary: r.summary,
          details: JSON.parse(r.details) as string[],
          createdAt: r.created_at,
          expiresAt: r.expires_at,
        },
      ];
    });
  }
}
