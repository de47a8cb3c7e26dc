// SQL of authenticator sessions.
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';

export interface AuthenticatorSessionRow {
  id: string;
  secret_digest: string;
  csrf_token: string;
  user_id: number;
  /** A digest of the user's password hash when the session began: another password ends the session. */
  password_stamp: string | null;
  created_at: string;
  expires_at: string;
  /** When the session was confirmed with the second factor; null while only the password was given. */
  factor_at: string | null;
}

export interface FactorRow {
  id: string;
  user_id: number;
  kind: 'TOTP';
  /** The TOTP secret in base32 (the authenticator app holds the same). */
  secret: string;
  /** The last TOTP time step accepted: a code is taken once, and never one older than the last. */
  last_step: number;
  created_at: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: string | null;
}

interface RecoveryCodeRow {
  code_digest: string;
  user_id: number;
  created_at: string;
  used_at: string | null;
}

declare module '../db/types.ts' {
  interface Database {
    authenticator_sessions: AuthenticatorSessionRow;
    authenticator_factors: FactorRow;
    authenticator_recovery_codes: RecoveryCodeRow;
  }
}

export async function insertSession(db: Db, row: AuthenticatorSessionRow): Promise<void> {
  await db.insertInto('authenticator_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<AuthenticatorSessionRow | undefined> {
  return db.selectFrom('authenticator_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('authenticator_sessions').where('id', '=', id).execute();
}

/** Marks a session confirmed with the second factor and extends it. */
export async function confirmSession(db: Db, id: string, at: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('authenticator_sessions')
    .set({ factor_at: at, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function factorsOf(db: Db, userId: number): Promise<FactorRow[]> {
  return db.selectFrom('authenticator_factors').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Starts an enrolment: the user's earlier enrolment under way, if any, is dropped. */
export async function insertPendingFactor(db: Db, row: FactorRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('authenticator_factors')
      .where('user_id', '=', row.user_id)
      .where('confirmed_at', 'is', null)
      .execute();
    await trx.insertInto('authenticator_factors').values(row).execute();
  });
}

/**
 * Takes the TOTP step of a code once: the step is recorded only if it is later than the last one accepted
 * (compare-and-set, so two requests with the same code cannot both pass). Answers whether this one won.
 */
export async function takeStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const won = await db
    .updateTable('authenticator_factors')
    .set({ last_step: step })
    .where('id', '=', factorId)
    .where('last_step', '<', step)
    .returning('id')
    .executeTakeFirst();
  return won !== undefined;
}

/**
 * Confirms an enrolment: it replaces the user's earlier factor of its kind. With `recoveryDigests`, the user's
 * recovery codes are replaced too. One transaction, so a half enrolment is never left.
 */
export async function confirmFactor(
  db: Db,
  factor: FactorRow,
  at: string,
  recoveryDigests: string[] | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('authenticator_factors')
      .where('user_id', '=', factor.user_id)
      .where('kind', '=', factor.kind)
      .where('id', '<>', factor.id)
      .execute();
    await trx.updateTable('authenticator_factors').set({ confirmed_at: at }).where('id', '=', factor.id).execute();
    if (recoveryDigests) {
      await trx.deleteFrom('authenticator_recovery_codes').where('user_id', '=', factor.user_id).execute();
      await trx
        .insertInto('authenticator_recovery_codes')
        .values(
          recoveryDigests.map((code_digest) => ({
            code_digest,
            user_id: factor.user_id,
            created_at: at,
            used_at: null,
          })),
        )
        .execute();
    }
  });
}

/** Uses up a recovery code of the user; answers whether it was there and unused (at most one request wins). */
export async function useRecoveryCode(db: Db, userId: number, codeDigest: string, at: string): Promise<boolean> {
  const used = await db
    .updateTable('authenticator_recovery_codes')
    .set({ used_at: at })
    .where('code_digest', '=', codeDigest)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('code_digest')
    .executeTakeFirst();
  return used !== undefined;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('authenticator_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes every factor, recovery code and session of a user (the administrator's reset). */
export async function resetFactors(
  db: Db,
  userId: number,
): Promise<{ factors: number; recoveryCodes: number; sessions: number }> {
  return db.transaction().execute(async (trx) => {
    const factors = await trx.deleteFrom('authenticator_factors').where('user_id', '=', userId).executeTakeFirst();
    const codes = await trx.deleteFrom('authenticator_recovery_codes').where('user_id', '=', userId).executeTakeFirst();
    const sessions = await trx.deleteFrom('authenticator_sessions').where('user_id', '=', userId).executeTakeFirst();
    return { factors: deletedRows(factors), recoveryCodes: deletedRows(codes), sessions: deletedRows(sessions) };
  });
}

/**
 * Deletes up to `batch.limit` expired authenticator sessions (housekeeping, src/housekeeping/task.ts): a session
 * is refused from its expiry on, so nothing needs it after that. Answers how many went.
 */
export async function purgeExpired(db: Db, batch: PurgeBatch): Promise<number> {
  const result = await db
    .deleteFrom('authenticator_sessions')
    .where(
      'id',
      'in',
      purgeCandidates(
        db.selectFrom('authenticator_sessions').select('id').where('expires_at', '<=', isoDateTime(batch.now)),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
