// Identity: users, their memberships in companies, OAuth clients, API keys, sessions and tokens.
// Every write to these tables goes through this area (identity.ts); the rule that slows wrong passwords lives here once.
import { defineArea } from '../platform/area.ts';
import type { PlatformServices } from '../platform/module.ts';
import { identityMigrations } from './migrations.ts';
import { authRootRoutes, authRoutes } from './routes.ts';
import { AuthService } from './service.ts';
import { purgeExpiredSessions, purgeSpentCodes } from './store.ts';
import { authExamples } from './examples.ts';
import { purgeForgottenAttempts } from './attempts.ts';

export { AuthService, CODE_SECONDS, formatApiKey } from './service.ts';
export {
  DEFAULT_PASSWORD_COST,
  digest,
  hashPassword,
  passwordProblem,
  randomSecret,
  sameDigest,
  setPasswordCost,
  verifyPassword,
} from './secrets.ts';
export {
  findApiKey,
  findClient,
  findMembership,
  findUser,
  findUserByName,
  membershipsOfUser,
  revokeUserSessions,
} from './store.ts';
export type { CompanyUserRow, LoginFlowRow, OAuthClientRow, UserRow } from './store.ts';
export * as identity from './identity.ts';

export const authArea = defineArea({
  name: 'auth',
  examples: authExamples,
  tags: [
    {
      name: 'Authentication',
      description:
        'OAuth 2.0 tokens: client credentials with an API key, the authorization code flow of the login page `{root}/login` (with PKCE S256), refresh tokens; `POST {root}/logout`. Rate limit: 60 requests per second per client (429 with Retry-After and RateLimit headers). See POST /oauth/token.',
    },
  ],
  tables: {
    company: ['api_keys', 'auth_sessions', 'auth_codes'],
    global: ['users', 'company_users', 'oauth_clients', 'login_attempts'],
  },
  migrations: identityMigrations,
  create: (ctx) => new AuthService(ctx),
  routes: (auth, _ctx, deps: { platform: PlatformServices }) => authRoutes(auth, deps.platform.rateLimiter),
  rootRoutes: (auth, ctx) => authRootRoutes(auth, ctx.issuer),
  purge: {
    company: { authSessions: purgeExpiredSessions, authCodes: purgeSpentCodes },
    global: { loginAttempts: purgeForgottenAttempts },
  },
});
