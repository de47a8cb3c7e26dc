// The activation page, where a customer turns an integration on: `GET {root}/activate/{integrationId}?state=…`
// shows what the integration asks (rights, shared details) and the login form; the password step lists the
// user's companies where they may manage integrations; accepting for some of them makes an activation request
// and sends the browser to the integrator's callback with `rq_id`, `partner_val` and `state`.
//
// The two form posts carry a signed ticket (HMAC with the service's signing key) instead of a server-side flow:
// the first one names only the integration, the second one also the user who gave the right password, and
// both expire after 5 minutes; the second one also names itself, and makes one activation request however often
// it is posted (a replay is refused). Nothing reaches the callback address but what the integrator registered.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';
import { normalizeRights } from '../platform/rights.ts';
import { findMembership, identity, membershipsOfUser } from '../auth/index.ts';
import { escapeHtml, renderPage } from '../login/index.ts';
import type { IntegrationService, LiveIntegration } from './service.ts';
import { signedTickets } from './tickets.ts';

const TICKET_SECONDS = 300;

class ActivationProblem extends Error {
  override name = 'ActivationProblem';
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

interface Ticket {
  integrationId: string;
  userId: number;
  state: string;
  /** Names the accept form: it makes one activation request, however often it is posted. */
  id?: string;
}

function tickets(key: Uint8Array, now: () => Date) {
  const signed = signedTickets<Ticket>('activation', key, now);
  return {
    issue: (ticket: Ticket) => signed.issue(ticket, TICKET_SECONDS),
    read(value: string | undefined, integrationId: string): Ticket {
      const check = signed.read(value);
      if (!check.ok && check.reason === 'expired')
        throw new ActivationProblem('The activation took longer than 5 minutes. Open the activation link again.');
      if (!check.ok)
        throw new ActivationProblem('The form could not be verified. Open the activation link again.', 403);
      if (check.payload.integrationId !== integrationId)
        throw new ActivationProblem('The form belongs to another integration.', 403);
      return check.payload;
    },
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function describeIntegration(live: LiveIntegration): string {
  const rights = live.requestedRights
    .map((r) => `<li>${escapeHtml(r.right)}: ${r.level === 'ALL_RIGHTS' ? 'all rights' : 'viewing rights'}</li>`)
    .join('');
  const shared = live.consentFields.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
  return `<p id="description">${escapeHtml(live.description)}</p>
<p>It asks for these rights in each company you choose:</p><ul id="rights">${rights || '<li>none</li>'}</ul>
${shared ? `<p>and these details of the company:</p><ul id="consent">${shared}</ul>` : ''}`;
}

function passwordStep(live: LiveIntegration, csrf: string) {
  return renderPage({
    title: `Activate ${live.name}`,
    csrf,
    body: `${describeIntegration(live)}
<form method="post" action="${escapeHtml(live.integrationId)}" id="password-form">
<input type="hidden" name="step" value="password">
<input type="hidden" name="csrf" value="">
<label>Username <input type="text" name="username" autocomplete="username" required maxlength="100"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="200"></label>
<button type="submit" disabled>Log in</button>
</form>`,
  });
}

function companyStep(live: LiveIntegration, csrf: string, companies: { companyId: number; name: string }[]) {
  const boxes = companies
    .map(
      (c) =>
        `<label><input type="checkbox" name="company_${c.companyId}" value="on"> ${escapeHtml(c.name)} <small>(${c.companyId})</small></label>`,
    )
    .join('\n');
  return renderPage({
    title: `Activate ${live.name}`,
    csrf,
    formTarget: new URL(live.callbackUrl).origin,
    body: `${describeIntegration(live)}
<p>Choose the companies:</p>
<form method="post" action="${escapeHtml(live.integrationId)}" id="company-form">
<input type="hidden" name="step" value="accept">
<input type="hidden" name="csrf" value="">
${boxes}
<button type="submit" disabled>Accept</button>
</form>`,
  });
}

export function activationRoutes(integrations: IntegrationService, ctx: AppContext): RootRouteDef[] {
  const signed = tickets(ctx.signingKey, () => ctx.clock.now());

  async function liveOf(request: FastifyRequest): Promise<LiveIntegration> {
    const { integrationId } = request.params as { integrationId: string };
    const live = /^[0-9a-f-]{36}$/.test(integrationId) ? await integrations.live(integrationId) : undefined;
    if (!live) throw new ActivationProblem('This integration does not exist or is not available yet.', 404);
    return live;
  }

  /** The user's companies where they may manage integrations (all rights over management.integrations). */
  async function companiesOf(userId: number) {
    const out: { companyId: number; name: string }[] = [];
    for (const company of await membershipsOfUser(ctx, userId)) {
      const membership = await findMembership(ctx.db, company.companyId, userId);
      const rights = normalizeRights(JSON.parse(membership?.rights ?? '{}'));
      if (rights.management.integrations === 'ALL_RIGHTS') out.push(company);
    }
    return out;
  }

  async function password(live: LiveIntegration, form: Record<string, string | undefined>, address: string) {
    const ticket = signed.read(form.csrf, live.integrationId);
    const check = await identity.checkPassword(
      ctx.db,
      form.username ?? '',
      form.password ?? '',
      ctx.clock.now(),
      address,
    );
    if (check.outcome === 'slowed') throw new ActivationProblem('Too many wrong passwords: try again later.', 429);
    if (check.outcome === 'wrong') throw new ActivationProblem('Wrong username or password.', 401);
    if (check.user.api_login_only)
      throw new ActivationProblem("This user has the limitation 'API login only' and cannot activate integrations.");
    const companies = await companiesOf(check.user.user_id);
    if (companies.length === 0)
      throw new ActivationProblem('You may manage integrations in none of your companies.', 403);
    return companyStep(
      live,
      signed.issue({
        integrationId: live.integrationId,
        userId: check.user.user_id,
        state: ticket.state,
        id: randomBytes(16).toString('base64url'),
      }),
      companies,
    );
  }

  async function accept(live: LiveIntegration, form: Record<string, string | undefined>): Promise<string> {
    const ticket = signed.read(form.csrf, live.integrationId);
    if (!ticket.userId || !ticket.id) throw new ActivationProblem('Log in first.', 403);
    const allowed = new Set((await companiesOf(ticket.userId)).map((c) => c.companyId));
    const chosen = Object.keys(form)
      .filter((k) => /^company_\d{1,10}$/.test(k) && form[k] === 'on')
      .map((k) => Number(k.slice('company_'.length)));
    if (chosen.length === 0) throw new ActivationProblem('Choose at least one company.');
    if (chosen.some((id) => !allowed.has(id))) throw new ActivationProblem('Choose among your companies.', 403);
    const requestId = await integrations.createRequest(live, ticket.userId, chosen, ticket.id);
    if (requestId === undefined)
      throw new ActivationProblem('This activation was sent already. Open the activation link again.', 409);
    const callback = new URL(live.callbackUrl);
    callback.searchParams.set('rq_id', String(requestId));
    if (live.partnerVal !== null) callback.searchParams.set('partner_val', live.partnerVal);
    if (ticket.state) callback.searchParams.set('state', ticket.state);
    return callback.toString();
  }

  const show = (reply: FastifyReply, status: number, page: ReturnType<typeof renderPage>) =>
    reply.code(status).headers(page.headers).send(page.html);

  const problem = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof ActivationProblem)) throw err;
    return show(reply, err.status, renderPage({ title: 'Activation failed', error: err.message, body: '' }));
  };

  return [
    rootRoute({
      method: 'GET',
      path: '/activate/:integrationId',
      summary: 'Activation page of an integration',
      async handler(request, reply) {
        try {
          const live = await liveOf(request);
          const state = (request.query as Record<string, unknown>).state;
          if (state !== undefined && (typeof state !== 'string' || state.length > 2000))
            throw new ActivationProblem('state must be a text of at most 2000 characters.');
          return show(
            reply,
            200,
            passwordStep(live, signed.issue({ integrationId: live.integrationId, userId: 0, state: state ?? '' })),
          );
        } catch (err) {
          return problem(reply, err);
        }
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/activate/:integrationId',
      summary: 'Form posts of the activation page',
      async handler(request, reply) {
        try {
          const live = await liveOf(request);
          if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? ''))
            throw new ActivationProblem('The activation form must be posted as a form.', 415);
          const origin = request.headers.origin;
          if (origin !== undefined && origin !== 'null' && hostOf(origin) !== request.headers.host)
            throw new ActivationProblem('The form was sent from another site.', 403);
          const form = (request.body ?? {}) as Record<string, string | undefined>;
          if (form.step === 'password') return show(reply, 200, await password(live, form, request.ip));
          if (form.step === 'accept')
            return reply.header('cache-control', 'no-store').redirect(await accept(live, form), 302);
          throw new ActivationProblem('Unknown step of the activation form.');
        } catch (err) {
          return problem(reply, err);
        }
      },
    }),
  ];
}
