// The rule between an employee's salary info and salary base: pay of a non-resident taxed at source (salary
// type 2922) needs the employee's non-resident taxpayer flag, so the flag stays while the base has such rows.
import type { Db } from '../../db/index.ts';
import { apiError } from '../../platform/errors.ts';
import { parseJson } from '../../platform/json.ts';
import * as payStore from '../pay-runs/store.ts';
import type { EmployeeRow } from './store.ts';

/** Pay of a non-resident taxed at source. */
export const NON_RESIDENT_PAY_CODE = 2922;

/** Refuses to clear an employee's non-resident flag while the salary base has rows of salary type 2922. */
export async function checkNonResidentFlag(
  db: Db,
  companyId: number,
  employee: EmployeeRow,
  nonResidentAfter: boolean,
): Promise<void> {
  if (!employee.non_resident || nonResidentAfter) return;
  const base = await payStore.baseOfEmployee(db, companyId, Number(employee.id));
  const rows = base ? (parseJson(base.rows) as { salaryTypeCode: number }[]) : [];
  if (rows.some((r) => r.salaryTypeCode === NON_RESIDENT_PAY_CODE))
    throw apiError('NON_RESIDENT_FLAG_REQUIRED', 'internationalSituationsConfiguration.nonResidentTaxPayer');
}
