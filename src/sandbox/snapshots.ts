// Named states of a company (its baseline and the snapshots a test suite takes), kept in copy tables beside the
// service's own: for every company table `T` a table `sbx_T` with T's columns and the snapshot's name. Taking and
// restoring are each one `insert … select` per table inside the database (no row passes through the process),
// so a company of a few thousand documents comes back in milliseconds. The engines differ only in their
// catalogues and in how a copy table is declared (snapshot-sqlite.ts, snapshot-postgres.ts).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface SnapshotEngine {
  /**
   * The stored (not generated) columns of a table, in order, with their place in the primary key (0: not in it);
   * none when the table does not exist.
   */
  columns(db: Db, table: string): Promise<{ name: string; type: string; key: number }[]>;
  createCopyTable(
    db: Db,
    copy: string,
    columns: readonly { name: string; type: string }[],
    source: string,
  ): Promise<void>;
  /** The bodies of the triggers (on PostgreSQL their functions'): the tables they write are restored last. */
  triggerSources(db: Db): Promise<string[]>;
  /** Runs a restore's statements in order, all at once; answers the rows the counting ones deleted. */
  runAll?(trx: Db, statements: readonly RestoreStatement[]): Promise<number>;
}

interface CopiedTable {
  table: string;
  copy: string;
  columns: string[];
  /** The primary key's columns (empty: none, the rows are replaced whole). */
  key: string[];
}

interface Layout {
  tables: CopiedTable[];
  /**
   * Tables that triggers write when rows of another table are inserted or deleted (the ledger's month totals,
   * the receipt counters of `id_sequences`): restoring their source rows makes the triggers add to them again,
   * so they are emptied once more and restored last, from their own copy.
   */
  derived: CopiedTable[];
  /** Tells the layout a snapshot was taken with: after a migration changed a table its snapshots cannot return. */
  fingerprint: string;
}

const TRIGGER_WRITES = /\b(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

const copyName = (table: string) => `sbx_${table}`;

export class CompanySnapshots {
  readonly #db: Db;
  readonly #engine: SnapshotEngine;
  readonly #tables: readonly string[];
  #layout: Promise<Layout> | undefined;

  constructor(db: Db, engine: SnapshotEngine, tables: readonly string[]) {
    this.#db = db;
    this.#engine = engine;
    this.#tables = tables;
  }

  /** The copy tables, made (or made again after a migration changed their source) on first use in a process. */
  layout(): Promise<Layout> {
    this.#layout ??= this.#prepare().catch((err: unknown) => {
      this.#layout = undefined;
      throw err;
    });
    return this.#layout;
  }

  async #prepare(): Promise<Layout> {
    const tables: CopiedTable[] = [];
    for (const table of this.#tables) {
      const columns = await this.#engine.columns(this.#db, table);
      if (columns.length === 0) continue;
      const copy = copyName(table);
      const copied = (await this.#engine.columns(this.#db, copy)).map((c) => c.name);
      const wanted = ['sandbox_snapshot', ...columns.map((c) => c.name)];
      if (copied.length > 0 && !sameColumns(copied, wanted)) await sql`drop table ${sql.id(copy)}`.execute(this.#db);
      if (copied.length === 0 || !sameColumns(copied, wanted))
        await this.#engine.createCopyTable(this.#db, copy, columns, table);
      const key = columns
        .filter((c) => c.key > 0)
        .sort((a, b) => a.key - b.key)
        .map((c) => c.name);
      tables.push({ table, copy, columns: columns.map((c) => c.name), key });
    }
    const written = new Set<string>();
    for (const source of await this.#engine.triggerSources(this.#db))
      for (const match of source.matchAll(TRIGGER_WRITES)) written.add(match[1].toLowerCase());
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(tables.map((t) => [t.table, t.columns])))
      .digest('hex')
      .slice(0, 16);
    return { tables, derived: tables.filter((t) => written.has(t.table)), fingerprint };
  }

  /** Copies the company's rows of every table under `name` (replacing a snapshot of that name). */
  async take(trx: Db, companyId: number, name: string): Promise<number> {
    const { tables } = await this.layout();
    let rows = 0;
    for (const { copy, columns } of tables) {
      const list = sql.join(columns.map((c) => sql.id(c)));
      await sql`delete from ${sql.id(copy)} where company_id = ${companyId} and sandbox_snapshot = ${name}`.execute(
        trx,
      );
      const result = await sql`insert into ${sql.id(copy)} (sandbox_snapshot, ${list})
        select ${name}, ${list} from ${sql.id(copyOf(copy))} where company_id = ${companyId}`.execute(trx);
      rows += Number(result.numAffectedRows ?? 0);
    }
    return rows;
  }

  /**
   * Makes the company's rows those of snapshot `name`; answers the rows deleted. Only the difference is written —
   * the rows not in the snapshot (or changed since) deleted by their key, the snapshot's rows missing inserted —
   * so a restore between two tests costs a read of each table and a write of what the test changed, and the
   * triggers fire for those rows only.
   */
  async restore(trx: Db, companyId: number, name: string): Promise<number> {
    const { tables, derived } = await this.layout();
    const sources = tables.filter((t) => !derived.includes(t));
    const statements = [
      ...sources.map((t) => deleteChanged(t, companyId, name)),
      ...sources.map((t) => insertMissing(t, companyId, name)),
      ...derived.flatMap((t) => [deleteChanged(t, companyId, name), insertMissing(t, companyId, name)]),
    ];
    if (this.#engine.runAll) return this.#engine.runAll(trx, statements);
    let deleted = 0;
    for (const statement of statements) {
      const result = await sql.raw(statement.text).execute(trx);
      if (statement.counts) deleted += Number(result.numAffectedRows ?? 0);
    }
    return deleted;
  }

  async drop(trx: Db, companyId: number, name: string): Promise<void> {
    const { tables } = await this.layout();
    for (const { copy } of tables)
      await sql`delete from ${sql.id(copy)} where company_id = ${companyId} and sandbox_snapshot = ${name}`.execute(
        trx,
      );
  }
}

function copyOf(copy: string): string {
  return copy.slice('sbx_'.length);
}

/**
 * The statements of a restore are text with their values written in (a company id, a snapshot name of letters,
 * digits and `._-@`), so that an engine may send them all at once (snapshot-postgres.ts: one round trip).
 */
export interface RestoreStatement {
  text: string;
  /** Its rows count as deleted. */
  counts: boolean;
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Deletes the company's rows that the snapshot does not hold as they are. */
function deleteChanged({ table, copy, columns, key }: CopiedTable, companyId: number, name: string): RestoreStatement {
  const company = String(Math.trunc(companyId));
  if (key.length === 0) return { text: `delete from ${quoted(table)} where company_id = ${company}`, counts: true };
  const list = columns.map(quoted).join(', ');
  const keys = key.map(quoted).join(', ');
  return {
    text: `delete from ${quoted(table)} where company_id = ${company} and (${keys}) in (
      select ${keys} from (
        select ${list} from ${quoted(table)} where company_id = ${company}
        except
        select ${list} from ${quoted(copy)} where company_id = ${company} and sandbox_snapshot = ${literal(name)}
      ) as changed)`,
    counts: true,
  };
}

/** Inserts the snapshot's rows the company does not hold. */
function insertMissing({ table, copy, columns }: CopiedTable, companyId: number, name: string): RestoreStatement {
  const company = String(Math.trunc(companyId));
  const list = columns.map(quoted).join(', ');
  return {
    text: `insert into ${quoted(table)} (${list})
      select ${list} from ${quoted(copy)} where company_id = ${company} and sandbox_snapshot = ${literal(name)}
      except
      select ${list} from ${quoted(table)} where company_id = ${company}`,
    counts: false,
  };
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
