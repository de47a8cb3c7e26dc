// The embedded engine's side of snapshots: its catalogue (`pragma table_xinfo`, `sqlite_master`) and the copy
// tables, declared with the source's column types so that every value comes back with the affinity it left with.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { SnapshotEngine } from './snapshots.ts';

export const sqliteSnapshots: SnapshotEngine = {
  async columns(db: Db, table: string) {
    const rows = await sql<{ name: string; type: string; hidden: number; pk: number }>`pragma table_xinfo(${sql.id(
      table,
    )})`.execute(db);
    // hidden 2 and 3: generated columns, computed again when the rows come back
    return rows.rows
      .filter((row) => Number(row.hidden) === 0)
      .map((row) => ({ name: row.name, type: row.type, key: Number(row.pk) }));
  },

  async createCopyTable(db: Db, copy: string, columns: readonly { name: string; type: string }[]) {
    const list = columns.map((c) => sql`${sql.id(c.name)} ${sql.raw(/^[A-Za-z ()0-9,]*$/.test(c.type) ? c.type : '')}`);
    await sql`create table ${sql.id(copy)} (sandbox_snapshot text not null, ${sql.join(list)})`.execute(db);
    await sql`create index ${sql.id(`${copy}_by_snapshot`)} on ${sql.id(copy)} (company_id, sandbox_snapshot)`.execute(
      db,
    );
  },

  async triggerSources(db: Db) {
    const rows = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger'`.execute(db);
    return rows.rows.map((row) => row.sql);
  },
};
