// SQL of a company's VAT settings and the VAT status codes it uses.
import type { Db } from '../db/index.ts';

export interface VatSettingsRow {
  company_id: number;
  unit_prices_include_vat_sales: boolean | number;
  unit_prices_include_vat_purchase: boolean | number;
  version: string;
}

export interface CompanyVatStatusRow {
  company_id: number;
  vat_status: number;
  description: string;
  sales: boolean | number;
  purchase: boolean | number;
  active: boolean | number;
}

declare module '../db/types.ts' {
  interface Database {
    vat_settings: VatSettingsRow;
    company_vat_statuses: CompanyVatStatusRow;
  }
}

export async function getSettings(db: Db, companyId: number): Promise<VatSettingsRow | undefined> {
  return db.selectFrom('vat_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function listStatuses(db: Db, companyId: number): Promise<CompanyVatStatusRow[]> {
  return db
    .selectFrom('company_vat_statuses')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy('vat_status')
    .execute();
}

export async function insertDefaults(db: Db, settings: VatSettingsRow, statuses: CompanyVatStatusRow[]): Promise<void> {
  await db.insertInto('vat_settings').values(settings).execute();
  await db.insertInto('company_vat_statuses').values(statuses).execute();
}
