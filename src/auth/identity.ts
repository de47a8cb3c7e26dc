// Writes of identities: users, their memberships in companies, OAuth clients and API keys. These tables belong
// to this area, and every change to them (by the admin commands, the login pages, PUT /users or the person
// register) goes through here, as does the one check of a password (slowed after wrong ones, attempts.ts).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { isoDateTime } from '../platform/clock.ts';
import { reserveAttempt } from './attempts.ts';
import { hashPassword, needsRehash, verifyPassword } from './secrets.ts';
import { findUserByName, type ApiKeyRow, type CompanyUserRow, type OAuthClientRow, type UserRow } from './store.ts';

export { reserveSecondFactorAttempt } from './attempts.ts';

let decoy: string | undefined;

export type PasswordCheck =
  { outcome: 'ok'; user: UserRow } | { outcome: 'wrong' } | { outcome: 'slowed'; until: string };

/** A hash of a random password at the current parameters: unknown users cost what known ones do. */
async function decoyHash(): Promise<string> {
  if (decoy === undefined || needsRehash(decoy)) decoy = await hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}

/**
 * Checks a username and password from a client address (the login page, the authenticator, the activation
 * page). Attempts are counted before the password is checked and slowed by the rule of attempts.ts; an
 * unknown user, a user without a password and a wrong password cost the same work (a scrypt hash against a
 * decoy) and get the same answer, so neither the answer nor its time tells which usernames exist.
 */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
  now: Date,
  address: string,
): Promise<PasswordCheck> {
  const reservation = await reserveAttempt(db, username, address, now);
  if (!reservation.ok) return { outcome: 'slowed', until: reservation.until };
  const user = await findUserByName(db, username);
  const hash = user?.password_hash || (await decoyHash());
  const verified = await verifyPassword(password, hash);
  const known = user?.password_hash ? user : undefined;
  await reservation.release(verified && !!known);
  if (!verified || !known) return { outcome: 'wrong' };
  if (needsRehash(known.password_hash!)) return { outcome: 'ok', user: await rehash(db, known, password) };
  return { outcome: 'ok', user: known };
}

/**
 * Replaces a hash of older parameters with one of the current ones, now that the password is at hand (the only
 * time it is). Only if the hash is still the one checked: a password set meanwhile wins. The password is the
 * same, but its hash differs, so the authenticator's sessions of the old hash end once.
 */
async function rehash(db: Db, user: UserRow, password: string): Promise<UserRow> {
  const hash = await hashPassword(password);
  const updated = await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('user_id', '=', user.user_id)
    .where('password_hash', '=', user.password_hash)
    .returning('user_id')
    .executeTakeFirst();
  return updated ? { ...user, password_hash: hash } : user;
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

/** A new password (the authenticator's sessions from before it end: src/authenticator/service.ts). */
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
