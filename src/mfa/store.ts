// SQL of two-factor transactions.
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';

export interface MfaTransactionRow {
  transaction_id: string;
  company_id: number;
  user_id: number;
  client_id: string;
  session_id: number;
  /** Action type (TwoFactorSpec.type). */
  type: string;
  /** `METHOD /path` of the endpoint that started it. */
  origin: string;
  result_field: string;
  summary: string;
  /** JSON array of lines. */
  details: string;
  /** JSON: what the action needs. */
  payload: string;
  api_version: string;
  status: string;
  failed: boolean | number;
  /** JSON result body once completed: `{<result_field>: {...}}`. */
  result: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** First read by a deprecated confirm endpoint (later ones answer 409). */
  confirm_read_at: string | null;
  keep_until: string;
}

declare module '../db/types.ts' {
  interface Database {
    mfa_transactions: MfaTransactionRow;
  }
}

export async function getTransaction(db: Db, transactionId: string): Promise<MfaTransactionRow | undefined> {
  return db.selectFrom('mfa_transactions').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
}

export async function insertTransaction(db: Db, row: MfaTransactionRow): Promise<void> {
  await db.insertInto('mfa_transactions').values(row).execute();
}

/** Moves a PENDING transaction to another state; answers whether this call did it. */
export async function settle(
  db: Db,
  transactionId: string,
  to: { status: 'COMPLETED' | 'REJECTED' | 'EXPIRED'; decided_at: string; failed?: boolean; result?: string | null },
  unexpiredAt?: string,
): Promise<boolean> {
  let query = db
    .updateTable('mfa_transactions')
    .set({ status: to.status, decided_at: to.decided_at, failed: to.failed ?? false, result: to.result ?? null })
    .where('transaction_id', '=', transactionId)
    .where('status', '=', 'PENDING');
  if (unexpiredAt) query = query.where('expires_at', '>', unexpiredAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setResult(db: Db, transactionId: string, result: string): Promise<void> {
  await db.updateTable('mfa_transactions').set({ result }).where('transaction_id', '=', transactionId).execute();
}

/** Records the first confirm-style read; answers whether this was it. */
export async function markConfirmRead(db: Db, transactionId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('mfa_transactions')
    .set({ confirm_read_at: at })
    .where('transaction_id', '=', transactionId)
    .where('confirm_read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PendingListing extends MfaTransactionRow {
  client_name: string | null;
}

/** A user's transactions waiting for a decision, in every company, oldest first. */
export async function pendingOfUser(db: Db, userId: number, now: string, limit: number): Promise<PendingListing[]> {
  const rows = await db
    .selectFrom('mfa_transactions as t')
    .leftJoin('oauth_clients as o', 'o.client_id', 't.client_id')
    .selectAll('t')
    .select(['o.name as client_name'])
    .where('t.user_id', '=', userId)
    .where('t.status', '=', 'PENDING')
    .where('t.expires_at', '>', now)
    .orderBy('t.created_at')
    .limit(limit)
    .execute();
  return rows;
}

/**
 * Deletes up to `batch.limit` transactions past their 24 hours (`keep_until`; a pending one expires after 5 minutes,
 * long before), which every read already treats as unknown (housekeeping, src/housekeeping/task.ts). Answers how
 * many went.
 */
export async function purgeExpired(db: Db, batch: PurgeBatch): Promise<number> {
  const result = await db
    .deleteFrom('mfa_transactions')
    .where(
      'transaction_id',
      'in',
      purgeCandidates(
        db.selectFrom('mfa_transactions').select('transaction_id').where('keep_until', '<=', isoDateTime(batch.now)),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
