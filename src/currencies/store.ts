// SQL of the euro reference rates (a global table: the same published rates for every company).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { EuroRatesDay } from './ecb.ts';

export interface CurrencyRateRow {
  rate_day: string;
  currency: string;
  /** Units of the currency per one euro, exact decimal text. */
  rate: string;
}

declare module '../db/types.ts' {
  interface Database {
    currency_rates: CurrencyRateRow;
  }
}

const BATCH_ROWS = 500;

/** Writes the rates of some days; a rate already stored for a day and currency is replaced. Answers the rows written. */
export async function upsertRates(db: Db, days: EuroRatesDay[]): Promise<number> {
  const rows = days.flatMap(({ day, rates }) =>
    rates.map((r) => ({ rate_day: day, currency: r.currency, rate: r.rate })),
  );
  for (let at = 0; at < rows.length; at += BATCH_ROWS) {
    await db
      .insertInto('currency_rates')
      .values(rows.slice(at, at + BATCH_ROWS))
      .onConflict((oc) => oc.columns(['currency', 'rate_day']).doUpdateSet({ rate: (eb) => eb.ref('excluded.rate') }))
      .execute();
  }
  return rows.length;
}

/**
 * The latest day from `earliest` (when given) to `latest` on which every one of `currencies` has a rate, with
 * those rates; undefined when there is none.
 */
export async function ratesOnLatestDay(
  db: Db,
  currencies: string[],
  latest: string,
  earliest: string | undefined,
): Promise<{ day: string; rates: Map<string, string> } | undefined> {
  let days = db
    .selectFrom('currency_rates')
    .select('rate_day')
    .where('currency', 'in', currencies)
    .where('rate_day', '<=', latest)
    .groupBy('rate_day')
    .having(sql<number>`count(*)`, '=', currencies.length)
    .orderBy('rate_day', 'desc')
    .limit(1);
  if (earliest !== undefined) days = days.where('rate_day', '>=', earliest);
  const found = await days.executeTakeFirst();
  if (!found) return undefined;
  const rows = await db
    .selectFrom('currency_rates')
    .select(['currency', 'rate'])
    .where('rate_day', '=', found.rate_day)
    .where('currency', 'in', currencies)
    .execute();
  return { day: found.rate_day, rates: new Map(rows.map((r) => [r.currency, r.rate])) };
}

/** The latest day with any rate on or before `latest`. */
export async function latestRateDay(db: Db, latest: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('currency_rates')
    .select((eb) => eb.fn.max('rate_day').as('day'))
    .where('rate_day', '<=', latest)
    .executeTakeFirst();
  return row?.day ?? undefined;
}

/** Every rate of one day. */
export async function ratesOn(db: Db, day: string): Promise<CurrencyRateRow[]> {
  return db.selectFrom('currency_rates').selectAll().where('rate_day', '=', day).orderBy('currency').execute();
}

/** How much is stored: days, first and last day, currencies. */
export async function rateCoverage(
  db: Db,
): Promise<{ days: number; firstDay: string | null; lastDay: string | null; currencies: number }> {
  const row = await db
    .selectFrom('currency_rates')
    .select((eb) => [
      eb.fn.count<string>('rate_day').distinct().as('days'),
      eb.fn.min('rate_day').as('firstDay'),
      eb.fn.max('rate_day').as('lastDay'),
      eb.fn.count<string>('currency').distinct().as('currencies'),
    ])
    .executeTakeFirstOrThrow();
  return {
    days: Number(row.days),
    firstDay: row.firstDay ?? null,
    lastDay: row.lastDay ?? null,
    currencies: Number(row.currencies),
  };
}
