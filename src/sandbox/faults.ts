// Faults on demand (sandbox only): rules that make the service answer a request matching a path, a method and a
// client with an error status, slowly, not at all (the connection dropped), with the client suspended, or with
// its access token expired early — each for a number of requests or a time, so a client's error handling can be
// tested. Kept in the process (a sandbox runs as one); the sandbox's own endpoints are never matched, so a test
// can always list and remove its rules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, type Clock } from '../platform/clock.ts';
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

export class Faults {
  readonly #clock: Clock;
  readonly #rules: Rule[] = [];
  #next = 1;
  /** Suspended clients (company, client) until a time of the service clock. */
  readonly #suspended = new Map<string, number>();
  /** Access tokens expired early, by token id. */
  readonly #expiredTokens = new Set<string>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  add(companyId: number, request: FaultRequestWire): FaultWire {
    if (this.#rules.filter((r) => r.companyId === companyId).length >= RULES_PER_COMPANY)
      throw apiError('VALIDATION_FAILED', undefined, { detail: `at most ${RULES_PER_COMPANY} fault rules` });
    if (request.count === undefined && request.forSeconds === undefined)
      throw apiError('VALIDATION_FAILED', 'count', { detail: 'a rule needs a count or forSeconds' });
    if (request.kind === 'STATUS' && request.status === undefined) throw apiError('REQUIRED_FIELD_MISSING', 'status');
    if (request.kind === 'DELAY' && request.delayMs === undefined) throw apiError('REQUIRED_FIELD_MISSING', 'delayMs');
    if (request.kind === 'SUSPEND' && request.suspendSeconds === undefined)
      throw apiError('REQUIRED_FIELD_MISSING', 'suspendSeconds');
    const now = this.#clock.now().getTime();
    const untilMs = request.forSeconds === undefined ? undefined : now + request.forSeconds * 1000;
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

  list(companyId: number): { results: FaultWire[] } {
    this.#expire();
    return { results: this.#rules.filter((r) => r.companyId === companyId).map(wire) };
  }

  remove(companyId: number, id: number): void {
    const index = this.#rules.findIndex((r) => r.companyId === companyId && r.id === id);
    if (index < 0) throw notFound('Fault rule');
    this.#rules.splice(index, 1);
  }

  /** Applies the rules to every API request after its authentication (a preHandler of the whole app). */
  install(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', async (request) => {
      const auth = request.auth;
      if (!auth) return;
      const path = API_PATH.exec(request.url)?.[1];
      if (!path || path.startsWith('/sandbox')) return;
      if (this.#expiredTokens.has(auth.tokenId)) throw apiError('UNAUTHORIZED');
      const now = this.#clock.now().getTime();
      const suspension = `${auth.companyId}\u001f${auth.clientId}`;
      const suspendedUntil = this.#suspended.get(suspension);
      if (suspendedUntil !== undefined) {
        if (suspendedUntil > now) throw suspended(suspendedUntil, now);
        this.#suspended.delete(suspension);
      }
      const rule = this.#match(request, path, auth.companyId, auth.clientId);
      if (!rule) return;
      switch (rule.kind) {
        case 'STATUS':
          throw new ApiError([
            { status: rule.status!, message: rule.message ?? STATUS_CODES[rule.status!] ?? 'Fault' },
          ]);
        case 'DELAY':
          await sleep(rule.delayMs);
          return;
        case 'DROP':
          request.raw.socket.destroy();
          // nothing is answered: the handler must not run either
          return new Promise(() => undefined);
        case 'SUSPEND': {
          const until = now + rule.suspendSeconds! * 1000;
          this.#suspended.set(suspension, until);
          throw suspended(until, now);
        }
        case 'EXPIRE_TOKEN':
          this.#expiredTokens.add(auth.tokenId);
          throw apiError('UNAUTHORIZED');
      }
    });
  }

  #match(request: FastifyRequest, path: string, companyId: number, clientId: string): Rule | undefined {
    this.#expire();
    const rule = this.#rules.find(
      (r) =>
        r.companyId === companyId &&
        (r.method === undefined || r.method === request.method) &&
        (r.clientId === undefined || r.clientId === clientId) &&
        r.pattern.test(path),
    );
    if (rule?.remaining !== undefined) {
      rule.remaining--;
      if (rule.remaining <= 0) this.#rules.splice(this.#rules.indexOf(rule), 1);
    }
    return rule;
  }

  #expire(): void {
    const now = this.#clock.now().getTime();
    for (let i = this.#rules.length - 1; i >= 0; i--) {
      const until = this.#rules[i].untilMs;
      if (until !== undefined && until <= now) this.#rules.splice(i, 1);
    }
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
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as FaultWire;
}
