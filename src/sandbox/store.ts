// SQL of the sandbox: its company settings, reads of the webhook deliveries for the inspector, and the reset.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';

interface SandboxSettingRow {
  company_id: number;
  name: string;
  value: string;
}

export interface SandboxSnapshotRow {
  company_id: number;
  name: string;
  taken_at: string;
  clock_offset_ms: number;
  layout: string;
  row_count: number;
}

interface SandboxAdministratorRow {
  user_id: number;
  named_at: string;
}

declare module '../db/types.ts' {
  interface Database {
    sandbox_settings: SandboxSettingRow;
    sandbox_administrators: SandboxAdministratorRow;
    sandbox_snapshots: SandboxSnapshotRow;
  }
}

export async function getSetting(db: Db, companyId: number, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sandbox_settings')
    .select('value')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Db, companyId: number, name: string, value: string): Promise<void> {
  await db
    .insertInto('sandbox_settings')
    .values({ company_id: companyId, name, value })
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet({ value }))
    .execute();
}

/** The newest deliveries of a company, every webhook's (read from the webhooks area's tables). */
export async function recentDeliveries(db: Db, companyId: number, limit: number) {
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const webhooks = await db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).execute();
  return { deliveries, webhooks: new Map(webhooks.map((w) => [w.uuid, w])) };
}

export async function findDelivery(db: Db, companyId: number, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['webhook_uuid', 'delivery_id'])
    .where('company_id', '=', companyId)
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirst();
}

/** Deletes every row of a company in a company table (the reset; the table's owner is asked nothing). */
export async function deleteCompanyRows(db: Db, table: string, companyId: number): Promise<number> {
  const untyped = db as unknown as Kysely<Record<string, { company_id: number }>>;
  const result = await untyped.deleteFrom(table).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes a company's row counters (the `id_sequences` named `<table>:count`, such as the ledger's receipt count)
 * with its rows. Its id sequences stay: ids go on rising, so none is handed out twice — not even from a block a
 * process reserved before the reset.
 */
export async function deleteRowCounts(db: Db, companyId: number): Promise<number> {
  const result = await db
    .deleteFrom('id_sequences')
    .where('company_id', '=', companyId)
    .where('name', 'like', '%:count')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function activeMembers(db: Db, companyId: number) {
  return db
    .selectFrom('company_users')
    .innerJoin('users', 'users.user_id', 'company_users.user_id')
    .select(['users.user_id', 'users.first_name', 'users.last_name', 'users.email'])
    .where('company_users.company_id', '=', companyId)
    .where('company_users.active', '=', true)
    .execute();
}

/** Deletes the rows of a table whose `column` holds one of `values` (the undo of a refused fixture). */
export async function deleteRowsOf(db: Db, table: string, column: string, values: readonly (number | string)[]) {
  if (values.length === 0) return;
  const untyped = db as unknown as Kysely<Record<string, Record<string, number | string>>>;
  await untyped.deleteFrom(table).where(column, 'in', values).execute();
}

/** The global id sequences (company 0: users, companies) as they stand. */
export async function globalSequences(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('id_sequences').select(['name', 'last_id']).where('company_id', '=', 0).execute();
  return new Map(rows.map((row) => [row.name, Number(row.last_id)]));
}

/**
 * Lowers a global sequence back to `before`, never below an id still in use (`highest`), so the ids a refused
 * fixture took are given again and no id of another row is.
 */
export async function rewindGlobalSequence(
  db: Db,
  name: string,
  before: number | undefined,
  highest: number,
): Promise<void> {
  if (before === undefined && highest === 0) {
    await db.deleteFrom('id_sequences').where('company_id', '=', 0).where('name', '=', name).execute();
    return;
  }
  await db
    .updateTable('id_sequences')
    .set({ last_id: Math.max(before ?? 0, highest) })
    .where('company_id', '=', 0)
    .where('name', '=', name)
    .execute();
}

/** The rate limiter's slots of OAuth clients (keyed `<client id>\u001f<slot>`). */
export async function deleteRateLimitSlots(db: Db, clientIds: readonly string[]): Promise<void> {
  for (const clientId of clientIds)
    await db
      .deleteFrom('rate_limit_windows')
      .where(sql<string>`substr(client_id, 1, ${clientId.length + 1})`, '=', `${clientId}\u001f`)
      .execute();
}

/** The highest user id in use. */
export async function highestUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('user_id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether the user is named an administrator of the sandbox or, while none is named, is its first user. */
export async function isSandboxAdministrator(db: Db, userId: number): Promise<boolean> {
  const named = await db.selectFrom('sandbox_administrators').select('user_id').limit(1).executeTakeFirst();
  if (named) {
    const row = await db
      .selectFrom('sandbox_administrators')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }
  const first = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('user_id').as('id'))
    .executeTakeFirst();
  return Number(first?.id ?? 0) === userId;
}

export async function userIdByUsername(db: Db, username: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst();
  return row === undefined ? undefined : Number(row.user_id);
}

export async function nameSandboxAdministrator(db: Db, userId: number, now: string): Promise<void> {
  await db
    .insertInto('sandbox_administrators')
    .values({ user_id: userId, named_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findSnapshot(db: Db, companyId: number, name: string) {
  return db
    .selectFrom('sandbox_snapshots')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function listSnapshots(db: Db, companyId: number) {
  return db.selectFrom('sandbox_snapshots').selectAll().where('company_id', '=', companyId).orderBy('name').execute();
}

export async function saveSnapshot(db: Db, row: SandboxSnapshotRow): Promise<void> {
  const { company_id, name, ...rest } = row;
  await db
    .insertInto('sandbox_snapshots')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet(rest))
    .execute();
}

export async function deleteSnapshot(db: Db, companyId: number, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sandbox_snapshots')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
