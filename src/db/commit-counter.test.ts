// The embedded engine's counter of other connections' commits (what keeps the read caches exact): read through
// the WAL-index header, it must still change on every commit of another process, seen at the very next read after
// that commit returned, and never on a commit of this connection.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite.ts';

const folder = mkdtempSync(join(tmpdir(), 'tase-commits-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Tally {
  tally: { writer: string; n: number };
}

/** Another process that commits one row each time it reads a line, and answers a line once it has committed. */
function otherWriter(file: string) {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1]);
    db.exec('PRAGMA busy_timeout = 5000');
    const insert = db.prepare("insert into tally (writer, n) values ('other', 1)");
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
      if (line === 'checkpoint') db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      else insert.run();
      process.stdout.write('committed\\n');
    });`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async commit(what = 'row'): Promise<void> {
      child.stdin.write(`${what}\n`);
      expect((await lines.next()).value).toBe('committed');
    },
    stop: () => new Promise((resolve) => child.once('exit', resolve).stdin.end()),
  };
}

describe('the commit counter of an SQLite file', () => {
  it('changes at the next read after every commit of another process, and not for commits of its own', async () => {
    const file = join(folder, 'counted.sqlite');
    const engine = openSqlite(file);
    const db = new Kysely<Tally>({ dialect: engine.dialect });
    await sql`create table tally (writer text not null, n integer not null)`.execute(db);
    const other = otherWriter(file);
    // what the pragma itself answers on the same connection: the shortcut must always agree with it
    const pragma = async () =>
      Number((await sql<{ data_version: number }>`PRAGMA data_version`.execute(db)).rows[0].data_version);
    const read = async () => {
      const version = engine.dataVersion();
      expect(version).toBe(await pragma());
      return version;
    };
    try {
      let seen = await read();
      for (let i = 0; i < 60; i++) {
        // reads with nothing committed in between, and commits of this process, leave it as it was
        expect(await read()).toBe(seen);
        await db.insertInto('tally').values({ writer: 'ours', n: 1 }).execute();
        expect(await read()).toBe(seen);
        if (i % 20 === 19) {
          // a checkpoint that empties the log, after which the log starts again from its beginning
          await other.commit('checkpoint');
          seen = await read();
        }
        await other.commit('row');
        const now = await read();
        expect(now).not.toBe(seen);
        seen = now;
      }
    } finally {
      await other.stop();
      await db.destroy();
    }
  });
});
