// `tase admin integration …`: the reviewer's side of integration specifications.
import { asAdmin, required, type AdminCommand } from '../platform/admin-commands.ts';
import { reviewLink } from './review-page.ts';
import type { IntegrationService } from './service.ts';

export const integrationsAdminCommands: readonly AdminCommand<IntegrationService>[] = [
  {
    command: 'integration list',
    usage: 'integration list                                      integration specifications waiting for review',
    run: ({ service }) => service.pendingReviews(),
  },
  {
    command: 'integration review-link',
    usage: 'integration review-link                               a link to the review page, valid for an hour',
    run: ({ ctx }) => Promise.resolve(reviewLink(ctx)),
  },
  {
    command: 'integration approve',
    usage:
      'integration approve --integration-id ID               approve the version under review (activation link opens)',
    options: { 'integration-id': { type: 'string' } },
    run: ({ service, values }) => {
      const integrationId = required('integration-id', values['integration-id']);
      return asAdmin(() => service.review(integrationId, { approve: true }));
    },
  },
  {
    command: 'integration decline',
    usage: 'integration decline --integration-id ID --reason TEXT decline it; the integrator sees the reason',
    options: { 'integration-id': { type: 'string' }, reason: { type: 'string' } },
    run: ({ service, values }) => {
      const integrationId = required('integration-id', values['integration-id']);
      const reason = required('reason', values.reason);
      return asAdmin(() => service.review(integrationId, { approve: false, reason }));
    },
  },
];
