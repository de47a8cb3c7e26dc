import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSqlite } from './sqlite.ts';

const folder = mkdtempSync(join(tmpdir(), 'tase-sqlite-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Tally {
  rows: Record<string, number>;
}

describe('transactions on an SQLite file shared by several processes', () => {
  it('wait for the other process instead of failing when they read before they write', async () => {
    const file = join(folder, 'shared.sqlite');
    const db = new Kysely<Tally>({ dialect: openSqlite(file).dialect });
    await sql`create table tally (writer text not null, n integer not null)`.execute(db);
    // another process commits small writes as fast as it can for a while
    const script = `
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(process.argv[1]);
      db.exec('PRAGMA busy_timeout = 5000');
      const insert = db.prepare("insert into tally (writer, n) values ('other', 1)");
      const until = Date.now() + 1500;
      let n = 0;
      while (Date.now() < until) { insert.run(); n++; }
      process.stdout.write(String(n));`;
    const other = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let written = '';
    other.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => other.on('exit', resolve));
    let ours = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      await db.transaction().execute(async (trx) => {
        await sql`select count(*) from tally`.execute(trx);
        await sql`insert into tally (writer, n) values ('ours', 1)`.execute(trx);
      });
      ours++;
    }
    expect(await exited).toBe(0);
    const counts = await sql<{
      writer: string;
      c: number;
    }>`select writer, count(*) as c from tally group by writer`.execute(db);
    const byWriter = Object.fromEntries(counts.rows.map((r) => [r.writer, Number(r.c)]));
    expect(byWriter.ours).toBe(ours);
    expect(byWriter.other).toBe(Number(written));
    expect(ours).toBeGreaterThan(0);
    await db.destroy();
  });
});

interface Row {
  company_id: number;
  id: number;
  day: string;
}

describe('a LIMIT bound as a parameter', () => {
  it('is prepared once as `+?`, with the plan and the rows of `?`', async () => {
    // the texts prepared, recorded on their way to the real prepare
    const spy = vi.spyOn(DatabaseSync.prototype, 'prepare');
    try {
      const engine = openSqlite(':memory:');
      const db = new Kysely<{ rows: Row }>({ dialect: engine.dialect });
      await sql`create table rows (company_id integer, id integer, day text, primary key (company_id, id))`.execute(db);
      await sql`create index rows_by_day on rows (company_id, day)`.execute(db);
      for (let id = 1; id <= 30; id++)
        await db
          .insertInto('rows')
          .values({ company_id: 1, id, day: `2026-01-${String(31 - id).padStart(2, '0')}` })
          .execute();
      const page = (limit: number, offset: number) =>
        db
          .selectFrom('rows')
          .select('id')
          .where('company_id', '=', 1)
          .orderBy('day')
          .limit(limit)
          .offset(offset)
          .execute();
      for (const [limit, offset] of [
        [5, 0],
        [3, 10],
        [0, 0],
        [-1, 25],
        [100, 28],
      ]) {
        const expected = Array.from({ length: 30 }, (_, i) => 30 - i).slice(
          offset,
          limit < 0 ? undefined : offset + limit,
        );
        expect((await page(limit, offset)).map((row) => row.id)).toEqual(expected);
      }
      const paged = spy.mock.calls
        .map(([text]) => text)
        .filter((text) => text.includes('from "rows"') && text.includes('limit'));
      expect(paged).toEqual(['select "id" from "rows" where "company_id" = ? order by "day" limit +? offset ?']);
      // the planner's choice is the same as with a lone `?` (which it would read): the index that gives the order
      const raw = new DatabaseSync(':memory:');
      raw.exec('create table rows (company_id integer, id integer, day text, primary key (company_id, id))');
      raw.exec('create index rows_by_day on rows (company_id, day)');
      const plan = (text: string) =>
        raw
          .prepare(`explain query plan ${text}`)
          .all(1, 5, 0)
          .map((step) => step.detail);
      const lone = 'select "id" from "rows" where "company_id" = ? order by "day" limit ? offset ?';
      expect(plan(paged[0])).toEqual(plan(lone));
      expect(plan(paged[0]).join()).toContain('rows_by_day');
      raw.close();
      await db.destroy();
    } finally {
      spy.mockRestore();
    }
  });
});
