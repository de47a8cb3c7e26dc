// What the checks of a posting read — the period of its date, its accounts, dimension items and partners — in at
// most one statement:
// - PostgreSQL: one query, which also holds the period and its year (FOR SHARE) until the posting commits, so a
//   closing cannot slip in between; subqueries bring the accounts, items and partners the draft names.
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
  /** The period holding the date, with its year; undefined when no fiscal year holds it. */
  period: PeriodOfDate | undefined;
  /** The named accounts that exist: number → active. */
  accounts: Map<string, boolean>;
  /** The named dimension items that exist. */
  items: Map<number, DimensionItemFact>;
  /** The named partners that exist. */
  partners: Set<number>;
}

export interface FactsWanted {
  date: string;
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
    return {
      period: company.periods.find((p) => p.period_start <= wanted.date && p.period_end >= wanted.date),
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

/** PostgreSQL: one statement (two when no period holds the date, an error anyway). */
async function queried(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
  const named = {
    accounts: sql<[string, boolean][] | null>`(select json_agg(json_build_array(a.number, a.active))
      from accounts a where a.company_id = ${companyId} and a.number = any(${[...wanted.accounts]}))`,
    items: sql<[number, number, string][] | null>`(select json_agg(json_build_array(i.id, i.dimension_id, i.status))
      from dimension_items i where i.company_id = ${companyId} and i.id = any(${[...wanted.items]}))`,
    partners: sql<number[] | null>`(select json_agg(b.id)
      from business_partners b where b.company_id = ${companyId} and b.id = any(${[...wanted.partners]}))`,
  };
  const row = await trx
    .selectFrom('fiscal_periods as p')
    .innerJoin('fiscal_years as y', (join) =>
      join.onRef('y.id', '=', 'p.fiscal_year_id').on('y.company_id', '=', companyId),
    )
    .select([...periodColumns, named.accounts.as('accounts'), named.items.as('items'), named.partners.as('partners')])
    .where('p.company_id', '=', companyId)
    .where('p.start_date', '<=', wanted.date)
    .where('p.end_date', '>=', wanted.date)
    .forShare(['p', 'y'])
    .executeTakeFirst();
  const found =
    row ??
    (await trx
      .selectNoFrom([named.accounts.as('accounts'), named.items.as('items'), named.partners.as('partners')])
      .executeTakeFirstOrThrow());
  return factsOf({
    period: row,
    accounts: found.accounts ?? [],
    items: found.items ?? [],
    partners: found.partners ?? [],
  });
}

/** The facts from what a query found, as JSON arrays: accounts [number, active], items [id, dimension, status]. */
export function factsOf(found: {
  period: PeriodOfDate | undefined;
  accounts: [string, boolean][];
  items: [number, number, string][];
  partners: number[];
}): PostingFacts {
  return {
    period: found.period,
    accounts: new Map(found.accounts.map(([number, active]) => [number, active])),
    items: new Map(
      found.items.map(([id, dimensionId, status]) => [
        Number(id),
        { dimensionId: Number(dimensionId), active: status === 'ACTIVE' },
      ]),
    ),
    partners: new Set(found.partners.map(Number)),
  };
}
