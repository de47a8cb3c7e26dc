// A fresh database per test file: in-memory SQLite by default, or a new PostgreSQL database (dropped after)
// when DATABASE_URL is a postgres URL. Real engines, never mocks.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../src/db/index.ts';
import { globalTables } from '../../src/modules.ts';

export const testEngine = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'sqlite';

/**
 * The replica's address of a test database when DATABASE_READ_URL names a streaming replica of the DATABASE_URL
 * server (scripts/ensure-replica.sh): the same database name on the replica.
 */
export function replicaUrl(url: string): string | undefined {
  const replica = process.env.DATABASE_READ_URL;
  if (!replica || testEngine !== 'postgres') return undefined;
  const read = new URL(replica);
  read.pathname = new URL(url).pathname;
  return read.toString();
}

/** A database of its own; `close` also drops it (PostgreSQL), `disconnect` only lets go of it. */
export async function freshDatabase(): Promise<DatabaseHandle & { url: string; disconnect(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? '';
  if (testEngine === 'sqlite') {
    const memory = openDatabase({ url: ':memory:', globalTables: globalTables() });
    return { ...memory, url: ':memory:', disconnect: () => memory.close() };
  }
  const name = `tase_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString(), poolSize: 8, globalTables: globalTables() });
  return {
    ...handle,
    url: url.toString(),
    disconnect: () => handle.close(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
