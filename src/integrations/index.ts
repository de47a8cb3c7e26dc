// Integrations: the specifications integrator companies write and have reviewed, the activation page where
// customers turn an integration on, activation requests, and the technical users their approval creates.
import { defineArea } from '../platform/area.ts';
import { integrationsAdminCommands } from './admin-commands.ts';
import type { CompanyService } from '../company/index.ts';
import { integrationMigrations } from './migrations.ts';
import { integrationRoutes } from './routes.ts';
import { activationRoutes } from './activation.ts';
import { reviewRoutes } from './review-page.ts';
import { IntegrationService } from './service.ts';
import { integrationsExamples } from './examples.ts';

export { IntegrationService } from './service.ts';
export { reviewLink } from './review-page.ts';

export const integrationsArea = defineArea({
  name: 'integrations',
  adminCommands: integrationsAdminCommands,
  examples: integrationsExamples,
  rights: ['management.integrations'],
  tags: [
    {
      name: 'Integrations',
      description:
        'Integration specifications (name, description, callback address, requested rights, consent fields, ' +
        '`partner_val`), reviewed before customers can activate them at `{root}/activate/{integrationId}`; the ' +
        'activation requests customers make there, and the technical users with API keys that approving them creates.',
    },
  ],
  tables: {
    company: ['integration_specifications', 'integration_requests', 'integration_customers'],
    global: ['integration_directory'],
  },
  migrations: integrationMigrations,
  create: (ctx, deps: { company: CompanyService }) => new IntegrationService(ctx, deps.company),
  routes: (integrations) => integrationRoutes(integrations),
  rootRoutes: (integrations, ctx) => [...activationRoutes(integrations, ctx), ...reviewRoutes(integrations, ctx)],
});
