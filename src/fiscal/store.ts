// SQL of fiscal years and their monthly periods.
import type { Db } from '../db/index.ts';

export interface FiscalYearRow {
  company_id: number;
  id: number;
  start_date: string;
  end_date: string;
  closed: boolean | number;
  version: string;
}

export interface FiscalPeriodRow {
  company_id: number;
  id: number;
  fiscal_year_id: number;
  start_date: string;
  end_date: string;
  closed: boolean | number;
  closed_at: string | null;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    fiscal_years: FiscalYearRow;
    fiscal_periods: FiscalPeriodRow;
  }
}

export async function listYears(db: Db, companyId: number): Promise<FiscalYearRow[]> {
  return db.selectFrom('fiscal_years').selectAll().where('company_id', '=', companyId).orderBy('start_date').execute();
}

export async function getYear(db: Db, companyId: number, id: number): Promise<FiscalYearRow | undefined> {
  return db
    .selectFrom('fiscal_years')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listPeriods(db: Db, companyId: number, fiscalYearId?: number): Promise<FiscalPeriodRow[]> {
  let query = db.selectFrom('fiscal_periods').selectAll().where('company_id', '=', companyId);
  if (fiscalYearId !== undefined) query = query.where('fiscal_year_id', '=', fiscalYearId);
  return query.orderBy('start_date').execute();
}

export async function getPeriod(db: Db, companyId: number, id: number): Promise<FiscalPeriodRow | undefined> {
  return db
    .selectFrom('fiscal_periods')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The period holding a date, if any. */
export async function periodOn(db: Db, companyId: number, date: string): Promise<FiscalPeriodRow | undefined> {
  return db
    .selectFrom('fiscal_periods')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst();
}

export async function insertYear(db: Db, year: FiscalYearRow, periods: FiscalPeriodRow[]): Promise<void> {
  await db.insertInto('fiscal_years').values(year).execute();
  await db.insertInto('fiscal_periods').values(periods).execute();
}

export async function setPeriodClosed(
  db: Db,
  companyId: number,
  id: number,
  closed: boolean,
  closedAt: string | null,
  version: string,
): Promise<void> {
  await db
    .updateTable('fiscal_periods')
    .set({ closed, closed_at: closedAt, version })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function setYearClosed(
  db: Db,
  companyId: number,
  id: number,
  closed: boolean,
  version: string,
): Promise<void> {
  await db
    .updateTable('fiscal_years')
    .set({ closed, version })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
