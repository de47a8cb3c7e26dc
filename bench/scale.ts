// Scale benchmark: many companies and a large ledger. Seeds SCALE_COMPANIES companies and ledger receipts with
// their postings, the rows the ledger core's posting code writes (see `writeInBulk`), first up to
// SCALE_BASELINE receipts, then up to SCALE_RECEIPTS; at each size it starts the real service (`tase serve`) as a
// child process on that database and measures over HTTP the p50/p99 of the main reads and writes, and
// the reports and the SIE export of the largest company with the service's peak resident memory (RSS).
// The measured company (the demo company) holds SCALE_SHARE of the receipts; the rest are spread over the others.
//   node bench/scale.ts                            (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/scale.ts  (a new database on that server, dropped afterwards)
// Options: SCALE_RECEIPTS (default 1000000), SCALE_BASELINE (default 10000), SCALE_COMPANIES (default 1000),
// SCALE_SHARE (default 0.1), SCALE_LINES (lines per receipt, default 3), BENCH_SECONDS (per read/write, default 5),
// BENCH_CONNECTIONS (default 8), SCALE_ONLY (measure only the reads whose label contains it, e.g. `general ledger`,
// and no heavy report), SCALE_SERVICE_ARGS (Node options of the service, e.g. `--cpu-prof`), SCALE_KEEP (keep the database afterwards).
// SCALE_REUSE=<kept>[,<kept>] measures databases SCALE_KEEP kept (a SQLite file or a PostgreSQL URL) without seeding:
// one, or a baseline and a large one (the ratios as in a seeded run), each on a copy dropped afterwards, so the writes
// measured never grow them and a change of the indexes or queries is measured on the same data (its migrations run).
// Two are served side by side and measured in alternating one-second slices, so the machine's other load, which moves
// by the minute, falls alike on both sizes.
// Beside each read's p50/p99 it prints the service's CPU time per request (from /proc), which a loaded machine
// stretches far less than the wall time.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { seedDemo, storedDemo, type DemoCredentials } from '../src/company/demo.ts';
import { AdminService } from '../src/company/admin.ts';
import type { PostingLine } from '../src/domain/postings.ts';
import { allocateIdBlocks, type Db } from '../src/db/index.ts';
import { isoDateTime, nextVersion } from '../src/platform/clock.ts';
import { draftToRow, lineToEntry, type ReceiptDraft } from '../src/ledger/mapping.ts';
import {
  RECEIPT_COUNT,
  receiptCount,
  receiptNumberCounter,
  insertLines,
  type LedgerEntryRow,
  type LedgerReceiptRow,
} from '../src/ledger/store.ts';
import { OPENING_RECEIPT_TYPE } from '../src/ledger/index.ts';

const RECEIPTS = Number(process.env.SCALE_RECEIPTS ?? 1_000_000);
const BASELINE = Number(process.env.SCALE_BASELINE ?? 10_000);
const COMPANIES = Number(process.env.SCALE_COMPANIES ?? 1000);
const SHARE = Number(process.env.SCALE_SHARE ?? 0.1);
const LINES = Number(process.env.SCALE_LINES ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BY_POSTING = process.env.SCALE_SEEDING === 'posting';
const ONLY = process.env.SCALE_ONLY;
const measured = (label: string) => ONLY === undefined || label.includes(ONLY);
// the service's own clock everywhere: the seeding process and the service run the same housekeeping
const YEAR = new Date().getUTCFullYear();
const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

// ------------------------------------------------------------------------------------------------ database
const REUSE = (process.env.SCALE_REUSE ?? '').split(',').filter((k) => k !== '');
const base = REUSE.length > 0 ? REUSE[0] : (process.env.DATABASE_URL ?? '');
const postgres = /^postgres(ql)?:\/\//.test(base);
const dir = mkdtempSync(join(tmpdir(), 'tase-scale-bench-'));

interface Database {
  url: string;
  drop: () => Promise<void>;
}

/** A new database: empty, or a copy of a kept one (PostgreSQL: its template; SQLite: its file). */
async function newDatabase(kept?: string): Promise<Database> {
  if (!postgres) {
    const url = join(dir, `scale-${randomBytes(4).toString('hex')}.sqlite`);
    if (kept) {
      if (!existsSync(kept)) throw new Error(`no kept database ${kept}`);
      copyFileSync(kept, url);
    }
    return { url, drop: async () => rmSync(url, { force: true }) };
  }
  const name = `tase_bench_${randomBytes(4).toString('hex')}`;
  const server = kept ?? base;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const template = kept ? ` TEMPLATE ${new URL(kept).pathname.slice(1)}` : '';
  await admin.query(`CREATE DATABASE ${name}${template}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: u.toString(), drop };
}

const configOf = (url: string) => ({
  ...configFromEnv({ TASE_MODE: 'sandbox', TASE_RATE_LIMIT: '0' }),
  databaseUrl: url,
  port: 0,
  logLevel: 'silent' as const,
});

// ------------------------------------------------------------------------------------------------ seeding
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);

interface Seeder {
  database: Database;
  app: App;
  demo: DemoCredentials;
  companies: number[];
  accounts: string[];
  posted: number;
}

async function startSeeding(): Promise<Seeder> {
  const database = await newDatabase();
  const app = await buildApp({ config: configOf(database.url) });
  const demo = await seedDemo(app.ctx, { withData: true });
  const admin = new AdminService(app.ctx);
  const companies = [demo.companyId];
  for (let i = 1; i < COMPANIES; i++)
    companies.push((await admin.createCompany({ name: `Yritys ${i} Oy`, contractType: 'TESTING' })).companyId);
  return { database, app, demo, companies, accounts: await accountsOf(app, demo.companyId), posted: 0 };
}

/** A copy of a kept database, opened as the seeding left it (the demo company's credentials are stored in it). */
async function openKept(kept: string): Promise<Seeder> {
  const database = await newDatabase(kept);
  const app = await buildApp({ config: configOf(database.url) });
  const demo = await storedDemo(app.ctx);
  if (!demo) throw new Error(`${kept} holds no demo company: not a database the bench kept`);
  // every query names its companies (the company-scope guard): the receipts of all of them
  const companies = await app.ctx.companies.ids(app.ctx.db, 0, 1_000_000);
  const receipts = await app.ctx.db
    .selectFrom('ledger_receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', 'in', companies)
    .executeTakeFirstOrThrow();
  return {
    database,
    app,
    demo,
    companies: [demo.companyId],
    accounts: await accountsOf(app, demo.companyId),
    posted: Number(receipts.n),
  };
}

async function accountsOf(app: App, companyId: number): Promise<string[]> {
  const accounts = (
    await app.ctx.db
      .selectFrom('accounts')
      .select('number')
      .where('company_id', '=', companyId)
      .where('type', 'in', ['EXPENSE', 'INCOME'])
      .orderBy('number')
      .execute()
  ).map((a) => a.number);
  return accounts.length > 0 ? accounts : ['7000'];
}

function lines(accounts: string[]): PostingLine[] {
  const out: PostingLine[] = [];
  let sum = 0;
  for (let i = 0; i < LINES - 1; i++) {
    const amount = (next() % 2_000_000) - 1_000_000;
    out.push({
      account: accounts[next() % accounts.length],
      amountMinor: BigInt(amount),
      description: i === 0 ? `Rivi ${i}` : null,
    });
    sum += amount;
  }
  out.push({ account: '1910', amountMinor: BigInt(-sum), description: null });
  return out;
}

/** The company that gets chunk `chunk` of PER_TRANSACTION receipts: the measured one its share, the others in turn. */
const PER_TRANSACTION = 500;
function companyOfChunk(companies: number[], chunk: number): number {
  const everyNth = Math.max(1, Math.round(1 / SHARE));
  return chunk % everyNth === 0 || companies.length === 1
    ? companies[0]
    : companies[1 + (chunk % (companies.length - 1))];
}

const receiptDateOf = (n: number) => new Date(Date.UTC(YEAR, 0, 1 + (n % 365))).toISOString().slice(0, 10);

function draftOf(n: number, accounts: string[]): ReceiptDraft {
  return {
    type: 'JOURNAL',
    status: 'APPROVED',
    name: `Tosite ${n}`,
    receiptDate: receiptDateOf(n),
    vatType: 'PURCHASE',
    vatStatus: 1,
    lines: lines(accounts),
  };
}

/**
 * Receipts n ∈ [first, first + count) of one company written in bulk: the rows the posting code writes (built by
 * the same mapping, `draftToRow`/`lineToEntry`), numbered from the same counters, inserted many to a statement.
 * The lines are added to the month totals by the ledger's writer of lines, and on SQLite the receipt counters
 * follow by the receipts' trigger, as for every posting.
 */
async function writeInBulk(
  trx: Db,
  engine: 'sqlite' | 'postgres',
  companyId: number,
  accounts: string[],
  first: number,
  count: number,
) {
  const drafts = Array.from({ length: count }, (_, i) => draftOf(first + i, accounts));
  const years = await trx
    .selectFrom('fiscal_years')
    .select(['id', 'start_date', 'end_date'])
    .where('company_id', '=', companyId)
    .execute();
  const yearOf = (date: string) => {
    const year = years.find((y) => y.start_date <= date && date <= y.end_date);
    if (!year) throw new Error(`no fiscal year of company ${companyId} holds ${date}`);
    return Number(year.id);
  };
  const perYear = new Map<number, number>();
  for (const d of drafts) perYear.set(yearOf(d.receiptDate), (perYear.get(yearOf(d.receiptDate)) ?? 0) + 1);
  const lineCount = drafts.reduce((total, d) => total + d.lines.length, 0);
  const blocks = [
    { name: 'ledger_receipts', count },
    { name: 'ledger_entries', count: lineCount },
  ];
  // PostgreSQL takes receipt numbers and the receipt count with the ids; on SQLite the receipt's insert trigger
  // advances them from the numbers written
  if (engine === 'postgres') {
    for (const [year, n] of perYear) blocks.push({ name: receiptNumberCounter(year), count: n });
    blocks.push({ name: RECEIPT_COUNT, count });
  }
  const firsts = await allocateIdBlocks(trx, companyId, blocks);
  const nextNumber = new Map<number, number>();
  for (const year of perYear.keys()) {
    if (engine === 'postgres')
      nextNumber.set(year, firsts[blocks.findIndex((b) => b.name === receiptNumberCounter(year))]);
    else {
      const counter = await trx
        .selectFrom('id_sequences')
        .select('last_id')
        .where('company_id', '=', companyId)
        .where('name', '=', receiptNumberCounter(year))
        .executeTakeFirst();
      nextNumber.set(year, Number(counter?.last_id ?? 0) + 1);
    }
  }
  let receiptId = firsts[0];
  let entryId = firsts[1];
  const now = new Date();
  const receipts: LedgerReceiptRow[] = [];
  const entries: LedgerEntryRow[][] = [];
  for (const draft of drafts) {
    const fiscalYearId = yearOf(draft.receiptDate);
    const receiptNumber = nextNumber.get(fiscalYearId)!;
    nextNumber.set(fiscalYearId, receiptNumber + 1);
    const row = draftToRow(draft, {
      companyId,
      id: receiptId++,
      fiscalYearId,
      receiptNumber,
      reversesReceiptId: null,
      version: nextVersion(now),
      createdAt: isoDateTime(now),
    });
    receipts.push(row);
    entries.push(draft.lines.map((line) => lineToEntry(row, entryId++, line)));
  }
  const ROWS = 500; // rows per insert: within SQLite's bound on parameters for either table
  for (let i = 0; i < receipts.length; i += ROWS)
    await trx
      .insertInto('ledger_receipts')
      .values(receipts.slice(i, i + ROWS))
      .execute();
  // the lines through the ledger's own writer, which adds them to the month totals (SQLite's receipt trigger added
  // none: the receipts were written before their lines)
  await insertLines(
    trx,
    receipts.map((row, i) => ({ row, entries: entries[i], dimensions: [] })),
  );
}

/**
 * Seeds receipts until `target` exist: SHARE of them in the measured company, the rest round the others, one
 * transaction per PER_TRANSACTION receipts of one company. SCALE_SEEDING=posting posts each one through the
 * posting code (slow: its checks and statements per receipt); the default writes the same rows in bulk.
 */
async function seedTo(seeder: Seeder, target: number): Promise<void> {
  const { app, companies } = seeder;
  const engine = app.ctx.engine;
  while (seeder.posted < target) {
    const count = Math.min(PER_TRANSACTION, target - seeder.posted);
    const first = seeder.posted;
    const companyId = companyOfChunk(companies, Math.floor(first / PER_TRANSACTION));
    await app.ctx.db.transaction().execute(async (trx) => {
      if (!BY_POSTING) return writeInBulk(trx, engine, companyId, seeder.accounts, first, count);
      for (let n = first; n < first + count; n++)
        await app.services.ledger.post(trx, companyId, draftOf(n, seeder.accounts));
    });
    seeder.posted += count;
    if (seeder.posted % 100_000 === 0) process.stderr.write(`  ${seeder.posted} receipts\n`);
  }
  if (postgres) await sql`vacuum analyze`.execute(app.ctx.db.withoutPlugins());
  else await sql`analyze`.execute(app.ctx.db.withoutPlugins());
  await checkTies(seeder);
}

/**
 * The measured company's ledger ties: every account's month totals equal its lines (the triggers followed the
 * bulk writes) and the lines sum to zero; receipt numbers and the receipt count match the receipts.
 */
async function checkTies(seeder: Seeder): Promise<void> {
  const db = seeder.app.ctx.db;
  const companyId = seeder.demo.companyId;
  const [lineSums, monthSums, receipts] = await Promise.all([
    db
      .selectFrom('ledger_entries as e')
      .select(['e.account_number', sql<string>`sum(e.amount_minor)`.as('total')])
      .where('e.company_id', '=', companyId)
      .where('e.in_ledger', '=', true)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('ledger_receipts as r')
              .select('r.id')
              .where('r.company_id', '=', companyId)
              .whereRef('r.id', '=', 'e.receipt_id')
              .where('r.type', '=', OPENING_RECEIPT_TYPE),
          ),
        ),
      )
      .groupBy('e.account_number')
      .execute(),
    db
      .selectFrom('ledger_account_months')
      .select(['account_number', sql<string>`sum(debit_minor - credit_minor)`.as('total')])
      .where('company_id', '=', companyId)
      .groupBy('account_number')
      .execute(),
    db
      .selectFrom('ledger_receipts')
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`count(distinct fiscal_year_id || '/' || receipt_number)`.as('numbers'),
      ])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const months = new Map(monthSums.map((m) => [m.account_number, BigInt(m.total)]));
  let sum = 0n;
  for (const l of lineSums) {
    sum += BigInt(l.total);
    if ((months.get(l.account_number) ?? 0n) !== BigInt(l.total))
      throw new Error(`account ${l.account_number}: month totals ${months.get(l.account_number)} ≠ lines ${l.total}`);
  }
  if (sum !== 0n) throw new Error(`the ledger does not balance: ${sum}`);
  const count = await receiptCount(db, companyId);
  if (Number(receipts.n) !== count || Number(receipts.numbers) !== count)
    throw new Error(`receipts ${receipts.n}, distinct numbers ${receipts.numbers}, receipt count ${count}`);
}

// ------------------------------------------------------------------------------------------------ the service
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Service {
  child: ChildProcess;
  root: string;
  token: string;
}

async function startService(url: string, demo: DemoCredentials): Promise<Service> {
  const port = await freePort();
  const nodeArgs = (process.env.SCALE_SERVICE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, MAIN, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      TASE_MODE: 'sandbox',
      TASE_RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  while (!output.includes('is listening on')) {
    if (child.exitCode !== null) throw new Error(`the service exited:\n${output}`);
    await sleep(50);
  }
  const root = `http://127.0.0.1:${port}`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  });
  const answer = await fetch(`${root}/api/oauth/token`, { method: 'POST', body: form });
  return { child, root, token: ((await answer.json()) as { access_token: string }).access_token };
}

async function stopService(service: Service): Promise<void> {
  service.child.kill('SIGTERM');
  await new Promise((resolve) => service.child.once('exit', resolve));
}

/** The service's resident memory (VmRSS), sampled every 10 ms while `work` runs: before and peak. */
async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; before: number; peak: number }> {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, before, peak: Math.max(peak, rss()) };
  } finally {
    clearInterval(sampler);
  }
}

// ------------------------------------------------------------------------------------------------ measuring
interface Latency {
  p50: number;
  p99: number;
  rps: number;
  /** CPU ms of the service per request (user + system); undefined without /proc. */
  cpu?: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Percentiles of timings in ms. */
function latency(times: number[], seconds: number): Latency {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), rps: times.length / seconds };
}

interface Load {
  path: () => string;
  method?: 'GET' | 'POST';
  body?: () => string;
  connections?: number;
}

/**
 * `connections` clients sending one request after another for `seconds`; each request's time is measured on the
 * client to the microsecond, and the CPU time the service used meanwhile.
 */
async function slice(service: Service, options: Load, seconds: number): Promise<{ times: number[]; cpu?: number }> {
  const headers = { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' };
  const times: number[] = [];
  const before = cpuMs(service.child.pid!);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections ?? CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const path = options.path();
        const started = performance.now();
        const answer = await fetch(`${service.root}${path}`, {
          method: options.method ?? 'GET',
          headers,
          body: options.body?.(),
        });
        const text = await answer.text();
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${text.slice(0, 300)}`);
        times.push(performance.now() - started);
      }
    }),
  );
  const after = cpuMs(service.child.pid!);
  return { times, cpu: before === undefined || after === undefined ? undefined : after - before };
}

/**
 * The same load on each service (one per database measured) for SECONDS after a second of warm-up: in slices of a
 * second taken in turn, so that the load of the rest of the machine, which moves by the minute, falls alike on each.
 */
async function load(targets: { service: Service; options: Load }[]): Promise<Latency[]> {
  for (const t of targets) await slice(t.service, t.options, 1);
  const runs: { times: number[]; cpu: number | undefined }[] = targets.map(() => ({ times: [], cpu: 0 }));
  for (let s = 0; s < SECONDS; s++)
    for (let k = 0; k < targets.length; k++) {
      const i = s % 2 === 0 ? k : targets.length - 1 - k;
      const run = await slice(targets[i].service, targets[i].options, 1);
      runs[i].times.push(...run.times);
      runs[i].cpu = runs[i].cpu === undefined || run.cpu === undefined ? undefined : runs[i].cpu + run.cpu;
    }
  return runs.map((r) => ({
    ...latency(r.times, SECONDS),
    cpu: r.cpu === undefined ? undefined : r.cpu / r.times.length,
  }));
}

/** Sequential timings of a heavy read: p50/p99 over `count` runs on each service, taken in turn. */
async function timed(targets: { service: Service; path: string }[], count: number): Promise<Latency[]> {
  const runs: { times: number[]; cpu: number | undefined }[] = targets.map(() => ({ times: [], cpu: 0 }));
  for (let i = -1; i < count; i++)
    for (const [k, { service, path }] of targets.entries()) {
      const before = cpuMs(service.child.pid!);
      const started = performance.now();
      const answer = await fetch(`${service.root}/api${path}`, {
        headers: { authorization: `Bearer ${service.token}` },
      });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
      if (i < 0) continue; // a first run of each to warm up
      runs[k].times.push(performance.now() - started);
      const after = cpuMs(service.child.pid!);
      runs[k].cpu =
        runs[k].cpu === undefined || before === undefined || after === undefined
          ? undefined
          : runs[k].cpu + after - before;
    }
  return runs.map((r) => ({
    ...latency(r.times, r.times.reduce((a, b) => a + b, 0) / 1000),
    cpu: r.cpu === undefined ? undefined : r.cpu / r.times.length,
  }));
}

type Figures = Record<string, Latency>;
interface Heavy {
  label: string;
  ms: number;
  before: number;
  peak: number;
}
interface Measured {
  figures: Figures;
  heavy: Heavy[];
  receiptsOfCompany: number;
}

/** The measured company's receipts and products, and the service started on the seeder's database. */
async function serve(seeder: Seeder) {
  const companyId = seeder.demo.companyId;
  const db = seeder.app.ctx.db;
  const ids = (await db.selectFrom('ledger_receipts').select('id').where('company_id', '=', companyId).execute()).map(
    (r) => Number(r.id),
  );
  const products = (await db.selectFrom('products').select('id').where('company_id', '=', companyId).execute()).map(
    (r) => Number(r.id),
  );
  // the seeding process stops while the service is measured: its background tasks would write beside it
  await seeder.app.close();
  const service = await startService(seeder.database.url, seeder.demo);
  return { seeder, ids, products, service };
}
type Served = Awaited<ReturnType<typeof serve>>;

/** The reads and writes measured on each seeder's database, side by side (see `load`), then its heavy reports. */
async function measure(seeders: Seeder[]): Promise<Measured[]> {
  const served: Served[] = [];
  try {
    for (const seeder of seeders) served.push(await serve(seeder));
    const pick = <T>(list: T[]) => list[next() % list.length];
    const range = `startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`;
    let n = 0;
    const reads: Record<string, (s: Served) => Load> = {
      'GET one receipt': ({ ids }) => ({ path: () => `/api/ledgerreceipts/${pick(ids)}` }),
      'GET page of 50 receipts (first 20 pages)': ({ ids }) => ({
        path: () =>
          `/api/ledgerreceipts?size=50&page=${next() % Math.min(20, Math.max(1, Math.floor(ids.length / 50)))}`,
      }),
      'GET page of 50 receipts, filtered (first 20)': ({ ids }) => ({
        path: () =>
          `/api/ledgerreceipts?types=JOURNAL&size=50&page=${next() % Math.min(20, Math.max(1, Math.floor(ids.length / 50)))}`,
      }),
      'GET page of 50 receipts (keyset, anywhere)': ({ ids }) => ({
        path: () => `/api/ledgerreceipts?size=50&previousId=${pick(ids)}`,
      }),
      'GET one product': ({ products }) => ({ path: () => `/api/products/${pick(products)}` }),
      'POST receipt': ({ seeder }) => ({
        path: () => '/api/ledgerreceipts',
        method: 'POST',
        connections: 4,
        body: () =>
          JSON.stringify({
            type: 'JOURNAL',
            name: `Kuormitus ${n++}`,
            receiptDate: `${YEAR}-06-15`,
            vatType: 'PURCHASE',
            vatStatus: 1,
            transactions: [
              { transactionType: 'ENTRY', account: seeder.accounts[0], accountingValue: 12.5, vatPercent: 0 },
              { transactionType: 'ENTRY', account: '1910', accountingValue: -12.5, vatPercent: 0 },
            ],
          }),
      }),
    };
    const figures: Figures[] = served.map(() => ({}));
    const record = async (label: string, latencies: () => Promise<Latency[]>) => {
      if (measured(label)) (await latencies()).forEach((l, i) => (figures[i][label] = l));
    };
    for (const [label, options] of Object.entries(reads))
      await record(label, () => load(served.map((s) => ({ service: s.service, options: options(s) }))));
    await record('trial balance (year)', () =>
      timed(
        served.map((s) => ({ service: s.service, path: `/reports/trialbalance?${range}` })),
        20,
      ),
    );
    await record('general ledger, page of 200 lines (any depth)', () =>
      load(
        served.map((s) => {
          const ledgerPages = Math.max(1, Math.floor((s.ids.length * LINES) / 200));
          return {
            service: s.service,
            options: {
              path: () => `/api/reports/generalledger?${range}&size=200&page=${next() % ledgerPages}`,
              connections: 2,
            },
          };
        }),
      ),
    );
    const results: Measured[] = [];
    for (const [i, { service, ids }] of served.entries()) {
      const pid = service.child.pid!;
      const heavy: Heavy[] = [];
      const report = async (label: string, path: string) => {
        if (ONLY !== undefined) return;
        const run = await withPeakRss(pid, async () => {
          const answer = await fetch(`${service.root}/api${path}`, {
            headers: { authorization: `Bearer ${service.token}` },
          });
          if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
          let bytes = 0;
          for await (const chunk of answer.body!) bytes += (chunk as Uint8Array).length;
          return bytes;
        });
        heavy.push({
          label: `${label} (${(run.result / 1024 / 1024).toFixed(1)} MB)`,
          ms: run.ms,
          before: run.before,
          peak: run.peak,
        });
      };
      await report('trial balance (year)', `/reports/trialbalance?${range}`);
      await report('account balances on 30.6.', `/reports/ledgeraccounts/balances?date=${YEAR}-06-30`);
      await report('general ledger, page 100 of 200 lines', `/reports/generalledger?${range}&size=200&page=100`);
      await report('SIE export of the year', `/sie/file?accountingPeriodStart=${YEAR}-01-01`);
      results.push({ figures: figures[i], heavy, receiptsOfCompany: ids.length });
    }
    return results;
  } finally {
    for (const { seeder, service } of served) {
      await stopService(service);
      seeder.app = await buildApp({ config: configOf(seeder.database.url) });
    }
  }
}

// ------------------------------------------------------------------------------------------------ run
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (x: number) => `${x.toFixed(2)} ms`;

const results: { size: number; figures: Figures; heavy: Heavy[]; receiptsOfCompany: number; seconds?: number }[] = [];
const cpu = (l: Latency) => (l.cpu === undefined ? '-' : ms(l.cpu));

function print(size: number, measured: Measured): void {
  const loadAverage = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`\n${size} receipts in all, ${measured.receiptsOfCompany} of them in the measured company`);
  console.log(`load average after measuring (1, 5, 15 min): ${loadAverage} on ${availableParallelism()} cores`);
  console.log(
    `${'operation'.padEnd(46)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}${'CPU/req'.padStart(10)}`,
  );
  for (const [label, l] of Object.entries(measured.figures))
    console.log(
      `${label.padEnd(46)}${ms(l.p50).padStart(10)}${ms(l.p99).padStart(10)}${l.rps.toFixed(0).padStart(9)}${cpu(l).padStart(10)}`,
    );
  for (const h of measured.heavy)
    console.log(
      `${h.label.padEnd(46)}${(h.ms / 1000).toFixed(2).padStart(8)} s   RSS ${mb(h.before)} → peak ${mb(h.peak)}`,
    );
}

if (REUSE.length > 0) {
  const seeders: Seeder[] = [];
  for (const kept of REUSE) {
    seeders.push(await openKept(kept));
    console.log(`engine: ${seeders[0].app.ctx.engine}, a copy of ${kept}, Node ${process.version}`);
  }
  const measured = await measure(seeders);
  for (const [i, seeder] of seeders.entries()) {
    results.push({ size: seeder.posted, ...measured[i] });
    print(seeder.posted, measured[i]);
    await seeder.app.close();
    await seeder.database.drop();
  }
} else {
  const seeder = await startSeeding();
  console.log(
    `engine: ${seeder.app.ctx.engine}, ${COMPANIES} companies, receipts of ${LINES} lines, Node ${process.version}`,
  );
  const sizes = [...new Set([Math.min(BASELINE, RECEIPTS), RECEIPTS])];
  for (const size of sizes) {
    const started = performance.now();
    await seedTo(seeder, size);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `seeded up to ${size} receipts in ${seconds.toFixed(1)} s (${((size - (results.at(-1)?.size ?? 0)) / seconds).toFixed(0)} receipts/s)`,
    );
    const [measured] = await measure([seeder]);
    results.push({ size, seconds, ...measured });
    print(size, measured);
  }
  await seeder.app.close();
  if (process.env.SCALE_KEEP) console.log(`kept the database: ${seeder.database.url}`);
  else await seeder.database.drop();
}
if (results.length === 2) {
  const [small, large] = results;
  console.log(`\n${large.size} vs ${small.size} receipts: ratios of p50, p99 and CPU per request (target within 1.3×)`);
  for (const label of Object.keys(small.figures)) {
    const a = small.figures[label];
    const b = large.figures[label];
    const cpuRatio = a.cpu && b.cpu ? `${(b.cpu / a.cpu).toFixed(2)}×` : '-';
    console.log(
      `${label.padEnd(46)}${`${(b.p50 / a.p50).toFixed(2)}×`.padStart(10)}${`${(b.p99 / a.p99).toFixed(2)}×`.padStart(10)}${cpuRatio.padStart(10)}`,
    );
  }
}
if (!process.env.SCALE_KEEP || postgres || REUSE.length > 0) rmSync(dir, { recursive: true, force: true });
