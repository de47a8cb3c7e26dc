// The login page of the authorization code flow ({root}/login).
import { defineArea } from '../platform/area.ts';
import type { AuthService } from '../auth/index.ts';
import { loginRoutes } from './routes.ts';
import { LoginService } from './service.ts';
import { purgeExpiredFlows } from './store.ts';

export { LoginService } from './service.ts';
export { escapeHtml, renderPage } from './page.ts';

export const loginArea = defineArea({
  name: 'login',
  tables: { global: ['login_flows'] },
  create: (ctx, deps: { auth: AuthService }) => new LoginService(ctx, deps.auth),
  rootRoutes: (login) => loginRoutes(login),
  purge: { global: { loginFlows: purgeExpiredFlows } },
});
