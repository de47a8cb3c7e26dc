// The service's own part of the module list: the status endpoint, the per-client rate limiter and the
// service-wide settings (the signing secret, the record of company setup, the demo credentials).
import { defineArea } from './area.ts';
import { RateLimiter, purgeExpiredWindows } from './rate-limit.ts';
import { statusRoutes } from './status.ts';
import { changeNoticeMigrations } from '../db/change-notices.ts';
import { platformExamples } from './examples.ts';
import { idempotencyMigrations, purgeExpiredIdempotencyKeys } from './idempotency.ts';

// Named after its service, the rate limiter (app.services.rateLimit).
export const platformArea = defineArea({
  name: 'rateLimit',
  examples: platformExamples,
  tags: [{ name: 'Service', description: 'Health and documents.' }],
  tables: { company: ['idempotency_keys'], global: ['service_settings', 'rate_limit_windows'] },
  create: (ctx) =>
    new RateLimiter({
      limit: ctx.config.rateLimitPerSecond,
      db: ctx.db,
      engine: ctx.engine,
      databaseUrl: ctx.config.databaseUrl,
    }),
  migrations: { ...changeNoticeMigrations, ...idempotencyMigrations },
  routes: (_rateLimit, ctx) => statusRoutes(ctx),
  purge: {
    company: { idempotencyKeys: purgeExpiredIdempotencyKeys },
    global: { rateLimitWindows: purgeExpiredWindows },
  },
});
