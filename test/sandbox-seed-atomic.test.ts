// Seeding a fixture is all or nothing, over HTTP (POST /sandbox/seed) and from the command line (tase seed FILE):
// a fixture refused halfway (the 5th invoice of its second company, a username taken) leaves every table of the
// database as it was, row for row, answers an error naming the refused item, and a later good fixture gets the
// ids a first one would have.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { startService, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;
const EXAMPLE = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'examples', 'sandbox-fixture.json'), 'utf8'));

let svc: TestService;
const scratch = mkdtempSync(join(tmpdir(), 'tase-seed-'));

beforeAll(async () => {
  svc = await startService();
  await svc.token();
});
afterAll(async () => {
  await svc?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every row of every table, each table's rows sorted: two dumps are equal when the database is the same. */
async function dump(database: Pick<DatabaseHandle, 'db' | 'engine'>): Promise<Record<string, string[]>> {
  const columns =
    database.engine === 'sqlite'
      ? await sql<{
          name: string;
          column: string;
        }>`select m.name as name, p.name as "column" from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(
          database.db,
        )
      : await sql<{
          name: string;
          column: string;
        }>`select c.table_name as name, c.column_name as "column" from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(
          database.db,
        );
  const tables = new Map<string, boolean>();
  for (const { name, column } of columns.rows) tables.set(name, (tables.get(name) ?? false) || column === 'company_id');
  const out: Record<string, string[]> = {};
  for (const [name, byCompany] of [...tables].sort()) {
    // every company's rows: the whole database is compared
    const text = `select * from "${name}"${byCompany ? ' order by company_id' : ''}`;
    const rows = await sql.raw<Record<string, unknown>>(text).execute(database.db);
    out[name] = rows.rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
  }
  return out;
}

/** Two companies; the second one's fifth invoice has a quantity that is not a number. */
function fixtureFailingAtFifthInvoice(suffix: string) {
  const fixture = structuredClone(EXAMPLE);
  fixture.clients = [{ name: `Robot ${suffix}`, redirectUri: 'http://localhost/cb', clientId: `robot-${suffix}` }];
  const first = fixture.companies[0];
  first.name = `First ${suffix} Oy`;
  first.users = [{ ...first.users[0], username: `first-${suffix}`, apiKeyForClient: `robot-${suffix}` }];
  const second = structuredClone(first);
  second.name = `Second ${suffix} Oy`;
  second.users = [{ ...first.users[0], username: `second-${suffix}` }];
  const invoice = first.invoices[0];
  second.invoices = [1, 2, 3, 4, 5].map((n) => {
    const { key: _key, ...body } = structuredClone(invoice);
    if (n === 5) body.invoiceRows[0].quantity = 'lots';
    return body;
  });
  fixture.companies = [first, second];
  return fixture;
}

describe('POST /sandbox/seed is all or nothing', () => {
  it('undoes a fixture refused at the 5th invoice of its second company, naming the invoice', async () => {
    const before = await dump(svc.app.ctx);
    const refused = await svc.api('POST', '/sandbox/seed', fixtureFailingAtFifthInvoice('a'));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[0].field).toBe('companies.Second a Oy.invoices[4]');
    expect(refused.body.errors[0].message).toContain('quantity');
    expect(await dump(svc.app.ctx)).toEqual(before);

    // the ids the refused fixture took are given again
    const good = fixtureFailingAtFifthInvoice('b');
    good.companies.pop();
    const seeded = await svc.api('POST', '/sandbox/seed', good);
    expect(seeded.status, seeded.text).toBe(200);
    expect(seeded.body.companies[0].companyId).toBe(svc.demo.companyId + 1);
  });

  it('undoes a fixture whose second company has a username already taken', async () => {
    const fixture = fixtureFailingAtFifthInvoice('c');
    fixture.companies[1].invoices.pop();
    fixture.companies[1].users[0].username = svc.demo.username;
    const before = await dump(svc.app.ctx);
    const refused = await svc.api('POST', '/sandbox/seed', fixture);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[0].field).toBe('companies.Second c Oy.users[0]');
    expect(await dump(svc.app.ctx)).toEqual(before);
  });
});

describe('tase seed FILE is all or nothing', () => {
  it('leaves the database as it was and names the refused item', async () => {
    const database =
      testEngine === 'sqlite'
        ? { ...openDatabase({ url: join(scratch, 'cli.sqlite'), globalTables: globalTables() }), url: '' }
        : await freshDatabase();
    const url = database.url || join(scratch, 'cli.sqlite');
    try {
      // a service started once on it: migrated, its signing secret and setup record kept
      const app = await buildApp({
        config: { ...configFromEnv({ TASE_MODE: 'sandbox' }), databaseUrl: url, logLevel: 'silent' },
        database,
        background: false,
      });
      await app.close();
      const before = await dump(database);
      const file = join(scratch, 'fixture.json');
      writeFileSync(file, JSON.stringify(fixtureFailingAtFifthInvoice('d')));
      const child = spawn(process.execPath, [MAIN, 'seed', file], {
        env: { ...process.env, TASE_MODE: 'sandbox', DATABASE_URL: url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code, stderr).not.toBe(0);
      expect(stderr).toContain('companies.Second d Oy.invoices[4]');
      expect(await dump(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 120_000);
});
