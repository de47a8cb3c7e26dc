// The authenticator at the service root: the page (`GET {root}/authenticator`) and the endpoints it uses
// (`{root}/authenticator/api/…`, JSON, errors in the API's error body):
//
//   GET  /authenticator/api/session                          the logged-in user, the CSRF token and `secondFactor`
//                                                            (CONFIRMED, REQUIRED or ENROL), or 401
//   POST /authenticator/api/login      {username, password}   the password: sets the session cookie, answers as /session
//   POST /authenticator/api/second-factor {code}              an app's code or a recovery code confirms the session
//   POST /authenticator/api/enrolment/totp                    starts enrolling an app: {secret, uri, qr}
//   GET  /authenticator/api/enrolment/totp.svg                the QR code of the enrolment under way
//   POST /authenticator/api/enrolment/totp/confirm {code}     the app's first code ends it: as /session, with
//                                                            the new `recoveryCodes` (shown this once)
//   POST /authenticator/api/passkeys/registration/options    starts enrolling a passkey: the options for
//                                                            navigator.credentials.create (a challenge of 5 minutes)
//   POST /authenticator/api/passkeys/registration {response, name}  the browser's answer ends it: as /session, with
//                                                            `passkey` and, for a first factor, `recoveryCodes`
//   POST /authenticator/api/passkeys/authentication/options  the options for navigator.credentials.get
//   POST /authenticator/api/passkeys/authentication {response}  the assertion confirms the session, as /session
//   GET  /authenticator/api/passkeys                         {passkeys:[{id, name, createdAt, lastUsedAt}]}, own
//   DELETE /authenticator/api/passkeys/{id}                  removes one of them (204), not the last factor
//   POST /authenticator/api/logout                            ends the session (204)
//   GET  /authenticator/api/transactions                      {transactions:[…]} waiting for the user's decision
//   POST /authenticator/api/transactions/{id}/approve         runs the action: {state:'COMPLETED', failed, result|errors}
//   POST /authenticator/api/transactions/{id}/reject          {state:'REJECTED'}
//
// The transactions need a session confirmed with the second factor (401 otherwise). POSTs other than login carry
// `X-CSRF-Token`; every POST must be JSON (or empty) and, when the browser sends an Origin, come from this site.
import { cookieOf } from '../platform/cookies.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';
import { apiError } from '../platform/errors.ts';
import type { AuthenticatorService, Session } from './service.ts';
import { SESSION_SECONDS } from './service.ts';
import { PAGE_CSS, PAGE_HTML, PAGE_JS, webauthnScript } from './page.ts';

const COOKIE = 'tase_authenticator';
const COOKIE_PATH = '/authenticator';

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const sessionCookie = (request: FastifyRequest) => cookieOf(request, COOKIE);

function setCookie(reply: FastifyReply, request: FastifyRequest, value: string | null): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const cookie =
    value === null ? `${COOKIE}=; Max-Age=0` : `${COOKIE}=${encodeURIComponent(value)}; Max-Age=${SESSION_SECONDS}`;
  reply.header('set-cookie', `${cookie}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`);
}

/** Posts must be JSON (a cross-site form cannot send it without a CORS preflight) and from this site. */
function checkPost(request: FastifyRequest): void {
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/json\b/i.test(type))
    throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, { contentType: type, expected: 'application/json' });
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== request.headers.host) throw apiError('AUTHENTICATOR_CSRF');
  }
}

function csrfOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-csrf-token'];
  return typeof value === 'string' ? value : undefined;
}

function sessionBody(session: Session) {
  return {
    user: session.user,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
    secondFactor: session.secondFactor,
  };
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const codeOf = (request: FastifyRequest) => bodyOf(request).code;

function asset(reply: FastifyReply, type: string, text: string) {
  return reply.headers(SECURITY_HEADERS).header('cache-control', 'no-cache').type(type).send(text);
}

export function authenticatorRoutes(authenticator: AuthenticatorService): RootRouteDef[] {
  const changing = async (request: FastifyRequest, stage: 'password' | 'confirmed' = 'confirmed') => {
    checkPost(request);
    return authenticator.sessionForChange(sessionCookie(request), csrfOf(request), stage);
  };
  return [
    rootRoute({
      method: 'GET',
      path: '/authenticator',
      summary: 'Authenticator page: confirm or reject two-factor actions',
      handler: (_request, reply) => reply.headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(PAGE_HTML),
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/app.js',
      summary: 'Script of the authenticator page',
      handler: (_request, reply) => asset(reply, 'text/javascript; charset=utf-8', PAGE_JS),
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/webauthn.js',
      summary: 'The WebAuthn browser library the page uses (@simplewebauthn/browser), served from this site',
      handler: (_request, reply) => asset(reply, 'text/javascript; charset=utf-8', webauthnScript()),
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/app.css',
      summary: 'Stylesheet of the authenticator page',
      handler: (_request, reply) => asset(reply, 'text/css; charset=utf-8', PAGE_CSS),
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/api/session',
      summary: 'The authenticator session',
      async handler(request, reply) {
        const session = await authenticator.session(sessionCookie(request));
        return reply.headers(SECURITY_HEADERS).send(sessionBody(session));
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/login',
      summary: 'Log in to the authenticator',
      async handler(request, reply) {
        checkPost(request);
        const body = (request.body ?? {}) as Record<string, unknown>;
        const { session, cookie } = await authenticator.login(body.username, body.password, request.ip);
        setCookie(reply, request, cookie);
        return reply.headers(SECURITY_HEADERS).send(sessionBody(session));
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/second-factor',
      summary: 'Confirm the authenticator session with an app code or a recovery code',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        return reply.headers(SECURITY_HEADERS).send(sessionBody(await authenticator.confirm(session, codeOf(request))));
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/enrolment/totp',
      summary: 'Start enrolling an authenticator app (TOTP)',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        const { secret, uri } = await authenticator.startTotp(session);
        return reply.headers(SECURITY_HEADERS).send({ secret, uri, qr: `${COOKIE_PATH}/api/enrolment/totp.svg` });
      },
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/api/enrolment/totp.svg',
      summary: 'QR code of the authenticator app enrolment under way',
      async handler(request, reply) {
        const session = await authenticator.session(sessionCookie(request));
        const svg = await authenticator.totpQr(session);
        return reply.headers(SECURITY_HEADERS).type('image/svg+xml').send(svg);
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/enrolment/totp/confirm',
      summary: 'Finish enrolling an authenticator app with its first code (answers the recovery codes once)',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        const done = await authenticator.confirmTotp(session, codeOf(request));
        return reply
          .headers(SECURITY_HEADERS)
          .send({ ...sessionBody(done.session), recoveryCodes: done.recoveryCodes });
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/passkeys/registration/options',
      summary: 'Start enrolling a passkey (WebAuthn registration options)',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        return reply.headers(SECURITY_HEADERS).send(await authenticator.startPasskeyRegistration(session));
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/passkeys/registration',
      summary: "Finish enrolling a passkey with the browser's answer",
      async handler(request, reply) {
        const session = await changing(request, 'password');
        const body = bodyOf(request);
        const done = await authenticator.finishPasskeyRegistration(session, body.response, body.name);
        return reply.headers(SECURITY_HEADERS).send({
          ...sessionBody(done.session),
          passkey: done.passkey,
          ...(done.recoveryCodes ? { recoveryCodes: done.recoveryCodes } : {}),
        });
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/passkeys/authentication/options',
      summary: 'Start confirming the session with a passkey (WebAuthn authentication options)',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        return reply.headers(SECURITY_HEADERS).send(await authenticator.startPasskeyConfirmation(session));
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/passkeys/authentication',
      summary: "Confirm the session with a passkey's assertion",
      async handler(request, reply) {
        const session = await changing(request, 'password');
        const confirmedSession = await authenticator.confirmWithPasskey(session, bodyOf(request).response);
        return reply.headers(SECURITY_HEADERS).send(sessionBody(confirmedSession));
      },
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/api/passkeys',
      summary: "The logged-in user's passkeys",
      async handler(request, reply) {
        const session = await authenticator.confirmedSession(sessionCookie(request));
        return reply.headers(SECURITY_HEADERS).send({ passkeys: await authenticator.passkeys(session) });
      },
    }),
    rootRoute({
      method: 'DELETE',
      path: '/authenticator/api/passkeys/:passkeyId',
      summary: "Remove one of the logged-in user's passkeys",
      async handler(request, reply) {
        const session = await changing(request);
        await authenticator.removePasskey(session, (request.params as { passkeyId: string }).passkeyId);
        return reply.headers(SECURITY_HEADERS).code(204).send();
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/authenticator/api/logout',
      summary: 'Log out of the authenticator',
      async handler(request, reply) {
        const session = await changing(request, 'password');
        await authenticator.logout(session);
        setCookie(reply, request, null);
        return reply.headers(SECURITY_HEADERS).code(204).send();
      },
    }),
    rootRoute({
      method: 'GET',
      path: '/authenticator/api/transactions',
      summary: 'Two-factor actions waiting for the decision of the logged-in user',
      async handler(request, reply) {
        const session = await authenticator.confirmedSession(sessionCookie(request));
        // `now` by the service clock: the page counts the time left from it, not from the browser's clock
        return reply
          .headers(SECURITY_HEADERS)
          .send({ transactions: await authenticator.pending(session), now: authenticator.now() });
      },
    }),
    ...(['approve', 'reject'] as const).map((decision) =>
      rootRoute({
        method: 'POST',
        path: `/authenticator/api/transactions/:transactionIdentifier/${decision}`,
        summary: decision === 'approve' ? 'Approve a two-factor action (runs it)' : 'Reject a two-factor action',
        async handler(request, reply) {
          const session = await changing(request);
          const { transactionIdentifier } = request.params as { transactionIdentifier: string };
          const state = await authenticator.decide(
            session,
            transactionIdentifier,
            decision === 'approve' ? 'APPROVE' : 'REJECT',
          );
          const body: Record<string, unknown> = { state: state.state };
          if (state.state === 'COMPLETED') {
            body.failed = state.failed;
            const inner = Object.values(state.result)[0] as Record<string, unknown> | undefined;
            if (state.failed) body.errors = inner?.errors ?? [];
            else body.result = state.result;
          }
          return reply.headers(SECURITY_HEADERS).send(body);
        },
      }),
    ),
  ];
}
