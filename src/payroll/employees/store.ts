// SQL of payroll.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { deleteRow } from '../../db/rows.ts';
import { jsonRows } from '../../db/bulk.ts';
import { updateIfVersion } from '../../db/versioned.ts';
import type { Database } from '../../db/types.ts';

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

export interface EmployeeRow {
  company_id: number;
  id: number;
  person_id: number;
  non_resident: boolean | number;
  salary_channel: string;
  /** The SalaryInfo configurations, JSON. */
  data: string;
  version: string;
}

export interface TaxCardRow {
  company_id: number;
  id: number;
  employee_id: number;
  type: string;
  revised: boolean | number;
  income_type: string | null;
  valid_from: string;
  base_percent: string;
  additional_percent: string;
  annual_income_limit: string;
  limit_used: string;
  /** PER_PERIOD or CUMULATIVE (TaxCard.incomeLimitMethod). */
  income_limit_method: string;
  comments: string | null;
  created: string;
  version: string;
}

interface EmploymentRow {
  company_id: number;
  id: number;
  employee_id: number;
  start_date: string | null;
  /** The Employment, JSON. */
  data: string;
  version: string;
}

declare module '../../db/types.ts' {
  interface Database {
    employments: EmploymentRow;
    salary_types: SalaryTypeRow;
    employees: EmployeeRow;
    tax_cards: TaxCardRow;
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

export async function getEmployee(db: Db, companyId: number, id: number): Promise<EmployeeRow | undefined> {
  return db
    .selectFrom('employees')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function employeeOfPerson(db: Db, companyId: number, personId: number): Promise<EmployeeRow | undefined> {
  return db
    .selectFrom('employees')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
}

export async function insertEmployee(db: Db, row: EmployeeRow): Promise<void> {
  await db.insertInto('employees').values(row).execute();
}

export function updateEmployee(db: Db, row: EmployeeRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'employees', row, expectedVersion);
}

/** Employees with their person's register data, by employee id. */
export async function searchEmployees(
  db: Db,
  companyId: number,
  filter: { personGroupId?: number; includeInactive: boolean; salaryChannel?: string },
) {
  let query = db
    .selectFrom('employees as e')
    .innerJoin('business_partners as p', (join) =>
      join.onRef('p.company_id', '=', 'e.company_id').onRef('p.id', '=', 'e.person_id'),
    )
    .select([
      'e.id',
      'e.salary_channel',
      'p.name',
      'p.active',
      'p.identifier',
      'p.identifier_type',
      'p.person',
      'p.data',
    ])
    .where('e.company_id', '=', companyId);
  if (!filter.includeInactive) query = query.where('p.active', '=', true);
  if (filter.salaryChannel !== undefined) query = query.where('e.salary_channel', '=', filter.salaryChannel);
  if (filter.personGroupId !== undefined) {
    const groupId = filter.personGroupId;
    query = query.where('e.person_id', 'in', (sub) =>
      sub
        .selectFrom('business_partner_groups')
        .select('partner_id')
        .where('company_id', '=', companyId)
        .where('group_id', '=', groupId),
    );
  }
  return query.orderBy('e.id').execute();
}

/** Tables of records that belong to one employee (tax cards, employments). */
export type EmployeeRecordTable = 'tax_cards' | 'employments' | 'labor_union_memberships';
type RecordRow<T extends EmployeeRecordTable> = Database[T];

export async function listOfEmployee<T extends EmployeeRecordTable>(
  db: Db,
  table: T,
  companyId: number,
  employeeId: number,
): Promise<RecordRow<T>[]> {
  const rows = await db
    .selectFrom(table as 'employments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .orderBy('id')
    .execute();
  return rows as RecordRow<T>[];
}

export async function getOfEmployee<T extends EmployeeRecordTable>(
  db: Db,
  table: T,
  companyId: number,
  employeeId: number,
  id: number,
): Promise<RecordRow<T> | undefined> {
  const row = await db
    .selectFrom(table as 'employments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as RecordRow<T> | undefined;
}

export async function insertOfEmployee<T extends EmployeeRecordTable>(
  db: Db,
  table: T,
  row: RecordRow<T>,
): Promise<void> {
  await db
    .insertInto(table as 'employments')
    .values(row as EmploymentRow)
    .execute();
}

export function updateOfEmployee<T extends EmployeeRecordTable>(
  db: Db,
  table: T,
  row: RecordRow<T>,
  expectedVersion: string,
): Promise<boolean> {
  return updateIfVersion(db, table, row, expectedVersion);
}

/** Deletes the record; false when there was none (another request deleted it first). */
export function deleteOfEmployee(db: Db, table: EmployeeRecordTable, companyId: number, id: number): Promise<boolean> {
  return deleteRow(db, table, companyId, id);
}

export function taxCardsById(db: Db, companyId: number, ids: readonly number[]): Promise<TaxCardRow[]> {
  return db
    .selectFrom('tax_cards')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The limitUsed of many tax cards, each only if it has the version it was read with; false if one had changed. */
export async function updateTaxCardLimits(
  db: Db,
  companyId: number,
  cards: readonly { row: TaxCardRow; expectedVersion: string }[],
): Promise<boolean> {
  for (let i = 0; i < cards.length; i += 500) {
    const part = cards.slice(i, i + 500);
    const rows = jsonRows(
      db,
      part.map(({ row, expectedVersion }) => ({
        id: row.id,
        limit_used: row.limit_used,
        version: row.version,
        expected_version: expectedVersion,
      })),
      { id: 'bigint', limit_used: 'text', version: 'text', expected_version: 'text' },
    );
    const result = await sql`with v as materialized ${rows}
      update tax_cards set limit_used = v.limit_used, version = v.version
      from v
      where tax_cards.company_id = ${companyId} and tax_cards.id in (select id from v) and tax_cards.id = v.id
        and tax_cards.version = v.expected_version`.execute(db);
    if (Number(result.numAffectedRows) !== part.length) return false;
  }
  return true;
}
