#!/usr/bin/env node
// The `tase` command: serve | migrate | seed demo | admin …  (every admin command prints JSON).
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { buildApp, type App } from './app.ts';
import { configFromEnv, ConfigError, type Config } from './platform/config.ts';
import { migrate, MigrationError, openDatabase } from './db/index.ts';
import { hasCompanies, seedDemo, storedDemo, type DemoCredentials } from './company/index.ts';
import { adminCommands, allMigrations, globalTables } from './modules.ts';
import { LATEST_VERSION } from './platform/versions.ts';
import { AdminError, AdminUsageError, asAdminError, int, type AdminCommand } from './platform/admin-commands.ts';
import { parseFixture, sandboxTemplate } from './sandbox/index.ts';
import { isWorkerProcess, superviseWorkers } from './cluster.ts';

/** Each admin command's lines, from the areas' declarations in module-list order. */
const adminUsage = () =>
  adminCommands()
    .flatMap(({ command }) => (command.usage ? [`  admin ${command.usage}`] : []))
    .join('\n');

const usage = () => `Usage: tase <command>

  serve [--workers N]           start the service (sandbox: creates a demo company on an empty database);
                                with N > 1, N processes share the port (PostgreSQL or an SQLite file)
  migrate                       bring the database schema up to date
  seed demo [--json]            create a demo company, user, OAuth client and API key
  seed FILE                     create the companies, users, clients, keys and documents of a fixture file
                                (format: schemas/sandbox-fixture.schema.json; example: examples/sandbox-fixture.json)
${adminUsage()}

Configuration: PORT, HOST, DATABASE_URL, TASE_MODE, TASE_SIGNING_SECRET, TASE_PUBLIC_URL, TASE_RATES_URL (see README).`;

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

/** The sandbox's demo company, made on an empty database. */
async function sandboxDemo(app: App): Promise<DemoCredentials | undefined> {
  if (app.ctx.config.mode !== 'sandbox') return undefined;
  if (!(await hasCompanies(app.ctx))) {
    const seeded = await seedDemo(app.ctx, { withData: true });
    await app.services.currencies.seedSandboxRates();
    await app.services.sandbox.recordBaseline(seeded.companyId);
  }
  return storedDemo(app.ctx);
}

function printBanner(config: Config, demo: DemoCredentials | undefined): void {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  process.stdout.write(`${banner(config, base, demo)}\n`);
}

async function serve(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true });
  const workers = values.workers === undefined ? 1 : int('workers', values.workers);
  if (workers > 1 && !isWorkerProcess()) {
    if (/^(sqlite:(\/\/)?)?(:memory:)?$/.test(config.databaseUrl))
      throw new AdminError('--workers needs a database the processes share: PostgreSQL or an SQLite file');
    // migrations and the demo company once, before any worker starts
    const demo = await withApp(config, (app) => sandboxDemo(app));
    superviseWorkers(workers, config.drainGraceMs, () => printBanner(config, demo));
    return;
  }
  // a sandbox in memory starts from the template of an earlier start when there is one (src/sandbox/template.ts)
  const template = isWorkerProcess() ? undefined : sandboxTemplate(config, new Date());
  let image = template?.read();
  let app: App;
  try {
    app = await buildApp({ config, databaseImage: image });
  } catch (err) {
    // a template that is not a database of this build (damaged on disk): seed anew, and replace it
    if (!image) throw err;
    image = undefined;
    app = await buildApp({ config });
  }
  const demo = isWorkerProcess() ? undefined : await sandboxDemo(app);
  if (template && !image && app.templateImage) template.write(app.templateImage());
  try {
    await app.fastify.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new ConfigError(`port ${config.port} of ${config.host} is in use: set PORT to a free one (PORT=8081)`);
    if (code === 'EACCES')
      throw new ConfigError(`port ${config.port} needs privileges this user lacks: set PORT above 1023`);
    throw err;
  }
  if (!isWorkerProcess()) printBanner(config, demo);
  // SIGTERM is how an orchestrator stops an instance behind a balancer: drain first. SIGINT (Ctrl-C) stops at once.
  const stop = async (graceMs: number) => {
    await app.drain(graceMs);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(config.drainGraceMs));
}

/**
 * The service's areas for one command, without their background work: a command of a few seconds that claimed
 * webhook deliveries or began a housekeeping pass would hold its exit until they ended, racing the running service.
 */
async function withApp<T>(config: Config, work: (app: App) => Promise<T>): Promise<T> {
  const app = await buildApp({ config: { ...config, logLevel: 'silent' }, background: false });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** `tase seed FILE`: the companies of a fixture file (see schemas/sandbox-fixture.schema.json), as POST /sandbox/seed. */
async function seedFixture(config: Config, file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((err: Error) => {
    throw new AdminError(`cannot read ${file}: ${err.message}`);
  });
  return withApp(config, async (app) => {
    try {
      return await app.services.sandbox.seed(parseFixture(text), (request) => app.fastify.inject(request));
    } catch (err) {
      throw asAdminError(err);
    }
  });
}

/** The command that `args` name (its words, then the rest of the line), or a refusal naming what there is. */
function findCommand(args: string[]): { area: string; command: AdminCommand; rest: string[] } {
  const commands = adminCommands();
  const [noun, verb] = args;
  const named = (words: number) => commands.find((c) => c.command.command === args.slice(0, words).join(' '));
  const two = verb === undefined ? undefined : named(2);
  if (two) return { ...two, rest: args.slice(2) };
  const one = named(1);
  if (one) return { ...one, rest: args.slice(1) };
  const verbs = commands.flatMap(({ command }) =>
    command.command.startsWith(`${noun} `) ? [`'${command.command.slice(noun.length + 1)}'`] : [],
  );
  if (verbs.length > 0) throw new AdminUsageError(`admin ${noun} takes ${verbs.join(' or ')}`);
  throw new AdminUsageError(`unknown admin command '${args.slice(0, 2).join(' ')}'`);
}

async function admin(config: Config, args: string[]): Promise<void> {
  const { area, command, rest } = findCommand(args);
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options ?? {},
    allowPositionals: true,
    strict: true,
  });
  const expected = command.positionals ?? [];
  if (positionals.length !== expected.length)
    throw new AdminError(
      `admin ${command.command} takes ${expected.length > 0 ? expected.join(' ') : 'no arguments'}` +
        (positionals.length > expected.length ? `, got '${positionals.slice(expected.length).join(' ')}'` : ''),
    );
  const input = { values, positionals };
  const result = command.runOffline
    ? await command.runOffline(config, input)
    : await withApp(config, (app) =>
        command.run!({ ...input, service: (app.services as Record<string, unknown>)[area], ctx: app.ctx }),
      );
  if (!command.ownOutput) print(result);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const config = configFromEnv();
    switch (command) {
      case 'serve':
        await serve(config, args);
        return -1; // keeps running
      case 'migrate': {
        const database = openDatabase({ url: config.databaseUrl, globalTables: globalTables() });
        const applied = await migrate(database.db, allMigrations());
        await database.close();
        print({ applied });
        return 0;
      }
      case 'seed': {
        if (args[0] && args[0] !== 'demo') {
          print(await seedFixture(config, args[0]));
          return 0;
        }
        if (args[0] !== 'demo') throw new AdminError(`unknown seed '${args[0] ?? ''}'; try 'seed demo'`);
        const credentials = await withApp(config, async (app) => {
          const seeded = await seedDemo(app.ctx, { withData: true });
          await app.services.currencies.seedSandboxRates();
          if (config.mode === 'sandbox') await app.services.sandbox.recordBaseline(seeded.companyId);
          return seeded;
        });
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
        process.stdout.write(`${usage()}\n`);
        return command === undefined ? 2 : 0;
      default:
        process.stderr.write(`unknown command '${command}'\n\n${usage()}\n`);
        return 2;
    }
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof AdminError ||
      err instanceof MigrationError ||
      (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      const message = err instanceof AdminUsageError ? `${err.message}\n\n${usage()}` : (err as Error).message;
      process.stderr.write(`tase: ${message}\n`);
      return 2;
    }
    throw err;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
