// The service's own part of the module list: the status endpoint, the per-client rate limiter and the
// service-wide settings (the signing secret, the record of company setup, the demo credentials).
import { defineArea } from './area.ts';
import { databaseAdminCommands } from './database-commands.ts';
import { RateLimiter, purgeExpiredWindows } from './rate-limit.ts';
import { statusRoutes } from './status.ts';
import { changeNoticeMigrations } from '../db/change-notices.ts';
import { platformExamples } from './examples.ts';
import { idempotencyMigrations, purgeExpiredIdempotencyKeys } from './idempotency.ts';

/** What the service's own part gives the areas (`app.services.platform`). */
export interface PlatformServices {
  /** The per-client rate limiter, which the token endpoint and the request hook count with. */
  rateLimiter: RateLimiter;
}

export const platformArea = defineArea({
  name: 'platform',
  adminCommands: databaseAdminCommands,
  examples: platformExamples,
  tags: [{ name: 'Service', description: 'Health and documents.' }],
  tables: { company: ['idempotency_keys'], global: ['service_settings', 'rate_limit_windows'] },
  create: (ctx): PlatformServices => ({
    rateLimiter: new RateLimiter({
      limit: ctx.config.rateLimitPerSecond,
      db: ctx.db,
      engine: ctx.engine,
      databaseUrl: ctx.config.databaseUrl,
    }),
  }),
  migrations: { ...changeNoticeMigrations, ...idempotencyMigrations },
  routes: (_platform, ctx) => statusRoutes(ctx),
  purge: {
    company: { idempotencyKeys: purgeExpiredIdempotencyKeys },
    global: { rateLimitWindows: purgeExpiredWindows },
  },
});
