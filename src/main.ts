#!/usr/bin/env node
// The `tase` command: serve | migrate | seed demo | admin …  (every admin command prints JSON).
import { parseArgs } from 'node:util';
import { buildApp, type App } from './app.ts';
import { configFromEnv, ConfigError, type Config } from './platform/config.ts';
import { migrate, MigrationError, openDatabase } from './db/index.ts';
import { AdminError, AdminService, hasCompanies, seedDemo, storedDemo, type DemoCredentials } from './company/index.ts';
import { allMigrations } from './modules.ts';
import { LATEST_VERSION } from './platform/versions.ts';
import type { RightLeaf, RightValue, Role } from './platform/rights.ts';
import { ApiError } from './platform/errors.ts';

const USAGE = `Usage: tase <command>

  serve                         start the service (sandbox: creates a demo company on an empty database)
  migrate                       bring the database schema up to date
  seed demo [--json]            create a demo company, user, OAuth client and API key
  admin company create --name N [--business-id ID] [--country C] [--currency EUR] [--contract-type TESTING]
  admin user create --username U --first-name F --last-name L --email E [--password P] [--api-login-only]
  admin user add-to-company --user-id N --company-id N [--role ADMIN] [--right area.leaf=VALUE ...]
  admin client create --name N --redirect-uri URL [--client-id ID] [--owner-company-id N]
  admin apikey create --company-id N --user-id N --client-id ID
  admin apikey revoke --company-id N --id N                  revoke an API key and end the sessions obtained with it
  admin user set-password --user-id N --password P            set a password (ends all sessions of the user)
  admin user remove-from-company --user-id N --company-id N   end the membership, its sessions and API keys
  admin user api-login-only --user-id N (--on | --off)         the 'API login only' limitation (on ends code-flow sessions)
  admin period close|open --company-id N --date YYYY-MM-DD   close or reopen the fiscal period holding the date
  admin fiscal-year create --company-id N --start-date D --end-date D
  admin fiscal-year close --company-id N --date D             close the fiscal year holding the date
  admin account set-active --company-id N --account NUMBER --active true|false
  admin housekeeping                                          delete expired rows now (one pass), print the counts

Configuration: PORT, HOST, DATABASE_URL, TASE_MODE, TASE_SIGNING_SECRET, TASE_PUBLIC_URL (see README).`;

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function banner(config: Config, base: string, demo: DemoCredentials | undefined): string {
  const lines = [
    `Tase ${LATEST_VERSION} (${config.mode}) is listening on ${base}`,
    `  API (latest):  ${base}/api`,
    `  Docs:          ${base}/docs`,
    `  OpenAPI:       ${base}/api/openapi.json`,
  ];
  if (demo) {
    lines.push(
      '',
      `Demo company ${demo.companyId} "${demo.companyName}"`,
      `  user:          ${demo.username} / ${demo.password}`,
      `  OAuth client:  ${demo.clientId}`,
      `  client secret: ${demo.clientSecret}`,
      `  redirect:      ${demo.redirectUri}`,
      `  API key:       ${demo.apiKey}`,
      '',
      'Get an access token:',
      `  curl -s ${base}/api/oauth/token -d grant_type=client_credentials -d client_id=${demo.clientId} \\`,
      `    -d client_secret=${demo.clientSecret} -d api_key=${demo.apiKey}`,
    );
  }
  return lines.join('\n');
}

async function serve(config: Config): Promise<void> {
  const app: App = await buildApp({ config });
  let demo: DemoCredentials | undefined;
  if (config.mode === 'sandbox') {
    if (!(await hasCompanies(app.ctx))) await seedDemo(app.ctx, { withData: true });
    demo = await storedDemo(app.ctx);
  }
  await app.fastify.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  process.stdout.write(`${banner(config, base, demo)}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function withAdmin<T>(config: Config, work: (admin: AdminService, app: App) => Promise<T>): Promise<T> {
  const app = await buildApp({ config: { ...config, logLevel: 'silent' } });
  try {
    return await work(new AdminService(app.ctx), app);
  } finally {
    await app.close();
  }
}

function int(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!value || !Number.isSafeInteger(n) || n < 1) throw new AdminError(`--${name} must be a positive integer`);
  return n;
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new AdminError(`--${name} is required`);
  return value;
}

function parseRights(entries: string[] | undefined): Partial<Record<RightLeaf, RightValue>> {
  const out: Record<string, RightValue> = {};
  for (const entry of entries ?? []) {
    const [leaf, value] = entry.split('=');
    if (!leaf || value === undefined) throw new AdminError(`--right takes area.leaf=VALUE, got '${entry}'`);
    out[leaf] = value === 'true' ? true : value === 'false' ? false : (value as RightValue);
  }
  return out;
}

/** Fiscal periods, fiscal years and accounts: the same rules as their endpoints, errors printed as text. */
async function ledgerAdmin(
  app: App,
  command: string,
  values: Record<string, string | boolean | string[] | undefined>,
): Promise<unknown> {
  const companyId = int('company-id', values['company-id'] as string | undefined);
  const date = () => {
    const value = required('date', values.date as string | undefined);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new AdminError('--date takes YYYY-MM-DD');
    return value;
  };
  const { fiscal, accounts } = app.services;
  try {
    switch (command) {
      case 'period close':
      case 'period open': {
        const { fiscalYearId, periodId } = await fiscal.periodOn(companyId, date());
        return command === 'period close'
          ? await fiscal.closePeriod(companyId, fiscalYearId, periodId)
          : await fiscal.openPeriod(companyId, fiscalYearId, periodId);
      }
      case 'fiscal-year close':
        return await fiscal.closeYear(companyId, (await fiscal.periodOn(companyId, date())).fiscalYearId);
      case 'fiscal-year create':
        return await fiscal.createYear(companyId, {
          startDate: required('start-date', values['start-date'] as string | undefined),
          endDate: required('end-date', values['end-date'] as string | undefined),
        });
      default: {
        const active = values.active;
        if (active !== 'true' && active !== 'false') throw new AdminError('--active takes true or false');
        return await accounts.update(companyId, required('account', values.account as string | undefined), {
          active: active === 'true',
        });
      }
    }
  } catch (err) {
    if (err instanceof ApiError)
      throw new AdminError(err.items.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '));
    throw err;
  }
}

async function admin(config: Config, args: string[]): Promise<void> {
  const [noun, verb, ...rest] = args;
  if (noun === 'housekeeping') {
    if (verb !== undefined) throw new AdminError(`admin housekeeping takes no arguments, got '${verb}'`);
    print(await withAdmin(config, (_service, app) => app.services.housekeeping.runOnce()));
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      'business-id': { type: 'string' },
      country: { type: 'string' },
      currency: { type: 'string' },
      'contract-type': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      'api-login-only': { type: 'boolean' },
      'user-id': { type: 'string' },
      'company-id': { type: 'string' },
      role: { type: 'string' },
      right: { type: 'string', multiple: true },
      'redirect-uri': { type: 'string' },
      'client-id': { type: 'string' },
      'owner-company-id': { type: 'string' },
      id: { type: 'string' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      date: { type: 'string' },
      'start-date': { type: 'string' },
      'end-date': { type: 'string' },
      account: { type: 'string' },
      active: { type: 'string' },
    },
    strict: true,
  });
  const command = `${noun} ${verb}`;
  const result = await withAdmin(config, async (service, app) => {
    switch (command) {
      case 'company create':
        return service.createCompany({
          name: required('name', values.name),
          businessId: values['business-id'],
          country: values.country,
          currency: values.currency,
          contractType: values['contract-type'] as never,
        });
      case 'user create':
        return service.createUser({
          username: required('username', values.username),
          password: values.password,
          firstName: required('first-name', values['first-name']),
          lastName: required('last-name', values['last-name']),
          email: required('email', values.email),
          apiLoginOnly: values['api-login-only'] ?? false,
        });
      case 'user add-to-company':
        return service.addMember(
          int('company-id', values['company-id']),
          int('user-id', values['user-id']),
          (values.role ?? 'ADMIN') as Role,
          parseRights(values.right),
        );
      case 'client create':
        return service.createClient({
          name: required('name', values.name),
          redirectUri: required('redirect-uri', values['redirect-uri']),
          clientId: values['client-id'],
          ownerCompanyId: values['owner-company-id'] ? int('owner-company-id', values['owner-company-id']) : undefined,
        });
      case 'apikey create':
        return service.createApiKey({
          companyId: int('company-id', values['company-id']),
          userId: int('user-id', values['user-id']),
          clientId: required('client-id', values['client-id']),
        });
      case 'apikey revoke':
        return service.revokeApiKey(int('company-id', values['company-id']), int('id', values.id));
      case 'user set-password':
        return service.setPassword(int('user-id', values['user-id']), required('password', values.password));
      case 'user remove-from-company':
        return service.removeMember(int('company-id', values['company-id']), int('user-id', values['user-id']));
      case 'user api-login-only':
        if (values.on === values.off) throw new AdminError('give exactly one of --on and --off');
        return service.setApiLoginOnly(int('user-id', values['user-id']), values.on === true);
      case 'period close':
      case 'period open':
      case 'fiscal-year close':
      case 'fiscal-year create':
      case 'account set-active':
        return ledgerAdmin(app, command, values);
      default:
        throw new AdminError(`unknown admin command '${command}'\n\n${USAGE}`);
    }
  });
  print(result);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const config = configFromEnv();
    switch (command) {
      case 'serve':
        await serve(config);
        return -1; // keeps running
      case 'migrate': {
        const database = openDatabase({ url: config.databaseUrl });
        const applied = await migrate(database.db, allMigrations());
        await database.close();
        print({ applied });
        return 0;
      }
      case 'seed': {
        if (args[0] !== 'demo') throw new AdminError(`unknown seed '${args[0] ?? ''}'; try 'seed demo'`);
        const credentials = await withAdmin(config, (_admin, app) => seedDemo(app.ctx, { withData: true }));
        if (args.includes('--json')) print(credentials);
        else
          process.stdout.write(
            `${Object.entries(credentials)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}\n`,
          );
        return 0;
      }
      case 'admin':
        await admin(config, args);
        return 0;
      case undefined:
      case 'help':
      case '--help':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`unknown command '${command}'\n\n${USAGE}\n`);
        return 2;
    }
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof AdminError ||
      err instanceof MigrationError ||
      (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      process.stderr.write(`tase: ${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
