// Salary lists: a pay run of a payment period, made with one salary slip per employee from the employee's
// salary base (and holiday pay asked for), each calculated at once; and the salary periods read from them.
import { allocateId, allocateIds, type Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { roundCents } from '../../domain/payroll/rounding.ts';
import type { AppContext } from '../../platform/context.ts';
import { apiError, notFound, Violations } from '../../platform/errors.ts';
import { isoDateTime, nextVersion } from '../../platform/clock.ts';
import { parseJson, stringifyJson } from '../../platform/json.ts';
import { paged, pageRequest, type Paged } from '../../platform/paging.ts';
import type {
  EmployeeDataWire,
  NewSalaryListWire,
  SalaryListBasicDataWire,
  SalaryListQueryWire,
  SalaryListWire,
  SalaryPeriodWire,
  SalarySlipBasicDataWire,
  SalarySlipWire,
  SlipRowWire,
} from '../pay-runs/schemas.ts';
import * as payStore from '../pay-runs/store.ts';
import { baseRows } from '../bases/salary-base.ts';
import { listHolidayPay, withLeaves, type ListHolidayPay } from './holiday-pay.ts';
import { approvedSlipHolidays } from '../holidays/worked-months.ts';
import { PayrollTerms } from '../terms/terms.ts';
import { cumulativeYearToDate } from '../slips/withholding-year.ts';
import { groupLifePercentOn, groupLifeRates } from '../settings/group-life.ts';
import { reductionPayRows } from './reduction-pay.ts';
import {
  calculateRows,
  cardOn,
  employeeFacts,
  figuresOf,
  isCalculatedRow,
  payPeriodOf,
  rowProblems,
  salaryTypeTerms,
  taxCardsOf,
} from '../slips/calculation.ts';

const HOLIDAY_PAY_CODE = 1510;
const HOLIDAY_BONUS_CODE = 1520;
const HOLIDAY_COMPENSATION_CODE = 1530;

type SlipData = Omit<
  SalarySlipWire,
  'id' | 'employeeId' | 'employeeName' | 'status' | 'slipNumber' | 'version' | 'salaryListId' | 'figures'
>;

export function slipData(row: payStore.SalarySlipRow): SlipData {
  // pay leaves that are not rows, and the rows' amounts a payslip shows (slips/payslip.ts), are kept beside the
  // slip's wire data (salary-slips.ts)
  const {
    leaves: _leaves,
    withholdingBasis: _basis,
    rowAmounts: _amounts,
    ...data
  } = parseJson(row.data) as SlipData & { leaves?: unknown; withholdingBasis?: unknown; rowAmounts?: unknown };
  return data;
}

export function slipToWire(row: payStore.SalarySlipRow): SalarySlipWire {
  return {
    id: Number(row.id),
    employeeId: Number(row.employee_id),
    employeeName: row.employee_name,
    status: row.status,
    slipNumber: Number(row.slip_number),
    ...slipData(row),
    version: row.version,
    salaryListId: Number(row.list_id),
    figures: figuresOf(row.figures),
  };
}

export function slipBasicData(row: payStore.SalarySlipRow): SalarySlipBasicDataWire {
  const data = slipData(row);
  const f = figuresOf(row.figures);
  const wire: SalarySlipBasicDataWire = {
    id: Number(row.id),
    employeeName: row.employee_name,
    payday: row.payday,
    slipNumber: Number(row.slip_number),
    status: row.status,
    salaryChannel: data.settings.salaryChannel,
    sentStatus: 'UNDEFINED',
    reportStatus: 'UNDEFINED',
    salary: f.grossPay.minus(f.taxFreeItems),
    fringeBenefit: f.fringeBenefits,
    salaryForIns: f.taxablePay,
    deductionToTaxable: new Decimal(0),
    tax: f.withholding,
    taxableCompensation: new Decimal(0),
    taxFreeItems: f.taxFreeItems,
    otherDeductions: f.employeePension.plus(f.employeeUnemployment).plus(f.netPayDeductions),
    netPay: f.netPay,
  };
  if (data.slipNotes !== undefined) wire.slipNotes = data.slipNotes;
  return wire;
}

/** The holiday credit year (1 April – 31 March) a date falls in, named by the year it ends in. */
function holidayCreditYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? year + 1 : year;
}

/** Monday to Friday in [start, end]. */
function weekdays(start: string, end: string): number {
  let count = 0;
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) count++;
  }
  return count;
}

function listToWire(row: payStore.SalaryListRow, slips: payStore.SalarySlipRow[]): SalaryListWire {
  const wire: SalaryListWire = {
    id: Number(row.id),
    name: row.name,
    paymentPeriodStart: row.payment_period_start,
    paymentPeriodEnd: row.payment_period_end,
    accountingDate: row.accounting_date,
    dueDate: row.due_date,
    payday: row.payday,
    salarySlips: slips.filter((s) => s.status !== 'INVALIDATED').map(slipBasicData),
    version: row.version,
  };
  if (row.holiday_year !== null) wire.holidayYear = Number(row.holiday_year);
  if (row.earnings_period_start !== null) wire.earningsPeriodStart = row.earnings_period_start;
  if (row.earnings_period_end !== null) wire.earningsPeriodEnd = row.earnings_period_end;
  return wire;
}

function listPeriod(row: payStore.SalaryListRow): SalaryPeriodWire {
  return {
    id: Number(row.id),
    name: row.name,
    paymentPeriodStart: row.payment_period_start,
    paymentPeriodEnd: row.payment_period_end,
    holidayCreditYear:
      row.holiday_year !== null ? Number(row.holiday_year) : holidayCreditYearOf(row.payment_period_start),
    calendarWorkdays: weekdays(row.payment_period_start, row.payment_period_end),
    dueDate: row.due_date,
    payday: row.payday,
    accountingDate: row.accounting_date,
  };
}

/** Rows of holiday pay and holiday bonus a list entry asks for (list-holidays.ts: a day's worth, the bonus). */
function holidayRows(data: EmployeeDataWire, pay: ListHolidayPay): SlipRowWire[] {
  const day = pay.dayWorth;
  const rows: SlipRowWire[] = [];
  const add = (code: number, days: number, unitValue: Decimal, earned: Partial<SlipRowWire> = {}) =>
    rows.push({
      salaryTypeCode: code,
      quantity: new Decimal(days),
      unitValue: unitValue.toDecimalPlaces(4),
      ...earned,
      showEarningPeriodInExport: false,
      unjustEnrichment: false,
    });
  if (data.holidayPayData?.holidayDays) add(HOLIDAY_PAY_CODE, data.holidayPayData.holidayDays, day);
  if (pay.bonusDays) add(HOLIDAY_BONUS_CODE, pay.bonusDays, roundCents(day.times(pay.bonusPercent).dividedBy(100)));
  // a row per credit year, its earnings period the credit year, so that the days are used where they were earned
  for (const c of pay.compensations) {
    const earned = { earningsPeriodStart: `${c.creditYear}-04-01`, earningsPeriodEnd: `${c.creditYear + 1}-03-31` };
    add(HOLIDAY_COMPENSATION_CODE, c.days, c.pay.dividedBy(c.days), earned);
    if (c.bonusDays) add(HOLIDAY_BONUS_CODE, c.bonusDays, c.bonusDayWorth, earned);
  }
  return rows;
}

function checkPeriods(body: NewSalaryListWire, violations: Violations): void {
  if (body.paymentPeriodStart > body.paymentPeriodEnd)
    violations.add('START_DATE_AFTER_END_DATE', 'paymentPeriodStart');
  if (body.earningsPeriodStart && body.earningsPeriodEnd && body.earningsPeriodStart > body.earningsPeriodEnd)
    violations.add('START_DATE_AFTER_END_DATE', 'earningsPeriodStart');
  const seen = new Set<number>();
  body.employeesDataForSalarySlip.forEach((e, i) => {
    if (seen.has(e.employeeId))
      violations.add('DUPLICATE_SALARY_LIST_EMPLOYEE', `employeesDataForSalarySlip[${i}].employeeId`, {
        employeeId: e.employeeId,
      });
    seen.add(e.employeeId);
  });
}

export class SalaryLists {
  readonly #ctx: AppContext;
  readonly #terms: PayrollTerms;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#terms = new PayrollTerms(ctx, approvedSlipHolidays);
  }

  /** Creates the list and its slips, each calculated; all problems of all employees reported together. */
  async create(companyId: number, userId: number, body: NewSalaryListWire): Promise<SalaryListWire> {
    const violations = new Violations();
    checkPeriods(body, violations);
    violations.throwIfAny();
    // working hour reduction is paid of this calendar year's accrual, as pay leaves take it
    const reductionYear = this.#ctx.clock.now().getUTCFullYear();
    return this.#ctx.db.transaction().execute(async (trx) => {
      const entries = body.employeesDataForSalarySlip;
      const ids = entries.map((e) => e.employeeId);
      const [facts, types, cards, bases, groupLife] = await Promise.all([
        employeeFacts(trx, companyId, ids),
        salaryTypeTerms(trx, companyId),
        taxCardsOf(trx, companyId, ids),
        payStore.basesOfEmployees(trx, companyId, ids),
        groupLifeRates(trx, companyId),
      ]);
      const missing = ids.find((id) => !facts.has(id));
      if (missing !== undefined) throw notFound('Employee');
      // holidays and working hour reduction paid, within what is left and not reserved; an employment ending by
      // the end of the period settled: the holidays not taken paid once
      const holidays = await listHolidayPay(
        trx,
        this.#ctx.engine,
        this.#terms,
        companyId,
        body,
        entries,
        facts,
        reductionYear,
        violations,
      );
      const baseOf = new Map(bases.map((b) => [Number(b.employee_id), b]));
      const rowsOf = entries.map((entry, i) => {
        const base = baseRows(baseOf.get(entry.employeeId)).filter((r) => !isCalculatedRow(types, r.salaryTypeCode));
        const rows: SlipRowWire[] = base.map(({ id: _id, ...r }) => ({
          ...r,
          showEarningPeriodInExport: false,
          unjustEnrichment: false,
        }));
        rows.push(...holidayRows(entry, holidays.get(entry.employeeId)!));
        rows.push(...reductionPayRows(entry, facts.get(entry.employeeId)!, reductionYear));
        return { entry, rows, prefix: `employeesDataForSalarySlip[${i}].rows` };
      });
      for (const { rows, prefix } of rowsOf)
        await rowProblems(trx, companyId, rows, types, body.payday, violations, prefix);
      violations.throwIfAny();

      const user = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const now = this.#ctx.clock.now();
      const version = nextVersion(now);
      const listId = await allocateId(trx, companyId, 'salary_lists');
      const count = entries.length;
      const firstSlipId = await allocateIds(trx, companyId, 'salary_slips', count);
      const firstNumber = await allocateIds(trx, companyId, 'salary_slip_number', count);
      const rowCount = rowsOf.reduce((n, r) => n + r.rows.length + 5, 0);
      let nextRowId = await allocateIds(trx, companyId, 'salary_rows', rowCount);
      const nextId = () => nextRowId++;
      const period = payPeriodOf(body.paymentPeriodStart, body.paymentPeriodEnd);
      const yearToDate = await cumulativeYearToDate(
        trx,
        companyId,
        entries.map((entry) => ({
          employeeId: entry.employeeId,
          slipId: null,
          card: cardOn(cards.get(entry.employeeId), body.payday),
          payday: body.payday,
          periodStart: body.paymentPeriodStart,
          periodEnd: body.paymentPeriodEnd,
        })),
      );
      const slips = rowsOf.map(({ entry, rows }, i): payStore.SalarySlipRow => {
        const employee = facts.get(entry.employeeId)!;
        const calc = calculateRows(
          rows.map((r) => ({ ...r, id: nextId() })),
          {
            types,
            facts: employee,
            card: cardOn(cards.get(entry.employeeId), body.payday),
            payday: body.payday,
            period,
            employeeData: entry,
            groupLifePercent: groupLifePercentOn(groupLife, body.payday),
            yearToDate: yearToDate.get(entry.employeeId),
            nextRowId: nextId,
          },
        );
        const base = baseOf.get(entry.employeeId);
        const data: SlipData = {
          incomesRegisterReportingSetting: 'FORM_BOTH_REPORTS',
          rows: calc.rows,
          settings: {
            pensionVoluntarilyPaid: employee.pensionVoluntarilyPaid,
            accountingDate: body.accountingDate,
            dueDate: body.dueDate,
            salaryChannel: employee.salaryChannel,
          },
          adjustments: { payday: body.payday },
        };
        if (base?.notes) data.salaryBaseNote = base.notes;
        return {
          company_id: companyId,
          id: firstSlipId + i,
          list_id: listId,
          employee_id: entry.employeeId,
          employee_name: employee.name,
          slip_number: firstNumber + i,
          status: 'CREATED',
          payday: body.payday,
          data: stringifyJson({ ...withLeaves(data, holidays.get(entry.employeeId)!), rowAmounts: calc.rowAmounts }),
          employee_data: stringifyJson(entry),
          figures: stringifyJson(calc.figures),
          tax_card_id: null,
          limit_counted: null,
          salary_receipt_id: null,
          contribution_receipt_id: null,
          version,
        };
      });
      const list: payStore.SalaryListRow = {
        company_id: companyId,
        id: listId,
        name: body.name,
        holiday_year: body.holidayYear ?? null,
        payment_period_start: body.paymentPeriodStart,
        payment_period_end: body.paymentPeriodEnd,
        earnings_period_start: body.earningsPeriodStart ?? null,
        earnings_period_end: body.earningsPeriodEnd ?? null,
        accounting_date: body.accountingDate,
        due_date: body.dueDate,
        payday: body.payday,
        created: isoDateTime(now).slice(0, 19),
        created_by: user ? `${user.first_name} ${user.last_name}`.trim() : '',
        version,
      };
      await payStore.insertList(trx, list);
      await payStore.insertSlips(trx, slips);
      return listToWire(list, slips);
    });
  }

  async get(companyId: number, id: number): Promise<SalaryListWire> {
    const row = await this.#list(this.#ctx.db, companyId, id);
    return listToWire(row, await payStore.slipsOfList(this.#ctx.db, companyId, id));
  }

  async #list(db: Db, companyId: number, id: number): Promise<payStore.SalaryListRow> {
    const row = await payStore.getList(db, companyId, id);
    if (!row) throw notFound('Salary list');
    return row;
  }

  /** Lists whose payment period meets [paymentPeriodStart, paymentPeriodEnd], a part of the name; by id. */
  async search(companyId: number, query: SalaryListQueryWire): Promise<Paged<SalaryListBasicDataWire>> {
    const page = pageRequest({ page: query.page, size: query.size, orderById: query.orderById });
    if (query.paymentPeriodStart && query.paymentPeriodEnd && query.paymentPeriodStart > query.paymentPeriodEnd)
      throw apiError('START_DATE_AFTER_END_DATE', 'paymentPeriodStart');
    const rows = await payStore.searchLists(this.#ctx.db, companyId, {
      from: query.paymentPeriodStart,
      to: query.paymentPeriodEnd,
      name: query.name,
    });
    if (page.order === 'desc') rows.reverse();
    const shown = rows.slice(page.offset, page.offset + page.pageSize);
    const counts = await payStore.slipCounts(
      this.#ctx.db,
      companyId,
      shown.map((r) => Number(r.id)),
    );
    const count = (listId: number, statuses: string[]) =>
      counts
        .filter((c) => Number(c.list_id) === listId && statuses.includes(c.status))
        .reduce((n, c) => n + Number(c.count), 0);
    const results = shown.map((r): SalaryListBasicDataWire => {
      const id = Number(r.id);
      return {
        id,
        name: r.name,
        numberOfSlips: count(id, ['CREATED', 'APPROVED', 'IN_CORRECTION', 'PAID', 'PAYMENT_QUEUED']),
        unfinished: count(id, ['CREATED']),
        sent: 0,
        paid: count(id, ['PAID', 'REPORTED_AND_PAID']),
        reported: count(id, ['REPORTED', 'REPORTED_AND_PAID', 'REPORTED_AND_PAYMENT_QUEUED']),
        paymentPeriodStart: r.payment_period_start,
        paymentPeriodEnd: r.payment_period_end,
        created: r.created,
        createdBy: r.created_by,
      };
    });
    return paged(results, rows.length, page);
  }

  /** The salary period lists of a holiday credit year; none is a 404, as in the real service. */
  async periodLists(companyId: number, holidayCreditYear: number): Promise<{ id: number; name: string }[]> {
    const rows = (await payStore.searchLists(this.#ctx.db, companyId, {})).filter(
      (r) => listPeriod(r).holidayCreditYear === holidayCreditYear,
    );
    if (rows.length === 0) throw notFound('Salary period list');
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  async periods(companyId: number, id: number): Promise<SalaryPeriodWire[]> {
    return [listPeriod(await this.#list(this.#ctx.db, companyId, id))];
  }
}
