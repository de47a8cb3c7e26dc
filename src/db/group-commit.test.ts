// Group commit on the embedded engine (src/db/group-commit.ts): writes started in the same turn of the event loop
// share one transaction, each in a savepoint of its own. What the service relies on: a write that fails leaves
// nothing and does not disturb the others; no write settles before its commit; a group that cannot commit
// leaves nothing and fails every write of it; the connection serves the next group after any of these.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type DatabaseHandle } from './index.ts';

const folder = mkdtempSync(join(tmpdir(), 'tase-group-commit-'));
const file = join(folder, 'group.sqlite');
const handle: DatabaseHandle = openDatabase({ url: file, globalTables: ['entries', 'parents', 'children'] });
// the file as another process sees it: only committed writes
const outside = new DatabaseSync(file);
afterAll(async () => {
  outside.close();
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Tables {
  entries: { n: number };
  parents: { id: number };
  children: { parent_id: number };
}
const db = handle.db as unknown as Kysely<Tables>;
const write = <T>(work: (trx: Kysely<Tables>) => Promise<T>) =>
  writeTransaction(handle.db, (trx) => work(trx as unknown as Kysely<Tables>));

const committed = () =>
  (outside.prepare('select n from entries order by n').all() as { n: number }[]).map((row) => Number(row.n));

class Refused extends Error {}

beforeEach(async () => {
  await sql`create table if not exists entries (n integer not null)`.execute(db);
  await sql`create table if not exists parents (id integer primary key)`.execute(db);
  await sql`create table if not exists children (parent_id integer not null references parents (id) deferrable initially deferred)`.execute(
    db,
  );
  await sql`delete from entries`.execute(db);
  await sql`delete from children`.execute(db);
});

describe('group commit (SQLite)', () => {
  it('commits the writes started together in one transaction and undoes only the ones that fail', async () => {
    const rollbacks = handle.changes.rollbacks;
    const committedMeanwhile: number[] = [];
    const writes = Array.from({ length: 12 }, (_, n) =>
      write(async (trx) => {
        committedMeanwhile.push(...committed());
        await trx.insertInto('entries').values({ n }).execute();
        // a write sees the ones before it in its group
        const seen = await trx.selectFrom('entries').select('n').execute();
        if (n % 3 === 1) throw new Refused(`write ${n} refused after its insert`);
        return seen.length;
      }),
    );
    const outcomes = await Promise.allSettled(writes);
    const succeeded = [0, 2, 3, 5, 6, 8, 9, 11];
    expect(outcomes.map((o) => o.status)).toEqual(
      Array.from({ length: 12 }, (_, n) => (succeeded.includes(n) ? 'fulfilled' : 'rejected')),
    );
    for (const [n, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected')
        expect((outcome.reason as Error).message).toBe(`write ${n} refused after its insert`);
    }
    // each saw its own insert and the successful ones before it, never a failed one's
    expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(committed()).toEqual(succeeded);
    expect(committedMeanwhile).toEqual([]); // one commit for the twelve, after the last
    // holders of caches and id blocks are told of each write undone
    expect(handle.changes.rollbacks - rollbacks).toBe(4);
  });

  it('settles no write before its commit, and shows no other reader a write before it', async () => {
    const seenInside: number[][] = [];
    const seenOnSettling: number[][] = [];
    const writes = [1, 2, 3].map((n) =>
      write(async (trx) => {
        await trx.insertInto('entries').values({ n }).execute();
        seenInside.push(committed());
      }).then(() => seenOnSettling.push(committed())),
    );
    await Promise.all(writes);
    expect(seenInside).toEqual([[], [], []]);
    expect(seenOnSettling).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('fails every write of a group that cannot commit, leaves nothing of it, and serves the next group', async () => {
    await sql`insert or ignore into parents (id) values (1)`.execute(db);
    const writes = [
      write((trx) => trx.insertInto('entries').values({ n: 1 }).execute()),
      // a deferred foreign key is checked at COMMIT: this write makes the whole commit fail
      write((trx) => trx.insertInto('children').values({ parent_id: 99 }).execute()),
      write(async (trx) => {
        await trx.insertInto('entries').values({ n: 3 }).execute();
        throw new Refused('refused on its own');
      }),
      write((trx) => trx.insertInto('children').values({ parent_id: 1 }).execute()),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    const reasons = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : ''));
    expect(reasons[2]).toBe('refused on its own');
    for (const i of [0, 1, 3]) expect(reasons[i]).toMatch(/FOREIGN KEY constraint failed/);
    expect(committed()).toEqual([]);
    expect(Number((outside.prepare('select count(*) as c from children').get() as { c: number }).c)).toBe(0);

    await Promise.all([4, 5].map((n) => write((trx) => trx.insertInto('entries').values({ n }).execute())));
    expect(committed()).toEqual([4, 5]);
  });

  it('fails the whole group when the engine ends its transaction inside a write', async () => {
    const rollbacks = handle.changes.rollbacks;
    const outcomes = await Promise.allSettled([
      write((trx) => trx.insertInto('entries').values({ n: 1 }).execute()),
      write(async (trx) => {
        await trx.insertInto('entries').values({ n: 2 }).execute();
        // what the engine does by itself on a full disk or an I/O error: the transaction is gone
        await sql`rollback`.execute(trx);
        throw new Refused('disk full');
      }),
      write((trx) => trx.insertInto('entries').values({ n: 3 }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of outcomes) expect(o.status === 'rejected' && (o.reason as Error).message).toBe('disk full');
    expect(committed()).toEqual([]);
    expect(handle.changes.rollbacks).toBeGreaterThan(rollbacks);

    await write((trx) => trx.insertInto('entries').values({ n: 4 }).execute());
    expect(committed()).toEqual([4]);
  });

  it('answers a write started after a group began in the next group, each after its own commit', async () => {
    const order: string[] = [];
    const first = write(async (trx) => {
      await trx.insertInto('entries').values({ n: 1 }).execute();
      // a write that waits on something else (a macrotask) keeps its group open meanwhile
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first written');
    }).then(() => order.push(`first settled, committed ${committed().join()}`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = write(async (trx) => {
      await trx.insertInto('entries').values({ n: 2 }).execute();
      order.push('second written');
    }).then(() => order.push(`second settled, committed ${committed().join()}`));
    await Promise.all([first, second]);
    expect(order).toEqual([
      'first written',
      'first settled, committed 1',
      'second written',
      'second settled, committed 1,2',
    ]);
  });
});
