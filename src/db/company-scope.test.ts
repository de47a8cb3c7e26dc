import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, migrate } from './index.ts';
import { allMigrations, globalTables } from '../modules.ts';

const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
await migrate(handle.db, allMigrations());
const db = handle.db;

afterAll(() => handle.close());

describe('company scope guard', () => {
  it('lets scoped queries through', async () => {
    await db.selectFrom('products').selectAll().where('company_id', '=', 1).where('id', '=', 1).execute();
    await db.updateTable('products').set({ name: 'x' }).where('company_id', '=', 1).execute();
    await db.deleteFrom('products').where('id', '=', 1).where('company_id', '=', 1).execute();
    await db
      .selectFrom('auth_sessions as s')
      .innerJoin('company_users as cu', (j) =>
        j.onRef('cu.company_id', '=', 's.company_id').onRef('cu.user_id', '=', 's.user_id'),
      )
      .select('s.id')
      .where('s.company_id', '=', 1)
      .execute();
    await db.selectFrom('users').selectAll().where('username', '=', 'x').execute();
  });

  it('refuses a read, update or delete without company_id', async () => {
    await expect(db.selectFrom('products').selectAll().where('id', '=', 1).execute()).rejects.toThrow(/not scoped/);
    await expect(db.updateTable('products').set({ name: 'x' }).where('id', '=', 1).execute()).rejects.toThrow(
      /not scoped/,
    );
    await expect(db.deleteFrom('products').execute()).rejects.toThrow(/not scoped/);
  });

  it('refuses a company_id condition that an OR can bypass', async () => {
    await expect(
      db
        .selectFrom('products')
        .selectAll()
        .where((eb) => eb.or([eb('company_id', '=', 1), eb('id', '=', 2)]))
        .execute(),
    ).rejects.toThrow(/not scoped/);
  });

  it('refuses a join whose joined table is not scoped', async () => {
    await expect(
      db
        .selectFrom('products as p')
        .innerJoin('product_groups as g', 'g.id', 'p.product_group_id')
        .select('p.id')
        .where('p.company_id', '=', 1)
        .execute(),
    ).rejects.toThrow(/product_groups/);
  });

  it('refuses subqueries that are not scoped', async () => {
    await expect(async () =>
      db
        .selectFrom('products')
        .select('id')
        .where('company_id', '=', 1)
        .where('product_group_id', 'in', db.selectFrom('product_groups').select('id'))
        .execute(),
    ).rejects.toThrow(/product_groups/);
  });

  it('refuses an insert without company_id and unscoped raw SQL', async () => {
    await expect(
      db
        .insertInto('product_groups')
        .values({ id: 1, name: 'x', type: 'SALES', version: 'v' } as never)
        .execute(),
    ).rejects.toThrow(/company_id/);
    await expect(sql`select * from products`.execute(db)).rejects.toThrow(/not scoped/);
    await sql`select count(*) from products where company_id = ${1}`.execute(db);
  });
});
