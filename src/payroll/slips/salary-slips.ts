// Salary slips through their states: edited while CREATED (recalculated on every change), APPROVED with their
// postings booked through the ledger's posting interface (the salary, and the employer contributions), back to
// CREATED by cancelling the approval (both receipts reversed). The accounting of an approved slip, its search
// and the payslip PDF.
import { allocateIds, type Db } from '../../db/index.ts';
import { Decimal, toMinorUnits } from '../../domain/decimal.ts';
import { reconciliationLine } from '../../domain/postings.ts';
import type { Posting, ReceiptDraft } from '../../ledger/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { ApiError, apiError, notFound, Violations } from '../../platform/errors.ts';
import { isoDate, nextVersion } from '../../platform/clock.ts';
import { parseJson, stringifyJson } from '../../platform/json.ts';
import { staleUnlessWritten } from '../../platform/lock.ts';
import { paged, pageRequest, type Paged } from '../../platform/paging.ts';
import { checkReadOnly } from '../../platform/resource.ts';
import {
  STATUS_FILTERS,
  type EmployeeDataWire,
  type PayLeavesWire,
  type SalarySlipAccountingWire,
  type SalarySlipBasicDataWire,
  type SalarySlipQueryWire,
  type SalarySlipWire,
  type SlipRowWire,
} from '../pay-runs/schemas.ts';
import * as payStore from '../pay-runs/store.ts';
import { slipBasicData, slipData, slipToWire } from '../lists/salary-lists.ts';
import {
  calculateRows,
  cardOn,
  dec,
  employeeFacts,
  payPeriodOf,
  rowProblems,
  salaryTypeTerms,
  taxCardsOf,
  type CalculatedSlip,
  type EmployeeFacts,
  type TypeTerms,
} from './calculation.ts';
import {
  addSlipClaims,
  approvedSlipHolidays,
  claimsAny,
  claimedOf,
  HOLIDAY_CODES,
  hoursClaimed,
  noClaims,
  reservedClaims,
  type SlipLeaves,
  type StoredSlip,
} from '../holidays/worked-months.ts';
import * as store from '../employees/store.ts';
import { PayrollTerms } from '../terms/terms.ts';
import { companyHolidayTerms } from '../holidays/terms.ts';
import { checkClaimsLeft, checkReductionRowsLeft, lockEmployees, notAvailable } from '../lists/holiday-pay.ts';
import { cumulativeYearToDate } from './withholding-year.ts';
import { groupLifePercentOn, groupLifeRates, type GroupLifeRates } from '../settings/group-life.ts';

/** A day of working hour reduction: 8 hours (the agreements' 40-hour week). */
const REDUCTION_HOURS_PER_DAY = 8;

/** The pay leaves kept on a slip that are not rows: additional leave and working hour reduction taken. */
function storedLeaves(row: payStore.SalarySlipRow): { leaves: SlipLeaves } {
  const stored = (parseJson(row.data) as { leaves?: Partial<SlipLeaves> }).leaves;
  return {
    leaves: {
      additionalLeave: stored?.additionalLeave ?? [],
      workingHourReduction: stored?.workingHourReduction ?? [],
    },
  };
}

/** A row id to be allocated once the calculation has said how many rows are new. */
const NO_ID = 0;
/** Receipts of salaries carry no VAT (the company's status 12, "no VAT handling"). */
const NO_VAT_HANDLING = 12;
const NET_PAY_PAYABLE = '2940';

interface CalculationContext {
  facts: Map<number, EmployeeFacts>;
  types: Map<number, TypeTerms>;
  cards: Map<number, store.TaxCardRow[]>;
  lists: Map<number, payStore.SalaryListRow>;
  groupLife: GroupLifeRates;
}

/** A slip checked and calculated for approval, its writes still to be made (see `#prepare`). */
interface PreparedApproval {
  row: payStore.SalarySlipRow;
  updated: payStore.SalarySlipRow;
  drafts: ReceiptDraft[];
  card: { id: number; amount: Decimal } | null;
}

function statusError(row: payStore.SalarySlipRow, allowed: string, action: string) {
  return apiError('SALARY_SLIP_STATUS', 'status', { status: row.status, allowed, action });
}

export class SalarySlips {
  readonly #ctx: AppContext;
  readonly #ledger: Posting;
  readonly #terms: PayrollTerms;
  constructor(ctx: AppContext, ledger: Posting) {
    this.#ctx = ctx;
    this.#ledger = ledger;
    this.#terms = new PayrollTerms(ctx, approvedSlipHolidays);
  }

  async #slip(db: Db, companyId: number, id: number): Promise<payStore.SalarySlipRow> {
    const [row] = await payStore.getSlips(db, companyId, [id]);
    if (!row) throw notFound('Salary slip');
    return row;
  }

  async getMany(companyId: number, ids: number[]): Promise<(SalarySlipWire & { id: number })[]> {
    return (await payStore.getSlips(this.#ctx.db, companyId, ids)).map(
      (row) => slipToWire(row) as SalarySlipWire & { id: number },
    );
  }

  async search(companyId: number, query: SalarySlipQueryWire): Promise<Paged<SalarySlipBasicDataWire>> {
    const page = pageRequest({ page: query.page, size: query.size, orderById: query.orderById });
    if (query.paydayStartDate && query.paydayEndDate && query.paydayStartDate > query.paydayEndDate)
      throw apiError('START_DATE_AFTER_END_DATE', 'paydayStartDate');
    const slipNumbers = query.slipNumber
      ?.flatMap((n) => n.split(','))
      .filter((n) => /^\d{1,15}$/.test(n.trim()))
      .map((n) => Number(n));
    const statuses = query.status ? [...new Set(query.status.flatMap((s) => STATUS_FILTERS[s]))] : undefined;
    const empty = (slipNumbers !== undefined && slipNumbers.length === 0) || statuses?.length === 0;
    const part = query.employeeName?.toLowerCase();
    const rows = empty
      ? []
      : (
          await payStore.searchSlips(this.#ctx.db, companyId, {
            from: query.paydayStartDate,
            to: query.paydayEndDate,
            statuses,
            slipNumbers,
          })
        ).filter((r) => part === undefined || r.employee_name.toLowerCase().includes(part));
    if (page.order === 'desc') rows.reverse();
    return paged(rows.slice(page.offset, page.offset + page.pageSize).map(slipBasicData), rows.length, page);
  }

  /** What calculating slips of some employees reads: the salary types, the employees, their cards, the lists. */
  async #context(db: Db, companyId: number, slips: readonly payStore.SalarySlipRow[]): Promise<CalculationContext> {
    const employeeIds = [...new Set(slips.map((s) => Number(s.employee_id)))];
    const listIds = [...new Set(slips.map((s) => Number(s.list_id)))];
    const [facts, types, cards, lists, groupLife] = await Promise.all([
      employeeFacts(db, companyId, employeeIds),
      salaryTypeTerms(db, companyId),
      taxCardsOf(db, companyId, employeeIds),
      Promise.all(listIds.map((id) => payStore.getList(db, companyId, id))),
      groupLifeRates(db, companyId),
    ]);
    return {
      facts,
      types,
      cards,
      lists: new Map(lists.filter((l) => l !== undefined).map((l) => [Number(l.id), l])),
      groupLife,
    };
  }

  /** Recalculates rows for the slip's employee on a payday, with the employee's tax card of that day. */
  async #calculate(
    db: Db,
    companyId: number,
    row: payStore.SalarySlipRow,
    rows: SlipRowWire[],
    payday: string,
    context?: CalculationContext,
    storedRows: readonly SlipRowWire[] = slipData(row).rows,
  ): Promise<CalculatedSlip> {
    const employeeId = Number(row.employee_id);
    const { facts, types, cards, lists, groupLife } = context ?? (await this.#context(db, companyId, [row]));
    const employee = facts.get(employeeId);
    const list = lists.get(Number(row.list_id));
    if (!employee || !list) throw notFound('Employee');
    const violations = new Violations();
    await rowProblems(db, companyId, rows, types, payday, violations);
    violations.throwIfAny();
    const known = new Set(storedRows.map((r) => r.id).filter((id) => id !== undefined));
    // rows keep the ids they are sent with; new rows (and a calculated row not there before) get new ones after
    const used = new Set<number>();
    const kept = rows.map((r) => {
      const keep = r.id !== undefined && known.has(r.id) && !used.has(r.id);
      if (keep) used.add(r.id!);
      return { ...r, id: keep ? r.id : NO_ID };
    });
    const card = cardOn(cards.get(employeeId), payday);
    const [start, end] = [list.payment_period_start, list.payment_period_end];
    const slip = { employeeId, slipId: Number(row.id), card, payday, periodStart: start, periodEnd: end };
    const calc = calculateRows(kept, {
      types,
      facts: employee,
      card,
      payday,
      period: payPeriodOf(start, end),
      employeeData: parseJson(row.employee_data) as EmployeeDataWire,
      groupLifePercent: groupLifePercentOn(groupLife, payday),
      yearToDate: (await cumulativeYearToDate(db, companyId, [slip])).get(employeeId),
      nextRowId: () => NO_ID,
    });
    const fresh = calc.rows.filter((r) => r.id === NO_ID).length;
    if (fresh > 0) {
      let next = await allocateIds(db, companyId, 'salary_rows', fresh);
      for (const r of calc.rows) if (r.id === NO_ID) r.id = next++;
    }
    return calc;
  }

  /** PUT: a CREATED slip's rows, payday, settings and notes; recalculated. The current `version` is required. */
  async replace(companyId: number, id: number, body: SalarySlipWire): Promise<SalarySlipWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.#slip(trx, companyId, id);
      const current = slipToWire(row);
      checkReadOnly(body, current, [
        'id',
        'employeeId',
        'employeeName',
        'status',
        'slipNumber',
        'version',
        'salaryListId',
      ]);
      if (row.status !== 'CREATED') throw statusError(row, 'CREATED', 'changed');
      const payday = body.adjustments.payday;
      const list = await payStore.getList(trx, companyId, Number(row.list_id));
      await checkReductionRowsLeft(
        trx,
        this.#ctx.engine,
        this.#terms,
        row,
        { before: slipData(row).rows, after: body.rows, ...storedLeaves(row) },
        list?.payment_period_start ?? row.payday,
        this.#ctx.clock.now().getUTCFullYear(),
      );
      const calc = await this.#calculate(trx, companyId, row, body.rows, payday);
      const {
        id: _id,
        employeeId: _e,
        employeeName: _n,
        status: _s,
        paidStatusDetails: _p,
        slipNumber: _sn,
        version: _v,
        salaryListId: _l,
        figures: _f,
        ...data
      } = body;
      const version = nextVersion(this.#ctx.clock.now(), row.version);
      const updated: payStore.SalarySlipRow = {
        ...row,
        payday,
        data: stringifyJson({ ...data, rows: calc.rows, rowAmounts: calc.rowAmounts, ...storedLeaves(row) }),
        figures: stringifyJson(calc.figures),
        version,
      };
      await staleUnlessWritten(payStore.updateSlip(trx, updated, row.version));
      await payStore.touchList(trx, companyId, Number(row.list_id), version);
      return slipToWire(updated);
    });
  }

  /**
   * Pay leaves on a CREATED slip, all or none: holidays taken (holiday pay 1510 and holiday bonus 1520 rows at the
   * day's worth of the credit year's accrual, marked with the credit year as their earnings period), additional
   * leave and working hour reduction taken (kept on the slip; a monthly salary runs on through them). Each may
   * not exceed what is left; the slip is recalculated.
   */
  async addPayLeaves(companyId: number, id: number, body: PayLeavesWire): Promise<SalarySlipWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.#slip(trx, companyId, id);
      if (row.status !== 'CREATED') throw statusError(row, 'CREATED', 'given pay leaves');
      // what is left: the approved slips' accrual less what the employee's other slips not approved reserve, read
      // under the employee's lock
      const employeeId = Number(row.employee_id);
      await lockEmployees(trx, this.#ctx.engine, companyId, [employeeId]);
      const [followed, reduction, reserved] = await Promise.all([
        this.#terms.holidayYears(companyId, employeeId, isoDate(this.#ctx.clock.now()), trx),
        this.#terms.workingHourReduction(companyId, employeeId, trx),
        reservedClaims(trx, companyId, employeeId, id),
      ]);
      const data = slipData(row);
      const list = await payStore.getList(trx, companyId, Number(row.list_id));
      const periodStart = list?.payment_period_start ?? row.payday;
      const violations = new Violations();
      const added: SlipRowWire[] = [];
      const leaves = storedLeaves(row).leaves;
      const companyTerms = await companyHolidayTerms(trx, companyId);
      // what the slip itself already pays or takes
      const own = addSlipClaims(noClaims(), { rows: data.rows, leaves }, periodStart);
      const short = (field: string, what: string, asked: number | Decimal, left: number | Decimal, year: number) =>
        notAvailable(violations, field, what, asked, left, year);
      (body.holidayPayLeaves ?? []).forEach((leave, i) => {
        const at = `holidayPayLeaves[${i}]`;
        const year = leave.holidayCreditYear;
        const left = followed?.accrual.years.find((y) => y.creditYear === year);
        const days = leave.holidayDays ?? 0;
        const bonusDays = leave.holidayBonusDays ?? 0;
        const additional = leave.holidayAdditionalLeaveDays ?? 0;
        // less what the slip already pays and what the employee's other slips not approved reserve
        const [onSlip, elsewhere] = [claimedOf(own, year), claimedOf(reserved, year)];
        const daysLeft = (left?.remainingDays ?? 0) - onSlip.days - elsewhere.days;
        const bonusLeft = (left?.remainingBonusDays ?? 0) - onSlip.bonusDays - elsewhere.bonusDays;
        const additionalLeft =
          (left?.remainingAdditionalLeaveDays ?? 0) - onSlip.additionalLeaveDays - elsewhere.additionalLeaveDays;
        if (days > daysLeft) short(`${at}.holidayDays`, 'holiday days', days, Math.max(0, daysLeft), year);
        if (bonusDays > bonusLeft)
          short(`${at}.holidayBonusDays`, 'holiday bonus days', bonusDays, Math.max(0, bonusLeft), year);
        if (additional > additionalLeft)
          short(
            `${at}.holidayAdditionalLeaveDays`,
            'additional leave days',
            additional,
            Math.max(0, additionalLeft),
            year,
          );
        // a day is worth the credit year's holiday pay over its days (1/25 of the monthly salary when monthly-paid)
        const dayPay = left?.earnedDays ? left.holidayPay.dividedBy(left.earnedDays) : new Decimal(0);
        const earned = { earningsPeriodStart: `${year}-04-01`, earningsPeriodEnd: `${year + 1}-03-31` };
        const leaveRow = (code: number, quantity: number, unitValue: Decimal): SlipRowWire => ({
          salaryTypeCode: code,
          quantity: new Decimal(quantity),
          unitValue: unitValue.toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
          ...earned,
          showEarningPeriodInExport: true,
          unjustEnrichment: false,
        });
        if (days > 0) added.push(leaveRow(HOLIDAY_CODES.holidayPay, days, dayPay));
        if (bonusDays > 0)
          added.push(
            leaveRow(
              HOLIDAY_CODES.holidayBonus,
              bonusDays,
              dayPay.times(companyTerms.ofCreditYear(year).holidayBonusPercent).dividedBy(100),
            ),
          );
        if (additional > 0) leaves.additionalLeave.push({ creditYear: year, days: additional });
        // a later leave of the same credit year in this request finds these taken
        onSlip.days += days;
        onSlip.bonusDays += bonusDays;
        onSlip.additionalLeaveDays += additional;
      });
      const thisYear = this.#ctx.clock.now().getUTCFullYear();
      const hoursLeft = (reduction.totalRemainingWorkingHourReductionHours ?? new Decimal(0))
        .minus(hoursClaimed(own, thisYear))
        .minus(hoursClaimed(reserved, thisYear));
      let hoursAsked = new Decimal(0);
      (body.workingHourReductionLeaves ?? []).forEach((leave, i) => {
        const at = `workingHourReductionLeaves[${i}]`;
        const hours =
          dec(leave.workingHourReductionHours) ??
          (dec(leave.workingHourReductionDays) ?? new Decimal(0)).times(REDUCTION_HOURS_PER_DAY);
        if ((leave.workingHourReductionHours ?? null) === null && (leave.workingHourReductionDays ?? null) === null)
          violations.add('VALIDATION_FAILED', at, {
            detail: 'Give workingHourReductionDays or workingHourReductionHours.',
          });
        hoursAsked = hoursAsked.plus(leave.year === thisYear ? hours : 0);
        if (leave.year !== thisYear) short(at, 'working hour reduction hours', hours, 0, leave.year);
        else if (hoursAsked.greaterThan(hoursLeft))
          short(at, 'working hour reduction hours', hoursAsked, Decimal.max(0, hoursLeft), leave.year);
        leaves.workingHourReduction.push({ year: leave.year, hours: hours.toFixed() });
      });
      violations.throwIfAny();
      const rows = [...data.rows, ...added];
      const calc = await this.#calculate(trx, companyId, row, rows, row.payday);
      const version = nextVersion(this.#ctx.clock.now(), row.version);
      const updated: payStore.SalarySlipRow = {
        ...row,
        data: stringifyJson({ ...data, rows: calc.rows, rowAmounts: calc.rowAmounts, leaves }),
        figures: stringifyJson(calc.figures),
        version,
      };
      await staleUnlessWritten(payStore.updateSlip(trx, updated, row.version));
      await payStore.touchList(trx, companyId, Number(row.list_id), version);
      return slipToWire(updated);
    });
  }

  /** CREATED → APPROVED: recalculated with the tax card as it is now, posted, the card's limitUsed raised. */
  async approve(companyId: number, id: number): Promise<{ message: string }> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.#slip(trx, companyId, id);
      if (row.status !== 'CREATED') throw statusError(row, 'CREATED', 'approved');
      await this.#lockClaiming(trx, companyId, [row]);
      const version = await this.#approveIn(trx, companyId, row, await this.#context(trx, companyId, [row]));
      await payStore.touchList(trx, companyId, Number(row.list_id), version);
    });
    return { message: 'Salary slip approved.' };
  }

  /**
   * Approves every CREATED slip of a list in one transaction (all or none): what the slips share is read once,
   * and what they write is written together — their receipts by one `postMany`, the tax cards' limitUsed and the
   * slips a statement per few hundred — so the work does not grow by a round trip to the database per slip.
   * A problem of any slip is answered with the slip's id in the field.
   */
  async approveList(companyId: number, listId: number): Promise<{ message: string }> {
    const count = await this.#ctx.db.transaction().execute(async (trx) => {
      if (!(await payStore.getList(trx, companyId, listId))) throw notFound('Salary list');
      const slips = (await payStore.slipsOfList(trx, companyId, listId)).filter((s) => s.status === 'CREATED');
      await this.#lockClaiming(trx, companyId, slips);
      const context = await this.#context(trx, companyId, slips);
      const ofSlip = async <T>(row: payStore.SalarySlipRow, work: () => Promise<T>): Promise<T> => {
        try {
          return await work();
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          throw new ApiError(
            err.items.map((item) => ({ ...item, field: `salarySlips[${row.id}].${item.field ?? ''}` })),
          );
        }
      };
      const prepared: PreparedApproval[] = [];
      for (const row of slips) prepared.push(await ofSlip(row, () => this.#prepare(trx, companyId, row, context)));
      const receipts = await this.#ledger
        .postMany(
          trx,
          companyId,
          prepared.flatMap((p) => p.drafts),
        )
        .catch(async (err: unknown) => {
          // the drafts were refused together, nothing written: the first slip whose own drafts are refused names it
          if (!(err instanceof ApiError)) throw err;
          for (const p of prepared) await ofSlip(p.row, () => this.#ledger.postMany(trx, companyId, p.drafts));
          throw err;
        });
      const now = this.#ctx.clock.now();
      const changes: { row: payStore.SalarySlipRow; expectedVersion: string }[] = [];
      const counted = new Map<number, Decimal>();
      let next = 0;
      for (const p of prepared) {
        const salary = receipts[next++];
        const contributions = p.drafts.length > 1 ? receipts[next++] : null;
        if (p.card) counted.set(p.card.id, (counted.get(p.card.id) ?? new Decimal(0)).plus(p.card.amount));
        changes.push({
          row: {
            ...p.updated,
            salary_receipt_id: salary.id,
            contribution_receipt_id: contributions?.id ?? null,
            version: nextVersion(now, p.row.version),
          },
          expectedVersion: p.row.version,
        });
      }
      if (counted.size > 0) {
        const cards = await store.taxCardsById(trx, companyId, [...counted.keys()]);
        const limits = cards.map((card) => ({
          row: {
            ...card,
            limit_used: Decimal.max(0, new Decimal(card.limit_used).plus(counted.get(Number(card.id))!)).toFixed(),
            version: nextVersion(now, card.version),
          },
          expectedVersion: card.version,
        }));
        await staleUnlessWritten(store.updateTaxCardLimits(trx, companyId, limits));
      }
      await staleUnlessWritten(payStore.updateSlips(trx, companyId, changes));
      const version = changes.at(-1)?.row.version;
      if (version !== undefined) await payStore.touchList(trx, companyId, listId, version);
      return slips.length;
    });
    return { message: `${count} salary slip(s) approved.` };
  }

  /**
   * Locks, before anything is written, the employees of the slips paying or taking holidays or working hour
   * reduction: their approval checks what is left under the lock, and taking it only after this transaction has
   * allocated ids or posted could deadlock with a list that locks the employee first.
   */
  async #lockClaiming(db: Db, companyId: number, slips: readonly payStore.SalarySlipRow[]): Promise<void> {
    const ids = slips.filter((s) => claimsAny(parseJson(s.data) as StoredSlip)).map((s) => Number(s.employee_id));
    if (ids.length > 0)
      await lockEmployees(
        db,
        this.#ctx.engine,
        companyId,
        [...new Set(ids)].sort((a, b) => a - b),
      );
  }

  /**
   * What approving a slip will write, checked and calculated: its approved row (receipt ids still to come), the
   * drafts of its receipts and what it counts against its tax card's limit. The next slip of the same employee in
   * the batch sees the card with this one counted.
   */
  async #prepare(
    db: Db,
    companyId: number,
    row: payStore.SalarySlipRow,
    context: CalculationContext,
  ): Promise<PreparedApproval> {
    const data = slipData(row);
    const calc = await this.#calculate(db, companyId, row, data.rows, row.payday, context, data.rows);
    const list = context.lists.get(Number(row.list_id));
    if (list)
      await checkClaimsLeft(
        db,
        this.#ctx.engine,
        this.#terms,
        row,
        { rows: calc.rows, ...storedLeaves(row) },
        {
          paymentPeriodStart: list.payment_period_start,
          paymentPeriodEnd: list.payment_period_end,
          payday: list.payday,
        },
        this.#ctx.clock.now().getUTCFullYear(),
      );
    const header = (type: 'SALARY' | 'EMPLOYER_CONTRIBUTION', name: string, lines: ReceiptDraft['lines']) => ({
      type,
      status: 'APPROVED' as const,
      name: `${name} ${row.slip_number} ${row.employee_name}`.slice(0, 80),
      receiptDate: data.settings.accountingDate,
      vatType: 'PURCHASE' as const,
      vatStatus: NO_VAT_HANDLING,
      transactionDescription: `Payday ${row.payday}`,
      lines,
    });
    const drafts: ReceiptDraft[] = [
      header('SALARY', 'Salary slip', calc.salaryLines),
      ...(calc.contributionLines.length > 0
        ? [header('EMPLOYER_CONTRIBUTION', 'Employer contributions', calc.contributionLines)]
        : []),
    ];
    let card: PreparedApproval['card'] = null;
    if (calc.taxCardId !== null && !calc.limitCounted.isZero()) {
      card = { id: calc.taxCardId, amount: calc.limitCounted };
      const cards = context.cards.get(Number(row.employee_id));
      if (cards)
        context.cards.set(
          Number(row.employee_id),
          cards.map((c) =>
            Number(c.id) === calc.taxCardId
              ? { ...c, limit_used: Decimal.max(0, new Decimal(c.limit_used).plus(calc.limitCounted)).toFixed() }
              : c,
          ),
        );
    }
    const updated: payStore.SalarySlipRow = {
      ...row,
      status: 'APPROVED',
      data: stringifyJson({
        ...data,
        rows: calc.rows,
        rowAmounts: calc.rowAmounts,
        ...storedLeaves(row),
        withholdingBasis: calc.withholdingBasis,
      }),
      figures: stringifyJson(calc.figures),
      tax_card_id: calc.taxCardId,
      limit_counted: calc.limitCounted.toFixed(),
    };
    return { row, updated, drafts, card };
  }

  /** Approves one slip; answers its new version. */
  async #approveIn(
    db: Db,
    companyId: number,
    row: payStore.SalarySlipRow,
    context: CalculationContext,
  ): Promise<string> {
    const { updated, drafts, card } = await this.#prepare(db, companyId, row, context);
    const [salary, contributions = null] = await this.#ledger.postMany(db, companyId, drafts);
    if (card) await this.#countAgainstLimit(db, companyId, card.id, card.amount);
    const written: payStore.SalarySlipRow = {
      ...updated,
      salary_receipt_id: salary.id,
      contribution_receipt_id: contributions?.id ?? null,
      version: nextVersion(this.#ctx.clock.now(), row.version),
    };
    await staleUnlessWritten(payStore.updateSlip(db, written, row.version));
    return written.version;
  }

  /** APPROVED → CREATED: both receipts reversed, the card's limitUsed given back. */
  async cancelApproval(companyId: number, id: number): Promise<{ message: string }> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.#slip(trx, companyId, id);
      if (row.status !== 'APPROVED') throw statusError(row, 'APPROVED', 'cancelled');
      for (const receiptId of [row.salary_receipt_id, row.contribution_receipt_id])
        if (receiptId !== null) await this.#ledger.reverse(trx, companyId, Number(receiptId));
      if (row.tax_card_id !== null && row.limit_counted !== null)
        await this.#countAgainstLimit(
          trx,
          companyId,
          Number(row.tax_card_id),
          new Decimal(row.limit_counted).negated(),
        );
      const updated: payStore.SalarySlipRow = {
        ...row,
        status: 'CREATED',
        tax_card_id: null,
        limit_counted: null,
        salary_receipt_id: null,
        contribution_receipt_id: null,
        version: nextVersion(this.#ctx.clock.now(), row.version),
      };
      await staleUnlessWritten(payStore.updateSlip(trx, updated, row.version));
      await payStore.touchList(trx, companyId, Number(row.list_id), updated.version);
    });
    return { message: 'Salary slip approval cancelled.' };
  }

  async #countAgainstLimit(
    db: Db,
    companyId: number,
    cardId: number,
    amount: Decimal,
  ): Promise<store.TaxCardRow | undefined> {
    const card = await db
      .selectFrom('tax_cards')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', cardId)
      .executeTakeFirst();
    if (!card) return undefined;
    const updated: store.TaxCardRow = {
      ...card,
      limit_used: Decimal.max(0, new Decimal(card.limit_used).plus(amount)).toFixed(),
      version: nextVersion(this.#ctx.clock.now(), card.version),
    };
    await staleUnlessWritten(store.updateOfEmployee(db, 'tax_cards', updated, card.version));
    return updated;
  }

  async #salaryReceipt(db: Db, companyId: number, id: number) {
    const row = await this.#slip(db, companyId, id);
    const receipt =
      row.salary_receipt_id === null
        ? undefined
        : await this.#ledger.receipt(db, companyId, Number(row.salary_receipt_id));
    if (!receipt) throw notFound('Salary slip accounting');
    return receipt;
  }

  /** The salary receipt of an approved slip. */
  async accounting(companyId: number, id: number): Promise<SalarySlipAccountingWire> {
    const receipt = await this.#salaryReceipt(this.#ctx.db, companyId, id);
    const wire: SalarySlipAccountingWire = {
      name: receipt.name,
      receiptDate: receipt.receiptDate,
      transactions: receipt.transactions.map((t) => ({
        id: t.id,
        transactionType: t.transactionType,
        account: t.account,
        accountingValue: t.accountingValue,
        ...(t.description !== undefined ? { description: t.description } : {}),
        ...(t.balanceCode !== undefined ? { balanceCode: t.balanceCode } : {}),
        dimensionItemValues: t.dimensionItemValues ?? [],
      })),
      version: receipt.version,
    };
    for (const key of [
      'accountantsNotes',
      'transactionDescription',
      'receiptValidity',
      'periodStartDate',
      'periodEndDate',
    ] as const)
      if (receipt[key] !== undefined && receipt[key] !== null) Object.assign(wire, { [key]: receipt[key] });
    return wire;
  }

  /**
   * PUT: the salary receipt's header and lines, its dimension entries among them. The lines must balance;
   * `createReconciliation` books a difference to net pay payable.
   */
  async replaceAccounting(
    companyId: number,
    id: number,
    body: SalarySlipAccountingWire,
    createReconciliation: boolean,
  ): Promise<SalarySlipAccountingWire> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const receipt = await this.#salaryReceipt(trx, companyId, id);
      checkReadOnly(body, receipt, ['version']);
      const lines: ReceiptDraft['lines'] = body.transactions.map((t) => ({
        ...(t.id !== undefined ? { id: t.id } : {}),
        account: t.account,
        amountMinor: toMinorUnits(t.accountingValue),
        transactionType: t.transactionType,
        description: t.description ?? null,
        balanceCode: t.balanceCode ?? null,
        dimensions: (t.dimensionItemValues ?? []).map((d) => ({
          dimensionId: d.dimensionId,
          itemId: d.itemId,
          amountMinor: toMinorUnits(d.value),
        })),
      }));
      if (createReconciliation) {
        const reconciliation = reconciliationLine(lines, NET_PAY_PAYABLE);
        if (reconciliation) lines.push(reconciliation);
      }
      await this.#ledger.replace(trx, companyId, Number(receipt.id), {
        type: 'SALARY',
        status: 'APPROVED',
        name: body.name,
        receiptDate: body.receiptDate,
        vatType: 'PURCHASE',
        vatStatus: NO_VAT_HANDLING,
        accountantsNotes: body.accountantsNotes ?? null,
        transactionDescription: body.transactionDescription ?? null,
        receiptValidity: body.receiptValidity ?? null,
        periodStartDate: body.periodStartDate ?? null,
        periodEndDate: body.periodEndDate ?? null,
        lines,
      });
    });
    return this.accounting(companyId, id);
  }
}
