// Rules of webhooks: one webhook per event type per company, http(s) URLs on allowed addresses, HMAC secrets;
// deleting a webhook cancels its pending deliveries.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError, Violations, apiError, errorItem, notFound } from '../platform/errors.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { compact } from '../platform/resource.ts';
import { DELIVERY_WINDOW_MS } from './retry.ts';
import { targetPolicy, urlProblem, type TargetPolicy } from './targets.ts';
import { MIN_SECRET_LENGTH, type WebhookBodyWire, type WebhookDeliveryWire, type WebhookWire } from './schemas.ts';
import { DeliveryWorker, type WorkerOptions } from './worker.ts';
import * as store from './store.ts';

function toWire(row: store.WebhookRow, subscriptions: string[]): WebhookWire {
  // every field named (a new one fails to compile until mapped); unset ones are left out of the answer
  return compact({
    uuid: row.uuid,
    url: row.url,
    authenticationType: row.authentication_type as WebhookWire['authenticationType'],
    subscriptions: subscriptions as WebhookWire['subscriptions'],
    authenticationMeta: row.authentication_type === 'HMAC' ? { hashFunction: 'SHA512' as const } : undefined,
  } satisfies Record<keyof WebhookWire, unknown>);
}

function deliveryToWire(row: store.WebhookDeliveryRow): WebhookDeliveryWire {
  return compact({
    id: Number(row.id),
    deliveryId: row.delivery_id,
    eventType: row.event_type as WebhookDeliveryWire['eventType'],
    status: row.status as WebhookDeliveryWire['status'],
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    attemptLog: JSON.parse(row.attempt_log) as WebhookDeliveryWire['attemptLog'],
    body: row.body,
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : undefined,
    lastAttemptAt: row.last_attempt_at || undefined,
    lastResponseStatus: row.last_status == null ? undefined : Number(row.last_status),
    lastError: row.last_error || undefined,
    deliveredAt: row.delivered_at || undefined,
  } satisfies Record<keyof WebhookDeliveryWire, unknown>);
}

export class WebhookService {
  readonly #ctx: AppContext;
  readonly #policy: TargetPolicy;
  readonly worker: DeliveryWorker;

  constructor(ctx: AppContext, workerOptions: WorkerOptions = {}) {
    this.#ctx = ctx;
    this.#policy = targetPolicy(ctx.config.mode, ctx.config.webhookAllowPrivate);
    this.worker = new DeliveryWorker(ctx, workerOptions);
  }

  /**
   * Checks a webhook body; answers the values to store. `keptSecret`: the secret of the webhook being replaced,
   * kept when the body leaves it out (it is never answered, so a GET body sent back carries none).
   */
  #check(
    body: WebhookBodyWire,
    keptSecret: string | null = null,
  ): { secret: string | null; hash: string | null; events: string[] } {
    const problems = new Violations();
    const url = urlProblem(body.url, this.#policy);
    if (url === 'invalid') problems.add('WEBHOOK_URL_INVALID', 'url');
    else if (url) problems.add('WEBHOOK_URL_NOT_ALLOWED', 'url', { host: url.notAllowed });
    let secret: string | null = null;
    let hash: string | null = null;
    if (body.authenticationType === 'HMAC') {
      secret = body.authenticationMeta?.sharedSecret ?? keptSecret;
      hash = body.authenticationMeta?.hashFunction ?? 'SHA512';
      if (!secret) problems.add('WEBHOOK_SECRET_REQUIRED', 'authenticationMeta.sharedSecret');
      else if ([...secret].length < MIN_SECRET_LENGTH)
        problems.add('WEBHOOK_SECRET_TOO_SHORT', 'authenticationMeta.sharedSecret', { min: MIN_SECRET_LENGTH });
    }
    const seen = new Set<string>();
    body.subscriptions.forEach((event, i) => {
      if (seen.has(event)) problems.add('WEBHOOK_EVENT_LISTED_TWICE', `subscriptions[${i}]`, { event });
      seen.add(event);
    });
    problems.throwIfAny();
    return { secret, hash, events: [...seen] };
  }

  /** Inserts the subscriptions of a webhook; an event another webhook holds is a 400 naming the event. */
  async #subscribe(trx: AppContext['db'], companyId: number, uuid: string, events: string[]): Promise<void> {
    // read once: a second read could see another webhook's subscription committed meanwhile and take it for this one's
    const current = await store.subscriptionsFor(trx, companyId, events);
    const taken = current.filter((s) => s.webhook_uuid !== uuid);
    const conflict = (rows: { event_type: string; webhook_uuid: string }[]) =>
      new ApiError(
        rows.map((s) =>
          errorItem('WEBHOOK_EVENT_ALREADY_SUBSCRIBED', `subscriptions[${events.indexOf(s.event_type)}]`, {
            event: s.event_type,
            uuid: s.webhook_uuid,
          }),
        ),
      );
    if (taken.length > 0) throw conflict(taken);
    const mine = new Set(current.map((s) => s.event_type));
    const added = events.filter((e) => !mine.has(e));
    if (added.length === 0) return;
    try {
      await trx
        .insertInto('webhook_subscriptions')
        .values(added.map((event_type) => ({ company_id: companyId, event_type, webhook_uuid: uuid })))
        .execute();
    } catch (err) {
      // another request subscribed the same event at the same moment
      if (isUniqueViolation(err))
        throw conflict(added.map((event_type) => ({ event_type, webhook_uuid: 'another webhook' })));
      throw err;
    }
  }

  async create(companyId: number, body: WebhookBodyWire): Promise<{ status: number; uuid: string }> {
    const checked = this.#check(body);
    const uuid = randomUUID();
    const now = this.#ctx.clock.now();
    await this.#ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhooks')
        .values({
          company_id: companyId,
          uuid,
          url: body.url,
          authentication_type: body.authenticationType,
          shared_secret: checked.secret,
          hash_function: checked.hash,
          created_at: isoDateTime(now),
          version: nextVersion(now),
        })
        .execute();
      await this.#subscribe(trx, companyId, uuid, checked.events);
    });
    return { status: 200, uuid };
  }

  async get(companyId: number, uuid: string): Promise<WebhookWire> {
    const row = await store.getWebhook(this.#ctx.db, companyId, uuid);
    if (!row) throw notFound('Webhook');
    const subscriptions = await store.subscriptionsOf(this.#ctx.db, companyId, [uuid]);
    return toWire(row, subscriptions.get(uuid) ?? []);
  }

  async search(companyId: number, search: store.WebhookSearch, page: PageRequest): Promise<Paged<WebhookWire>> {
    const { rows, total } = await store.searchWebhooks(this.#ctx.db, companyId, search, page.pageSize, page.offset);
    const subscriptions = await store.subscriptionsOf(
      this.#ctx.db,
      companyId,
      rows.map((r) => r.uuid),
    );
    return paged(
      rows.map((r) => toWire(r, subscriptions.get(r.uuid) ?? [])),
      total,
      page,
    );
  }

  /** PUT: overwrites url, authentication and subscriptions (events left out are unsubscribed). */
  async replace(companyId: number, uuid: string, body: WebhookBodyWire): Promise<{ message: string }> {
    if (body.uuid !== undefined && body.uuid !== uuid) throw apiError('READ_ONLY_FIELD_CHANGED', 'uuid');
    const existing = await store.getWebhook(this.#ctx.db, companyId, uuid);
    if (!existing) throw notFound('Webhook');
    const checked = this.#check(body, existing.shared_secret);
    const now = this.#ctx.clock.now();
    await this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getWebhook(trx, companyId, uuid);
      if (!row) throw notFound('Webhook');
      await trx
        .updateTable('webhooks')
        .set({
          url: body.url,
          authentication_type: body.authenticationType,
          shared_secret: checked.secret,
          hash_function: checked.hash,
          version: nextVersion(now, row.version),
        })
        .where('company_id', '=', companyId)
        .where('uuid', '=', uuid)
        .execute();
      const current = (await store.subscriptionsOf(trx, companyId, [uuid])).get(uuid) ?? [];
      const dropped = current.filter((e) => !checked.events.includes(e));
      if (dropped.length > 0) {
        await trx
          .deleteFrom('webhook_subscriptions')
          .where('company_id', '=', companyId)
          .where('webhook_uuid', '=', uuid)
          .where('event_type', 'in', dropped)
          .execute();
      }
      await this.#subscribe(trx, companyId, uuid, checked.events);
    });
    return { message: 'Webhook updated.' };
  }

  async delete(companyId: number, uuid: string): Promise<void> {
    const now = isoDateTime(this.#ctx.clock.now());
    await this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getWebhook(trx, companyId, uuid);
      if (!row) throw notFound('Webhook');
      await store.deleteSubscriptions(trx, companyId, uuid);
      await store.cancelPendingDeliveries(trx, companyId, uuid, now);
      const deleted = await trx
        .deleteFrom('webhooks')
        .where('company_id', '=', companyId)
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      // deleted by another request meanwhile (PostgreSQL reads it in both)
      if (Number(deleted.numDeletedRows) === 0) throw notFound('Webhook');
    });
  }

  async deliveries(
    companyId: number,
    uuid: string,
    status: store.DeliveryStatus | undefined,
    page: PageRequest,
  ): Promise<Paged<WebhookDeliveryWire>> {
    if (!(await store.getWebhook(this.#ctx.db, companyId, uuid))) throw notFound('Webhook');
    const { rows, total } = await store.searchDeliveries(
      this.#ctx.db,
      companyId,
      uuid,
      status,
      page.pageSize,
      page.offset,
    );
    return paged(rows.map(deliveryToWire), total, page);
  }

  /**
   * Sends a FAILED delivery again: a new 24-hour window starts now (same delivery id, same body). The sandbox's
   * inspector replays a delivery of any state (`anyState`).
   */
  async retry(companyId: number, uuid: string, deliveryId: string, anyState = false): Promise<{ message: string }> {
    const now = this.#ctx.clock.now();
    const updated = await this.#ctx.db.transaction().execute(async (trx) => {
      if (!(await store.getWebhook(trx, companyId, uuid))) throw notFound('Webhook');
      const row = await trx
        .selectFrom('webhook_deliveries')
        .select(['id', 'status'])
        .where('company_id', '=', companyId)
        .where('webhook_uuid', '=', uuid)
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirst();
      if (!row) throw notFound('Delivery');
      if (!anyState && row.status !== 'FAILED')
        throw apiError('WEBHOOK_DELIVERY_NOT_FAILED', undefined, { status: row.status });
      await trx
        .updateTable('webhook_deliveries')
        .set({
          status: 'PENDING',
          next_attempt_at: isoDateTime(now),
          deadline_at: isoDateTime(new Date(now.getTime() + DELIVERY_WINDOW_MS)),
          lease_owner: null,
          lease_until: null,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
      return true;
    });
    if (updated) this.worker.wake();
    return { message: 'Delivery queued.' };
  }
}
