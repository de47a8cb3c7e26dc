import { describe, expect, it } from 'vitest';
import { ChangeStamps } from './changes.ts';
import { globalTables } from '../modules.ts';

describe('change stamps', () => {
  it('change when a watched table is written, by this process or another', () => {
    let external = 1;
    const changes = new ChangeStamps(() => external);
    const before = changes.stamp(['auth_sessions']);
    changes.written(['products']);
    expect(changes.stamp(['auth_sessions'])).toBe(before);
    changes.written(['auth_sessions']);
    const afterLocal = changes.stamp(['auth_sessions']);
    expect(afterLocal).not.toBe(before);
    external = 2;
    expect(changes.stamp(['auth_sessions'])).toBe(afterLocal); // read once until the next request arrives
    changes.arrived({});
    expect(changes.stamp(['auth_sessions'])).not.toBe(afterLocal);
    const beforeRaw = changes.stamp(['auth_sessions']);
    changes.written(null);
    expect(changes.stamp(['auth_sessions'])).not.toBe(beforeRaw);
  });
  it('are read once for the first requests of the connections of a batch, anew for a second request of one', async () => {
    let external = 1;
    let readings = 0;
    const changes = new ChangeStamps(() => (readings++, external));
    const [first, second] = [{}, {}];
    changes.arrived(first);
    const stamp = changes.stamp(['products']);
    external = 2;
    changes.arrived(second);
    // the second connection's request began to arrive before the batch's reading
    expect(changes.stamp(['products'])).toBe(stamp);
    expect(readings).toBe(1);
    changes.arrived(first);
    // pipelined behind the first: perhaps sent after a commit that followed the reading
    expect(changes.stamp(['products'])).not.toBe(stamp);
    expect(readings).toBe(2);
    external = 3;
    await new Promise((resolve) => setImmediate(resolve));
    // the next batch reads anew, for any connection
    changes.arrived(second);
    expect(changes.stamp(['products'])).toBe('3:0');
    // a reading taken outside a request (a background task's) is never shared by the next batch's requests
    await new Promise((resolve) => setImmediate(resolve));
    external = 4;
    changes.stamp(['products']);
    external = 5;
    changes.arrived(first);
    expect(changes.stamp(['products'])).toBe('5:0');
  });
  it('never allow caching without an external change counter', () => {
    expect(new ChangeStamps().stamp(['auth_sessions'])).toBeNull();
  });
});

describe('writes seen by the scope-checking driver', () => {
  it('count updates and raw writes as writes of their own tables only', async () => {
    const { openDatabase, migrate } = await import('./index.ts');
    const { sql } = await import('kysely');
    const handle = openDatabase({ url: ':memory:', globalTables: globalTables() });
    await migrate(handle.db, (await import('../modules.ts')).allMigrations());
    const stamp = () => handle.changes.stamp(['products']);
    let before = stamp();
    await handle.db.selectFrom('products').select('id').where('company_id', '=', 1).execute();
    expect(stamp()).toBe(before);
    await handle.db.updateTable('products').set({ name: 'x' }).where('company_id', '=', 1).execute();
    expect(stamp()).not.toBe(before);
    before = stamp();
    await sql`with t as (select 1) update products set name = 'z' where company_id = ${1}`.execute(handle.db);
    expect(stamp()).not.toBe(before);
    before = stamp();
    await sql`update webhook_deliveries set lease_owner = 'w' where (company_id, id) in (select company_id, id from webhook_deliveries where status = 'PENDING' limit 10) returning *`.execute(
      handle.db,
    );
    expect(stamp()).toBe(before); // another table's write leaves the products cache alone
    await sql`select id from products where company_id = ${1}`.execute(handle.db);
    expect(stamp()).toBe(before);
    await handle.close();
  });
});
