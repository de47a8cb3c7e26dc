// The authenticator page ({root}/authenticator), where a user confirms or rejects two-factor transactions.
import { defineArea } from '../platform/area.ts';
import { authenticatorAdminCommands } from './admin-commands.ts';
import type { MfaService } from '../mfa/index.ts';
import { authenticatorMigrations } from './migrations.ts';
import { authenticatorRoutes } from './routes.ts';
import { AuthenticatorService } from './service.ts';
import { isoDateTime } from '../platform/clock.ts';
import { purgeExpired, purgeExpiredChallenges, purgeUnfinishedEnrolments } from './store.ts';
import { ENROLMENT_SECONDS } from './service.ts';

export { AuthenticatorService } from './service.ts';

export const authenticatorArea = defineArea({
  name: 'authenticator',
  adminCommands: authenticatorAdminCommands,
  tables: {
    global: [
      'authenticator_sessions',
      'authenticator_factors',
      'authenticator_recovery_codes',
      'authenticator_passkeys',
      'authenticator_challenges',
    ],
  },
  migrations: authenticatorMigrations,
  create: (ctx, deps: { mfa: MfaService }) => new AuthenticatorService(ctx, deps.mfa),
  rootRoutes: (authenticator) => authenticatorRoutes(authenticator),
  purge: {
    global: {
      authenticatorSessions: purgeExpired,
      // enrolments of an app and passkey ceremonies started and never finished
      authenticatorEnrolments: (db, batch) =>
        purgeUnfinishedEnrolments(db, batch, isoDateTime(new Date(batch.now.getTime() - ENROLMENT_SECONDS * 1000))),
      authenticatorChallenges: purgeExpiredChallenges,
    },
  },
});
