// Writes of identities: users, their memberships in companies, OAuth clients and API keys. These tables belong
// to this area, and every change to them (by the admin commands, the login pages, PUT /users or the person
// register) goes through here, as does the one rule of locking a user out after wrong passwords.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import { findUserByName, type ApiKeyRow, type CompanyUserRow, type OAuthClientRow, type UserRow } from './store.ts';

/** Wrong passwords in a row that lock a user out, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_SECONDS = 15 * 60;

let decoyHash: Promise<string> | undefined;

export type PasswordCheck =
  { outcome: 'ok'; user: UserRow } | { outcome: 'wrong' } | { outcome: 'locked'; until: string };

/**
 * Checks a username and password (for the login page and the authenticator). An unknown user costs the same
 * work as a real one, so timing does not tell which usernames exist; the MAX_FAILED_LOGINS-th wrong password
 * in a row locks the user for LOCK_SECONDS; a right one clears the count.
 */
export async function checkPassword(db: Db, username: string, password: string, now: Date): Promise<PasswordCheck> {
  const user = await findUserByName(db, username);
  if (!user || !user.password_hash) {
    await verifyPassword(password, await (decoyHash ??= hashPassword(randomBytes(12).toString('hex'))));
    return { outcome: 'wrong' };
  }
  if (user.locked_until && parseDateTime(user.locked_until).getTime() > now.getTime())
    return { outcome: 'locked', until: user.locked_until };
  if (!(await verifyPassword(password, user.password_hash))) {
    const row = await db
      .updateTable('users')
      .set({ failed_logins: sql`failed_logins + 1` })
      .where('user_id', '=', user.user_id)
      .returning('failed_logins')
      .executeTakeFirst();
    if (Number(row?.failed_logins ?? 0) >= MAX_FAILED_LOGINS) {
      const until = isoDateTime(new Date(now.getTime() + LOCK_SECONDS * 1000));
      await db
        .updateTable('users')
        .set({ locked_until: until, failed_logins: 0 })
        .where('user_id', '=', user.user_id)
        .execute();
      return { outcome: 'locked', until };
    }
    return { outcome: 'wrong' };
  }
  if (user.failed_logins > 0 || user.locked_until) {
    await db
      .updateTable('users')
      .set({ locked_until: null, failed_logins: 0 })
      .where('user_id', '=', user.user_id)
      .execute();
  }
  return { outcome: 'ok', user };
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export type UserChanges = Partial<
  Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'mobile_phone' | 'details' | 'api_login_only' | 'version'>
>;

export async function updateUser(db: Db, userId: number, changes: UserChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('user_id', '=', userId).execute();
}

/** A new password: also ends a lock-out and the count of wrong passwords. */
export async function setPasswordHash(db: Db, userId: number, hash: string, now: Date, version: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: isoDateTime(now), failed_logins: 0, locked_until: null, version })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertMembership(db: Db, row: CompanyUserRow): Promise<void> {
  await db.insertInto('company_users').values(row).execute();
}

export async function updateMembership(
  db: Db,
  companyId: number,
  userId: number,
  changes: Partial<Pick<CompanyUserRow, 'role' | 'rights' | 'active' | 'partner_id'>>,
): Promise<void> {
  await db
    .updateTable('company_users')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function insertClient(db: Db, row: OAuthClientRow): Promise<void> {
  await db.insertInto('oauth_clients').values(row).execute();
}

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** Revokes the API keys of a user in a company (or the one key `id`); answers how many were still valid. */
export async function revokeApiKeys(
  db: Db,
  companyId: number,
  at: string,
  which: { userId: number } | { id: number },
): Promise<number> {
  let query = db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null);
  query = 'id' in which ? query.where('id', '=', which.id) : query.where('user_id', '=', which.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
