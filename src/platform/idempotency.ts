// Idempotency keys (an addition of Tase; the real interface has none): a POST sent with `Idempotency-Key` runs
// once per client and key. The request's work and its answer are written in one transaction
// (src/db/request-transaction.ts), committed just before the answer leaves, so a retry after a lost answer — a
// dropped connection, a restart, a crash right after the commit — gets the answer of the committed work and does
// not do it again, in whichever process of the service it arrives. The same key with another request is refused
// (422). Answers of success are kept; an error is not (nothing was written: a retry runs again). Keys are kept
// 24 hours, as the payment APIs that popularised the header do (e.g. Stripe).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { Db } from '../db/index.ts';
import { isUniqueViolation } from '../db/index.ts';
import { inRequestTransaction } from '../db/request-transaction.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { apiError } from './errors.ts';
import { isoDateTime, type Clock } from './clock.ts';
import { Type } from './schema.ts';

const HEADER = 'idempotency-key';
const KEEP_MS = 24 * 3600 * 1000;
/** How long a keyed request's transaction waits for its answer to be serialised. */
const ANSWER_WAIT_MS = 30_000;
/** Answers larger than this are not kept (a retry then runs again). */
const LARGEST_KEPT_ANSWER = 1024 * 1024;

interface IdempotencyKeyRow {
  company_id: number;
  client_id: string;
  idempotency_key: string;
  request_hash: string;
  status: number;
  content_type: string;
  body: string;
  created_at: string;
}

declare module '../db/types.ts' {
  interface Database {
    idempotency_keys: IdempotencyKeyRow;
  }
}

export const idempotencyMigrations: Record<string, Migration> = {
  '0901_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['company_id', 'client_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_by_age')
        .on('idempotency_keys')
        .columns(['company_id', 'created_at'])
        .execute();
    },
  },
};

/** The header in the OpenAPI document of every POST that takes it. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      'x-tase-addition': true,
      description:
        'Makes the POST safe to retry (an addition of Tase): a retry with the same key and body answers the ' +
        'first answer without doing the work again, for 24 hours; the same key with another body is refused ' +
        '(422 IDEMPOTENCY_KEY_REUSED). Keys are per OAuth client and company.',
    }),
  ),
});

export async function purgeExpiredIdempotencyKeys(db: Db, companyId: number, batch: PurgeBatch): Promise<number> {
  const before = isoDateTime(new Date(batch.now.getTime() - KEEP_MS));
  const candidates = db
    .selectFrom('idempotency_keys')
    .select('idempotency_key')
    .where('company_id', '=', companyId)
    .where('created_at', '<', before);
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', companyId)
    .where('idempotency_key', 'in', purgeCandidates(candidates, batch))
    .executeTakeFirst();
  return deletedRows(result);
}

interface Pending {
  /** The answer as it is about to be sent (from the onSend hook). */
  answer(answer: { status: number; payload: unknown; contentType: string }): void;
  /** Settles when the work and the answer are committed (or rolled back). */
  committed: Promise<void>;
  settled: boolean;
}

const pending = new WeakMap<FastifyRequest, Pending>();

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export class IdempotencyKeys {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The handler of a POST, made idempotent for requests that carry the header. */
  wrap(handler: Handler): Handler {
    return async (request, reply) => {
      const header = request.headers[HEADER];
      const auth = request.auth;
      if (header === undefined || !auth) return handler(request, reply);
      const key = String(header);
      const hash = requestHash(request);
      const stored = await this.#db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('company_id', '=', auth.companyId)
        .where('client_id', '=', auth.clientId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (stored) {
        if (stored.request_hash !== hash) throw apiError('IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
        return reply
          .code(Number(stored.status))
          .header('content-type', stored.content_type)
          .header('idempotent-replayed', 'true')
          .send(stored.body);
      }
      let answer!: Pending['answer'];
      const answered = new Promise<Parameters<Pending['answer']>[0]>((resolve) => (answer = resolve));
      let handled!: (result: unknown) => void;
      let failed!: (err: unknown) => void;
      const result = new Promise<unknown>((resolve, reject) => ((handled = resolve), (failed = reject)));
      const state: Pending = { answer, committed: Promise.resolve(), settled: false };
      const committed = inRequestTransaction(() =>
        this.#db.transaction().execute(async (trx) => {
          handled(await handler(request, reply));
          // the answer arrives from the onSend hook at once; a request that never reaches it must not hold its
          // transaction (and on SQLite the one connection) for ever: its work is undone (status 0)
          const timer = setTimeout(() => answer({ status: 0, payload: null, contentType: '' }), ANSWER_WAIT_MS);
          const { status, payload, contentType } = await answered;
          clearTimeout(timer);
          if (status === 0) throw apiError('INTERNAL_ERROR');
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
          if (status >= 200 && status < 300 && body !== null && body.length <= LARGEST_KEPT_ANSWER)
            await trx
              .insertInto('idempotency_keys')
              .values({
                company_id: auth.companyId,
                client_id: auth.clientId,
                idempotency_key: key,
                request_hash: hash,
                status,
                content_type: contentType,
                body,
                created_at: isoDateTime(this.#clock.now()),
              })
              .execute();
        }),
      );
      state.committed = committed.then(
        () => this.committed(key),
        (err: unknown) => {
          state.settled = true;
          failed(err);
          // a request with this key committed meanwhile (two sent at once): this one's work is undone
          if (isUniqueViolation(err)) throw apiError('IDEMPOTENCY_KEY_IN_USE', 'Idempotency-Key');
          throw err;
        },
      );
      state.committed.catch(() => undefined);
      pending.set(request, state);
      return result;
    };
  }

  /** The onSend hook of such a POST: the answer is written and committed before it is sent. */
  async beforeSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const state = pending.get(request);
    if (!state || state.settled) return payload;
    state.settled = true;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json');
    state.answer({ status: reply.statusCode, payload, contentType });
    await state.committed;
    return payload;
  }

  /** The work and answer of a keyed request are durable (the moment a crash test stops the service at). */
  committed(_key: string): void {}
}

/** What makes two requests the same: method, path with query, and body. */
function requestHash(request: FastifyRequest): string {
  const body = request.body;
  const text = body === undefined ? `length:${request.headers['content-length'] ?? ''}` : JSON.stringify(body);
  return createHash('sha256').update(`${request.method} ${request.url}\n${text}`).digest('hex');
}
