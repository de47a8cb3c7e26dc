import { sql } from 'kysely';
import type { Db } from './index.ts';

/**
 * The ids of companies after `after`, at most `limit`, in order: the one read across companies, of the ids of the
 * tenant register only (housekeeping, the company-setup backfill). Raw SQL naming company_id, which the
 * company-scope guard lets through (as it does the webhook queue's claim).
 */
export async function companyIds(db: Db, after: number, limit: number): Promise<number[]> {
  const result = await sql<{
    company_id: number | string;
  }>`select company_id from companies where company_id > ${after} order by company_id limit ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.company_id));
}
