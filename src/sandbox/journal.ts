// The request journal of the sandbox: the newest API requests with what was sent and answered, so an integrator's
// test can ask what its code sent. Bounded: the newest ENTRIES requests, each body cut at BODY_CHARS characters,
// secrets redacted as in the service's log (src/platform/log-redaction.ts). Kept in one book for all worker
// processes (src/sandbox/books.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactedBody, redactedUrl } from '../platform/log-redaction.ts';
import { isoDateTime, parseDateTime, type Clock } from '../platform/clock.ts';
import type { JournalEntryWire, JournalQueryWire } from './schemas.ts';
import { ShownAnswers } from './shown-answers.ts';

const ENTRIES = 2000;
const BODY_CHARS = 4096;
const API_PATH = /^\/(?:v[\d.]+\/)?api(\/[^?]*)/;

export interface JournalRecord extends JournalEntryWire {
  companyId?: number;
  atMs: number;
}

/** The newest ENTRIES requests of every worker process, in one book (src/sandbox/books.ts). */
export class JournalBook {
  readonly #entries: JournalRecord[] = [];
  #next = 1;

  record(entry: Omit<JournalRecord, 'id'>): void {
    this.#entries.push({ id: this.#next++, ...entry });
    if (this.#entries.length > ENTRIES) this.#entries.splice(0, this.#entries.length - ENTRIES);
  }

  /**
   * The company's requests, newest first; `everyone` (a sandbox administrator) also sees the requests made
   * without a company's token (the token endpoint).
   */
  list(companyId: number, everyone: boolean, query: JournalQueryWire) {
    const since = query.since ? parseDateTime(query.since).getTime() : -Infinity;
    const until = query.until ? parseDateTime(query.until).getTime() : Infinity;
    const matching = this.#entries
      .filter(
        (e) =>
          (e.companyId === companyId || (everyone && e.companyId === undefined)) &&
          (query.clientId === undefined || e.clientId === query.clientId) &&
          (query.path === undefined || e.path.startsWith(query.path)) &&
          (query.status === undefined || e.status === query.status) &&
          e.atMs >= since &&
          e.atMs <= until,
      )
      .reverse();
    const size = query.size ?? 50;
    const page = query.page ?? 0;
    return {
      results: matching.slice(page * size, (page + 1) * size).map(({ companyId: _c, atMs: _a, ...rest }) => rest),
      meta: { page, size, totalCount: matching.length },
    };
  }
}

/** The journal as a worker reaches it: in its own process or in the primary's (src/sandbox/books.ts). */
export interface JournalBookAccess {
  /** Not awaited: the answer has gone already. */
  recordRequest(entry: Omit<JournalRecord, 'id'>): unknown;
  listRequests(companyId: number, everyone: boolean, query: JournalQueryWire): Promise<ReturnType<JournalBook['list']>>;
}

export class RequestJournal {
  readonly #clock: Clock;
  readonly #books: JournalBookAccess;
  /** The answer's text, or for bytes their count (`json` false: never parsed, a parse that throws is dear). */
  readonly #answers = new WeakMap<FastifyRequest, { text: string; json: boolean }>();
  readonly #shown = new ShownAnswers(cut);

  constructor(clock: Clock, books: JournalBookAccess) {
    this.#clock = clock;
    this.#books = books;
  }

  install(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload === 'string') this.#answers.set(request, { text: payload, json: true });
      else if (Buffer.isBuffer(payload)) this.#answers.set(request, { text: `[${payload.length} bytes]`, json: false });
      return payload;
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const path = API_PATH.exec(request.url)?.[1];
      if (!path || (path === '/sandbox/requests' && request.method === 'GET')) return;
      const now = this.#clock.now();
      const url = redactedUrl(request.url);
      const mark = url.indexOf('?');
      void this.#books.recordRequest({
        at: isoDateTime(now),
        atMs: now.getTime(),
        method: request.method,
        path,
        query: mark < 0 ? '' : url.slice(mark + 1),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        clientId: request.auth?.clientId,
        companyId: request.auth?.companyId,
        requestBody: shown(request.body),
        answerBody: shownText(this.#shown, this.#answers.get(request), reply.getHeader('content-type')),
      });
    });
  }

  list(companyId: number, everyone: boolean, query: JournalQueryWire) {
    return this.#books.listRequests(companyId, everyone, query);
  }
}

function shown(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  return cut(JSON.stringify(redactedBody(body)));
}

function shownText(
  answers: ShownAnswers,
  answer: { text: string; json: boolean } | undefined,
  contentType: unknown,
): string | undefined {
  if (answer === undefined || answer.text === '') return undefined;
  if (!answer.json || typeof contentType !== 'string' || !contentType.includes('json')) return cut(answer.text);
  return answers.of(answer.text);
}

function cut(text: string): string {
  return text.length <= BODY_CHARS ? text : `${text.slice(0, BODY_CHARS)}… [${text.length} characters]`;
}
