// SQL of salary bases, salary lists and salary slips.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { jsonRows } from '../../db/bulk.ts';
import { updateIfVersion } from '../../db/versioned.ts';

export interface SalaryBaseRow {
  company_id: number;
  id: number;
  employee_id: number;
  notes: string | null;
  /** The rows, JSON. */
  rows: string;
  version: string;
}

export interface SalaryListRow {
  company_id: number;
  id: number;
  name: string;
  holiday_year: number | null;
  payment_period_start: string;
  payment_period_end: string;
  earnings_period_start: string | null;
  earnings_period_end: string | null;
  accounting_date: string;
  due_date: string;
  payday: string;
  created: string;
  created_by: string;
  version: string;
}

export interface SalarySlipRow {
  company_id: number;
  id: number;
  list_id: number;
  employee_id: number;
  employee_name: string;
  slip_number: number;
  status: string;
  payday: string;
  data: string;
  employee_data: string;
  figures: string;
  tax_card_id: number | null;
  limit_counted: string | null;
  salary_receipt_id: number | null;
  contribution_receipt_id: number | null;
  version: string;
}

declare module '../../db/types.ts' {
  interface Database {
    salary_bases: SalaryBaseRow;
    salary_lists: SalaryListRow;
    salary_slips: SalarySlipRow;
  }
}

export async function baseOfEmployee(db: Db, companyId: number, employeeId: number) {
  return db
    .selectFrom('salary_bases')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
}

export async function basesOfEmployees(db: Db, companyId: number, employeeIds: number[]): Promise<SalaryBaseRow[]> {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('salary_bases')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', 'in', employeeIds)
    .execute();
}

export async function insertBase(db: Db, row: SalaryBaseRow): Promise<void> {
  await db.insertInto('salary_bases').values(row).execute();
}

export function updateBase(db: Db, row: SalaryBaseRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'salary_bases', row, expectedVersion);
}

export async function insertList(db: Db, row: SalaryListRow): Promise<void> {
  await db.insertInto('salary_lists').values(row).execute();
}

export async function getList(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('salary_lists')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function touchList(db: Db, companyId: number, id: number, version: string): Promise<void> {
  await db
    .updateTable('salary_lists')
    .set({ version })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function searchLists(
  db: Db,
  companyId: number,
  filter: { from?: string; to?: string; name?: string; holidayYears?: number[] },
): Promise<SalaryListRow[]> {
  let query = db.selectFrom('salary_lists').selectAll().where('company_id', '=', companyId);
  if (filter.from !== undefined) query = query.where('payment_period_end', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('payment_period_start', '<=', filter.to);
  const rows = await query.orderBy('id').execute();
  const part = filter.name?.toLowerCase();
  return part === undefined ? rows : rows.filter((r) => r.name.toLowerCase().includes(part));
}

/** Slip counts by list and status. */
export async function slipCounts(db: Db, companyId: number, listIds: number[]) {
  if (listIds.length === 0) return [];
  return db
    .selectFrom('salary_slips')
    .select(['list_id', 'status'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('list_id', 'in', listIds)
    .groupBy(['list_id', 'status'])
    .execute();
}

export async function insertSlips(db: Db, rows: SalarySlipRow[]): Promise<void> {
  // a few hundred rows per statement keeps within the engines' parameter limits
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('salary_slips')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function slipsOfList(db: Db, companyId: number, listId: number): Promise<SalarySlipRow[]> {
  return db
    .selectFrom('salary_slips')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('list_id', '=', listId)
    .orderBy('id')
    .execute();
}

export async function getSlips(db: Db, companyId: number, ids: number[]): Promise<SalarySlipRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('salary_slips')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export function updateSlip(db: Db, row: SalarySlipRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'salary_slips', row, expectedVersion);
}

/** Slips written by one statement each, whatever their count. */
const SLIPS_PER_STATEMENT = 500;

/**
 * Writes approved (or otherwise changed) slips together, each only if it still has the version it was read with:
 * a statement per 500 slips instead of one per slip. False if any slip had changed meanwhile.
 */
export async function updateSlips(
  db: Db,
  companyId: number,
  changes: readonly { row: SalarySlipRow; expectedVersion: string }[],
): Promise<boolean> {
  for (let i = 0; i < changes.length; i += SLIPS_PER_STATEMENT) {
    const part = changes.slice(i, i + SLIPS_PER_STATEMENT);
    const rows = jsonRows(
      db,
      part.map(({ row, expectedVersion }) => ({
        id: row.id,
        status: row.status,
        data: row.data,
        figures: row.figures,
        tax_card_id: row.tax_card_id,
        limit_counted: row.limit_counted,
        salary_receipt_id: row.salary_receipt_id,
        contribution_receipt_id: row.contribution_receipt_id,
        version: row.version,
        expected_version: expectedVersion,
      })),
      {
        id: 'bigint',
        status: 'text',
        data: 'text',
        figures: 'text',
        tax_card_id: 'bigint',
        limit_counted: 'text',
        salary_receipt_id: 'bigint',
        contribution_receipt_id: 'bigint',
        version: 'text',
        expected_version: 'text',
      },
    );
    const result = await sql`with v as materialized ${rows}
      update salary_slips set status = v.status, data = v.data, figures = v.figures, tax_card_id = v.tax_card_id,
        limit_counted = v.limit_counted, salary_receipt_id = v.salary_receipt_id,
        contribution_receipt_id = v.contribution_receipt_id, version = v.version
      from v
      where salary_slips.company_id = ${companyId} and salary_slips.id in (select id from v)
        and salary_slips.id = v.id and salary_slips.version = v.expected_version`.execute(db);
    if (Number(result.numAffectedRows) !== part.length) return false;
  }
  return true;
}

export async function searchSlips(
  db: Db,
  companyId: number,
  filter: { from?: string; to?: string; statuses?: string[]; slipNumbers?: number[] },
): Promise<SalarySlipRow[]> {
  let query = db.selectFrom('salary_slips').selectAll().where('company_id', '=', companyId);
  if (filter.from !== undefined) query = query.where('payday', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('payday', '<=', filter.to);
  if (filter.statuses !== undefined) query = query.where('status', 'in', filter.statuses);
  if (filter.slipNumbers !== undefined) query = query.where('slip_number', 'in', filter.slipNumbers);
  return query.orderBy('id').execute();
}

/** Approved slips of an employee paid in [from, to]: the year to date. */
export async function approvedSlipsOf(
  db: Db,
  companyId: number,
  employeeId: number,
  from: string,
  to: string,
): Promise<SalarySlipRow[]> {
  return db
    .selectFrom('salary_slips')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .where('status', '=', 'APPROVED')
    .where('payday', '>=', from)
    .where('payday', '<=', to)
    .orderBy('payday')
    .execute();
}
