// The areas of the service. Each contributes its routes (and may initialise new companies); app.ts wires them.
import type { AppContext } from './platform/context.ts';
import type { RouteDef } from './platform/route.ts';
import { AuthService } from './auth/service.ts';
import { authRootRoutes, authRoutes } from './auth/routes.ts';
import { UserService } from './users/service.ts';
import { userRoutes } from './users/routes.ts';
import { LoginService } from './login/service.ts';
import { loginRoutes } from './login/routes.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import type { RootRouteDef } from './platform/root-routes.ts';
import { ProductService } from './products/service.ts';
import { productRoutes } from './products/routes.ts';
import { DimensionService } from './dimensions/service.ts';
import { dimensionRoutes } from './dimensions/routes.ts';
import { PartnerService } from './partners/service.ts';
import { partnerRoutes } from './partners/routes.ts';
import { CompanyService } from './company/service.ts';
import { companyRoutes } from './company/routes.ts';
import { BankAccountService } from './bankaccounts/service.ts';
import { bankAccountRoutes } from './bankaccounts/routes.ts';
import { ReportService } from './reports/service.ts';
import { reportRoutes } from './reports/routes.ts';
import { SieService } from './sie/service.ts';
import { sieRoutes } from './sie/routes.ts';
import { AccountService } from './accounts/service.ts';
import { accountRoutes } from './accounts/routes.ts';
import { FiscalService } from './fiscal/service.ts';
import { fiscalRoutes } from './fiscal/routes.ts';
import { VatService } from './vat/service.ts';
import { vatRoutes } from './vat/routes.ts';
import { LedgerService } from './ledger/service.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { statusRoutes } from './platform/status.ts';
import { MfaService } from './mfa/service.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { WebhookService } from './webhooks/service.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { AuthenticatorService } from './authenticator/service.ts';
import { authenticatorRoutes } from './authenticator/routes.ts';
import { userUpdateRoutes } from './users/update.ts';
import { Housekeeping } from './housekeeping/task.ts';

export interface Services {
  auth: AuthService;
  users: UserService;
  login: LoginService;
  rateLimit: RateLimiter;
  products: ProductService;
  dimensions: DimensionService;
  partners: PartnerService;
  company: CompanyService;
  bankAccounts: BankAccountService;
  reports: ReportService;
  sie: SieService;
  accounts: AccountService;
  fiscal: FiscalService;
  vat: VatService;
  ledger: LedgerService;
  mfa: MfaService;
  webhooks: WebhookService;
  authenticator: AuthenticatorService;
  housekeeping: Housekeeping;
}

export function createServices(ctx: AppContext): Services {
  const auth = new AuthService(ctx);
  const fiscal = new FiscalService(ctx);
  const vat = new VatService(ctx);
  const webhooks = new WebhookService(ctx);
  const mfa = new MfaService(ctx);
  mfa.onEventsWritten = () => webhooks.worker.wake();
  return {
    auth,
    users: new UserService(ctx),
    login: new LoginService(ctx, auth),
    rateLimit: new RateLimiter({ limit: ctx.config.rateLimitPerSecond, db: ctx.db, engine: ctx.engine, databaseUrl: ctx.config.databaseUrl }),
    products: new ProductService(ctx),
    dimensions: new DimensionService(ctx),
    partners: new PartnerService(ctx, new DimensionService(ctx)),
    company: new CompanyService(ctx),
    bankAccounts: new BankAccountService(ctx),
    reports: new ReportService(ctx),
    sie: new SieService(ctx),
    accounts: new AccountService(ctx),
    fiscal,
    vat,
    ledger: new LedgerService(ctx, fiscal, vat),
    mfa,
    webhooks,
    authenticator: new AuthenticatorService(ctx, mfa),
    housekeeping: new Housekeeping(ctx, { intervalMs: (ctx.config.housekeepingIntervalSeconds ?? 600) * 1000 }),
  };
}

export function allRoutes(ctx: AppContext, services: Services): RouteDef[] {
  return [...statusRoutes(ctx), ...authRoutes(services.auth, services.rateLimit), ...userRoutes(services.users), ...productRoutes(services.products), ...dimensionRoutes(services.dimensions), ...partnerRoutes(services.partners), ...companyRoutes(services.company), ...bankAccountRoutes(services.bankAccounts), ...reportRoutes(services.reports), ...sieRoutes(services.sie), ...accountRoutes(services.accounts), ...fiscalRoutes(services.fiscal), ...vatRoutes(services.vat), ...ledgerRoutes(services.ledger), ...userUpdateRoutes(ctx.db), ...mfaRoutes(services.mfa), ...webhookRoutes(services.webhooks)];
}

/** Routes at the service root, outside the versioned API (pages and root endpoints; see src/platform/root-routes.ts). */
export function rootRoutes(ctx: AppContext, services: Services): RootRouteDef[] {
  return [...authRootRoutes(services.auth, ctx.issuer), ...loginRoutes(services.login), ...authenticatorRoutes(services.authenticator)];
}

/** Work running beside the HTTP server (started by buildApp, stopped when the app closes). */
export interface BackgroundTask {
  start(logger: { warn(data: object, message: string): void }): void;
  stop(): Promise<void>;
}

export function backgroundTasks(services: Services): BackgroundTask[] {
  return [services.webhooks.worker, services.housekeeping];
}
