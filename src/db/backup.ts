// `tase admin backup FILE` and `tase admin restore FILE`. The embedded engine: SQLite's online backup API
// (node:sqlite `backup`), which copies a consistent snapshot page by page while the service keeps serving.
// PostgreSQL: the server's own tools, pg_dump in its custom format and pg_restore (same major version as the
// server, on PATH), connecting directly to the server (not through a pooler in transaction mode).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { pgDriver, transactionPooled } from './postgres.ts';

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

export interface RestoreOptions {
  /** End the other sessions of the database first (PostgreSQL: pg_terminate_backend; SQLite: SIGTERM). */
  terminate?: boolean;
}

/**
 * Replaces the database at `url` with the backup in `file`. A process still serving keeps cached state and
 * connections of the replaced database, so a restore into a database in use is refused, naming who uses it,
 * unless `terminate` ends them first. On PostgreSQL every object of the backup is dropped and made again in one
 * transaction (a failure leaves the database as it was).
 */
export async function restoreDatabase(url: string, file: string, options: RestoreOptions = {}): Promise<BackupResult> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (isPostgres(url)) {
    await endPostgresSessions(transactionPooled(url).url, options.terminate === true);
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
  if (existsSync(path)) await endSqliteSessions(path, options.terminate === true);
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    await sqliteBackup(source, path);
  } finally {
    source.close();
  }
  return { engine: 'sqlite', file, bytes: statSync(file).size };
}

const inUse = (who: string[]) =>
  new BackupError(
    `the database is in use by ${who.join('; ')}: stop the service first, or restore with --terminate to end them`,
  );

async function endPostgresSessions(url: string, terminate: boolean): Promise<void> {
  const client = new (pgDriver().Client)({ connectionString: url, application_name: 'tase restore' });
  await client.connect();
  try {
    const others = `from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    const { rows } = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
      `select pid, application_name, client_addr::text as client_addr ${others} order by pid`,
    );
    if (rows.length === 0) return;
    if (!terminate)
      throw inUse(
        rows.map(
          (r) => `session ${r.pid} (${r.application_name || 'no application name'}, ${r.client_addr ?? 'local'})`,
        ),
      );
    await client.query(`select pg_terminate_backend(pid) ${others}`);
  } finally {
    await client.end();
  }
}

/**
 * SQLite keeps no list of its connections, but in WAL mode every open connection holds a shared lock, so an
 * exclusive lock taken without waiting tells whether any is open; the processes are found by their open files.
 */
async function endSqliteSessions(path: string, terminate: boolean): Promise<void> {
  if (!sqliteInUse(path)) return;
  const processes = processesWithOpen(path);
  if (!terminate) throw inUse(processes.length > 0 ? processes.map((pid) => `process ${pid}`) : ['another process']);
  for (const pid of processes) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (sqliteInUse(path)) {
    if (Date.now() > deadline) throw inUse(processesWithOpen(path).map((pid) => `process ${pid}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function sqliteInUse(path: string): boolean {
  const probe = new DatabaseSync(path, { timeout: 0 });
  try {
    probe.exec('PRAGMA locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

/** Processes other than this one with the file open, where the system tells (Linux's /proc); else none. */
function processesWithOpen(path: string): number[] {
  const target = realpathSync(path);
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === target))
        found.push(pid);
    } catch {
      // a process that ended meanwhile or that this user may not look into
    }
  }
  return found;
}
