// SQL of the sandbox: its company settings, reads of the webhook deliveries for the inspector, and the reset.
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';

interface SandboxSettingRow {
  company_id: number;
  name: string;
  value: string;
}

declare module '../db/types.ts' {
  interface Database {
    sandbox_settings: SandboxSettingRow;
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

export async function activeMembers(db: Db, companyId: number) {
  return db
    .selectFrom('company_users')
    .innerJoin('users', 'users.user_id', 'company_users.user_id')
    .select(['users.user_id', 'users.first_name', 'users.last_name', 'users.email'])
    .where('company_users.company_id', '=', companyId)
    .where('company_users.active', '=', true)
    .execute();
}
