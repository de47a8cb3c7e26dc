// The outbox: an event is written as a delivery row in the same database transaction as the change that
// causes it, so a change is never committed without its event nor an event sent for a change rolled back.
// The delivery worker (worker.ts) sends the rows later. The message body is fixed here, once: every attempt
// sends (and signs) exactly these bytes.
import { randomUUID } from 'node:crypto';
import { allocateIds, type Db } from '../db/index.ts';
import { isoDateTime } from '../platform/clock.ts';
import { stringifyJson } from '../platform/json.ts';
import { LATEST_VERSION } from '../platform/versions.ts';
import { isEventType, type EventType } from './events.ts';
import { DELIVERY_WINDOW_MS } from './retry.ts';
import { subscriptionsFor, type WebhookDeliveryRow } from './store.ts';

/** Largest message body; a payload is a handful of ids and a message, far below this. */
const MAX_BODY_BYTES = 256 * 1024;

interface EventMessage {
  eventType: EventType;
  webhookUuid: string;
  payload: Record<string, unknown>;
  /** `timestamp`: the event time in milliseconds since 1970-01-01T00:00:00Z (UTC). */
  meta: { version: string; timestamp: number };
}

export interface NewEvent {
  companyId: number;
  eventType: EventType;
  payload: Record<string, unknown>;
  /** API version of the request behind the event (meta.version); default the latest. */
  apiVersion?: string;
  now: Date;
}

/**
 * Writes the event to the outbox of the company's webhook subscribed to it, if any. Call it with the
 * transaction of the change. Answers the delivery ids written (none when nobody subscribed).
 */
export async function emitEvent(trx: Db, event: NewEvent): Promise<string[]> {
  return emitEvents(trx, [event]);
}

/**
 * Events of one company written as `emitEvent` writes each, in order, with one query for the subscriptions and
 * one insert (a bulk change emits one event per thing it changed).
 */
export async function emitEvents(trx: Db, events: readonly NewEvent[]): Promise<string[]> {
  for (const event of events)
    if (!isEventType(event.eventType)) throw new Error(`unknown event type ${String(event.eventType)}`);
  if (events.length === 0) return [];
  const companyId = events[0].companyId;
  if (events.some((event) => event.companyId !== companyId)) throw new Error('events of several companies');
  const subscriptions = await subscriptionsFor(trx, companyId, [...new Set(events.map((e) => e.eventType))]);
  const rows: Omit<WebhookDeliveryRow, 'id'>[] = [];
  for (const event of events) {
    for (const subscription of subscriptions) {
      if (subscription.event_type !== event.eventType) continue;
      const message: EventMessage = {
        eventType: event.eventType,
        webhookUuid: subscription.webhook_uuid,
        payload: event.payload,
        meta: { version: event.apiVersion ?? LATEST_VERSION, timestamp: event.now.getTime() },
      };
      const body = stringifyJson(message);
      if (Buffer.byteLength(body) > MAX_BODY_BYTES)
        throw new Error(`event body of ${event.eventType} exceeds ${MAX_BODY_BYTES} bytes`);
      const now = isoDateTime(event.now);
      rows.push({
        company_id: companyId,
        delivery_id: randomUUID(),
        webhook_uuid: subscription.webhook_uuid,
        event_type: event.eventType,
        body,
        status: 'PENDING',
        attempts: 0,
        created_at: now,
        next_attempt_at: now,
        deadline_at: isoDateTime(new Date(event.now.getTime() + DELIVERY_WINDOW_MS)),
        lease_owner: null,
        lease_until: null,
        last_attempt_at: null,
        last_status: null,
        last_error: null,
        delivered_at: null,
        attempt_log: '[]',
      });
    }
  }
  if (rows.length === 0) return [];
  const first = await allocateIds(trx, companyId, 'webhook_deliveries', rows.length);
  await trx
    .insertInto('webhook_deliveries')
    .values(rows.map((row, i) => ({ ...row, id: first + i })))
    .execute();
  return rows.map((row) => row.delivery_id);
}
