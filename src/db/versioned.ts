// The optimistic lock of versioned resources: an update applies only while the stored `version` is still the
// one the change was computed from.
import type { Db } from './index.ts';
import type { Database } from './types.ts';

type VersionedTable = {
  [T in keyof Database]: Database[T] extends { company_id: number; id: number; version: string } ? T : never;
}[keyof Database];

/** Writes `row` over the stored one if its version is still `expectedVersion`; false when someone changed it meanwhile. */
export async function updateIfVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  row: Database[T],
  expectedVersion: string,
): Promise<boolean> {
  const { company_id, id, ...fields } = row as Database[T] & { company_id: number; id: number };
  const result = await db
    .updateTable(table as 'products')
    .set(fields as never)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
