// PostgreSQL's side of snapshots: its catalogue (`information_schema`, the trigger functions of `pg_proc`) and
// the copy tables, made `like` their source (column types and NOT NULL) and unlogged: a snapshot is a test's
// baseline, which a crash of the server may lose, and unlogged writes skip the write-ahead log.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { RestoreStatement, SnapshotEngine } from './snapshots.ts';

export const postgresSnapshots: SnapshotEngine = {
  async columns(db: Db, table: string) {
    const rows = await sql<{ name: string; type: string; key: number | null }>`
      select c.column_name as name, c.data_type as type, k.ordinal_position as key
      from information_schema.columns c
      left join information_schema.table_constraints t on t.table_schema = c.table_schema
        and t.table_name = c.table_name and t.constraint_type = 'PRIMARY KEY'
      left join information_schema.key_column_usage k on k.constraint_schema = t.constraint_schema
        and k.constraint_name = t.constraint_name and k.column_name = c.column_name
      where c.table_schema = current_schema() and c.table_name = ${table} and c.is_generated = 'NEVER'
      order by c.ordinal_position`.execute(db);
    return rows.rows.map((row) => ({ name: row.name, type: row.type, key: Number(row.key ?? 0) }));
  },

  async createCopyTable(db: Db, copy: string, _columns: readonly { name: string; type: string }[], source: string) {
    await sql`create unlogged table ${sql.id(copy)} (sandbox_snapshot text not null, like ${sql.id(source)})`.execute(
      db,
    );
    await sql`create index ${sql.id(`${copy}_by_snapshot`)} on ${sql.id(copy)} (company_id, sandbox_snapshot)`.execute(
      db,
    );
  },

  /**
   * The whole restore in one round trip: a block of PL/pgSQL (its statements are text with their values written
   * in, and a statement without parameters may be a block), the deleted rows counted into a setting of the
   * transaction that the next statement reads.
   */
  async runAll(trx: Db, statements: readonly RestoreStatement[]) {
    const body = statements
      .map((s) => (s.counts ? `${s.text};\nget diagnostics c = row_count;\nn := n + c;` : `${s.text};`))
      .join('\n');
    await sql
      .raw(
        `do $tase_restore$ declare n bigint := 0; c bigint; begin\n${body}\n` +
          `perform set_config('tase.restored_deleted', n::text, true); end $tase_restore$`,
      )
      .execute(trx);
    const result = await sql<{ deleted: string }>`
      select current_setting('tase.restored_deleted') as deleted`.execute(trx);
    return Number(result.rows[0].deleted);
  },

  async triggerSources(db: Db) {
    const rows = await sql<{ source: string }>`
      select p.prosrc as source from pg_catalog.pg_trigger t join pg_catalog.pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal`.execute(db);
    return rows.rows.map((row) => row.source);
  },
};
