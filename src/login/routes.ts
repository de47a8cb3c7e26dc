// The login page at the service root: `GET {root}/login?response_type=code&client_id=…&redirect_uri=…&state=…`
// shows the password form; `POST {root}/login` takes the form posts of its two steps (password, company) and
// ends with a 302 to the client's registered redirect address. See src/login/service.ts for the steps.
import { cookieOf } from '../platform/cookies.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';
import { companyForm, passwordForm, renderPage, restartLink } from './page.ts';
import {
  COOKIE,
  LoginProblem,
  type CompanyPage,
  type FlowCookie,
  type LoginService,
  type PasswordPage,
} from './service.ts';

function setCookie(reply: FastifyReply, request: FastifyRequest, cookie: FlowCookie | null): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const value = cookie
    ? `${COOKIE}=${encodeURIComponent(cookie.value)}; Max-Age=${cookie.maxAgeSeconds}`
    : `${COOKIE}=; Max-Age=0`;
  reply.header('set-cookie', `${value}; HttpOnly; SameSite=Lax${secure}`);
}

function show(reply: FastifyReply, status: number, page: ReturnType<typeof renderPage>) {
  return reply.code(status).headers(page.headers).send(page.html);
}

function showStep(reply: FastifyReply, request: FastifyRequest, step: PasswordPage | CompanyPage, username = '') {
  setCookie(reply, request, step.cookie);
  if (step.kind === 'password') {
    return show(
      reply,
      200,
      renderPage({
        title: 'Log in',
        clientName: step.clientName,
        csrf: step.csrf,
        formTarget: step.redirectOrigin,
        body: passwordForm(username),
      }),
    );
  }
  return show(
    reply,
    200,
    renderPage({
      title: 'Choose a company',
      clientName: step.clientName,
      csrf: step.csrf,
      formTarget: step.redirectOrigin,
      body: companyForm(step.companies),
    }),
  );
}

function showProblem(reply: FastifyReply, problem: LoginProblem, retry?: { csrf: string; username: string }) {
  if (retry && problem.retryPassword) {
    return show(
      reply,
      problem.status,
      renderPage({
        title: 'Log in',
        clientName: problem.clientName,
        error: problem.message,
        csrf: retry.csrf,
        body: passwordForm(retry.username),
      }),
    );
  }
  return show(
    reply,
    problem.status,
    renderPage({
      title: 'Login failed',
      clientName: problem.clientName,
      error: problem.message,
      body: restartLink(problem.restart),
    }),
  );
}

export function loginRoutes(login: LoginService): RootRouteDef[] {
  return [
    rootRoute({
      method: 'GET',
      path: '/login',
      summary: 'Login page (authorization endpoint of the authorization code flow)',
      async handler(request, reply) {
        try {
          return showStep(reply, request, await login.start(request.query as Record<string, string | undefined>));
        } catch (err) {
          if (err instanceof LoginProblem) return showProblem(reply, err);
          throw err;
        }
      },
    }),
    rootRoute({
      method: 'POST',
      path: '/login',
      summary: 'Form posts of the login page',
      async handler(request, reply) {
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
          string,
          string | undefined
        >;
        const cookie = cookieOf(request, COOKIE);
        const origin = { origin: request.headers.origin, host: request.headers.host };
        try {
          if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? ''))
            throw new LoginProblem('The login form must be posted as a form.');
          if (form.step === 'password')
            return showStep(
              reply,
              request,
              await login.password(cookie, form, origin, request.ip),
              form.username ?? '',
            );
          if (form.step === 'company') {
            const done = await login.company(cookie, form, origin);
            setCookie(reply, request, null);
            return reply.header('cache-control', 'no-store').redirect(done.location, 302);
          }
          throw new LoginProblem('Unknown step of the login form.');
        } catch (err) {
          if (err instanceof LoginProblem)
            return showProblem(reply, err, form.csrf ? { csrf: form.csrf, username: form.username ?? '' } : undefined);
          throw err;
        }
      },
    }),
  ];
}
