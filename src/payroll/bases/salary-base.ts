// An employee's salary base: the rows every new salary slip of the employee starts from. Saving it adds the
// rows the calculation fills in (the tax, the employee's pension and unemployment contributions, net pay),
// as the real service does, and drops those that no longer apply.
import { allocateId, allocateIds, type Db } from '../../db/index.ts';
import type { PartnerDefaultDimensionListener } from '../../dimensions/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { apiError, notFound, Violations } from '../../platform/errors.ts';
import { Decimal } from '../../domain/decimal.ts';
import { staleUnlessWritten } from '../../platform/lock.ts';
import { nextVersion } from '../../platform/clock.ts';
import { parseJson, stringifyJson } from '../../platform/json.ts';
import { checkReadOnly } from '../../platform/resource.ts';
import type { SalaryBaseRowWire, SalaryBaseWire } from '../pay-runs/schemas.ts';
import type { SalaryInfoWire } from '../employees/schemas.ts';
import * as payStore from '../pay-runs/store.ts';
import { NON_RESIDENT_PAY_CODE } from '../employees/non-resident.ts';
import {
  CALCULATED_CODES,
  GROUPS_WITHOUT_DIMENSIONS,
  isCalculatedRow,
  rowProblems,
  salaryTypeTerms,
  type TypeTerms,
} from '../slips/calculation.ts';
import * as store from '../employees/store.ts';

function baseToWire(row: payStore.SalaryBaseRow): SalaryBaseWire {
  const wire: SalaryBaseWire = {
    id: Number(row.id),
    employeeId: Number(row.employee_id),
    rows: parseJson(row.rows) as SalaryBaseRowWire[],
    version: row.version,
  };
  if (row.notes !== null) wire.notes = row.notes;
  return wire;
}

/** The rows of a base read back from storage. */
export function baseRows(row: payStore.SalaryBaseRow | undefined): SalaryBaseRowWire[] {
  return row ? (parseJson(row.rows) as SalaryBaseRowWire[]) : [];
}

/**
 * The calculated rows a base with earnings carries: tax at source and its deduction for a non-resident (or
 * rows of 2922), else withholding; the employee's pension and unemployment contributions; net pay.
 */
function relatedCodes(rows: readonly SalaryBaseRowWire[], types: ReadonlyMap<number, TypeTerms>, nonResident: boolean) {
  const entered = rows.filter((r) => !isCalculatedRow(types, r.salaryTypeCode));
  const earns = entered.some((r) => types.get(r.salaryTypeCode)?.category !== 'DEDUCTIONS_FROM_NET_PAY');
  if (!earns) return [];
  const atSource = nonResident || entered.some((r) => r.salaryTypeCode === NON_RESIDENT_PAY_CODE);
  return [
    ...(atSource
      ? [CALCULATED_CODES.taxAtSource, CALCULATED_CODES.taxAtSourceDeduction]
      : [CALCULATED_CODES.withholding]),
    CALCULATED_CODES.employeePension,
    CALCULATED_CODES.employeeUnemployment,
    CALCULATED_CODES.netPay,
  ];
}

/**
 * The rows a base keeps: the entered rows and the calculated ones they call for, each with an id (the ids the
 * base already has are kept, new rows get fresh ones).
 */
async function storedRows(
  trx: Db,
  companyId: number,
  sentRows: readonly SalaryBaseRowWire[],
  types: ReadonlyMap<number, TypeTerms>,
  nonResident: boolean,
  current: payStore.SalaryBaseRow | undefined,
): Promise<SalaryBaseRowWire[]> {
  const known = new Set(baseRows(current).map((r) => r.id));
  const entered = sentRows.filter((r) => !isCalculatedRow(types, r.salaryTypeCode));
  const sentCalculated = new Map(
    sentRows.filter((r) => isCalculatedRow(types, r.salaryTypeCode)).map((r) => [r.salaryTypeCode, r]),
  );
  const related = relatedCodes(sentRows, types, nonResident).map((code): SalaryBaseRowWire => {
    const sent = sentCalculated.get(code);
    return { ...(sent?.id !== undefined ? { id: sent.id } : {}), salaryTypeCode: code, baseSalaryRow: false };
  });
  const rows = [...entered, ...related];
  const fresh = rows.filter((r) => r.id === undefined || !known.has(r.id)).length;
  let next = fresh > 0 ? await allocateIds(trx, companyId, 'salary_rows', fresh) : 0;
  const used = new Set<number>();
  return rows.map((r) => {
    const keep = r.id !== undefined && known.has(r.id) && !used.has(r.id);
    const id = keep ? r.id! : next++;
    used.add(id);
    return { ...r, id };
  });
}

type IncomeConfiguration = SalaryInfoWire['incomeConfiguration'];

/** The salary types a base salary is paid with: the catalogue's monthly salary and hourly wage. */
const MONTHLY_SALARY_CODE = 1000;
const HOURLY_WAGE_CODE = 1010;
/** Names of the pay of other periods, paid as time-rate pay with the monthly salary's type. */
const PERIOD_PAY_NAMES: Partial<Record<IncomeConfiguration['baseSalaryType'], string>> = {
  ONE_WEEK: 'Viikkopalkka',
  TWO_WEEKS: 'Kahden viikon palkka',
  ONE_DAY: 'Päiväpalkka',
};

/**
 * The base-salary row the salary info implies, as the real service imports it into a new base: a monthly (or
 * other period's) salary as one unit of its value, an hourly wage as the base hours at the hourly value, a
 * compensation for work with its own salary type. Null when there is nothing to pay (a zero value, or piecework,
 * whose quantity only a slip knows).
 */
function baseSalaryRowOf(income: IncomeConfiguration): SalaryBaseRowWire | null {
  // a salary info read back from storage has its amounts as plain numbers
  const value = new Decimal(income.baseSalaryValue);
  if (value.isZero()) return null;
  switch (income.baseSalaryType) {
    case 'ONE_MONTH':
    case 'ONE_MONTH_TOTAL':
      return { salaryTypeCode: MONTHLY_SALARY_CODE, quantity: new Decimal(1), unitValue: value, baseSalaryRow: true };
    case 'ONE_WEEK':
    case 'TWO_WEEKS':
    case 'ONE_DAY':
      return {
        salaryTypeCode: MONTHLY_SALARY_CODE,
        customName: PERIOD_PAY_NAMES[income.baseSalaryType],
        quantity: new Decimal(1),
        unitValue: value,
        baseSalaryRow: true,
      };
    case 'HOURLY':
      return {
        salaryTypeCode: HOURLY_WAGE_CODE,
        quantity: new Decimal(income.baseSalaryHours),
        unitValue: value,
        baseSalaryRow: true,
      };
    case 'COMPENSATION':
      return income.compensationForWorkBaseSalaryTypeCode === undefined
        ? null
        : {
            salaryTypeCode: income.compensationForWorkBaseSalaryTypeCode,
            quantity: new Decimal(1),
            unitValue: value,
            baseSalaryRow: true,
          };
    default:
      return null;
  }
}

const sameAmount = (a: Decimal | undefined, b: Decimal | undefined) =>
  a === undefined || b === undefined ? a === b : new Decimal(a).equals(b);

/** Whether a stored row is still the one the salary info made: a row the user edited by hand is theirs. */
function isImported(row: SalaryBaseRowWire, imported: SalaryBaseRowWire | null): boolean {
  return (
    imported !== null &&
    row.salaryTypeCode === imported.salaryTypeCode &&
    (row.customName ?? null) === (imported.customName ?? null) &&
    sameAmount(row.quantity, imported.quantity) &&
    sameAmount(row.unitValue, imported.unitValue)
  );
}

/**
 * The base follows the employee's salary info, as the real service's does: made with the base-salary row when
 * the salary info is made, and that row replaced when the base salary changes — unless the user changed or
 * removed the row by hand, which then stays as they left it. A base saved before it had a base-salary row gets
 * one only when it has no rows at all.
 */
export async function followSalaryInfo(
  ctx: AppContext,
  trx: Db,
  companyId: number,
  employee: store.EmployeeRow,
  before: IncomeConfiguration | null,
  after: IncomeConfiguration,
): Promise<void> {
  const employeeId = Number(employee.id);
  const current = await payStore.baseOfEmployee(trx, companyId, employeeId);
  const rows = baseRows(current);
  const wanted = baseSalaryRowOf(after);
  const previous = before === null ? null : baseSalaryRowOf(before);
  let next: SalaryBaseRowWire[];
  const index = rows.findIndex((r) => r.baseSalaryRow === true);
  if (index >= 0) {
    if (!isImported(rows[index], previous) || isImported(rows[index], wanted)) return;
    next = wanted
      ? rows.map((r, i) =>
          i === index ? { ...wanted, id: r.id, ...(r.dimensions ? { dimensions: r.dimensions } : {}) } : r,
        )
      : rows.filter((_, i) => i !== index);
  } else if (rows.length === 0 && wanted) next = [wanted];
  else return;
  const types = await salaryTypeTerms(trx, companyId);
  if (wanted && !types.has(wanted.salaryTypeCode))
    throw apiError('VALIDATION_FAILED', 'incomeConfiguration.compensationForWorkBaseSalaryTypeCode', {
      detail: `No salary type ${wanted.salaryTypeCode}.`,
    });
  const stored = await storedRows(trx, companyId, next, types, Boolean(employee.non_resident), current);
  const row: payStore.SalaryBaseRow = {
    company_id: companyId,
    id: current ? Number(current.id) : await allocateId(trx, companyId, 'salary_bases'),
    employee_id: employeeId,
    notes: current?.notes ?? null,
    rows: stringifyJson(stored),
    version: nextVersion(ctx.clock.now(), current?.version),
  };
  if (current) await staleUnlessWritten(payStore.updateBase(trx, row, current.version));
  else await payStore.insertBase(trx, row);
}

export class SalaryBases {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #employee(db: Db, companyId: number, employeeId: number): Promise<store.EmployeeRow> {
    const employee = await store.getEmployee(db, companyId, employeeId);
    if (!employee) throw notFound('Employee');
    return employee;
  }

  /** The base; an employee whose base was never saved has an empty one. */
  async get(companyId: number, employeeId: number): Promise<SalaryBaseWire> {
    await this.#employee(this.#ctx.db, companyId, employeeId);
    const row = await payStore.baseOfEmployee(this.#ctx.db, companyId, employeeId);
    return row ? baseToWire(row) : { employeeId, rows: [] };
  }

  /** PUT: replaces the rows (a `version` sent must be the current one); rows keep the ids they are sent with. */
  async replace(companyId: number, employeeId: number, body: SalaryBaseWire): Promise<SalaryBaseWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const employee = await this.#employee(trx, companyId, employeeId);
      const current = await payStore.baseOfEmployee(trx, companyId, employeeId);
      if (current) checkReadOnly(body, baseToWire(current), ['id', 'employeeId', 'version']);
      else checkReadOnly(body, { employeeId }, ['employeeId']);
      const types = await salaryTypeTerms(trx, companyId);
      const violations = new Violations();
      await rowProblems(trx, companyId, body.rows, types, null, violations);
      violations.throwIfAny();

      const withIds = await storedRows(trx, companyId, body.rows, types, Boolean(employee.non_resident), current);
      const now = this.#ctx.clock.now();
      const row: payStore.SalaryBaseRow = {
        company_id: companyId,
        id: current ? Number(current.id) : await allocateId(trx, companyId, 'salary_bases'),
        employee_id: employeeId,
        notes: body.notes ?? null,
        rows: stringifyJson(withIds),
        version: nextVersion(now, current?.version),
      };
      if (current) await staleUnlessWritten(payStore.updateBase(trx, row, current.version));
      else await payStore.insertBase(trx, row);
      return baseToWire(row);
    });
  }
}

/**
 * A person's default dimensions changed (`PUT /businesspartners/{id}/defaults/dimensions/{dimensionId}`): the
 * salary base of the employee who is that person takes the new allocation of the dimension on every row that
 * may carry dimensions (not salary type groups 5, 6 and 8); an empty allocation removes the dimension.
 */
export const baseDimensionsListener =
  (ctx: AppContext): PartnerDefaultDimensionListener =>
  async (trx, change) => {
    const employee = await store.employeeOfPerson(trx, change.companyId, change.partnerId);
    if (!employee) return;
    const base = await payStore.baseOfEmployee(trx, change.companyId, Number(employee.id));
    if (!base) return;
    const allocation = change.items.map((item) => ({
      dimensionId: change.dimensionId,
      itemId: item.itemId,
      percentage: item.percent,
    }));
    const rows = baseRows(base).map((row) => {
      if (GROUPS_WITHOUT_DIMENSIONS.has(Number(String(row.salaryTypeCode)[0]))) return row;
      const dimensions = [...(row.dimensions ?? []).filter((d) => d.dimensionId !== change.dimensionId), ...allocation];
      const { dimensions: _old, ...rest } = row;
      return dimensions.length > 0 ? { ...rest, dimensions } : rest;
    });
    await staleUnlessWritten(
      payStore.updateBase(
        trx,
        { ...base, rows: stringifyJson(rows), version: nextVersion(ctx.clock.now(), base.version) },
        base.version,
      ),
    );
  };
