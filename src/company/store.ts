// SQL of companies: the tenant register (`companies`: name, business id, country, currency, contract type; its
// row type is declared with identity's tables) and the details, usage settings and invoice circulation
// settings of a company.
import type { Db } from '../db/index.ts';
import type { CompanyRow } from '../auth/index.ts';

export interface CompanySettingsRow {
  company_id: number;
  details: string;
  usage_settings: string | null;
  circulation_settings: string | null;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    company_settings: CompanySettingsRow;
  }
}

export async function getCompany(db: Db, companyId: number) {
  return db.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function insertCompany(db: Db, row: CompanyRow): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

export async function updateCompany(
  db: Db,
  companyId: number,
  fields: { name: string; business_id: string | null; version: string },
): Promise<void> {
  await db.updateTable('companies').set(fields).where('company_id', '=', companyId).execute();
}

export async function getSettings(db: Db, companyId: number): Promise<CompanySettingsRow | undefined> {
  return db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: CompanySettingsRow): Promise<void> {
  const { company_id, ...fields } = row;
  await db
    .insertInto('company_settings')
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(fields))
    .execute();
}

export async function memberUserIds(db: Db, companyId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('company_users')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('active', '=', true)
    .execute();
  return new Set(rows.map((r) => Number(r.user_id)));
}
