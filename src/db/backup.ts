// `tase admin backup FILE` and `tase admin restore FILE`. The embedded engine: SQLite's online backup API
// (node:sqlite `backup`), which copies a consistent snapshot page by page while the service keeps serving.
// PostgreSQL: the server's own tools, pg_dump in its custom format and pg_restore (same major version as the
// server, on PATH), connecting directly to the server (not through a pooler in transaction mode).
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { transactionPooled } from './postgres.ts';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  engine: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqlitePath = (url: string) => url.replace(/^sqlite:(\/\/)?/, '');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(new BackupError(`cannot run ${command}: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

function embedded(url: string): string {
  const path = sqlitePath(url);
  if (path === '' || path === ':memory:') throw new BackupError('an in-memory database has nothing to back up');
  return path;
}

/** Copies the database at `url` to `file` while it is in use. */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  if (isPostgres(url)) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, transactionPooled(url).url]);
    return { engine: 'postgres', file, bytes: statSync(file).size };
  }
  const path = embedded(url);
  if (!existsSync(path)) throw new BackupError(`no database at ${path}`);
  const source = new DatabaseSync(path, { readOnly: true });
  try {
    await sqliteBackup(source, file);
  } finally {
    source.close();
  }
  return { engine: 'sqlite', file, bytes: statSync(file).size };
}

/**
 * Replaces the database at `url` with the backup in `file`. Stop the service first: a process still serving
 * keeps cached state and connections of the replaced database. On PostgreSQL every object of the backup is
 * dropped and made again in one transaction (a failure leaves the database as it was).
 */
export async function restoreDatabase(url: string, file: string): Promise<BackupResult> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (isPostgres(url)) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${transactionPooled(url).url}`,
      file,
    ]);
    return { engine: 'postgres', file, bytes: statSync(file).size };
  }
  const path = embedded(url);
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    await sqliteBackup(source, path);
  } finally {
    source.close();
  }
  return { engine: 'sqlite', file, bytes: statSync(file).size };
}
