// Per-process caches on PostgreSQL, kept within a stated bound of other processes' writes. Statement triggers
// on the tables that caches read (migration 0900) send `NOTIFY tase_changes, '<table>'` with each committing
// write, whichever process or tool made it. Every process LISTENs on a connection of its own (a direct one:
// a pooler in transaction mode cannot hold a LISTEN) and counts each table's notices into its ChangeStamps, so
// an entry read before a write is never used after the notice arrived.
//
// The bound: notices committed before a statement starts on the listening connection reach the client before
// that statement's answer. The listener runs such a statement every HEARTBEAT_MS and the caches answer only
// while the last one to complete started less than STALE_BOUND_MS ago; otherwise (a slow or lost listening
// connection) every read goes to the database. So a write committed in another process is seen by every
// process within STALE_BOUND_MS (a revoked token is refused within that time), and at once in the process that
// made it.
import type pg from 'pg';
import { pgDriver } from './postgres.ts';
import { sql, PostgresAdapter, type Kysely, type Migration } from 'kysely';

const CHANGES_CHANNEL = 'tase_changes';
/** The session setting by which a connection tells the trigger that it sends its notices after its commits. */
export const NOTICES_SETTING = 'tase.notices';
const HEARTBEAT_MS = 100;
export const STALE_BOUND_MS = 500;
const RECONNECT_MS = 1000;

/** Tables read through per-process caches (src/auth sessions, src/products by id): their writes are noticed. */
export const NOTICED_TABLES = ['auth_sessions', 'company_users', 'users', 'api_keys', 'companies', 'products'];

export const changeNoticeMigrations: Record<string, Migration> = {
  '0900_change_notices': {
    async up(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`create or replace function tase_notice_change() returns trigger language plpgsql as $$
        begin perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name); return null; end $$`.execute(db);
      for (const table of NOTICED_TABLES)
        await sql`create trigger ${sql.id(`${table}_change_notice`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function tase_notice_change()`.execute(db);
    },
  },
  // The service's own sessions notice their writes after the commit (src/db/commit-notices.ts); the trigger
  // still notices every other writer's.
  '0901_change_notices_after_commit': {
    async up(db: Kysely<unknown>) {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`create or replace function tase_notice_change() returns trigger language plpgsql as $$
        begin
          if current_setting(${sql.lit(NOTICES_SETTING)}, true) is distinct from 'after_commit' then
            perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name);
          end if;
          return null;
        end $$`.execute(db);
    },
  },
};

/**
 * The notice of a write to `table` sent by the writing statement itself, when the table is noticed: what the
 * statement returns (one row). Such a statement needs no notice after its commit (selfNoticedTables).
 */
export function noticeInStatement(table: string): string | undefined {
  return NOTICED_TABLES.includes(table) ? `pg_notify('${CHANGES_CHANNEL}', '${table}')` : undefined;
}

const SELF_NOTICE = new RegExp(`pg_notify\\('${CHANGES_CHANNEL}', '(\\w+)'\\)`, 'g');

/** The tables whose notice a statement sends itself (noticeInStatement). */
export function selfNoticedTables(statement: string): string[] {
  return [...statement.matchAll(SELF_NOTICE)].map((match) => match[1]);
}

/** Sends the notices of tables written by transactions that have ended, in one statement. */
export async function sendChangeNotices(pool: pg.Pool, tables: string[]): Promise<void> {
  await pool.query('select pg_notify($1, t) from unnest($2::text[]) as t', [CHANGES_CHANNEL, tables]);
}

/** Listens for change notices; `freshness()` answers a generation while caches may answer, else null. */
export class ChangeListener {
  readonly #url: string;
  readonly #onChange: (table: string) => void;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #syncedAt = -Infinity;
  #generation = 0;
  #closed = false;
  #beating = false;
  readonly #dead = new WeakSet<pg.Client>();

  constructor(url: string, onChange: (table: string) => void) {
    this.#url = url;
    this.#onChange = onChange;
    void this.#connect();
  }

  freshness(): number | null {
    return performance.now() - this.#syncedAt <= STALE_BOUND_MS ? this.#generation : null;
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new (pgDriver().Client)({ connectionString: this.#url, application_name: 'tase change listener' });
    client.on('notification', (notice) => {
      if (notice.channel === CHANGES_CHANNEL && notice.payload) this.#onChange(notice.payload);
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      this.#lost(client);
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    // notices missed while no connection listened: nothing cached before counts any more
    this.#generation++;
    this.#client = client;
    this.#timer = setInterval(() => void this.#beat(client), HEARTBEAT_MS).unref();
    await this.#beat(client);
  }

  async #beat(client: pg.Client): Promise<void> {
    if (this.#beating) return;
    this.#beating = true;
    const started = performance.now();
    try {
      await client.query('select 1');
      if (this.#client === client) this.#syncedAt = started;
    } catch {
      this.#lost(client);
    } finally {
      this.#beating = false;
    }
  }

  #lost(client: pg.Client): void {
    if (this.#dead.has(client)) return;
    this.#dead.add(client);
    this.#syncedAt = -Infinity;
    this.#client = undefined;
    clearInterval(this.#timer);
    client.end().catch(() => undefined);
    if (!this.#closed) setTimeout(() => void this.#connect(), RECONNECT_MS).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#syncedAt = -Infinity;
    clearInterval(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
