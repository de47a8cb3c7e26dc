// The demo company of a sandbox: a company, an administrator, an OAuth client and an API key, so that an
// integrator can call the API a minute after cloning.
import type { Transaction } from 'kysely';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { randomSecret } from '../auth/index.ts';
import { AdminService } from './admin.ts';
import { seedDemoData } from './demo-data.ts';

export interface DemoCredentials {
  companyId: number;
  companyName: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  apiKey: string;
}

const SETTING = 'demo_credentials';

export async function storedDemo(ctx: AppContext): Promise<DemoCredentials | undefined> {
  const row = await ctx.db
    .selectFrom('service_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as DemoCredentials) : undefined;
}

export async function hasCompanies(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('id_sequences')
    .select('last_id')
    .where('company_id', '=', 0)
    .where('name', '=', 'companies')
    .executeTakeFirst();
  return !!row && Number(row.last_id) > 0;
}

export interface DemoOptions {
  redirectUri?: string;
  /**
   * Also fill the company with demo registers (a cost-centre dimension, customers, suppliers, products, a bank
   * account), as `tase serve` and `tase seed demo` do. Off by default: tests start from an empty company.
   */
  withData?: boolean;
}

/**
 * Seeds the demo company in one transaction: a kill half-way leaves nothing, so the next first start seeds
 * again (a half-made company would count as "not the first start" and never get its client, key and printed
 * credentials). The services it calls open transactions of their own; here those join the one transaction.
 */
export async function seedDemo(ctx: AppContext, options: DemoOptions = {}): Promise<DemoCredentials> {
  return ctx.db.transaction().execute((trx) => seedDemoIn({ ...ctx, db: joining(trx) }, options));
}

/** The transaction, with `transaction()` answering the same transaction instead of refusing to nest. */
function joining(trx: Transaction<Database>): Db {
  const joined: Db = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        const builder = {
          execute: <T>(work: (db: Db) => Promise<T>) => work(joined),
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        };
        return () => builder;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return joined;
}

async function seedDemoIn(ctx: AppContext, options: DemoOptions): Promise<DemoCredentials> {
  const admin = new AdminService(ctx);
  const company = await admin.createCompany({ name: 'Demo Oy', businessId: '1234567-1', contractType: 'DEMO' });
  const suffix = company.companyId === 1 ? '' : `${company.companyId}`;
  const password = `Demo-${randomSecret(9)}`;
  const username = `demo${suffix}`;
  const user = await admin.createUser({
    username,
    password,
    firstName: 'Demo',
    lastName: 'User',
    email: `${username}@example.com`,
  });
  await admin.addMember(company.companyId, user.userId, 'ADMIN');
  if (options.withData) await seedDemoData(ctx, company.companyId);
  const client = await admin.createClient({
    name: 'Demo integration',
    clientId: `tase-demo${suffix}`,
    redirectUri: options.redirectUri ?? 'http://localhost:3000/callback',
    ownerCompanyId: company.companyId,
  });
  const key = await admin.createApiKey({
    companyId: company.companyId,
    userId: user.userId,
    clientId: client.clientId,
  });
  const credentials: DemoCredentials = {
    companyId: company.companyId,
    companyName: company.name,
    username,
    password,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri: client.redirectUri,
    apiKey: key.apiKey,
  };
  if (ctx.config.mode === 'sandbox') {
    await ctx.db
      .insertInto('service_settings')
      .values({ name: SETTING, value: JSON.stringify(credentials) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(credentials) }))
      .execute();
  }
  return credentials;
}
