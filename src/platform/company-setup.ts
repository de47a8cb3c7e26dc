// Company setup, declared: each area may contribute one idempotent step (`initCompany` in its descriptor), and
// the steps run in module-list order. One runner serves both cases: a new company (inside its creating
// transaction) and companies that existed before a step did (the backfill, run when the service starts).
//
// The backfill remembers in service_settings which steps every company has had, so a start with nothing new to
// do costs one read. When a step is new it visits every company once, a transaction per company; on PostgreSQL
// the company row is locked first, so two processes starting together set a company up once.
import type { AnyArea } from './area.ts';
import type { AppContext, CompanySetup } from './context.ts';

const DONE_SETTING = 'company_setup_steps';
const PAGE = 500;

export function companySetup(areas: readonly AnyArea[], ctx: () => AppContext): CompanySetup {
  return {
    async company(trx, companyId) {
      for (const area of areas) await area.initCompany?.(trx, companyId, ctx());
    },
    async member(trx, member) {
      for (const area of areas) await area.initMember?.(trx, member, ctx());
    },
  };
}

/** Runs the company steps not yet run for every existing company; answers the names of the steps it ran. */
export async function backfillCompanySetup(areas: readonly AnyArea[], ctx: AppContext): Promise<string[]> {
  const db = ctx.db;
  const declared = areas.filter((a) => a.initCompany).map((a) => a.name);
  const stored = await db
    .selectFrom('service_settings')
    .select('value')
    .where('name', '=', DONE_SETTING)
    .executeTakeFirst();
  const done = new Set<string>(stored ? (JSON.parse(stored.value) as string[]) : []);
  const missing = areas.filter((a) => a.initCompany && !done.has(a.name));
  if (missing.length === 0) return [];
  for (let after = 0; ;) {
    const ids = await ctx.companies.ids(db, after, PAGE);
    for (const companyId of ids) {
      await db.transaction().execute(async (trx) => {
        if (ctx.engine === 'postgres') await ctx.companies.lock(trx, companyId);
        for (const area of missing) await area.initCompany!(trx, companyId, ctx);
      });
    }
    if (ids.length < PAGE) break;
    after = ids[ids.length - 1];
  }
  const value = JSON.stringify(declared);
  await db
    .insertInto('service_settings')
    .values({ name: DONE_SETTING, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
  return missing.map((a) => a.name);
}
