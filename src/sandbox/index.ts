// The integrator's sandbox: clock control, scripted two-factor outcomes, the webhook inspector, reset and
// fixtures. Its routes and page exist only when TASE_MODE=sandbox.
import { defineArea } from '../platform/area.ts';
import { sandboxAdminCommands } from './admin-commands.ts';
import type { AuthService } from '../auth/index.ts';
import type { MfaService } from '../mfa/index.ts';
import type { WebhookService } from '../webhooks/index.ts';
import { sandboxMigrations } from './migrations.ts';
import { sandboxRoutes } from './routes.ts';
import { inspectorRoutes } from './page.ts';
import { SandboxService } from './service.ts';
import { sandboxExamples } from './examples.ts';

export { SandboxService } from './service.ts';
export { fixtureJsonSchema, parseFixture } from './fixture.ts';
export { sandboxTemplate } from './template.ts';
export { serveSandboxBooks } from './books.ts';

export const sandboxArea = defineArea({
  name: 'sandbox',
  adminCommands: sandboxAdminCommands,
  examples: sandboxExamples,
  rights: ['management.companyInfo', 'management.webhooks'],
  tags: [
    {
      name: 'Sandbox',
      description:
        'Only in the sandbox (TASE_MODE=sandbox): move the clock, script two-factor outcomes, inspect and replay ' +
        'webhook deliveries, reset a company, seed companies from a fixture.',
    },
  ],
  tables: { company: ['sandbox_settings', 'sandbox_snapshots'], global: ['sandbox_administrators'] },
  migrations: sandboxMigrations,
  create: (ctx, deps: { mfa: MfaService; webhooks: WebhookService; auth: AuthService }, areas) =>
    new SandboxService(ctx, deps, areas),
  routes: (sandbox, ctx) => (ctx.config.mode === 'sandbox' ? sandboxRoutes(sandbox) : []),
  rootRoutes: (_sandbox, ctx) => (ctx.config.mode === 'sandbox' ? inspectorRoutes() : []),
});
