// Helpers of the integration tests: a specification approved in the sandbox, and the customer's walk through
// the activation page over plain HTTP (the browser test walks it in Chromium).
import type { TestService } from './support/service.ts';

export const SPECIFICATION = {
  name: 'Bookkeeping Robot',
  description: 'Reads your sales invoices and products.',
  callbackUrl: 'http://localhost:9/callback',
  requestedRights: [
    { right: 'sales.salesInvoices', level: 'VIEWING_RIGHTS' },
    { right: 'sales.productRegister', level: 'ALL_RIGHTS' },
  ],
  consentFields: ['companyName', 'country'],
  partnerVal: 'partner-42',
};

/** A specification of the caller's company, sent for review (approved at once in the sandbox). */
export async function approvedIntegration(
  svc: TestService,
  token?: string,
): Promise<{ integrationId: string; activationLink: string }> {
  const created = await svc.request('POST', '/api/integrationspecifications', {
    token: token ?? (await svc.token()),
    body: SPECIFICATION,
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text}`);
  const submitted = await svc.request('PUT', `/api/integrationspecifications/${created.body.integrationId}/submit`, {
    token: token ?? (await svc.token()),
  });
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${submitted.text}`);
  return submitted.body;
}

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

async function post(url: string, form: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/**
 * Opens the activation page, logs in and accepts for `companyIds`; answers the page's final answer (a 302 to
 * the callback when all went well) and the callback's parameters.
 */
export async function activate(
  svc: TestService,
  integrationId: string,
  login: { username: string; password: string },
  companyIds: number[],
  state = 'state-1',
): Promise<{ status: number; text: string; callback?: URL; requestId?: number; replay?: () => Promise<Response> }> {
  const url = `${svc.base}/activate/${integrationId}`;
  const page = await fetch(`${url}?state=${encodeURIComponent(state)}`);
  if (page.status !== 200) return { status: page.status, text: await page.text() };
  const companies = await post(url, { step: 'password', csrf: csrfOf(await page.text()), ...login });
  const html = await companies.text();
  if (companies.status !== 200) return { status: companies.status, text: html };
  const form = {
    step: 'accept',
    csrf: csrfOf(html),
    ...Object.fromEntries(companyIds.map((id) => [`company_${id}`, 'on'])),
  };
  const accepted = await post(url, form);
  const location = accepted.headers.get('location');
  if (accepted.status !== 302 || !location) return { status: accepted.status, text: await accepted.text() };
  const callback = new URL(location);
  return {
    status: 302,
    text: '',
    callback,
    requestId: Number(callback.searchParams.get('rq_id')),
    // the same accept form posted again
    replay: () => post(url, form),
  };
}
