import { createServer, connect } from 'node:net';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable, openPostgres } from './postgres.ts';

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function refusal<T>(attempt: () => Promise<T>): Promise<unknown> {
  try {
    await attempt();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('databaseUnavailable', () => {
  it('says so of a database connection refused by way of the pool', async () => {
    const port = await closedPort();
    const { dialect } = openPostgres(`postgres://tase@127.0.0.1:${port}/tase`, 1);
    const db = new Kysely<Record<string, never>>({ dialect });
    try {
      const err = await refusal(() => sql`select 1`.execute(db));
      expect((err as { code?: string }).code).toBe('ECONNREFUSED');
      expect(databaseUnavailable(err)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('does not say so of an outgoing connection refused (a webhook receiver, a rate source)', async () => {
    const port = await closedPort();
    const err = await refusal(
      () =>
        new Promise((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket.end()));
          socket.once('error', reject);
        }),
    );
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(databaseUnavailable(err)).toBe(false);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

const url = process.env.DATABASE_URL ?? '';

describe.runIf(/^postgres(ql)?:\/\//.test(url))('a BEGIN sent with the first statement of its transaction', () => {
  it('opens the transaction that statement runs in, and a failing first statement leaves the session usable', async () => {
    // one connection: the temporary table is the session's
    const { dialect } = openPostgres(url, 1);
    const db = new Kysely<{ kept: { id: number } }>({ dialect });
    try {
      await sql`create temporary table kept (id int primary key)`.execute(db);
      const undone = await refusal(() =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('kept').values({ id: 1 }).execute();
          throw new Error('the rest of the write fails');
        }),
      );
      expect((undone as Error).message).toBe('the rest of the write fails');
      await db.transaction().execute((trx) => trx.insertInto('kept').values({ id: 2 }).execute());
      expect(await db.selectFrom('kept').select('id').execute()).toEqual([{ id: 2 }]);
      // a statement the server refuses at its parse, twice: the second is parsed again, not taken as prepared
      for (let i = 0; i < 2; i++) {
        const err = await refusal(() =>
          db.transaction().execute((trx) => sql`select id from missing_table`.execute(trx)),
        );
        expect((err as { code?: string }).code).toBe('42P01');
      }
      const duplicate = await refusal(() =>
        db.transaction().execute((trx) => trx.insertInto('kept').values({ id: 2 }).execute()),
      );
      expect((duplicate as { code?: string }).code).toBe('23505');
      expect(await db.selectFrom('kept').select('id').execute()).toEqual([{ id: 2 }]);
    } finally {
      await db.destroy();
    }
  });
});
