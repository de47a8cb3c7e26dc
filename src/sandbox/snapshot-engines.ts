// The one place the sandbox chooses how a company's rows are copied and put back: each engine's statements live
// in a file of their own (snapshot-sqlite.ts, snapshot-postgres.ts) behind CompanySnapshots.
import type { AppContext } from '../platform/context.ts';
import { CompanySnapshots } from './snapshots.ts';
import { sqliteSnapshots } from './snapshot-sqlite.ts';
import { postgresSnapshots } from './snapshot-postgres.ts';

export function companySnapshots(ctx: AppContext, tables: readonly string[]): CompanySnapshots {
  return new CompanySnapshots(ctx.db, ctx.engine === 'postgres' ? postgresSnapshots : sqliteSnapshots, tables);
}
