// The company's group life insurance rate by calendar year: stored when the company sets its own, else the
// usual rate of the year (src/domain/payroll/group-life.ts). Slips take the rate of their payday's year unless
// the list entry gives the employee's own.
import { allocateId, insertOrUpdateTransaction, type Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { defaultGroupLifePercent } from '../../domain/payroll/group-life.ts';
import type { AppContext } from '../../platform/context.ts';
import { nextVersion } from '../../platform/clock.ts';
import type { GroupLifeInsuranceRateWire } from './schemas.ts';

interface GroupLifeInsuranceRateRow {
  company_id: number;
  id: number;
  year: number;
  /** Exact decimal text. */
  percent: string;
  version: string;
}

declare module '../../db/types.ts' {
  interface Database {
    group_life_insurance_rates: GroupLifeInsuranceRateRow;
  }
}

/** The company's group life insurance rates: its own of each year it set, the usual rate of the others. */
export interface GroupLifeRates {
  percentOf(year: number): Decimal;
}

/** The rates of a company, read once (a batch of slips asks for them per payday). */
export async function groupLifeRates(db: Db, companyId: number): Promise<GroupLifeRates> {
  const rows = await db
    .selectFrom('group_life_insurance_rates')
    .select(['year', 'percent'])
    .where('company_id', '=', companyId)
    .execute();
  const own = new Map(rows.map((r) => [Number(r.year), new Decimal(r.percent)]));
  return { percentOf: (year) => own.get(year) ?? defaultGroupLifePercent(year) };
}

/** The rate of a payday's year. */
export const groupLifePercentOn = (rates: GroupLifeRates, payday: string) =>
  rates.percentOf(Number(payday.slice(0, 4)));

/** Sets the company's rate of a year (replacing one set before); slips calculated from now on use it. */
export async function setGroupLifeRate(
  ctx: AppContext,
  companyId: number,
  body: GroupLifeInsuranceRateWire,
): Promise<GroupLifeInsuranceRateWire> {
  return insertOrUpdateTransaction(ctx.db, async (trx) => {
    const current = await trx
      .selectFrom('group_life_insurance_rates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('year', '=', body.year)
      .executeTakeFirst();
    const version = nextVersion(ctx.clock.now(), current?.version);
    const percent = body.groupLifeInsurancePercent.toFixed();
    if (current)
      await trx
        .updateTable('group_life_insurance_rates')
        .set({ percent, version })
        .where('company_id', '=', companyId)
        .where('id', '=', current.id)
        .execute();
    else
      await trx
        .insertInto('group_life_insurance_rates')
        .values({
          company_id: companyId,
          id: await allocateId(trx, companyId, 'group_life_insurance_rates'),
          year: body.year,
          percent,
          version,
        })
        .execute();
    return { year: body.year, groupLifeInsurancePercent: new Decimal(percent), version };
  });
}
