// Crash safety: the real service (the `tase serve` command) as a child process, killed with SIGKILL
//   (a) under a write load of ledger receipts, with webhook events pending delivery to a receiver on loopback;
//   (b) during the schema migration of its first start, and (c) during the demo seeding that follows, at a
//       spread of moments (each kill's aftermath must hold whatever the moment);
// then started again: every acknowledged write is there, the ledger balances, receipt numbers are gapless, the
// service starts and answers with its demo credentials, and the outbox deliveries resume.
import { afterAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';
import { emitEvent } from '../src/webhooks/outbox.ts';
import { testEngine } from './support/database.ts';
import { CRASH_POINT_REACHED } from './support/crash-point.ts';
import {
  accessToken,
  emptyDatabase,
  freePort,
  loadReceipt,
  startChild,
  webhookReceiver,
  type Child,
  type Cleanups,
  type Credentials,
} from './support/child-service.ts';

const MIGRATIONS = Object.keys(allMigrations()).length;
const cleanups: Cleanups = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Waits for the banner; answers the demo credentials it prints. */
async function ready(child: Child): Promise<Credentials> {
  const until = Date.now() + 30_000;
  let exitedWith: number | null | undefined;
  void child.exited.then((code) => (exitedWith = code ?? -1));
  while (!/API key:\s+\S+/.test(child.output())) {
    if (exitedWith !== undefined) throw new Error(`the service exited (${exitedWith}):\n${child.output()}`);
    if (Date.now() > until) throw new Error(`the service did not start:\n${child.output()}`);
    await sleep(20);
  }
  const field = (label: string) => child.output().match(new RegExp(`${label}:\\s+(\\S+)`))![1];
  return { clientId: field('OAuth client'), clientSecret: field('client secret'), apiKey: field('API key') };
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

async function stop(child: Child): Promise<void> {
  child.process.kill('SIGTERM');
  await child.exited;
}

/** Opens the database beside the service (SQLite: a second connection to the file). */
function inspect(url: string): DatabaseHandle {
  const handle =
    testEngine === 'sqlite'
      ? openDatabase({ url, globalTables: globalTables() })
      : openDatabase({ url, poolSize: 2, globalTables: globalTables() });
  cleanups.push(() => handle.close());
  return handle;
}

/** A write transaction beside the service; on SQLite one that takes the write lock at once (another process writes too). */
async function inTransaction<T>(db: DatabaseHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  if (testEngine !== 'sqlite') return db.db.transaction().execute(work);
  return db.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

async function migrationsRecorded(db: DatabaseHandle): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db.db)).rows[0].n);
}

async function tableExists(db: DatabaseHandle, table: string): Promise<boolean> {
  const query =
    testEngine === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`
      : sql<{
          n: number;
        }>`select count(*)::int as n from pg_catalog.pg_tables where schemaname = 'public' and tablename = ${table}`;
  return Number((await query.execute(db.db)).rows[0].n) > 0;
}

const today = new Date().toISOString().slice(0, 10);
describe(`crash safety (${testEngine})`, () => {
  it('keeps every acknowledged receipt, a balanced ledger, gapless numbers and the outbox after kill -9 under load', async () => {
    const url = await emptyDatabase(cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { hookUrl, delivered } = await webhookReceiver(cleanups);

    let child = startChild(url, port);
    const credentials = await ready(child);
    let bearer = await accessToken(base, credentials);
    const subscribed = await fetch(`${base}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hookUrl, authenticationType: 'NONE', subscriptions: ['USER_UPDATED'] }),
    });
    expect(subscribed.status).toBe(200);

    // write load: receipts over HTTP from 6 clients at once, events into the outbox beside them
    const db = inspect(url);
    const acknowledged = new Map<number, number>(); // id → receipt number
    const events: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let n = w; !killed; n += 6) {
        try {
          const answer = await fetch(`${base}/api/ledgerreceipts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify(loadReceipt('Load', n)),
          });
          if (answer.status === 200) {
            const body = (await answer.json()) as { id: number; receiptNumber: number };
            acknowledged.set(body.id, body.receiptNumber);
          }
        } catch {
          // the connection died with the service: not acknowledged
        }
      }
    };
    const emitter = async () => {
      for (let n = 0; !killed; n++) {
        const event = {
          companyId: 1,
          eventType: 'USER_UPDATED' as const,
          payload: { userId: 1, message: `load ${n}` },
          now: new Date(),
        };
        events.push(...(await inTransaction(db, (trx) => emitEvent(trx, event))));
        await sleep(25);
      }
    };
    const load = Promise.all([...Array.from({ length: 6 }, (_, w) => writer(w)), emitter()]);
    await sleep(1500);
    await kill(child);
    killed = true;
    await load;
    expect(acknowledged.size).toBeGreaterThan(10);
    // what was on its way to the receiver when the service died waits for its lease to end (as designed)
    const leased = new Set(
      (
        await db.db
          .selectFrom('webhook_deliveries')
          .select('delivery_id')
          .where('company_id', '=', 1)
          .where('status', '=', 'PENDING')
          .where('lease_until', 'is not', null)
          .execute()
      ).map((r) => r.delivery_id),
    );

    child = startChild(url, port);
    const again = await ready(child);
    expect(again).toEqual(credentials);
    bearer = await accessToken(base, credentials);
    try {
      for (const [id, number] of acknowledged) {
        const answer = await fetch(`${base}/api/ledgerreceipts/${id}`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        expect(answer.status).toBe(200);
        expect(((await answer.json()) as { receiptNumber: number }).receiptNumber).toBe(number);
      }
      const numbers = await db.db
        .selectFrom('ledger_receipts')
        .select(['fiscal_year_id', 'receipt_number'])
        .where('company_id', '=', 1)
        .orderBy('fiscal_year_id')
        .orderBy('receipt_number')
        .execute();
      const byYear = Map.groupBy(numbers, (r) => Number(r.fiscal_year_id));
      for (const rows of byYear.values())
        expect(rows.map((r) => Number(r.receipt_number))).toEqual(rows.map((_, i) => i + 1));
      const trial = await fetch(
        `${base}/api/reports/trialbalance?startDate=${today.slice(0, 4)}-01-01&endDate=${today}`,
        { headers: { authorization: `Bearer ${bearer}` } },
      );
      expect(trial.status).toBe(200);
      const totals = ((await trial.json()) as { totals: { debit: number; credit: number } }).totals;
      expect(totals.debit).toBe(totals.credit);
      // deliveries resume: every event not in flight at the kill reaches the receiver
      const due = events.filter((id) => !leased.has(id));
      const until = Date.now() + 15_000;
      while (due.some((id) => !delivered.has(id)) && Date.now() < until) await sleep(100);
      expect(due.filter((id) => !delivered.has(id))).toEqual([]);
      expect(events.length).toBeGreaterThan(5);
    } finally {
      await stop(child);
    }
  }, 90_000);

  it('keeps every product answered 200 and none refused after kill -9 under concurrent product writes', async () => {
    // on SQLite the writes of one turn are committed together (src/db/group-commit.ts): an answer must mean a commit
    const url = await emptyDatabase(cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = startChild(url, port);
    const credentials = await ready(child);
    let bearer = await accessToken(base, credentials);
    const acknowledged = new Map<number, string>(); // id → name
    const refused: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let n = w; !killed; n += 12) {
        const name = `Crash ${n}`;
        // every fifth names a group that does not exist: refused inside its transaction
        const body = { type: 'SALES', name, price: 1, discount: 0, active: true, currency: 'EUR' };
        try {
          const answer = await fetch(`${base}/api/products`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify(n % 5 === 4 ? { ...body, productGroupId: 999_999 } : body),
          });
          if (answer.status === 200) acknowledged.set(((await answer.json()) as { id: number }).id, name);
          else if (answer.status === 400) refused.push(name);
        } catch {
          // the connection died with the service: not acknowledged
        }
      }
    };
    const load = Promise.all(Array.from({ length: 12 }, (_, w) => writer(w)));
    await sleep(1000);
    await kill(child);
    killed = true;
    await load;
    expect(acknowledged.size).toBeGreaterThan(10);
    expect(refused.length).toBeGreaterThan(0);

    child = startChild(url, port);
    await ready(child);
    bearer = await accessToken(base, credentials);
    try {
      const db = inspect(url);
      const stored = new Map(
        (await db.db.selectFrom('products').select(['id', 'name']).where('company_id', '=', 1).execute()).map((r) => [
          Number(r.id),
          r.name,
        ]),
      );
      for (const [id, name] of acknowledged) expect(stored.get(id)).toBe(name);
      const names = new Set(stored.values());
      expect(refused.filter((name) => names.has(name))).toEqual([]);
    } finally {
      await stop(child);
    }
  }, 60_000);

  it('starts and completes the first start after kill -9 during a migration or the demo seeding', async () => {
    const names = Object.keys(allMigrations()).sort();
    const points = [
      // a migration's statements have run and its record is not written (what bricked SQLite databases)
      ...[names[0], '0200_dimensions', names.at(-1)].map((name) => `migration:${name}`),
      // part of the demo company is made: company, user, membership, demo data, OAuth client, API key
      ...['addMember', 'createApiKey'].map((step) => `seeding:${step}`),
    ];
    for (const point of points) {
      const url = await emptyDatabase(cleanups);
      const port = await freePort();
      let child = startChild(url, port, point);
      const until = Date.now() + 30_000;
      while (!child.output().includes(`${CRASH_POINT_REACHED} ${point}`)) {
        if (Date.now() > until) throw new Error(`the service did not get to ${point}:\n${child.output()}`);
        await sleep(5);
      }
      await kill(child);

      // nothing of the interrupted step is there: no migration half-applied, no company without its demo
      const db = inspect(url);
      const recorded = (await tableExists(db, 'kysely_migration')) ? await migrationsRecorded(db) : 0;
      if (point.startsWith('migration:')) {
        expect(recorded).toBeLessThan(MIGRATIONS);
        if (testEngine === 'postgres') expect(recorded).toBe(0); // all migrations in one transaction
      } else {
        expect(recorded).toBe(MIGRATIONS);
      }
      if (await tableExists(db, 'id_sequences')) {
        const companies = await db.db
          .selectFrom('id_sequences')
          .select('last_id')
          .where('company_id', '=', 0)
          .where('name', '=', 'companies')
          .executeTakeFirst();
        expect(companies).toBeUndefined();
      }

      // the next start completes the first start: migrations, the demo company with its client and key, printed
      child = startChild(url, port);
      try {
        const credentials = await ready(child);
        const bearer = await accessToken(`http://127.0.0.1:${port}`, credentials);
        const products = await fetch(`http://127.0.0.1:${port}/api/products`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        expect(products.status).toBe(200);
        expect(((await products.json()) as { meta: { totalCount: number } }).meta.totalCount).toBeGreaterThan(0); // the demo data came with it
        expect(await migrationsRecorded(db)).toBe(MIGRATIONS);
        const companies = await db.db
          .selectFrom('id_sequences')
          .select('last_id')
          .where('company_id', '=', 0)
          .where('name', '=', 'companies')
          .executeTakeFirst();
        expect(Number(companies!.last_id)).toBe(1);
      } finally {
        await stop(child);
      }
    }
  }, 120_000);
});
