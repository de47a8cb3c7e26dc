import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, migrate } from './index.ts';
import { allMigrations, globalTables } from '../modules.ts';
import { getProduct } from '../products/store.ts';

const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
await migrate(handle.db, allMigrations());
afterAll(() => handle.close());

const row = (id: number, name: string) => ({
  company_id: 1,
  id,
  type: 'SALES',
  name,
  code: null,
  unit: null,
  price: '1',
  discount: '0',
  vat: null,
  vat_status: null,
  currency: 'EUR',
  active: true,
  default_account: null,
  product_group_id: null,
  start_date: null,
  end_date: null,
  bookkeeping_account: null,
  localizations: null,
  version: 'v',
});

describe('prepared queries', () => {
  it('read committed rows with their parameters', async () => {
    await handle.db
      .insertInto('products')
      .values([row(1, 'one'), row(2, 'two')])
      .execute();
    expect((await getProduct(handle.db, 1, 2))?.name).toBe('two');
    expect(await getProduct(handle.db, 2, 2)).toBeUndefined();
  });

  it('never see the uncommitted writes of a transaction in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('products').values(row(3, 'uncommitted')).execute();
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await insertedNow;
    const read = getProduct(handle.db, 1, 3);
    release();
    await transaction;
    expect(await read).toBeUndefined();
  });
});
