// Group commit on PostgreSQL (src/db/insert-batches.ts), with statements that stand in for the database's: the
// rows inserted in one turn of the event loop go in one statement; when it is refused, each row is inserted alone
// and only the one at fault fails, with its own error; when the server is gone, every write of it fails with that.
import { describe, expect, it } from 'vitest';
import type { Db } from './index.ts';
import { InsertBatches, type RowInserts } from './insert-batches.ts';

const db = {} as Db;

class Refused extends Error {}

function statements(refuses: (row: number) => boolean, manyError?: () => Error) {
  const sent: number[][] = [];
  const stored: number[] = [];
  const inserts: RowInserts<number> = {
    one: async (_db, row) => {
      sent.push([row]);
      if (refuses(row)) throw new Refused(`row ${row} refused`);
      stored.push(row);
    },
    many: async (_db, rows) => {
      sent.push([...rows]);
      if (manyError) throw manyError();
      if (rows.some(refuses)) throw new Refused('the statement is refused');
      stored.push(...rows);
    },
  };
  return { inserts, sent, stored };
}

const settled = (writes: Promise<void>[]) =>
  Promise.all(
    writes.map((w) =>
      w.then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    ),
  );

describe('insert batches (PostgreSQL group commit)', () => {
  it('sends the rows of one turn in one statement, and a row alone as the one-row insert', async () => {
    const { inserts, sent, stored } = statements(() => false);
    const batches = new InsertBatches(db);
    expect(await settled([1, 2, 3, 4].map((n) => batches.insert(inserts, n)))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await settled([5].map((n) => batches.insert(inserts, n)))).toEqual(['ok']);
    expect(sent).toEqual([[1, 2, 3, 4], [5]]);
    expect(stored).toEqual([1, 2, 3, 4, 5]);
  });

  it('inserts each row alone when the statement is refused: only the row at fault fails, with its own error', async () => {
    const { inserts, sent, stored } = statements((n) => n === 3);
    const batches = new InsertBatches(db);
    expect(await settled([1, 2, 3, 4].map((n) => batches.insert(inserts, n)))).toEqual([
      'ok',
      'ok',
      'row 3 refused',
      'ok',
    ]);
    expect(sent).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    expect(stored.sort()).toEqual([1, 2, 4]);
  });

  it('fails every write of the statement when the server is unavailable, sending nothing again', async () => {
    const unavailable = () => new Error('Connection terminated unexpectedly');
    const { inserts, sent, stored } = statements(() => false, unavailable);
    const batches = new InsertBatches(db, (error) => (error as Error).message.startsWith('Connection terminated'));
    const outcomes = await settled([1, 2, 3].map((n) => batches.insert(inserts, n)));
    // whether the commit was made is unknown: a row sent again might be stored twice
    expect(outcomes).toEqual(Array(3).fill('Connection terminated unexpectedly'));
    expect(sent).toEqual([[1, 2, 3]]);
    expect(stored).toEqual([]);
  });

  it('bounds a statement at 64 rows', async () => {
    const { inserts, sent } = statements(() => false);
    const batches = new InsertBatches(db);
    await settled(Array.from({ length: 150 }, (_, n) => batches.insert(inserts, n)));
    expect(sent.map((rows) => rows.length)).toEqual([64, 64, 22]);
  });
});
