// Faults on demand (sandbox only): rules that make the service answer a request matching a path, a method and a
// client with an error status, slowly, not at all (the connection dropped), with the client suspended, or with
// its access token expired early — each for a number of requests or a time, so a client's error handling can be
// tested. Kept in one book for all worker processes (src/sandbox/books.ts); the sandbox's own endpoints are never
// matched, so a test can always list and remove its rules.
import type { FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, type Clock } from '../platform/clock.ts';
import { withoutUndefined } from '../domain/objects.ts';
import type { FaultRequestWire, FaultWire } from './schemas.ts';

interface Rule extends FaultWire {
  companyId: number;
  pattern: RegExp;
  /** Until when (ms of the service clock) the rule holds; undefined: until its count is used. */
  untilMs?: number;
}

const RULES_PER_COMPANY = 50;
/** The path after the API root, whichever version the request names (`/v2610/api/…` once routed). */
const API_PATH = /^\/(?:v[\d.]+\/)?api(\/[^?]*)/;

/** `*` stands for any text within a segment, `**` for any number of segments. */
function pathPattern(path: string): RegExp {
  const parts = path.split('**').map((part) =>
    part
      .split('*')
      .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*'),
  );
  return new RegExp(`^${parts.join('.*')}/?$`);
}

/** What the rules say of one request. */
export type Verdict =
  | { kind: 'PASS' }
  | { kind: 'STATUS'; status: number; message?: string }
  | { kind: 'DELAY'; delayMs: number }
  | { kind: 'DROP' }
  | { kind: 'SUSPENDED'; untilMs: number }
  | { kind: 'UNAUTHORIZED' };

export interface Probe {
  companyId: number;
  clientId: string;
  tokenId: string;
  method: string;
  path: string;
  /** The service clock's time of the request (the process that keeps the rules may have no clock). */
  nowMs: number;
}

/**
 * The rules with their remaining counts, the suspended clients and the tokens expired early. One book serves
 * every worker process (src/sandbox/books.ts), so a count is used up once whichever worker matches.
 */
export class FaultBook {
  readonly #rules: Rule[] = [];
  #next = 1;
  /** Suspended clients (company, client) until a time of the service clock. */
  readonly #suspended = new Map<string, number>();
  /** Access tokens expired early, by token id. */
  readonly #expiredTokens = new Set<string>();

  add(companyId: number, request: FaultRequestWire, nowMs: number): FaultWire {
    if (this.#rules.filter((r) => r.companyId === companyId).length >= RULES_PER_COMPANY)
      throw apiError('VALIDATION_FAILED', undefined, { detail: `at most ${RULES_PER_COMPANY} fault rules` });
    if (request.count === undefined && request.forSeconds === undefined)
      throw apiError('VALIDATION_FAILED', 'count', { detail: 'a rule needs a count or forSeconds' });
    if (request.kind === 'STATUS' && request.status === undefined) throw apiError('REQUIRED_FIELD_MISSING', 'status');
    if (request.kind === 'DELAY' && request.delayMs === undefined) throw apiError('REQUIRED_FIELD_MISSING', 'delayMs');
    if (request.kind === 'SUSPEND' && request.suspendSeconds === undefined)
      throw apiError('REQUIRED_FIELD_MISSING', 'suspendSeconds');
    const untilMs = request.forSeconds === undefined ? undefined : nowMs + request.forSeconds * 1000;
    const rule: Rule = {
      ...request,
      id: this.#next++,
      method: request.method,
      remaining: request.count,
      until: untilMs === undefined ? undefined : isoDateTime(new Date(untilMs)),
      companyId,
      pattern: pathPattern(request.path),
      untilMs,
    };
    this.#rules.push(rule);
    return wire(rule);
  }

  list(companyId: number, nowMs: number): { results: FaultWire[] } {
    this.#expire(nowMs);
    return { results: this.#rules.filter((r) => r.companyId === companyId).map(wire) };
  }

  remove(companyId: number, id: number): void {
    const index = this.#rules.findIndex((r) => r.companyId === companyId && r.id === id);
    if (index < 0) throw notFound('Fault rule');
    this.#rules.splice(index, 1);
  }

  check(probe: Probe): Verdict {
    if (this.#expiredTokens.has(probe.tokenId)) return { kind: 'UNAUTHORIZED' };
    const suspension = `${probe.companyId}\u001f${probe.clientId}`;
    const suspendedUntil = this.#suspended.get(suspension);
    if (suspendedUntil !== undefined) {
      if (suspendedUntil > probe.nowMs) return { kind: 'SUSPENDED', untilMs: suspendedUntil };
      this.#suspended.delete(suspension);
    }
    const rule = this.#match(probe);
    if (!rule) return { kind: 'PASS' };
    switch (rule.kind) {
      case 'STATUS':
        return { kind: 'STATUS', status: rule.status!, message: rule.message };
      case 'DELAY':
        return { kind: 'DELAY', delayMs: rule.delayMs! };
      case 'DROP':
        return { kind: 'DROP' };
      case 'SUSPEND': {
        const untilMs = probe.nowMs + rule.suspendSeconds! * 1000;
        this.#suspended.set(suspension, untilMs);
        return { kind: 'SUSPENDED', untilMs };
      }
      case 'EXPIRE_TOKEN':
        this.#expiredTokens.add(probe.tokenId);
        return { kind: 'UNAUTHORIZED' };
    }
  }

  #match(probe: Probe): Rule | undefined {
    this.#expire(probe.nowMs);
    const rule = this.#rules.find(
      (r) =>
        r.companyId === probe.companyId &&
        (r.method === undefined || r.method === probe.method) &&
        (r.clientId === undefined || r.clientId === probe.clientId) &&
        r.pattern.test(probe.path),
    );
    if (rule?.remaining !== undefined) {
      rule.remaining--;
      if (rule.remaining <= 0) this.#rules.splice(this.#rules.indexOf(rule), 1);
    }
    return rule;
  }

  #expire(nowMs: number): void {
    for (let i = this.#rules.length - 1; i >= 0; i--) {
      const until = this.#rules[i].untilMs;
      if (until !== undefined && until <= nowMs) this.#rules.splice(i, 1);
    }
  }
}

/** The fault book as a worker reaches it: in its own process or in the primary's (src/sandbox/books.ts). */
export interface FaultBookAccess {
  addFault(companyId: number, request: FaultRequestWire, nowMs: number): Promise<FaultWire>;
  listFaults(companyId: number, nowMs: number): Promise<{ results: FaultWire[] }>;
  removeFault(companyId: number, id: number): Promise<void>;
  checkFaults(probe: Probe): Promise<Verdict>;
}

/** Applies the rules of the shared book to every API request after its authentication. */
export class Faults {
  readonly #clock: Clock;
  readonly #books: FaultBookAccess;

  constructor(clock: Clock, books: FaultBookAccess) {
    this.#clock = clock;
    this.#books = books;
  }

  add(companyId: number, request: FaultRequestWire): Promise<FaultWire> {
    return this.#books.addFault(companyId, request, this.#clock.now().getTime());
  }

  list(companyId: number): Promise<{ results: FaultWire[] }> {
    return this.#books.listFaults(companyId, this.#clock.now().getTime());
  }

  remove(companyId: number, id: number): Promise<void> {
    return this.#books.removeFault(companyId, id);
  }

  /** A preHandler of the whole app (installed by the composition root in sandbox mode). */
  install(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', async (request) => {
      const auth = request.auth;
      if (!auth) return;
      const path = API_PATH.exec(request.url)?.[1];
      if (!path || path.startsWith('/sandbox')) return;
      const nowMs = this.#clock.now().getTime();
      const verdict = await this.#books.checkFaults({
        companyId: auth.companyId,
        clientId: auth.clientId,
        tokenId: auth.tokenId,
        method: request.method,
        path,
        nowMs,
      });
      switch (verdict.kind) {
        case 'PASS':
          return;
        case 'STATUS':
          throw new ApiError([
            { status: verdict.status, message: verdict.message ?? STATUS_CODES[verdict.status] ?? 'Fault' },
          ]);
        case 'DELAY':
          await sleep(verdict.delayMs);
          return;
        case 'DROP':
          request.raw.socket.destroy();
          // nothing is answered: the handler must not run either
          return new Promise(() => undefined);
        case 'SUSPENDED':
          throw suspended(verdict.untilMs, nowMs);
        case 'UNAUTHORIZED':
          throw apiError('UNAUTHORIZED');
      }
    });
  }
}

/**
 * The real service documents that a client exceeding its request rate "may be suspended" and documents no 429
 * (interface spec, Limits; Procountor's API description): Tase's simulation refuses every request of the client
 * with 403 until the suspension ends, naming its end.
 */
function suspended(untilMs: number, nowMs: number): ApiError {
  return new ApiError([
    {
      status: 403,
      message: `The client is suspended for exceeding the request rate; requests are refused for ${Math.ceil(
        (untilMs - nowMs) / 1000,
      )} more seconds.`,
    },
  ]);
}

function wire(rule: Rule): FaultWire {
  const { companyId: _c, pattern: _p, untilMs: _u, ...rest } = rule;
  return withoutUndefined<FaultWire>(rest);
}
