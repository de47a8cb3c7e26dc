#!/usr/bin/env node
// The `tase` command: serve | migrate | seed demo | admin …  (every admin command prints JSON).
import { parseArgs } from 'node:util';
import { buildApp, type App } from './app.ts';
import { configFromEnv, ConfigError, type Config } from './platform/config.ts';
import { migrate, MigrationError, openDatabase } from './db/index.ts';
import {
  AdminError,
  AdminService,
  DOCUMENTS,
  hasCompanies,
  isDocumentName,
  seedDemo,
  storedDemo,
  type DemoCredentials,
} from './company/index.ts';
import { parseJson } from './platform/json.ts';
import { allMigrations, globalTables } from './modules.ts';
import { LATEST_VERSION } from './platform/versions.ts';
import type { RightLeaf, RightValue, Role } from './platform/rights.ts';
import { ApiError } from './platform/errors.ts';
import { parseEcbRates, RatesFileError } from './currencies/index.ts';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { incomesRegisterBatches, markIncomesRegisterDelivered, setPayrollContactPerson } from './payroll/index.ts';
import { createReadStream } from 'node:fs';
import { ACCOUNT_TYPES } from './accounts/index.ts';
import { parseFixture, sandboxTemplate } from './sandbox/index.ts';
import { reviewLink } from './integrations/index.ts';
import { Presets, SingleBar } from 'cli-progress';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup.ts';
import { isWorkerProcess, superviseWorkers } from './cluster.ts';

const USAGE = `Usage: tase <command>

  serve [--workers N]           start the service (sandbox: creates a demo company on an empty database);
                                with N > 1, N processes share the port (PostgreSQL or an SQLite file)
  migrate                       bring the database schema up to date
  seed demo [--json]            create a demo company, user, OAuth client and API key
  seed FILE                     create the companies, users, clients, keys and documents of a fixture file
                                (format: schemas/sandbox-fixture.schema.json; example: examples/sandbox-fixture.json)
  admin company create --name N [--business-id ID] [--country C] [--currency EUR] [--contract-type TESTING]
                       [--product-version FINANCIALS_PLUS]
                       [--business-form LIMITED_COMPANY|SOLE_TRADER]   the form chooses the standard chart
  admin company product-version --company-id N --product-version V   the product edition of the contract
  admin company settings --company-id N --name deliveryterms|einvoiceaddresses|collectionpenal --json JSON
                                                              replace a settings document (the GET answer's shape)
  admin company invoice-template --company-id N --name NAME [--id N] [--default]   add or rename a template
  admin company verifier-list --company-id N --name NAME [--id N] [--verifiers ID,..] [--acceptors ID,..]
  admin company delete-verifier-list --company-id N --id N
  admin user create --username U --first-name F --last-name L --email E [--password P] [--api-login-only]
  admin user add-to-company --user-id N --company-id N [--role ADMIN] [--right area.leaf=VALUE ...]
  admin client create --name N --redirect-uri URL [--client-id ID] [--owner-company-id N]
  admin apikey create --company-id N --user-id N --client-id ID
  admin apikey revoke --company-id N --id N                  revoke an API key and end the sessions obtained with it
  admin user set-password --user-id N --password P            set a password (ends all sessions of the user)
  admin user remove-from-company --user-id N --company-id N   end the membership, its sessions and API keys
  admin user api-login-only --user-id N (--on | --off)         the 'API login only' limitation (on ends code-flow sessions)
  admin authenticator reset --user-id N                         remove the user's second factors (authenticator app,
                                                              recovery codes) and authenticator sessions: they enrol anew
  admin period close|open --company-id N --date YYYY-MM-DD   close or reopen the fiscal period holding the date
  admin fiscal-year create --company-id N --start-date D --end-date D
  admin fiscal-year close --company-id N --date D             close the fiscal year holding the date (books the
                                                              opening balances of the next year)
  admin fiscal-year reopen --company-id N --date D            reopen the closed fiscal year holding the date
  admin account add --company-id N --account NUMBER --name NAME --type ASSET|LIABILITY|EQUITY|INCOME|EXPENSE
                    [--name-sv NAME] [--vat-percent P --vat-status S]   add an account of the company's own; a
                    four-digit number's type must fit its range: 1xxx ASSET, 2000–2379 EQUITY, 2380–2999 LIABILITY,
                    3000–9999 INCOME or EXPENSE
  admin account retype --company-id N --account NUMBER --type TYPE   change an account's type (within its number's range)
  admin account rename --company-id N --account NUMBER --name NAME [--language sv]   rename (or translate) an account
  admin account set-active --company-id N --account NUMBER --active true|false       deactivate or activate an account
  admin integration list                                      integration specifications waiting for review
  admin integration review-link                               a link to the review page, valid for an hour
  admin integration approve --integration-id ID               approve the version under review (activation link opens)
  admin integration decline --integration-id ID --reason TEXT decline it; the integrator sees the reason
  admin housekeeping                                          delete expired rows now (one pass), print the counts
  admin sandbox-administrator USERNAME                        let the user move the clock, reset every company and
                                                              seed companies (until one is named: the first user)
  admin rates import FILE                                     store the ECB euro reference rates of FILE (daily or historical XML)
  admin rates status                                          the days and currencies of rates stored
  admin bank import FILE --company-id N                       import a camt.053 statement or camt.054 notification file
  admin payroll incomes-register --payday D [--company N] [--out DIR]   the Incomes Register message of the approved
                    slips paid on D (XML to stdout; with --out one file per company and a JSON summary); the
                    company needs a payroll contact person (below); slips reported again later go as replacements;
                    reports whose slips were unapproved or moved to another payday are cancelled in a second
                    record (incomes-register-cancellations-N-D.xml, so --out is then needed)
  admin payroll contact-person --company N --name NAME --phone PHONE [--email EMAIL]   the payroll contact person
                    the company's Incomes Register messages name
  admin backup FILE                                           copy the database to FILE while it serves (SQLite
                                                              online backup; PostgreSQL: pg_dump custom format)
  admin restore FILE [--terminate]                            replace the database with the backup FILE (refused
                                                              while in use; --terminate ends its sessions first;
                                                              PostgreSQL: pg_restore --clean)
  admin payments export --company-id N --out DIR              write the queued payments as pain.001.001.09 files into DIR

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
    const demo = await withAdmin(config, (_admin, app) => sandboxDemo(app));
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
      case 'fiscal-year reopen':
        return await fiscal.reopenYear(companyId, (await fiscal.periodOn(companyId, date())).fiscalYearId);
      case 'fiscal-year create':
        return await fiscal.createYear(companyId, {
          startDate: required('start-date', values['start-date'] as string | undefined),
          endDate: required('end-date', values['end-date'] as string | undefined),
        });
      case 'account add': {
        const type = accountType(values.type);
        const vatStatus = values['vat-status'] as string | undefined;
        const nameSv = values['name-sv'] as string | undefined;
        return await accounts.add(companyId, {
          number: required('account', values.account as string | undefined),
          name: required('name', values.name as string | undefined),
          type,
          translations: nameSv ? { sv: nameSv } : undefined,
          vatPercent: values['vat-percent'] as string | undefined,
          vatStatus: vatStatus === undefined ? undefined : int('vat-status', vatStatus),
        });
      }
      case 'account retype':
        return await accounts.retype(
          companyId,
          required('account', values.account as string | undefined),
          accountType(values.type),
        );
      case 'account rename':
        return await accounts.rename(
          companyId,
          required('account', values.account as string | undefined),
          required('name', values.name as string | undefined),
          values.language as string | undefined,
        );
      default: {
        const active = values.active;
        if (active !== 'true' && active !== 'false') throw new AdminError('--active takes true or false');
        return await accounts.update(companyId, required('account', values.account as string | undefined), {
          active: active === 'true',
        });
      }
    }
  } catch (err) {
    throw asAdminError(err);
  }
}

/** `tase seed FILE`: the companies of a fixture file (see schemas/sandbox-fixture.schema.json), as POST /sandbox/seed. */
async function seedFixture(config: Config, file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((err: Error) => {
    throw new AdminError(`cannot read ${file}: ${err.message}`);
  });
  return withAdmin(config, async (_admin, app) => {
    try {
      return await app.services.sandbox.seed(parseFixture(text), (request) => app.fastify.inject(request));
    } catch (err) {
      throw asAdminError(err);
    }
  });
}

/** The `--type` of an account command: one of the account types. */
function accountType(value: unknown): (typeof ACCOUNT_TYPES)[number] {
  const type = required('type', value as string | undefined);
  const known = ACCOUNT_TYPES.find((t) => t === type);
  if (!known) throw new AdminError(`--type takes one of ${ACCOUNT_TYPES.join(', ')}`);
  return known;
}

/** A refusal of the API's rules, printed as text by the admin commands. */
function asAdminError(err: unknown): unknown {
  return err instanceof ApiError
    ? new AdminError(err.items.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '))
    : err;
}

function userIds(name: string, value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => int(name, part.trim()));
}

/** The company's settings documents, invoice templates and verifier lists: the same rules as a request body. */
async function companyAdmin(
  app: App,
  command: string,
  values: Record<string, string | boolean | string[] | undefined>,
): Promise<unknown> {
  const companyId = int('company-id', values['company-id'] as string | undefined);
  const name = () => required('name', values.name as string | undefined);
  const id = values.id === undefined ? undefined : int('id', values.id as string);
  const documents = app.services.company.documents;
  try {
    switch (command) {
      case 'company settings': {
        const document = name();
        if (!isDocumentName(document)) throw new AdminError(`--name takes one of ${Object.keys(DOCUMENTS).join(', ')}`);
        let json: unknown;
        try {
          json = parseJson(required('json', values.json as string | undefined));
        } catch (err) {
          throw err instanceof AdminError ? err : new AdminError(`--json is not valid JSON: ${(err as Error).message}`);
        }
        return await documents.replaceDocument(companyId, document, json);
      }
      case 'company invoice-template':
        return await documents.saveInvoiceTemplate(companyId, { id, name: name(), isDefault: values.default === true });
      case 'company verifier-list':
        return await documents.saveVerifierList(companyId, {
          id,
          name: name(),
          verifiers: userIds('verifiers', values.verifiers as string | undefined),
          acceptors: userIds('acceptors', values.acceptors as string | undefined),
        });
      default:
        return await documents.deleteVerifierList(companyId, int('id', values.id as string | undefined));
    }
  } catch (err) {
    throw asAdminError(err);
  }
}

/** `admin rates import FILE` (a progress bar on stderr for a file of many days) and `admin rates status`. */
async function ratesAdmin(app: App, verb: string | undefined, args: string[]): Promise<unknown> {
  const { currencies } = app.services;
  if (verb === 'status' && args.length === 0) return currencies.coverage();
  if (verb !== 'import' || args.length !== 1)
    throw new AdminError(`admin rates takes 'import FILE' or 'status'\n\n${USAGE}`);
  let xml: string;
  try {
    xml = await readFile(args[0], 'utf8');
  } catch (err) {
    throw new AdminError(`cannot read ${args[0]}: ${(err as Error).message}`);
  }
  let days;
  try {
    days = parseEcbRates(xml);
  } catch (err) {
    if (err instanceof RatesFileError) throw new AdminError(`${args[0]}: ${err.message}`);
    throw err;
  }
  if (days.length === 1) return currencies.storeRates(days);
  const bar = new SingleBar(
    { format: 'rates [{bar}] {percentage}% | {value}/{total} days', noTTYOutput: true, stream: process.stderr },
    Presets.shades_classic,
  );
  try {
    return await currencies.storeRates(days, (done, total) => (done === 0 ? bar.start(total, 0) : bar.update(done)));
  } finally {
    bar.stop();
  }
}

/**
 * `admin payroll incomes-register --payday D [--company N] [--out DIR]`: the Incomes Register batch message of each
 * company's approved slips paid on D (those whose reporting setting is FORM_BOTH_REPORTS).
 */
async function payrollAdmin(app: App, verb: string | undefined, args: string[]): Promise<void> {
  if (verb === 'contact-person') {
    const { values } = parseArgs({
      args,
      options: {
        company: { type: 'string' },
        name: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      strict: true,
    });
    const contact = await setPayrollContactPerson(app.ctx, int('company', values.company), {
      name: required('name', values.name),
      telephone: required('phone', values.phone),
      ...(values.email !== undefined ? { email: values.email } : {}),
    });
    if (!contact) throw new AdminError(`no company ${values.company}`);
    print(contact);
    return;
  }
  const { values } = parseArgs({
    args,
    options: { payday: { type: 'string' }, company: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  if (verb !== 'incomes-register')
    throw new AdminError(
      `admin payroll takes 'incomes-register --payday D [--company N] [--out DIR]' or 'contact-person'\n\n${USAGE}`,
    );
  const payday = required('payday', values.payday);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payday) || Number.isNaN(Date.parse(`${payday}T00:00:00Z`)))
    throw new AdminError('--payday must be a date YYYY-MM-DD');
  const batches = await incomesRegisterBatches(
    app.ctx,
    payday,
    values.company === undefined ? undefined : int('company', values.company),
  ).catch((err: unknown) => {
    throw asAdminError(err);
  });
  const messages = batches.filter((b) => b.xml !== null || b.cancellationXml !== null);
  if (values.out !== undefined) {
    await mkdir(values.out, { recursive: true });
    const written = [];
    for (const batch of messages) {
      const file = join(values.out, `incomes-register-${batch.companyId}-${payday}.xml`);
      const cancellations = join(values.out, `incomes-register-cancellations-${batch.companyId}-${payday}.xml`);
      // the register wants a cancellation and the new report of the same slip on the same day: both files at once
      if (batch.cancellationXml !== null) await writeFile(cancellations, batch.cancellationXml);
      if (batch.xml !== null) await writeFile(file, batch.xml);
      await markIncomesRegisterDelivered(app.ctx, [batch]);
      written.push({
        companyId: batch.companyId,
        ...(batch.xml !== null ? { file } : {}),
        reported: batch.reported,
        leftOut: batch.leftOut,
        ...(batch.cancellationXml !== null ? { cancellationFile: cancellations, cancelled: batch.cancelled } : {}),
      });
    }
    print({ payday, messages: written });
    return;
  }
  if (messages.length === 0) throw new AdminError(`no approved salary slip paid on ${payday} is to be reported`);
  if (messages.length > 1)
    throw new AdminError(`slips of ${messages.length} companies were paid on ${payday}: give --company N or --out DIR`);
  if (messages[0].cancellationXml !== null)
    throw new AdminError(
      `reports delivered for ${payday} are to be cancelled beside the reports: give --out DIR for the two records`,
    );
  process.stdout.write(messages[0].xml!);
  await markIncomesRegisterDelivered(app.ctx, messages);
}

/** `admin bank import FILE --company-id N`: the file is read as a stream, with a progress bar on stderr. */
async function bankAdmin(app: App, verb: string | undefined, args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'company-id': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (verb !== 'import' || positionals.length !== 1)
    throw new AdminError(`admin bank takes 'import FILE --company-id N'\n\n${USAGE}`);
  const companyId = int('company-id', values['company-id']);
  const file = positionals[0];
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (err) {
    throw new AdminError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const bar = new SingleBar(
    { format: 'bank [{bar}] {percentage}% | {entries} entries', noTTYOutput: true, stream: process.stderr },
    Presets.shades_classic,
  );
  bar.start(size, 0, { entries: 0 });
  try {
    return await app.services.bank.importFile(companyId, createReadStream(file), (progress) =>
      bar.update(progress.bytes, { entries: progress.entries }),
    );
  } catch (err) {
    throw asAdminError(err);
  } finally {
    bar.stop();
  }
}

/**
 * `admin payments export --company-id N --out DIR`: the queued payments become payment files (validated against the
 * pain.001.001.09 schema), each written to DIR as MESSAGE-ID.xml for the bank.
 */
async function paymentsAdmin(app: App, verb: string | undefined, args: string[]): Promise<unknown> {
  const { values } = parseArgs({ args, options: { 'company-id': { type: 'string' }, out: { type: 'string' } } });
  if (verb !== 'export' || !values.out)
    throw new AdminError(`admin payments takes 'export --company-id N --out DIR'\n\n${USAGE}`);
  const companyId = int('company-id', values['company-id']);
  const { files } = app.services.payments;
  try {
    const result = await files.export(companyId);
    await mkdir(values.out, { recursive: true });
    const written: string[] = [];
    for (const file of result.files) {
      const { messageId, xml } = await files.xml(companyId, file.id);
      const path = join(values.out, `${messageId}.xml`);
      await writeFile(path, xml);
      written.push(path);
    }
    return { ...result, written };
  } catch (err) {
    throw asAdminError(err);
  }
}

async function admin(config: Config, args: string[]): Promise<void> {
  const [noun, verb, ...rest] = args;
  if (noun === 'backup' || noun === 'restore') {
    const { values, positionals } = parseArgs({
      args: [verb, ...rest].filter((a) => a !== undefined),
      options: { terminate: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new AdminError(`admin ${noun} takes one FILE`);
    if (noun === 'backup' && values.terminate) throw new AdminError('--terminate is an option of admin restore');
    try {
      const url = config.databaseDirectUrl ?? config.databaseUrl;
      print(
        noun === 'backup'
          ? await backupDatabase(url, positionals[0])
          : await restoreDatabase(url, positionals[0], { terminate: values.terminate }),
      );
    } catch (err) {
      throw err instanceof BackupError ? new AdminError(err.message) : err;
    }
    return;
  }
  if (noun === 'sandbox-administrator') {
    if (verb === undefined || rest.length > 0) throw new AdminError('admin sandbox-administrator takes one username');
    print(await withAdmin(config, (_service, app) => app.services.sandbox.nameAdministrator(verb)));
    return;
  }
  if (noun === 'authenticator') {
    const { values } = parseArgs({ args: rest, options: { 'user-id': { type: 'string' } }, strict: true });
    if (verb !== 'reset') throw new AdminError(`admin authenticator takes 'reset --user-id N'\n\n${USAGE}`);
    const userId = int('user-id', values['user-id']);
    print(
      await withAdmin(config, (_service, app) =>
        app.services.authenticator.resetFactors(userId).catch((err: unknown) => {
          throw asAdminError(err);
        }),
      ),
    );
    return;
  }
  if (noun === 'housekeeping') {
    if (verb !== undefined) throw new AdminError(`admin housekeeping takes no arguments, got '${verb}'`);
    print(await withAdmin(config, (_service, app) => app.services.housekeeping.runOnce()));
    return;
  }
  if (noun === 'rates') {
    print(await withAdmin(config, (_service, app) => ratesAdmin(app, verb, rest)));
    return;
  }
  if (noun === 'bank') {
    print(await withAdmin(config, (_service, app) => bankAdmin(app, verb, rest)));
    return;
  }
  if (noun === 'payments') {
    print(await withAdmin(config, (_service, app) => paymentsAdmin(app, verb, rest)));
    return;
  }
  if (noun === 'payroll') {
    await withAdmin(config, (_service, app) => payrollAdmin(app, verb, rest));
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
      'business-form': { type: 'string' },
      type: { type: 'string' },
      'name-sv': { type: 'string' },
      language: { type: 'string' },
      'vat-percent': { type: 'string' },
      'vat-status': { type: 'string' },
      'product-version': { type: 'string' },
      json: { type: 'string' },
      default: { type: 'boolean' },
      verifiers: { type: 'string' },
      acceptors: { type: 'string' },
      'integration-id': { type: 'string' },
      reason: { type: 'string' },
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
          productVersion: values['product-version'],
          businessForm: values['business-form'],
        });
      case 'company product-version':
        return service.setProductVersion(
          int('company-id', values['company-id']),
          required('product-version', values['product-version']),
        );
      case 'company settings':
      case 'company invoice-template':
      case 'company verifier-list':
      case 'company delete-verifier-list':
        return companyAdmin(app, command, values);
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
      case 'integration list':
        return app.services.integrations.pendingReviews();
      case 'integration review-link':
        return reviewLink(app.ctx);
      case 'integration approve':
      case 'integration decline': {
        const integrationId = required('integration-id', values['integration-id']);
        const decision =
          verb === 'approve'
            ? { approve: true as const }
            : { approve: false as const, reason: required('reason', values.reason) };
        return app.services.integrations.review(integrationId, decision).catch((err: unknown) => {
          throw asAdminError(err);
        });
      }
      case 'period close':
      case 'period open':
      case 'fiscal-year close':
      case 'fiscal-year create':
      case 'fiscal-year reopen':
      case 'account set-active':
      case 'account add':
      case 'account retype':
      case 'account rename':
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
        const credentials = await withAdmin(config, async (_admin, app) => {
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
