// Ready for Citus (write scale-out by company): read from the catalogue of a migrated plain PostgreSQL, every
// primary key, unique key and unique index of a company table includes company_id (the distribution column),
// every foreign key between company tables joins on company_id (the rows sit on the same shard), and no
// table that would be a reference table (the global ones, copied to every node) points at a company table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, testEngine } from './support/database.ts';
import { migrate, type DatabaseHandle } from '../src/db/index.ts';
import { allMigrations, globalTables } from '../src/modules.ts';

/** The tables `create_reference_table` would take (docs/scale-out.md, "Citus"): not owned by one company. */
const REFERENCE_TABLES = [
  'authenticator_challenges',
  'authenticator_factors',
  'authenticator_passkeys',
  'authenticator_recovery_codes',
  'authenticator_sessions',
  'company_users',
  'currency_rates',
  'integration_directory',
  'login_attempts',
  'login_flows',
  'mfa_transactions',
  'oauth_clients',
  'rate_limit_windows',
  'sandbox_administrators',
  'service_settings',
  'users',
];
/** The migration runner's own tables: left on the coordinator. */
const ENGINE_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface Key {
  name: string;
  kind: 'p' | 'u' | 'f' | 'i';
  table: string;
  columns: string[];
  referenced: string | null;
  referencedColumns: string[];
}

describe.runIf(testEngine === 'postgres')('schema ready for Citus', () => {
  let database: DatabaseHandle & { url: string };
  let client: pg.Client;
  let tables: string[];
  let keys: Key[];

  beforeAll(async () => {
    database = await freshDatabase();
    await migrate(database.db, allMigrations());
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    tables = (
      await client.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
      )
    ).rows.map((r) => r.name);
    const columns = (relation: string, numbers: string) =>
      `array(select a.attname from unnest(${numbers}) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.n order by k.i)::text[]`;
    const constraints = await client.query<Key>(
      `select con.conname as name, con.contype as kind, c.relname as table, f.relname as referenced,
         ${columns('con.conrelid', 'con.conkey')} as columns,
         coalesce(${columns('con.confrelid', 'con.confkey')}, '{}') as "referencedColumns"
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class f on f.oid = con.confrelid
       where n.nspname = 'public' and con.contype in ('p', 'u', 'f')`,
    );
    // unique indexes made without a constraint (create unique index …), partial ones included
    const indexes = await client.query<Key>(
      `select i.relname as name, 'i' as kind, c.relname as table, null as referenced,
         ${columns('x.indrelid', 'x.indkey::int2[]')} as columns, '{}'::text[] as "referencedColumns"
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and x.indisunique
         and not exists (select 1 from pg_constraint con where con.conindid = x.indexrelid)`,
    );
    keys = [...constraints.rows, ...indexes.rows];
  });

  afterAll(async () => {
    await client?.end();
    await database?.close();
  });

  const companyTables = () => tables.filter((t) => !REFERENCE_TABLES.includes(t) && !ENGINE_TABLES.includes(t));

  it('names the reference tables: exactly the global tables the areas declare', () => {
    expect([...globalTables()].sort()).toEqual(REFERENCE_TABLES);
    expect(tables).toEqual(expect.arrayContaining(REFERENCE_TABLES));
  });

  it('gives every company table a company_id column and a primary key that starts from it', () => {
    const companies = companyTables();
    expect(companies.length).toBeGreaterThan(40);
    for (const table of companies) {
      const primary = keys.find((k) => k.table === table && k.kind === 'p');
      expect(primary, `${table} has a primary key`).toBeDefined();
      expect(primary!.columns, `${table} primary key`).toContain('company_id');
    }
  });

  it('includes company_id in every unique key and unique index of a company table', () => {
    const missing = keys
      .filter((k) => companyTables().includes(k.table) && (k.kind === 'u' || k.kind === 'i' || k.kind === 'p'))
      .filter((k) => !k.columns.includes('company_id'))
      .map((k) => `${k.table}.${k.name} (${k.columns.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('joins every foreign key between company tables on company_id, and none from a reference table', () => {
    const foreign = keys.filter((k) => k.kind === 'f');
    const uncolocated = foreign
      .filter((k) => companyTables().includes(k.table) && companyTables().includes(k.referenced!))
      .filter((k) => {
        const at = k.columns.indexOf('company_id');
        return at < 0 || k.referencedColumns[at] !== 'company_id';
      })
      .map((k) => `${k.table}.${k.name}`);
    expect(uncolocated).toEqual([]);
    const fromReference = foreign
      .filter((k) => REFERENCE_TABLES.includes(k.table) && companyTables().includes(k.referenced!))
      .map((k) => `${k.table}.${k.name} → ${k.referenced}`);
    expect(fromReference).toEqual([]);
  });
});
