// Fiscal years and their monthly periods: created with the company (its current calendar year), added next
// to the existing years, closed and reopened. A closed period refuses every posting (CLOSED_FISCAL_PERIOD).
import { allocateId, allocateIds, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDate, isoDateTime, nextVersion } from '../platform/clock.ts';
import { addDays, calendarYearOf, fiscalYearProblem, monthlyPeriods } from './periods.ts';
import type { FiscalYearWire, NewFiscalYearWire } from './schemas.ts';
import * as store from './store.ts';
import type { PeriodLocks } from './period-locks.ts';
import { emitEvent } from '../webhooks/index.ts';
import { recordAuditEvent } from '../audit/index.ts';

const status = (closed: boolean | number): 'OPEN' | 'CLOSED' => (closed ? 'CLOSED' : 'OPEN');

type PeriodStatus = 'OPEN' | 'PENDING' | 'CLOSED';
const periodStatus = (p: store.FiscalPeriodRow): PeriodStatus => (p.closed ? 'CLOSED' : p.pending ? 'PENDING' : 'OPEN');

function yearToWire(year: store.FiscalYearRow, periods: store.FiscalPeriodRow[]): FiscalYearWire {
  const own = periods.filter((p) => Number(p.fiscal_year_id) === Number(year.id));
  const plain = own.map((p) => ({
    id: Number(p.id),
    startDate: p.start_date,
    endDate: p.end_date,
    status: periodStatus(p),
  }));
  return {
    id: Number(year.id),
    startDate: year.start_date,
    endDate: year.end_date,
    modified: year.version,
    trackingPeriods: own.map((p, i) => ({ ...plain[i], modified: p.version })),
    isOpen: !year.closed,
    status: status(year.closed),
    periods: plain,
  } satisfies Record<keyof FiscalYearWire, unknown>;
}

/** Inserts a fiscal year with its monthly periods (no checks: callers check). */
export async function insertFiscalYear(
  db: Db,
  companyId: number,
  startDate: string,
  endDate: string,
  now: Date,
  id?: number,
): Promise<number> {
  id ??= await allocateId(db, companyId, 'fiscal_years');
  const version = nextVersion(now);
  const months = monthlyPeriods(startDate, endDate);
  const firstId = await allocateIds(db, companyId, 'fiscal_periods', months.length);
  const periods: store.FiscalPeriodRow[] = months.map((p, i) => ({
    company_id: companyId,
    id: firstId + i,
    fiscal_year_id: id,
    start_date: p.startDate,
    end_date: p.endDate,
    closed: false,
    closed_at: null,
    pending: false,
    version,
  }));
  await store.insertYear(
    db,
    { company_id: companyId, id, start_date: startDate, end_date: endDate, closed: false, version },
    periods,
  );
  return id;
}

/** Company setup: a company without fiscal years gets its current calendar year, with monthly periods. */
export async function setUpFiscalYear(db: Db, companyId: number, ctx: AppContext): Promise<void> {
  if ((await store.listYears(db, companyId)).length > 0) return;
  const now = ctx.clock.now();
  const year = calendarYearOf(isoDate(now));
  await insertFiscalYear(db, companyId, year.startDate, year.endDate, now);
}

/**
 * The ids of receipts still unfinished dated between two days (at most `limit`): a closing check. The ledger
 * provides it (the ledger depends on fiscal periods, not the other way round).
 */
export type UnfinishedReceipts = (
  trx: Db,
  companyId: number,
  start: string,
  end: string,
  limit: number,
) => Promise<number[]>;

/** The filed VAT return overlapping a range of days, if any (wired by the VAT returns). */
export type FiledVatReturn = (
  trx: Db,
  companyId: number,
  start: string,
  end: string,
) => Promise<{ start: string; end: string } | undefined>;
/** A fiscal year by its id and days. */
export interface FiscalYearSpan {
  id: number;
  startDate: string;
  endDate: string;
}

/**
 * The year-end work of the ledger (which depends on fiscal years, not the other way round), in the caller's
 * transaction: booking the opening balances of the year after a closed one, the receipts booked in a year after
 * its opening balances, and reversing the opening balances when the year before is reopened.
 */
export interface YearEndBooking {
  bookOpening(trx: Db, companyId: number, closed: FiscalYearSpan, next: FiscalYearSpan): Promise<void>;
  postingsAfterOpening(trx: Db, companyId: number, next: FiscalYearSpan, limit: number): Promise<number[]>;
  reverseOpening(trx: Db, companyId: number, next: FiscalYearSpan): Promise<void>;
}

const span = (year: store.FiscalYearRow): FiscalYearSpan => ({
  id: Number(year.id),
  startDate: year.start_date,
  endDate: year.end_date,
});

/** Where a posting dated `date` goes: its fiscal year and period. */
export interface OpenPeriod {
  fiscalYearId: number;
  fiscalYearStart: string;
  fiscalYearEnd: string;
  periodId: number;
}

/** A period with its year, as read to tell where a posting goes. */
export interface PeriodOfDate {
  period_id: number;
  period_closed: boolean | number;
  year_id: number;
  year_closed: boolean | number;
  start_date: string;
  end_date: string;
}

/** A period with its year and its own dates: what a per-process cache of where postings go holds. */
export interface PeriodWithDates extends PeriodOfDate {
  period_start: string;
  period_end: string;
}

/** Where a posting dated `date` goes, given the period that holds the date (if any); refuses a closed one. */
export function openPeriodFrom(row: PeriodOfDate | undefined, date: string, field = 'receiptDate'): OpenPeriod {
  if (!row) throw apiError('NO_FISCAL_YEAR_FOR_DATE', field, { date });
  if (row.period_closed || row.year_closed) throw apiError('CLOSED_FISCAL_PERIOD', field);
  return {
    fiscalYearId: Number(row.year_id),
    fiscalYearStart: row.start_date,
    fiscalYearEnd: row.end_date,
    periodId: Number(row.period_id),
  };
}

export class FiscalService {
  readonly #ctx: AppContext;
  #unfinishedReceipts: UnfinishedReceipts = () => Promise.resolve([]);
  #filedVatReturn: FiledVatReturn = () => Promise.resolve(undefined);
  #yearEnd: YearEndBooking | undefined;
  readonly #locks: PeriodLocks;

  constructor(ctx: AppContext, locks: PeriodLocks) {
    this.#ctx = ctx;
    this.#locks = locks;
  }

  /** Wires the year-end booking of the ledger (when the services are built). */
  useYearEndBooking(booking: YearEndBooking): void {
    this.#yearEnd = booking;
  }

  /** Wires the closing check of unfinished receipts (by the ledger, when the services are built). */
  useUnfinishedReceipts(check: UnfinishedReceipts): void {
    this.#unfinishedReceipts = check;
  }

  /** Wires the check that keeps the periods of a filed VAT return closed (by the VAT returns). */
  useFiledVatReturns(check: FiledVatReturn): void {
    this.#filedVatReturn = check;
  }

  /**
   * Holds the periods overlapping `start`..`end` against postings until the caller's transaction ends (on
   * PostgreSQL; the embedded engine writes one transaction at a time): taken before the caller books into them
   * and closes them, so a concurrent posting waits and then finds them closed instead of deadlocking.
   */
  async lockPeriodsIn(trx: Db, companyId: number, start: string, end: string): Promise<void> {
    await this.#locks.holdPeriodsIn(trx, companyId, start, end);
  }

  /** Closes every open period overlapping `start`..`end` in the caller's transaction (a VAT return is filed). */
  async closePeriodsIn(
    trx: Db,
    companyId: number,
    start: string,
    end: string,
    actor: number | null = null,
  ): Promise<void> {
    for (const period of await store.listPeriods(trx, companyId)) {
      if (!period.closed && period.start_date <= end && period.end_date >= start)
        await this.#setStatus(trx, companyId, period, 'CLOSED', { actor });
    }
  }

  async list(companyId: number): Promise<{ fiscalYears: FiscalYearWire[] }> {
    const [years, periods] = await Promise.all([
      store.listYears(this.#ctx.db, companyId),
      store.listPeriods(this.#ctx.db, companyId),
    ]);
    return { fiscalYears: years.map((y) => yearToWire(y, periods)) };
  }

  /**
   * The open period a posting dated `date` goes to. Refuses a date outside every fiscal year
   * (NO_FISCAL_YEAR_FOR_DATE) and a closed period (CLOSED_FISCAL_PERIOD). On PostgreSQL the period row is
   * share-locked until the caller's transaction ends, so a concurrent close waits for the posting (and then
   * sees it in its closing checks).
   */
  async openPeriodOn(trx: Db, companyId: number, date: string, field = 'receiptDate'): Promise<OpenPeriod> {
    const query = periodsWithYears(trx, companyId).where('p.start_date', '<=', date).where('p.end_date', '>=', date);
    return openPeriodFrom(await this.#locks.shared(query).executeTakeFirst(), date, field);
  }

  /**
   * Every period of the company with its year, unlocked: for a reader that answers `openPeriodFrom` from memory and
   * is told when these tables change (the embedded engine's receipt book, which writes one transaction at a time).
   */
  async periodsOf(db: Db, companyId: number): Promise<PeriodWithDates[]> {
    return periodsWithYears(db, companyId)
      .select(['p.start_date as period_start', 'p.end_date as period_end'])
      .execute();
  }

  async createYear(companyId: number, input: NewFiscalYearWire): Promise<FiscalYearWire> {
    const problem = fiscalYearProblem(input.startDate, input.endDate);
    if (problem) throw apiError('FISCAL_YEAR_INVALID', 'startDate', { detail: problem });
    return this.#ctx.db.transaction().execute(async (trx) => {
      // the id is taken first: its counter's row stays locked until the commit, so on PostgreSQL two years added at
      // the same moment are added one after the other, the second checked against the first
      const newId = await allocateId(trx, companyId, 'fiscal_years');
      const years = await store.listYears(trx, companyId);
      if (years.length > 0) {
        const first = years[0];
        const last = years[years.length - 1];
        const after = input.startDate === addDays(last.end_date, 1);
        const before = input.endDate === addDays(first.start_date, -1);
        if (!after && !before) {
          throw apiError('FISCAL_YEAR_INVALID', 'startDate', {
            detail: `a new fiscal year starts on ${addDays(last.end_date, 1)} or ends on ${addDays(first.start_date, -1)}`,
          });
        }
      }
      const id = await insertFiscalYear(trx, companyId, input.startDate, input.endDate, this.#ctx.clock.now(), newId);
      const year = (await store.getYear(trx, companyId, id))!;
      // a year added after a closed one opens with its closing balances
      const before = years.find((y) => y.end_date === addDays(input.startDate, -1));
      if (before?.closed) await this.#yearEnd?.bookOpening(trx, companyId, span(before), span(year));
      return yearToWire(year, await store.listPeriods(trx, companyId, id));
    });
  }

  /** Closes a period. Closing checks: no unfinished receipt is dated in it. */
  async closePeriod(
    companyId: number,
    fiscalYearId: number,
    periodId: number,
    actor: number | null = null,
  ): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const period = await this.#period(trx, companyId, fiscalYearId, periodId);
      if (period.closed) throw apiError('FISCAL_PERIOD_ALREADY_CLOSED');
      return { message: await this.#setStatus(trx, companyId, period, 'CLOSED', { actor }) };
    });
  }

  async openPeriod(
    companyId: number,
    fiscalYearId: number,
    periodId: number,
    actor: number | null = null,
  ): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const period = await this.#period(trx, companyId, fiscalYearId, periodId);
      const year = (await store.getYear(trx, companyId, Number(period.fiscal_year_id)))!;
      if (year.closed) throw apiError('FISCAL_YEAR_CLOSED');
      if (!period.closed) throw apiError('FISCAL_PERIOD_ALREADY_OPEN');
      return { message: await this.#setStatus(trx, companyId, period, 'OPEN', { actor }) };
    });
  }

  /**
   * PUT /fiscalyears/{id}/trackingPeriods/{id}: an open period is marked pending (being closed) or locked, a
   * pending one locked or opened again, a locked one reopened. A change the state does not allow (the same
   * status again, pending after locked, anything in a closed fiscal year) is a conflict (409).
   */
  async markTrackingPeriod(
    companyId: number,
    fiscalYearId: number,
    periodId: number,
    requested: PeriodStatus,
    apiVersion?: string,
    actor: number | null = null,
  ): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const period = await this.#period(trx, companyId, fiscalYearId, periodId);
      const year = (await store.getYear(trx, companyId, Number(period.fiscal_year_id)))!;
      const current = periodStatus(period);
      if (year.closed || current === requested || (current === 'CLOSED' && requested === 'PENDING')) {
        throw apiError('TRACKING_PERIOD_STATUS_CONFLICT', 'status', {
          current: year.closed ? 'in a closed fiscal year' : current,
          requested,
        });
      }
      return { message: await this.#setStatus(trx, companyId, period, requested, { apiVersion, actor }) };
    });
  }

  /**
   * Writes a period's new status and its TRACKING_PERIOD_STATUS_UPDATED event in the caller's transaction.
   * Locking checks that no unfinished receipt is dated in the period (unless the caller checks a wider range);
   * the row is updated first, so on PostgreSQL the check waits for postings holding the period and then sees
   * their receipts. The change goes to the audit trail of the books, by `actor` (null: the `tase admin` command).
   */
  async #setStatus(
    trx: Db,
    companyId: number,
    period: store.FiscalPeriodRow,
    to: PeriodStatus,
    { apiVersion, actor = null, check = true }: { apiVersion?: string; actor?: number | null; check?: boolean },
  ): Promise<string> {
    const now = this.#ctx.clock.now();
    const closed = to === 'CLOSED';
    const filed = closed ? undefined : await this.#filedVatReturn(trx, companyId, period.start_date, period.end_date);
    if (filed) throw apiError('VAT_PERIOD_FILED', 'status', filed);
    await store.setPeriodStatus(trx, companyId, Number(period.id), {
      closed,
      pending: to === 'PENDING',
      closed_at: closed ? isoDateTime(now) : null,
      version: nextVersion(now, period.version),
    });
    if (closed && check) {
      const unfinished = await this.#unfinishedReceipts(trx, companyId, period.start_date, period.end_date, 20);
      if (unfinished.length > 0)
        throw apiError('FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS', undefined, { receiptIds: unfinished.join(', ') });
    }
    const shown = (status: PeriodStatus) => ({
      id: Number(period.id),
      fiscalYearId: Number(period.fiscal_year_id),
      startDate: period.start_date,
      endDate: period.end_date,
      status,
    });
    await recordAuditEvent(trx, companyId, {
      subject: 'FISCAL_PERIOD',
      subjectId: Number(period.id),
      action: { OPEN: 'REOPEN', PENDING: 'PENDING', CLOSED: 'CLOSE' }[to],
      userId: actor,
      at: now,
      before: shown(periodStatus(period)),
      after: shown(to),
    });
    const done = { OPEN: 'opened', PENDING: 'marked as pending', CLOSED: 'closed' }[to];
    const message = `Fiscal period ${period.start_date} – ${period.end_date} ${done}.`;
    await emitEvent(trx, {
      companyId,
      eventType: 'TRACKING_PERIOD_STATUS_UPDATED',
      payload: { trackingPeriodId: Number(period.id), message },
      apiVersion,
      now,
    });
    return message;
  }

  /**
   * Closes a fiscal year and every period of it. Closing checks: no unfinished receipt in the year. When the next
   * fiscal year exists, its opening balances are booked in the same transaction (else when it is added).
   */
  async closeYear(companyId: number, fiscalYearId: number, actor: number | null = null): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const year = await this.#heldYear(trx, companyId, fiscalYearId);
      if (year.closed) throw apiError('FISCAL_YEAR_CLOSED', 'fiscalYearId');
      for (const p of await store.listPeriods(trx, companyId, fiscalYearId)) {
        if (!p.closed) await this.#setStatus(trx, companyId, p, 'CLOSED', { actor, check: false });
      }
      await store.setYearClosed(trx, companyId, fiscalYearId, true, nextVersion(this.#ctx.clock.now(), year.version));
      const unfinished = await this.#unfinishedReceipts(trx, companyId, year.start_date, year.end_date, 20);
      if (unfinished.length > 0)
        throw apiError('FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS', 'fiscalYearId', { receiptIds: unfinished.join(', ') });
      const next = await this.#nextYear(trx, companyId, year);
      if (next) await this.#yearEnd?.bookOpening(trx, companyId, span(year), span(next));
      await this.#recordYear(trx, companyId, year, 'CLOSE', actor);
      return { message: `Fiscal year ${year.start_date} – ${year.end_date} closed.` };
    });
  }

  /**
   * Reopens a closed fiscal year and its periods. Refused (FISCAL_YEAR_REOPEN_REFUSED) once the next year has
   * receipts booked after its opening balances: the closed year is then corrected by a voucher in the open one.
   * Before that, the next year's opening balances are reversed in the same transaction (closing again books
   * them anew).
   */
  async reopenYear(companyId: number, fiscalYearId: number, actor: number | null = null): Promise<{ message: string }> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const year = await this.#heldYear(trx, companyId, fiscalYearId);
      if (!year.closed) throw apiError('FISCAL_YEAR_NOT_CLOSED', 'fiscalYearId');
      const next = await this.#nextYear(trx, companyId, year);
      // the next year's closing balances, and the opening balances of the year after it, were made from this
      // year's: years reopen in the reverse order they were closed
      if (next?.closed)
        throw apiError('FISCAL_YEAR_NEXT_CLOSED', 'fiscalYearId', {
          nextStart: next.start_date,
          nextEnd: next.end_date,
        });
      if (next && this.#yearEnd) {
        const after = await this.#yearEnd.postingsAfterOpening(trx, companyId, span(next), 20);
        if (after.length > 0)
          throw apiError('FISCAL_YEAR_REOPEN_REFUSED', 'fiscalYearId', {
            nextStart: next.start_date,
            nextEnd: next.end_date,
            receiptIds: after.join(', '),
          });
        await this.#yearEnd.reverseOpening(trx, companyId, span(next));
      }
      await store.setYearClosed(trx, companyId, fiscalYearId, false, nextVersion(this.#ctx.clock.now(), year.version));
      // a month whose VAT return is filed stays locked: the year reopens around it
      for (const p of await store.listPeriods(trx, companyId, fiscalYearId))
        if (p.closed && !(await this.#filedVatReturn(trx, companyId, p.start_date, p.end_date)))
          await this.#setStatus(trx, companyId, p, 'OPEN', { actor });
      await this.#recordYear(trx, companyId, year, 'REOPEN', actor);
      return { message: `Fiscal year ${year.start_date} – ${year.end_date} reopened.` };
    });
  }

  /** A fiscal year closed or reopened, in the audit trail of the books. */
  async #recordYear(
    trx: Db,
    companyId: number,
    year: store.FiscalYearRow,
    action: 'CLOSE' | 'REOPEN',
    actor: number | null,
  ): Promise<void> {
    const shown = (closed: boolean) => ({
      id: Number(year.id),
      startDate: year.start_date,
      endDate: year.end_date,
      status: status(closed),
    });
    await recordAuditEvent(trx, companyId, {
      subject: 'FISCAL_YEAR',
      subjectId: Number(year.id),
      action,
      userId: actor,
      at: this.#ctx.clock.now(),
      before: shown(action === 'REOPEN'),
      after: shown(action === 'CLOSE'),
    });
  }

  async #nextYear(trx: Db, companyId: number, year: store.FiscalYearRow): Promise<store.FiscalYearRow | undefined> {
    const dayAfter = addDays(year.end_date, 1);
    return (await store.listYears(trx, companyId)).find((y) => y.start_date === dayAfter);
  }

  /** The period holding a date (for the admin command). */
  async periodOn(companyId: number, date: string): Promise<{ fiscalYearId: number; periodId: number }> {
    const period = await store.periodOn(this.#ctx.db, companyId, date);
    if (!period) throw apiError('NO_FISCAL_YEAR_FOR_DATE', 'date', { date });
    return { fiscalYearId: Number(period.fiscal_year_id), periodId: Number(period.id) };
  }

  // A close or reopen reads what it changes again once it holds the periods (`holdPeriodsIn`): another close or
  // reopen of the same year or period at the same moment waits, and the checks then see what that one left, so
  // a year's opening balances are never booked or reversed twice.

  async #heldYear(trx: Db, companyId: number, id: number): Promise<store.FiscalYearRow> {
    const year = await store.getYear(trx, companyId, id);
    if (!year) throw notFound('Fiscal year');
    await this.#locks.holdPeriodsIn(trx, companyId, year.start_date, year.end_date);
    return (await store.getYear(trx, companyId, id))!;
  }

  async #period(trx: Db, companyId: number, fiscalYearId: number, periodId: number): Promise<store.FiscalPeriodRow> {
    const period = await store.getPeriod(trx, companyId, periodId);
    if (!period || Number(period.fiscal_year_id) !== fiscalYearId) throw notFound('Fiscal period');
    await this.#locks.holdPeriodsIn(trx, companyId, period.start_date, period.end_date);
    return (await store.getPeriod(trx, companyId, periodId))!;
  }
}

/** The company's periods, each with what a posting's checks need of it and of its year. */
function periodsWithYears(db: Db, companyId: number) {
  return db
    .selectFrom('fiscal_periods as p')
    .innerJoin('fiscal_years as y', (join) =>
      join.onRef('y.id', '=', 'p.fiscal_year_id').on('y.company_id', '=', companyId),
    )
    .select([
      'p.id as period_id',
      'p.closed as period_closed',
      'y.id as year_id',
      'y.closed as year_closed',
      'y.start_date',
      'y.end_date',
    ])
    .where('p.company_id', '=', companyId);
}
