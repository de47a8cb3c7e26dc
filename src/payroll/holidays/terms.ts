// The company's holiday terms of its collective agreement, stored by the day they take effect: the holiday bonus
// (lomaraha, a percentage of holiday pay, paid with the holiday or on a set month) and additional leave days
// (lisävapaa) earned in a credit year. The Annual Holidays Act knows neither; both come from the agreement
// (domain-facts §1.6), so each company sets its own, and the holiday rules read the terms of each credit year.
import { allocateIds, type Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { creditYearOf } from '../../domain/payroll/holidays.ts';
import type { AppContext } from '../../platform/context.ts';
import { nextVersion } from '../../platform/clock.ts';
import { Violations } from '../../platform/errors.ts';
import { checkVersion } from '../../platform/lock.ts';
import {
  Addition,
  DateString,
  DateTimeString,
  DecimalNumber,
  StringEnum,
  Type,
  type Static,
} from '../../platform/schema.ts';

interface HolidayTermsRow {
  company_id: number;
  id: number;
  valid_from: string;
  /** Exact decimal text. */
  holiday_bonus_percent: string;
  holiday_bonus_payment: string;
  holiday_bonus_month: number | null;
  additional_leave_days: number;
  holiday_bonus_on_compensation: boolean | number;
  /** The version of the whole set of terms (every row of a company carries the same). */
  version: string;
}

declare module '../../db/types.ts' {
  interface Database {
    payroll_holiday_terms: HolidayTermsRow;
  }
}

const HolidayTermsPeriod = Type.Object(
  {
    validFrom: DateString({ description: 'The day the terms take effect; they hold until the next period begins.' }),
    holidayBonusPercent: DecimalNumber({
      scale: 2,
      minimum: 0,
      maximum: 100,
      description: 'Holiday bonus (lomaraha), % of holiday pay; 0 when the agreement has none.',
    }),
    holidayBonusPayment: StringEnum(['WITH_HOLIDAY', 'ON_MONTH'], {
      description:
        'WITH_HOLIDAY: a list paying holiday days pays the bonus of as many days (unless it asks for ' +
        '`holidayBonusDays` itself). ON_MONTH: the list paid in `holidayBonusMonth` pays the bonus days left of ' +
        'the last credit year ended; other lists pay a bonus only when they ask for it.',
    }),
    holidayBonusMonth: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, format: 'int32', description: 'With ON_MONTH only: 1–12.' }),
    ),
    holidayBonusOnCompensation: Type.Optional(
      Type.Boolean({
        description:
          'Whether the agreement pays the holiday bonus on holiday compensation at the end of the employment too: ' +
          'the list paying the compensation (1530) then pays, for each credit year compensated, the holiday bonus ' +
          "days left of it (less those slips not approved reserve) as a holiday bonus (1520) row at the credit year's " +
          'percentage of a compensated day. False when not given (the Annual Holidays Act knows no bonus).',
      }),
    ),
    additionalLeaveDays: Type.Integer({
      minimum: 0,
      maximum: 30,
      format: 'int32',
      description: 'Additional leave days (lisävapaa) earned in a credit year with at least one full month.',
    }),
  },
  { title: 'HolidayTermsPeriod', additionalProperties: false },
);
type HolidayTermsPeriodWire = Static<typeof HolidayTermsPeriod>;

export const HolidayTerms = Addition(
  Type.Object(
    {
      periods: Type.Array(HolidayTermsPeriod, {
        minItems: 1,
        maxItems: 100,
        description: 'By `validFrom`, each day at most once. Before the first period the common terms hold.',
      }),
      version: Type.Optional(
        DateTimeString({
          description: 'Optimistic lock: when sent on PUT, the current version (none until terms are stored).',
        }),
      ),
    },
    { title: 'HolidayTerms', additionalProperties: false },
  ),
);
export type HolidayTermsWire = Static<typeof HolidayTerms>;

/** The terms of a credit year as the holiday rules read them. */
export interface HolidayTermsOfYear {
  holidayBonusPercent: Decimal;
  holidayBonusPayment: 'WITH_HOLIDAY' | 'ON_MONTH';
  holidayBonusMonth: number | null;
  additionalLeaveDays: number;
  holidayBonusOnCompensation: boolean;
}

/**
 * The common collective agreement terms: a holiday bonus of 50 % paid with the holiday (not on compensation), no
 * additional leave.
 */
const COMMON_TERMS: HolidayTermsOfYear = {
  holidayBonusPercent: new Decimal(50),
  holidayBonusPayment: 'WITH_HOLIDAY',
  holidayBonusMonth: null,
  additionalLeaveDays: 0,
  holidayBonusOnCompensation: false,
};
/** The day the common terms are answered from when a company has none of its own. */
const COMMON_TERMS_FROM = '2000-01-01';

/** A company's terms by the day they take effect, ascending. */
export class CompanyHolidayTerms {
  readonly #periods: readonly (HolidayTermsOfYear & { validFrom: string })[];
  constructor(periods: readonly (HolidayTermsOfYear & { validFrom: string })[]) {
    this.#periods = periods;
  }

  /** The terms in force on a day: of the latest period begun by then, else the common terms. */
  on(date: string): HolidayTermsOfYear {
    let found = COMMON_TERMS;
    for (const period of this.#periods) if (period.validFrom <= date) found = period;
    return found;
  }

  /** The terms of a credit year (1.4.Y–31.3.Y+1): those in force on its last day. */
  ofCreditYear(creditYear: number): HolidayTermsOfYear {
    return this.on(`${creditYear + 1}-03-31`);
  }

  /** The credit year whose holidays a list of a period pays: the last one ended before the period. */
  static creditYearPaidIn(periodStart: string): number {
    return creditYearOf(periodStart) - 1;
  }
}

function rowsOf(db: Db, companyId: number): Promise<HolidayTermsRow[]> {
  return db
    .selectFrom('payroll_holiday_terms')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('valid_from')
    .execute();
}

const periodOf = (row: HolidayTermsRow) => ({
  validFrom: row.valid_from,
  holidayBonusPercent: new Decimal(row.holiday_bonus_percent),
  holidayBonusPayment: row.holiday_bonus_payment as HolidayTermsOfYear['holidayBonusPayment'],
  holidayBonusMonth: row.holiday_bonus_month === null ? null : Number(row.holiday_bonus_month),
  additionalLeaveDays: Number(row.additional_leave_days),
  holidayBonusOnCompensation: Boolean(row.holiday_bonus_on_compensation),
});

/** The company's holiday terms as the holiday rules read them. */
export async function companyHolidayTerms(db: Db, companyId: number): Promise<CompanyHolidayTerms> {
  return new CompanyHolidayTerms((await rowsOf(db, companyId)).map(periodOf));
}

function toWire(period: HolidayTermsOfYear & { validFrom: string }): HolidayTermsPeriodWire {
  const wire: HolidayTermsPeriodWire = {
    validFrom: period.validFrom,
    holidayBonusPercent: period.holidayBonusPercent,
    holidayBonusPayment: period.holidayBonusPayment,
    additionalLeaveDays: period.additionalLeaveDays,
    holidayBonusOnCompensation: period.holidayBonusOnCompensation,
  };
  if (period.holidayBonusMonth !== null) wire.holidayBonusMonth = period.holidayBonusMonth;
  return wire;
}

/** GET and PUT of the terms: the stored periods, or the common terms from 2000 when the company has none. */
export class HolidayTermsSettings {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async get(companyId: number, db: Db = this.#ctx.db): Promise<HolidayTermsWire> {
    const rows = await rowsOf(db, companyId);
    if (rows.length === 0) return { periods: [toWire({ ...COMMON_TERMS, validFrom: COMMON_TERMS_FROM })] };
    return { periods: rows.map((row) => toWire(periodOf(row))), version: rows[0].version };
  }

  /** Replaces every period at once (all or nothing); later holiday figures and lists follow the new terms. */
  async replace(companyId: number, body: HolidayTermsWire): Promise<HolidayTermsWire> {
    const violations = new Violations();
    const seen = new Set<string>();
    body.periods.forEach((period, i) => {
      const at = `periods[${i}]`;
      if (seen.has(period.validFrom))
        violations.add('DUPLICATE_HOLIDAY_TERMS_DATE', `${at}.validFrom`, { date: period.validFrom });
      seen.add(period.validFrom);
      if ((period.holidayBonusPayment === 'ON_MONTH') !== (period.holidayBonusMonth !== undefined))
        violations.add('HOLIDAY_BONUS_MONTH', `${at}.holidayBonusMonth`);
    });
    violations.throwIfAny();
    const periods = [...body.periods].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    return this.#ctx.db.transaction().execute(async (trx) => {
      // The new rows' ids are taken first: the row of their counter stays locked until the commit, so on
      // PostgreSQL two replacements of one company's terms run one after the other (SQLite has one writer), and
      // each reads, checks the version of and deletes the terms the one before it wrote. Read first, two at once
      // both deleted the terms they had read and inserted theirs: a 500 on a repeated date, or both sets kept.
      const firstId = await allocateIds(trx, companyId, 'payroll_holiday_terms', periods.length);
      const current = await rowsOf(trx, companyId);
      if (current.length > 0) checkVersion(body.version, current[0].version);
      const version = nextVersion(this.#ctx.clock.now(), current[0]?.version);
      await trx.deleteFrom('payroll_holiday_terms').where('company_id', '=', companyId).execute();
      for (const [i, period] of periods.entries())
        await trx
          .insertInto('payroll_holiday_terms')
          .values({
            company_id: companyId,
            id: firstId + i,
            valid_from: period.validFrom,
            holiday_bonus_percent: period.holidayBonusPercent.toFixed(),
            holiday_bonus_payment: period.holidayBonusPayment,
            holiday_bonus_month: period.holidayBonusMonth ?? null,
            additional_leave_days: period.additionalLeaveDays,
            holiday_bonus_on_compensation: period.holidayBonusOnCompensation ?? false,
            version,
          })
          .execute();
      return this.get(companyId, trx);
    });
  }
}
