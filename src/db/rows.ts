// A delete of one row of a company's table by its key that tells whether the row was there: two requests that
// read the row at the same moment (PostgreSQL runs them at once) both go on to delete it, and only one finds it.
import type { Db } from './index.ts';
import type { Database } from './types.ts';

type KeyedTable = {
  [T in keyof Database]: Database[T] extends { company_id: number; id: number } ? T : never;
}[keyof Database];

/** Deletes the row; false when there was none (another request deleted it first). */
export async function deleteRow(db: Db, table: KeyedTable, companyId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom(table as 'products')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
