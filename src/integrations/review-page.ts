// The reviewer's page, `{root}/admin/integrations?ticket=…`: the specifications waiting for review, each with
// approve and decline (with a reason) buttons. The page has no login of its own: `tase admin integration
// review-link` prints a link with a signed ticket valid for an hour, so only who runs the command can review.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { ApiError } from '../platform/errors.ts';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';
import { escapeHtml, renderPage } from '../login/index.ts';
import type { IntegrationService } from './service.ts';
import { signedTickets } from './tickets.ts';

const REVIEW_SECONDS = 3600;

type ReviewTicket = { reviewer: true };

function reviewTickets(ctx: AppContext) {
  return signedTickets<ReviewTicket>('review', ctx.signingKey, () => ctx.clock.now());
}

/** A link to the review page, valid for an hour. */
export function reviewLink(ctx: AppContext): { url: string; validSeconds: number } {
  const ticket = reviewTickets(ctx).issue({ reviewer: true }, REVIEW_SECONDS);
  return { url: `${ctx.issuer}/admin/integrations?ticket=${ticket}`, validSeconds: REVIEW_SECONDS };
}

async function pendingList(integrations: IntegrationService, ticket: string): Promise<string> {
  const pending = await integrations.pendingReviews();
  if (pending.length === 0) return '<p id="none">No specification is waiting for review.</p>';
  const hidden = (id: string) =>
    `<input type="hidden" name="ticket" value="${escapeHtml(ticket)}"><input type="hidden" name="integrationId" value="${escapeHtml(id)}">`;
  return pending
    .map(
      (spec) => `<section class="spec" data-integration="${escapeHtml(spec.integrationId)}">
<h2>${escapeHtml(spec.name)} <small>(company ${spec.companyId}, version ${spec.versionNo})</small></h2>
<p>${escapeHtml(spec.description)}</p>
<p>Callback: <code>${escapeHtml(spec.callbackUrl)}</code></p>
<ul>${spec.requestedRights.map((r) => `<li>${escapeHtml(r.right)}: ${escapeHtml(r.level)}</li>`).join('')}</ul>
<p>Shared details: ${escapeHtml(spec.consentFields.join(', ') || 'none')}</p>
<form method="post" action="integrations">${hidden(spec.integrationId)}<input type="hidden" name="decision" value="approve"><button type="submit">Approve</button></form>
<form method="post" action="integrations">${hidden(spec.integrationId)}<input type="hidden" name="decision" value="decline">
<label>Reason <input type="text" name="reason" required maxlength="500"></label><button type="submit">Decline</button></form>
</section>`,
    )
    .join('\n');
}

export function reviewRoutes(integrations: IntegrationService, ctx: AppContext): RootRouteDef[] {
  const tickets = reviewTickets(ctx);
  const show = async (reply: FastifyReply, ticket: string | undefined, notice?: string, error?: string) => {
    const check = tickets.read(ticket);
    if (!check.ok) {
      const page = renderPage({
        title: 'Review of integrations',
        error: `This review link is ${check.reason === 'expired' ? 'older than an hour' : 'not valid'}: make a new one with 'tase admin integration review-link'.`,
        body: '',
      });
      return reply.code(403).headers(page.headers).send(page.html);
    }
    const page = renderPage({
      title: 'Review of integrations',
      error,
      body: `${notice ? `<p id="notice" role="status">${escapeHtml(notice)}</p>` : ''}${await pendingList(integrations, ticket!)}`,
    });
    return reply.code(200).headers(page.headers).send(page.html);
  };
  return [
    rootRoute({
      method: 'GET',
      path: '/admin/integrations',
      summary: 'Review page of integration specifications',
      handler: (request, reply) => show(reply, (request.query as Record<string, string | undefined>).ticket),
    }),
    rootRoute({
      method: 'POST',
      path: '/admin/integrations',
      summary: 'Decisions of the review page',
      async handler(request, reply) {
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
          string,
          string | undefined
        >;
        if (!tickets.read(form.ticket).ok) return show(reply, form.ticket);
        const integrationId = form.integrationId ?? '';
        const reason = (form.reason ?? '').trim().slice(0, 500);
        try {
          if (form.decision === 'approve') await integrations.review(integrationId, { approve: true });
          else if (form.decision === 'decline' && reason)
            await integrations.review(integrationId, { approve: false, reason });
          else return show(reply, form.ticket, undefined, 'Declining needs a reason.');
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          return show(reply, form.ticket, undefined, err.message);
        }
        return show(reply, form.ticket, `${form.decision === 'approve' ? 'Approved' : 'Declined'} ${integrationId}.`);
      },
    }),
  ];
}
