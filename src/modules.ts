// The module list: every area of the service, once. Everything central is derived from it (ARCHITECTURE.md):
// the services and their wiring, the routes, the OpenAPI tags, the migrations, the company setup (steps run in
// this order), the housekeeping purges and the background tasks. Adding an area is one folder with an
// index.ts and one line here.
import type { AdminCommand } from './platform/admin-commands.ts';
import type { AppContext } from './platform/context.ts';
import type { RouteDef } from './platform/route.ts';
import type { RootRouteDef } from './platform/root-routes.ts';
import type { AnyArea, ApiTag, BackgroundTask } from './platform/area.ts';
import type { ApiExamples } from './platform/openapi-examples.ts';
import type { CompanyRegister } from './platform/company-register.ts';
import type { Migration } from 'kysely';
import { platformArea } from './platform/module.ts';
import { authArea } from './auth/index.ts';
import { usersArea } from './users/index.ts';
import { loginArea } from './login/index.ts';
import { productsArea } from './products/index.ts';
import { dimensionsArea } from './dimensions/index.ts';
import { partnersArea } from './partners/index.ts';
import { companyArea } from './company/index.ts';
import { bankAccountsArea } from './bankaccounts/index.ts';
import { reportsArea } from './reports/index.ts';
import { sieArea } from './sie/index.ts';
import { accountsArea } from './accounts/index.ts';
import { fiscalArea } from './fiscal/index.ts';
import { vatArea } from './vat/index.ts';
import { currenciesArea } from './currencies/index.ts';
import { ledgerArea } from './ledger/index.ts';
import { vatReturnsArea } from './vatreturns/index.ts';
import { invoicesArea } from './invoices/index.ts';
import { mfaArea } from './mfa/index.ts';
import { webhooksArea } from './webhooks/index.ts';
import { authenticatorArea } from './authenticator/index.ts';
import { housekeepingArea } from './housekeeping/index.ts';
import { bankArea } from './bank/index.ts';
import { paymentsArea } from './payments/index.ts';
import { attachmentsArea } from './attachments/index.ts';
import { payrollArea } from './payroll/index.ts';
import { integrationsArea } from './integrations/index.ts';
import { sandboxArea } from './sandbox/index.ts';
import { auditArea } from './audit/index.ts';

export type { BackgroundTask } from './platform/area.ts';

export const MODULES = [
  platformArea,
  authArea,
  usersArea,
  loginArea,
  productsArea,
  dimensionsArea,
  partnersArea,
  companyArea,
  bankAccountsArea,
  reportsArea,
  sieArea,
  accountsArea,
  fiscalArea,
  vatArea,
  currenciesArea,
  ledgerArea,
  vatReturnsArea,
  invoicesArea,
  attachmentsArea,
  payrollArea,
  mfaArea,
  webhooksArea,
  authenticatorArea,
  housekeepingArea,
  bankArea,
  integrationsArea,
  sandboxArea,
  paymentsArea,
  auditArea,
] as const;

type Module = (typeof MODULES)[number];

/** Every area's service, by the area's name. */
export type Services = { [M in Module as M['name']]: ReturnType<M['create']> };

// Each area names the services it is built from; they must be the services of the areas of those names.
type DepsOf<M> = M extends { create(ctx: AppContext, deps: infer D, areas: readonly AnyArea[]): unknown } ? D : never;
type Unmet = { [M in Module as Services extends DepsOf<M> ? never : M['name']]: DepsOf<M> };
const allDepsMet: keyof Unmet extends never ? true : { unmetDepsOf: keyof Unmet } = true;
void allDepsMet;

const AREAS: readonly AnyArea[] = MODULES;

/** Builds every service; an area's dependencies are built first, whatever their place in the list. */
export function createServices(ctx: AppContext): Services {
  const built = new Map<string, unknown>();
  const building = new Set<string>();
  const services = {} as Record<string, unknown>;
  const get = (area: AnyArea): unknown => {
    if (built.has(area.name)) return built.get(area.name);
    if (building.has(area.name)) throw new Error(`areas depend on each other in a circle through ${area.name}`);
    building.add(area.name);
    const service: unknown = area.create(ctx, services, AREAS);
    building.delete(area.name);
    built.set(area.name, service);
    return service;
  };
  for (const area of AREAS) Object.defineProperty(services, area.name, { get: () => get(area), enumerable: true });
  for (const area of AREAS) get(area);
  return Object.fromEntries(built) as Services;
}

const serviceOf = (services: Services, area: AnyArea): unknown => (services as Record<string, unknown>)[area.name];

/** Each area with its API routes, in module-list order. */
export function routesByArea(ctx: AppContext, services: Services): [AnyArea, RouteDef[]][] {
  return AREAS.map((area) => [area, area.routes?.(serviceOf(services, area), ctx, services) ?? []]);
}

export function allRoutes(ctx: AppContext, services: Services): RouteDef[] {
  return routesByArea(ctx, services).flatMap(([, routes]) => routes);
}

/** Routes at the service root, outside the versioned API (pages and root endpoints; see src/platform/root-routes.ts). */
export function rootRoutes(ctx: AppContext, services: Services): RootRouteDef[] {
  return AREAS.flatMap((area) => area.rootRoutes?.(serviceOf(services, area), ctx, services) ?? []);
}

export function backgroundTasks(services: Services): BackgroundTask[] {
  return AREAS.flatMap((area) => area.tasks?.(serviceOf(services, area)) ?? []);
}

/** The OpenAPI tags, in the order the areas introduce them. */
export function apiTags(): ApiTag[] {
  return AREAS.flatMap((area) => area.tags ?? []);
}

/** The examples of the OpenAPI document, from every area. */
export function apiExamples(): ApiExamples {
  const all: Record<string, ApiExamples[string]> = {};
  for (const area of AREAS) {
    for (const [operationId, examples] of Object.entries(area.examples ?? {})) {
      if (operationId in all) throw new Error(`examples of ${operationId} are declared twice (by ${area.name} too)`);
      all[operationId] = examples;
    }
  }
  return all;
}

/** Every migration of every area, one set for both engines. Names are global and sort in the order they run. */
export function allMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const area of AREAS) {
    for (const [name, migration] of Object.entries(area.migrations ?? {})) {
      if (name in all) throw new Error(`migration ${name} is declared twice (by ${area.name} too)`);
      all[name] = migration;
    }
  }
  return all;
}

/** Tables not owned by one company, as the areas declare them: the company-scope guard lets them through. */
export function globalTables(): string[] {
  return AREAS.flatMap((area) => area.tables?.global ?? []);
}

/** The tenant register's reads, as the one area owning `companies` provides them (`ctx.companies`). */
export function companyRegister(): CompanyRegister {
  const providers = AREAS.filter((area) => area.companyRegister);
  if (providers.length !== 1) throw new Error(`one area must provide the company register, not ${providers.length}`);
  return providers[0].companyRegister!;
}

/** The area owning each table (the only one writing it). */
export function tableOwners(): Map<string, { area: string; global: boolean }> {
  const owners = new Map<string, { area: string; global: boolean }>();
  for (const area of AREAS) {
    for (const global of [false, true]) {
      for (const table of (global ? area.tables?.global : area.tables?.company) ?? []) {
        if (owners.has(table))
          throw new Error(`table ${table} is owned by ${owners.get(table)!.area} and ${area.name}`);
        owners.set(table, { area: area.name, global });
      }
    }
  }
  return owners;
}

export { AREAS };

/** The `tase admin` commands, in module-list order, each with the name of the area whose service it runs with. */
export function adminCommands(): { area: string; command: AdminCommand }[] {
  return AREAS.flatMap((area) =>
    ((area.adminCommands ?? []) as readonly AdminCommand[]).map((command) => ({ area: area.name, command })),
  );
}
