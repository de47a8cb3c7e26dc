// Ledger benchmark: posts 100 000 receipts (about 1 000 000 ledger lines) into a fresh database, then times the
// reports and a SIE export of the whole year over HTTP, with the peak resident memory (RSS) of each phase; last, a tenth
// as many receipts posted one call a receipt. After the bulk posting it measures the engine's floor for the same
// lines in the same run (see `floor`), and prints the posting's time as a multiple of it.
//   node bench/ledger.ts                          (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/ledger.ts (a new database on that server, dropped afterwards)
// On PostgreSQL each phase also reports the CPU time of the server processes serving this database (read from
// /proc when the server runs on this machine), as on a shared machine the wall time says little.
// Options: BENCH_RECEIPTS (default 100000), BENCH_LINES (lines per receipt, default 10), BENCH_POSTING_ONLY=1 (stop
// after the bulk posting, to iterate on it), BENCH_SKIP_READS=1 (the two postings only: the one-a-call phase follows
// the bulk posting at once), BENCH_SINGLE (receipts posted one a call, default a tenth of BENCH_RECEIPTS). On
// PostgreSQL the one-a-call phase also counts what goes to the server per receipt: each query the driver sends is
// one round trip (a transaction's BEGIN goes out with its first statement).
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { seedDemo } from '../src/company/demo.ts';
import { openDatabase, type Db } from '../src/db/index.ts';
import type { PostingLine } from '../src/domain/postings.ts';
import type { ReceiptDraft } from '../src/ledger/index.ts';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { globalTables } from '../src/modules.ts';
import { benchDatabase } from './database.ts';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 100_000);
const LINES = Number(process.env.BENCH_LINES ?? 10);
const YEAR = 2026;

// ------------------------------------------------------------------------------------------------ database
const bench = await benchDatabase('ledger');
const { url, postgres } = bench;

const clock = new ManualClock(`${YEAR}-12-31T12:00:00Z`);
const database = openDatabase({ url, globalTables: globalTables() });
const config = {
  ...configFromEnv({ TASE_MODE: 'sandbox', TASE_RATE_LIMIT: '0' }),
  databaseUrl: url,
  port: 0,
  logLevel: 'silent' as const,
};
const app = await buildApp({ config, clock, database });
const demo = await seedDemo(app.ctx);
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const root = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
const form = new URLSearchParams({
  grant_type: 'client_credentials',
  client_id: demo.clientId,
  client_secret: demo.clientSecret,
  api_key: demo.apiKey,
});
const tokenAnswer = await fetch(`${root}/api/oauth/token`, {
  method: 'POST',
  body: form,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}` };

// ------------------------------------------------------------------------------------------------ memory
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** CPU seconds (user + system) so far of each server process connected to this database, by pid. */
async function serverCpu(): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!postgres) return cpu;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client
    .query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    .finally(() => client.end());
  for (const { pid } of rows) {
    try {
      // fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses: user and system clock ticks
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // a process that has just ended (the connection of the last reading, still listed as it exits), or the
      // server runs elsewhere (no process of the list is here: the map stays empty)
    }
  }
  return cpu;
}

async function phase<T>(
  label: string,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; rssBefore: number; rssPeak: number }> {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  peak = rssBefore;
  const serverBefore = await serverCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  let server = 0;
  for (const [pid, seconds] of await serverCpu()) server += seconds - (serverBefore.get(pid) ?? 0);
  peak = Math.max(peak, process.memoryUsage().rss);
  const seconds = (micros: number) => (micros / 1e6).toFixed(2);
  console.log(
    `${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(8)} s   CPU user ${seconds(used.user)} s sys ${seconds(used.system)} s${postgres ? `   server CPU ${server.toFixed(2)} s` : ''}   RSS ${mb(rssBefore).padStart(7)} → peak ${mb(peak).padStart(7)}`,
  );
  return { result, ms, rssBefore, rssPeak: peak };
}

// ------------------------------------------------------------------------------------------------ posting
const db: Db = app.ctx.db;
const companyId = demo.companyId;
const accounts = (
  await db.selectFrom('accounts').select(['number']).where('company_id', '=', companyId).orderBy('number').execute()
).map((a) => a.number);

const dimensionAnswer = await fetch(`${root}/api/dimensions`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({
    name: 'Kustannuspaikka',
    items: [
      { codeName: 'HKI', description: 'Helsinki' },
      { codeName: 'TKU', description: 'Turku' },
    ],
  }),
});
const dimensionBody = (await dimensionAnswer.json()) as { id: number; items: { id: number }[] };
const dimension = { id: dimensionBody.id, items: dimensionBody.items.map((i) => i.id) };

// A deterministic generator: the figures do not depend on Math.random.
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);

function receiptLines(): { account: string; amount: number }[] {
  const lines: { account: string; amount: number }[] = [];
  let sum = 0;
  for (let i = 0; i < LINES - 1; i++) {
    const amount = (next() % 2_000_000) - 1_000_000;
    lines.push({ account: accounts[next() % accounts.length], amount });
    sum += amount;
  }
  lines.push({ account: '1910', amount: -sum });
  return lines;
}

function draftOf(n: number, receipts: number): ReceiptDraft {
  // Every tenth receipt splits a line between two dimension items (60/40).
  const day = 1 + Math.floor(((n - 1) * 365) / receipts);
  const date = new Date(Date.UTC(YEAR, 0, day)).toISOString().slice(0, 10);
  const lines: PostingLine[] = receiptLines().map((l, i) => ({
    account: l.account,
    amountMinor: BigInt(l.amount),
    description: i % 3 === 0 ? `Rivi ${i} "x" ä` : null,
    dimensions:
      n % 10 === 0 && i === 0
        ? [
            {
              dimensionId: dimension.id,
              itemId: dimension.items[0],
              amountMinor: BigInt(Math.trunc((l.amount * 6) / 10)),
            },
            {
              dimensionId: dimension.id,
              itemId: dimension.items[1],
              amountMinor: BigInt(l.amount - Math.trunc((l.amount * 6) / 10)),
            },
          ]
        : undefined,
  }));
  return {
    type: 'JOURNAL',
    status: 'APPROVED',
    name: `Tosite ${n} äö`,
    receiptDate: date,
    vatType: 'PURCHASE',
    vatStatus: 1,
    lines,
  };
}

/**
 * Through the ledger core's internal posting API, as every area books: approved JOURNAL receipts, 500 per
 * transaction, booked together (`postMany`, as bulk callers do) or one call a receipt (`post`).
 */
async function post(receipts: number, api: 'postMany' | 'post'): Promise<void> {
  const PER_TRANSACTION = 500;
  for (let first = 1; first <= receipts; first += PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      const drafts: ReceiptDraft[] = [];
      for (let n = first; n < Math.min(first + PER_TRANSACTION, receipts + 1); n++) drafts.push(draftOf(n, receipts));
      if (api === 'postMany') await app.services.ledger.postMany(trx, companyId, drafts);
      else for (const draft of drafts) await app.services.ledger.post(trx, companyId, draft);
    });
  }
}

console.log(`engine: ${app.ctx.engine}, ${RECEIPTS} receipts × ${LINES} lines, Node ${process.version}`);
const posting = await phase(`post ${RECEIPTS} receipts (postMany, 500 a call)`, () => post(RECEIPTS, 'postMany'));
// planner statistics after the bulk load, as autovacuum would gather them in the background (timed apart: it is
// not the posting's work)
if (postgres) await phase('vacuum analyze', () => sql`vacuum analyze`.execute(db.withoutPlugins()));
await floor(posting.ms);
if (process.env.BENCH_POSTING_ONLY === '1') {
  clearInterval(sampler);
  await app.close();
  await database.close();
  await bench.remove();
  process.exit(0);
}

// ------------------------------------------------------------------------------------------------ the floor
/**
 * The engine's own cost of storing the same lines, measured in the same run as the posting it is compared with
 * (on a shared machine the wall time of one run says little beside another's): the rows just posted, read back
 * untimed 500 receipts at a time and written into an empty table of the same definition and indexes, one
 * transaction a batch as the posting does. Only the writes are timed. Nothing of a posting but its lines: no
 * checks, receipts, month totals, allocations or counters. SQLite: a fresh file with the service's settings, rows
 * bound 1 000 to an insert as the posting binds them. PostgreSQL: `insert … select` on the server (no client
 * work at all), its server processes' CPU counted.
 */
async function floor(postingMs: number): Promise<void> {
  const receiptIds = (
    await db.selectFrom('ledger_receipts').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((r) => Number(r.id));
  const batches: [number, number][] = [];
  for (let i = 0; i < receiptIds.length; i += 500)
    batches.push([receiptIds[i], receiptIds[Math.min(i + 500, receiptIds.length) - 1]]);
  let ms = 0;
  let cpu = 0;
  let server = 0;
  let lines = 0;
  if (postgres) {
    await sql`create table bench_floor_entries (like ledger_entries including all)`.execute(db.withoutPlugins());
    const before = await serverCpu();
    for (const [from, through] of batches) {
      const started = performance.now();
      const written = await sql`insert into bench_floor_entries select * from ledger_entries
        where company_id = ${companyId} and receipt_id between ${from} and ${through}`.execute(db.withoutPlugins());
      ms += performance.now() - started;
      lines += Number(written.numAffectedRows ?? 0);
    }
    for (const [pid, seconds] of await serverCpu()) server += seconds - (before.get(pid) ?? 0);
    await sql`drop table bench_floor_entries`.execute(db.withoutPlugins());
  } else {
    const source = new DatabaseSync(url, { readOnly: true });
    const target = new DatabaseSync(join(bench.dir, 'floor.sqlite'));
    // the settings of src/db/sqlite.ts that bear on writing
    target.exec(`PRAGMA temp_store = MEMORY; PRAGMA cache_size = -131072; PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 10000`);
    const definitions = source
      .prepare(
        "select sql from sqlite_master where tbl_name = 'ledger_entries' and type in ('table', 'index') and sql is not null order by type desc",
      )
      .all() as { sql: string }[];
    for (const { sql: definition } of definitions) target.exec(definition);
    const read = source.prepare(
      'select * from ledger_entries where company_id = ? and receipt_id between ? and ? order by receipt_id, id',
    );
    read.setReturnArrays(true);
    const width = source.prepare('select * from ledger_entries limit 1').columns().length;
    const ROWS = 1000;
    const row = `(${new Array(width).fill('?').join(', ')})`;
    const inserts = new Map<number, ReturnType<DatabaseSync['prepare']>>();
    const insertOf = (count: number) => {
      let insert = inserts.get(count);
      if (!insert)
        inserts.set(
          count,
          (insert = target.prepare(`insert into ledger_entries values ${new Array(count).fill(row).join(', ')}`)),
        );
      return insert;
    };
    for (const [from, through] of batches) {
      const rows = read.all(companyId, from, through) as unknown as unknown[][];
      lines += rows.length;
      const started = performance.now();
      const used = process.cpuUsage();
      target.exec('begin');
      for (let i = 0; i < rows.length; i += ROWS) {
        const chunk = rows.slice(i, i + ROWS);
        insertOf(chunk.length).run(...(chunk.flat() as (string | number | bigint | null)[]));
      }
      target.exec('commit');
      const spent = process.cpuUsage(used);
      cpu += (spent.user + spent.system) / 1e6;
      ms += performance.now() - started;
    }
    source.close();
    target.close();
  }
  const what = postgres ? `server CPU ${server.toFixed(2)} s` : `CPU ${cpu.toFixed(2)} s`;
  console.log(
    `${'floor: the same lines into an empty table'.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(8)} s   ${what}   (${lines} lines; the posting took ${(postingMs / ms).toFixed(2)}× as long)`,
  );
}

// ------------------------------------------------------------------------------------------------ reads
/**
 * fetch with one retry: client and server share this process, and the synchronous embedded engine can hold the
 * event loop long enough for the server to drop an idle keep-alive connection just as the client reuses it.
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

async function getJson(path: string): Promise<any> {
  const answer = await get(`${root}/api${path}`);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

if (process.env.BENCH_SKIP_READS !== '1') await reads();

async function reads(): Promise<void> {
  const range = `startDate=${YEAR}-01-01&endDate=${YEAR}-12-31`;
  const tb = await phase('trial balance (whole year)', () => getJson(`/reports/trialbalance?${range}`));
  await phase('trial balance (again, warm)', () => getJson(`/reports/trialbalance?${range}`));
  await phase('trial balance (one month)', () =>
    getJson(`/reports/trialbalance?startDate=${YEAR}-06-01&endDate=${YEAR}-06-30`),
  );
  await phase('account balances on 30.6.', () => getJson(`/reports/ledgeraccounts/balances?date=${YEAR}-06-30`));
  await phase('general ledger, first page of 200', () => getJson(`/reports/generalledger?${range}&size=200`));
  const deep = Math.floor((RECEIPTS * LINES) / 2 / 200);
  await phase(`general ledger, page ${deep} of 200`, () =>
    getJson(`/reports/generalledger?${range}&size=200&page=${deep}`),
  );
  await phase('general ledger of 1910, page 100', () =>
    getJson(`/reports/generalledger?${range}&accounts=1910&size=200&page=100`),
  );

  const sie = await phase('SIE export of the year (streamed over HTTP)', async () => {
    const answer = await get(`${root}/api/sie/file?accountingPeriodStart=${YEAR}-01-01`);
    if (answer.status !== 200) throw new Error(`SIE: ${answer.status} ${await answer.text()}`);
    let bytes = 0;
    let lines = 0;
    let vouchers = 0;
    let lineStart = true;
    let tail = '';
    const reader = answer.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) {
        const b = value[i];
        if (lineStart) tail = '';
        if (b === 0x0a) {
          lines++;
          lineStart = true;
          continue;
        }
        if (tail.length < 5) {
          tail += String.fromCharCode(b);
          if (tail === '#VER ') vouchers++;
        }
        lineStart = false;
      }
    }
    return { bytes, lines, vouchers };
  });

  const totals = tb.result.totals;
  console.log(`trial balance: ${tb.result.accounts.length} accounts, debit ${totals.debit} = credit ${totals.credit}`);
  console.log(`SIE file: ${mb(sie.result.bytes)}, ${sie.result.lines} lines, ${sie.result.vouchers} vouchers`);
}

// the same posting one call a receipt, into the same ledger: what a single document's posting costs
const SINGLE = Number(process.env.BENCH_SINGLE ?? Math.ceil(RECEIPTS / 10));
const sent = { queries: 0 };
const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = client.query;
// the service's pool loads the same pg module (src/db/postgres.ts): every statement, BEGIN and COMMIT it sends
client.query = function (this: pg.Client, ...args: unknown[]) {
  sent.queries++;
  return query.apply(this, args);
};
const single = await phase(`post ${SINGLE} more receipts (post, one a call)`, () => post(SINGLE, 'post'));
client.query = query;
const perReceipt = postgres ? `, ${(sent.queries / SINGLE).toFixed(3)} round trips a receipt` : '';
console.log(`post, one a call: ${Math.round(SINGLE / (single.ms / 1000))} receipts/s${perReceipt}`);

clearInterval(sampler);
await app.close();
await database.close();
await bench.remove();
