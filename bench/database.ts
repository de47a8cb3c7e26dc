// The database a benchmark runs on: a fresh PostgreSQL database beside DATABASE_URL's when it names one, else an
// SQLite file in a temporary folder. `remove()` drops the database and deletes the folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  postgres: boolean;
  /** A temporary folder for the benchmark's own files (removed with the database). */
  dir: string;
  remove(): Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL ?? '';
  const postgres = /^postgres(ql)?:\/\//.test(base);
  const dir = mkdtempSync(join(tmpdir(), `tase-${name}-bench-`));
  if (!postgres)
    return {
      url: join(dir, `${name}.sqlite`),
      postgres,
      dir,
      remove: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  const database = `tase_bench_${randomBytes(4).toString('hex')}`;
  await onServer(base, `CREATE DATABASE ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    postgres,
    dir,
    async remove() {
      await onServer(base, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
