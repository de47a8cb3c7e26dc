// What the checks of postings read — the periods of their dates, their accounts, dimension items and partners — in
// at most one statement:
// - PostgreSQL: one query (`factTables`, which the posting statement embeds), which also holds the periods and
//   their years (FOR SHARE) until the posting commits, so a closing cannot slip in between; the accounts, items and
//   partners the drafts name are looked up by their keys.
// - SQLite: from per-process caches of the company's periods, accounts and dimension items and of the partners
//   seen, exact there (src/db/read-cache.ts: writers are serialised, another process's commit is noticed, and a
//   rollback forgets what was read since). Read again only after one of their tables was written.
import { sql } from 'kysely';
import type { Db, Engine } from '../db/index.ts';
import type { ChangeStamps } from '../db/changes.ts';
import { ReadCache } from '../db/read-cache.ts';
import type { PeriodOfDate } from '../fiscal/index.ts';

export interface DimensionItemFact {
  dimensionId: number;
  active: boolean;
}

export interface PostingFacts {
  /** By date: the period holding it, with its year; undefined when no fiscal year holds it. */
  periods: Map<string, PeriodOfDate | undefined>;
  /** The named accounts that exist: number → active. */
  accounts: Map<string, boolean>;
  /** The named dimension items that exist. */
  items: Map<number, DimensionItemFact>;
  /** The named partners that exist. */
  partners: Set<number>;
}

export interface FactsWanted {
  dates: readonly string[];
  accounts: readonly string[];
  items: readonly number[];
  partners: readonly number[];
}

interface CompanyFacts {
  periods: (PeriodOfDate & { period_start: string; period_end: string })[];
  accounts: Map<string, boolean>;
  items: Map<number, DimensionItemFact>;
}

const COMPANY_TABLES = ['fiscal_periods', 'fiscal_years', 'accounts', 'dimension_items'];

const periodColumns = [
  'p.id as period_id',
  'p.closed as period_closed',
  'y.id as year_id',
  'y.closed as year_closed',
  'y.start_date',
  'y.end_date',
] as const;

export class PostingChecks {
  readonly #engine: Engine;
  readonly #company: ReadCache<CompanyFacts>;
  readonly #partners: ReadCache<true>;

  constructor(engine: Engine, changes: ChangeStamps) {
    this.#engine = engine;
    this.#company = new ReadCache(changes, COMPANY_TABLES, 1_000);
    this.#partners = new ReadCache(changes, ['business_partners'], 100_000);
  }

  async facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    return this.#engine === 'postgres' ? queried(trx, companyId, wanted) : this.#cached(trx, companyId, wanted);
  }

  async #cached(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    const company = (await this.#company.get(String(companyId), () => companyFacts(trx, companyId)))!;
    const partners = new Set<number>();
    const unknown: number[] = [];
    for (const id of wanted.partners) {
      if (this.#partners.peek(`${companyId}:${id}`)) partners.add(id);
      else unknown.push(id);
    }
    if (unknown.length > 0) {
      const found = await trx
        .selectFrom('business_partners')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', unknown)
        .execute();
      for (const { id } of found) {
        partners.add(Number(id));
        await this.#partners.get(`${companyId}:${Number(id)}`, () => Promise.resolve(true));
      }
    }
    const periods = new Map<string, PeriodOfDate | undefined>();
    for (const date of wanted.dates)
      periods.set(
        date,
        company.periods.find((p) => p.period_start <= date && p.period_end >= date),
      );
    return {
      periods,
      accounts: company.accounts,
      items: company.items,
      partners,
    };
  }
}

async function companyFacts(trx: Db, companyId: number): Promise<CompanyFacts> {
  const [periods, accounts, items] = await Promise.all([
    trx
      .selectFrom('fiscal_periods as p')
      .innerJoin('fiscal_years as y', (join) =>
        join.onRef('y.id', '=', 'p.fiscal_year_id').on('y.company_id', '=', companyId),
      )
      .select([...periodColumns, 'p.start_date as period_start', 'p.end_date as period_end'])
      .where('p.company_id', '=', companyId)
      .execute(),
    trx.selectFrom('accounts').select(['number', 'active']).where('company_id', '=', companyId).execute(),
    trx
      .selectFrom('dimension_items')
      .select(['id', 'dimension_id', 'status'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  return {
    periods,
    accounts: new Map(accounts.map((a) => [a.number, Boolean(a.active)])),
    items: new Map(
      items.map((i) => [Number(i.id), { dimensionId: Number(i.dimension_id), active: i.status === 'ACTIVE' }]),
    ),
  };
}

/**
 * PostgreSQL: the common table expressions that read the facts, for a statement of the form
 * `with ${factTables(…)}, … select ${FACT_COLUMNS}, …`: `periods` (a date's period and year, held FOR SHARE),
 * `found_accounts`, `found_items`, `found_partners`. Every lookup goes by key from the wanted values, so that the
 * plan a prepared statement keeps does not depend on how many there are.
 */
export function factTables(companyId: number, wanted: FactsWanted) {
  return sql`periods as materialized (select d.date, f.* from unnest(cast(${[...wanted.dates]} as text[])) d(date)
      cross join lateral (select p.id as period_id, p.closed as period_closed, y.id as year_id,
          y.closed as year_closed, y.start_date, y.end_date
        from fiscal_periods p join fiscal_years y on y.company_id = ${companyId} and y.id = p.fiscal_year_id
        where p.company_id = ${companyId} and p.start_date <= d.date and p.end_date >= d.date
        limit 1 for share of p, y) f),
    found_accounts as materialized (select a.number, a.active from unnest(cast(${[...wanted.accounts]} as text[])) w(number)
      join accounts a on a.company_id = ${companyId} and a.number = w.number),
    found_items as materialized (select i.id, i.dimension_id, i.status from unnest(cast(${[...wanted.items]} as bigint[])) w(id)
      join dimension_items i on i.company_id = ${companyId} and i.id = w.id),
    found_partners as materialized (select b.id from unnest(cast(${[...wanted.partners]} as bigint[])) w(id)
      join business_partners b on b.company_id = ${companyId} and b.id = w.id)`;
}

/** The facts `factTables` read, as JSON columns (what `factsOf` takes). */
export const FACT_COLUMNS = sql`(select json_agg(row_to_json(periods)) from periods) as periods,
  (select json_agg(json_build_array(number, active)) from found_accounts) as accounts,
  (select json_agg(json_build_array(id, dimension_id, status)) from found_items) as items,
  (select json_agg(id) from found_partners) as partners`;

/** What `FACT_COLUMNS` answer (null for an empty list). */
export interface FoundFacts {
  periods: (PeriodOfDate & { date: string })[] | null;
  accounts: [string, boolean][] | null;
  items: [number, number, string][] | null;
  partners: number[] | null;
}

/** PostgreSQL: one statement. */
async function queried(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
  const found = await sql<FoundFacts>`with ${factTables(companyId, wanted)} select ${FACT_COLUMNS}`.execute(trx);
  return factsOf(found.rows[0], wanted.dates);
}

/** The facts from what `FACT_COLUMNS` found; a wanted date without a period maps to undefined. */
export function factsOf(found: FoundFacts, dates: readonly string[]): PostingFacts {
  const periods = new Map<string, PeriodOfDate | undefined>(dates.map((date) => [date, undefined]));
  for (const { date, ...period } of found.periods ?? []) periods.set(date, period);
  return {
    periods,
    accounts: new Map((found.accounts ?? []).map(([number, active]) => [number, active])),
    items: new Map(
      (found.items ?? []).map(([id, dimensionId, status]) => [
        Number(id),
        { dimensionId: Number(dimensionId), active: status === 'ACTIVE' },
      ]),
    ),
    partners: new Set((found.partners ?? []).map(Number)),
  };
}
