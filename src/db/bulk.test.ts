import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, migrate } from './index.ts';
import { insertRows, rowWriter, withRows } from './bulk.ts';
import { allMigrations, globalTables } from '../modules.ts';

const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
await migrate(handle.db, allMigrations());
afterAll(() => handle.close());

const counters = (company: number) =>
  handle.db
    .selectFrom('id_sequences')
    .select(['name', 'last_id'])
    .where('company_id', '=', company)
    .orderBy('name')
    .execute();

describe('statements over whole rows', () => {
  it('bind each row by its column names, whatever order its fields were written in', async () => {
    // the second row's fields are in another order: the compiled writer reads them by name
    await insertRows(handle.db, 'id_sequences', [
      { company_id: 7, name: 'a', last_id: 1 },
      { last_id: 2, name: 'b', company_id: 7 },
    ]);
    await insertRows(handle.db, 'id_sequences', [
      { company_id: 7, name: 'c', last_id: 3 },
      { company_id: 7, name: 'd', last_id: 4 },
    ]);
    expect((await counters(7)).map((r) => [r.name, Number(r.last_id)])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('bind rows whose values the statement uses out of order and beside its own constants', async () => {
    const rows = [
      { company_id: 8, name: 'x', last_id: 5 },
      { company_id: 8, name: 'y', last_id: 6 },
    ];
    // a row's company appears again after the rows, and a constant of the statement sits between the values
    const write = (rs: typeof rows) =>
      withRows(handle.db, 'bulk-test:mixed', rs, (standIns) =>
        handle.db
          .insertInto('id_sequences')
          .values(
            standIns.map((r) => ({
              company_id: r.company_id,
              name: sql<string>`${r.name} || ${'-'}`,
              last_id: r.last_id,
            })),
          )
          .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet({ last_id: standIns[0].last_id })),
      );
    await write(rows);
    await write([
      { company_id: 8, name: 'x', last_id: 9 },
      { company_id: 8, name: 'z', last_id: 1 },
    ]);
    expect((await counters(8)).map((r) => [r.name, Number(r.last_id)])).toEqual([
      ['x-', 9],
      ['y-', 6],
      ['z-', 1],
    ]);
  });

  it("write rows as arrays in the columns' order, bigints as text for JSON, by compiled or general readers", () => {
    const row = { b: 2n, a: 'x', c: undefined, d: null };
    for (const columns of [
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd', 'not plain'],
    ]) {
      const out = new Array<unknown>(columns.length + 1).fill('kept');
      rowWriter(columns, true)(row, out, 1);
      expect(out.slice(0, 5)).toEqual(['kept', 'x', '2', null, null]);
      const raw: unknown[] = [];
      rowWriter(columns)(row, raw, 0);
      expect(raw.slice(0, 4)).toEqual(['x', 2n, undefined, null]);
    }
  });
});
