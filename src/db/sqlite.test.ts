import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
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
