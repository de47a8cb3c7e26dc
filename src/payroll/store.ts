// SQL of payroll.
import type { Db } from '../db/index.ts';

export interface SalaryTypeRow {
  company_id: number;
  code: number;
  category: string;
  unit: string | null;
  unit_value: string | null;
  payment_percent: string;
  payment_percent_editable: boolean | number;
  income_type_code: number | null;
  income_type: string | null;
  affects_withholding: boolean | number;
  affects_pension: boolean | number;
  affects_unemployment: boolean | number;
  affects_health: boolean | number;
  affects_accident_group_life: boolean | number;
  withheld_at_base_percent: boolean | number;
  calculated: boolean | number;
  account: string;
  contra_account: string | null;
  name_fi: string;
  name_sv: string;
  name_en: string;
}

declare module '../db/types.ts' {
  interface Database {
    salary_types: SalaryTypeRow;
  }
}

export async function hasSalaryTypes(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('salary_types')
    .select('code')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSalaryTypes(db: Db, rows: SalaryTypeRow[]): Promise<void> {
  await db.insertInto('salary_types').values(rows).execute();
}

export async function listSalaryTypes(db: Db, companyId: number): Promise<SalaryTypeRow[]> {
  return db.selectFrom('salary_types').selectAll().where('company_id', '=', companyId).orderBy('code').execute();
}
