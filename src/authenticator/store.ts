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
  /**
   * The TOTP secret (the authenticator app holds the same), sealed with AES-256-GCM (sealed-secret.ts); rows
   * written before that hold it in base32 until their next use.
   */
  secret: string;
  /** The last TOTP time step accepted: a code is taken once, and never one older than the last. */
  last_step: number;
  created_at: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: string | null;
}

export interface PasskeyRow {
  id: string;
  user_id: number;
  /** The credential id the authenticator chose, base64url. */
  credential_id: string;
  /** The credential's public key (COSE), base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen: an assertion must show a greater one (or both zero). */
  sign_count: number;
  /** JSON array of the transports the browser reported (usb, internal, hybrid, …), hints for the next ceremony. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed to a session: taken once, by the ceremony it was made for, before it expires. */
export interface ChallengeRow {
  id: string;
  session_id: string;
  user_id: number;
  ceremony: 'REGISTRATION' | 'AUTHENTICATION';
  challenge: string;
  created_at: string;
  expires_at: string;
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
    authenticator_passkeys: PasskeyRow;
    authenticator_challenges: ChallengeRow;
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

/** Writes a TOTP secret anew (in its encrypted form, when an older row still held it in plain text). */
export async function rewriteFactorSecret(db: Db, factorId: string, plain: string, sealed: string): Promise<void> {
  await db
    .updateTable('authenticator_factors')
    .set({ secret: sealed })
    .where('id', '=', factorId)
    .where('secret', '=', plain)
    .execute();
}

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('authenticator_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function passkeyCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('authenticator_passkeys')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A passkey of the user by its credential id: another user's credential is not found. */
export async function findPasskey(db: Db, userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('authenticator_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * Records a new passkey; with `recoveryDigests` (the user's first factor), their recovery codes are replaced in
 * the same transaction. Answers false when the credential is registered already (to anyone).
 */
export async function insertPasskey(db: Db, row: PasskeyRow, recoveryDigests: string[] | undefined): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('authenticator_passkeys')
      .select('id')
      .where('credential_id', '=', row.credential_id)
      .executeTakeFirst();
    if (taken) return false;
    await trx.insertInto('authenticator_passkeys').values(row).execute();
    if (recoveryDigests) {
      await trx.deleteFrom('authenticator_recovery_codes').where('user_id', '=', row.user_id).execute();
      await trx
        .insertInto('authenticator_recovery_codes')
        .values(
          recoveryDigests.map((code_digest) => ({
            code_digest,
            user_id: row.user_id,
            created_at: row.created_at,
            used_at: null,
          })),
        )
        .execute();
    }
    return true;
  });
}

/**
 * Records the counter of an accepted assertion: compare-and-set on the counter read before the check, so of two
 * requests with the same assertion at most one wins. Answers whether this one did.
 */
export async function takeSignCount(db: Db, passkey: PasskeyRow, count: number, at: string): Promise<boolean> {
  const won = await db
    .updateTable('authenticator_passkeys')
    .set({ sign_count: count, last_used_at: at })
    .where('id', '=', passkey.id)
    .where('sign_count', '=', passkey.sign_count)
    .where('last_used_at', passkey.last_used_at === null ? 'is' : '=', passkey.last_used_at)
    .returning('id')
    .executeTakeFirst();
  return won !== undefined;
}

export async function deletePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('authenticator_passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deletedRows(result) > 0;
}

/** Hands a session a new challenge for a ceremony: its earlier one of that ceremony, if any, is dropped. */
export async function insertChallenge(db: Db, row: ChallengeRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('authenticator_challenges')
      .where('session_id', '=', row.session_id)
      .where('ceremony', '=', row.ceremony)
      .execute();
    await trx.insertInto('authenticator_challenges').values(row).execute();
  });
}

/**
 * Takes the session's challenge of a ceremony: deleted as it is read, so an answer to it is checked once (a
 * replayed one finds no challenge). Answers it only if it had not expired.
 */
export async function takeChallenge(
  db: Db,
  sessionId: string,
  ceremony: ChallengeRow['ceremony'],
  now: string,
): Promise<ChallengeRow | undefined> {
  const rows = await db
    .deleteFrom('authenticator_challenges')
    .where('session_id', '=', sessionId)
    .where('ceremony', '=', ceremony)
    .returningAll()
    .execute();
  return rows.find((r) => r.expires_at > now);
}

/** Removes every factor, passkey, recovery code and session of a user (the administrator's reset). */
export async function resetFactors(
  db: Db,
  userId: number,
): Promise<{ factors: number; passkeys: number; recoveryCodes: number; sessions: number }> {
  return db.transaction().execute(async (trx) => {
    const factors = await trx.deleteFrom('authenticator_factors').where('user_id', '=', userId).executeTakeFirst();
    const passkeys = await trx.deleteFrom('authenticator_passkeys').where('user_id', '=', userId).executeTakeFirst();
    await trx.deleteFrom('authenticator_challenges').where('user_id', '=', userId).execute();
    const codes = await trx.deleteFrom('authenticator_recovery_codes').where('user_id', '=', userId).executeTakeFirst();
    const sessions = await trx.deleteFrom('authenticator_sessions').where('user_id', '=', userId).executeTakeFirst();
    return {
      factors: deletedRows(factors),
      passkeys: deletedRows(passkeys),
      recoveryCodes: deletedRows(codes),
      sessions: deletedRows(sessions),
    };
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

/**
 * Deletes up to `batch.limit` unfinished enrolments of an authenticator app (housekeeping): a pending TOTP factor
 * started before `startedBefore` can no longer be confirmed (see ENROLMENT_SECONDS in service.ts).
 */
export async function purgeUnfinishedEnrolments(db: Db, batch: PurgeBatch, startedBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('authenticator_factors')
    .where(
      'id',
      'in',
      purgeCandidates(
        db
          .selectFrom('authenticator_factors')
          .select('id')
          .where('confirmed_at', 'is', null)
          .where('created_at', '<=', startedBefore),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}

/** Deletes up to `batch.limit` expired WebAuthn challenges (housekeeping): a ceremony never finished. */
export async function purgeExpiredChallenges(db: Db, batch: PurgeBatch): Promise<number> {
  const result = await db
    .deleteFrom('authenticator_challenges')
    .where(
      'id',
      'in',
      purgeCandidates(
        db.selectFrom('authenticator_challenges').select('id').where('expires_at', '<=', isoDateTime(batch.now)),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
