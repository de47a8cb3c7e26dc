// Wrong passwords slow their source down; they never lock the user out. OWASP's Authentication Cheat Sheet
// ("Account Lockout", "Protect Against Automated Attacks") warns that a hard lock per account lets anyone lock a
// known user out (a denial of service), and recommends counting failures and answering with an exponentially
// growing delay instead, with the same answer whether the account exists. So two counters, each counted before
// the password is checked (a reservation), so that concurrent attempts cannot overrun them:
//   - per username as typed and client address: FREE_PER_USER free attempts, then each further one waits
//     1, 2, 4, … seconds (at most MAX_DELAY_SECONDS) after the previous one;
//   - per client address alone (many usernames from one place): FREE_PER_ADDRESS free attempts, then the same
//     growing delay.
// The real user, from their own address, is not slowed by an attacker elsewhere, so they can still log in to
// the authenticator and confirm a payment. A right password clears its username-and-address counter and gives
// back the address's reservation; a counter with no failure for FORGET_SECONDS starts again from zero.
// The counters are keyed by what was typed, never by whether the user exists, so a slowed answer says nothing
// about which usernames exist.
import type { Db } from '../db/index.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { digest } from './secrets.ts';

const FREE_PER_USER = 5;
const FREE_PER_ADDRESS = 20;
const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_SECONDS = 60 * 60;
/** Compare-and-set rounds before an attempt that keeps losing to concurrent ones is answered as slowed. */
const ROUNDS = 50;

interface LoginAttemptRow {
  key: string;
  failures: number;
  last_at: string;
  not_before: string;
}

declare module '../db/types.ts' {
  interface Database {
    login_attempts: LoginAttemptRow;
  }
}

type Reservation = { ok: true; release: (success: boolean) => Promise<void> } | { ok: false; until: string };

/** The delay that the `failures`-th failure imposes on the next attempt. */
function delaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free));
}

/** Counts one attempt on `key` unless its delay has not passed yet; atomic by compare-and-set on both engines. */
async function reserveKey(
  db: Db,
  key: string,
  free: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; until: string }> {
  const at = isoDateTime(now);
  for (let round = 0; round < ROUNDS; round++) {
    const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) {
      const inserted = await db
        .insertInto('login_attempts')
        .values({
          key,
          failures: 1,
          last_at: at,
          not_before: isoDateTime(new Date(now.getTime() + delaySeconds(1, free) * 1000)),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { ok: true };
      continue;
    }
    const stale = now.getTime() - parseDateTime(row.last_at).getTime() > FORGET_SECONDS * 1000;
    if (!stale && parseDateTime(row.not_before).getTime() > now.getTime()) return { ok: false, until: row.not_before };
    const failures = (stale ? 0 : Number(row.failures)) + 1;
    const won = await db
      .updateTable('login_attempts')
      .set({
        failures,
        last_at: at,
        not_before: isoDateTime(new Date(now.getTime() + delaySeconds(failures, free) * 1000)),
      })
      .where('key', '=', key)
      .where('failures', '=', row.failures)
      .where('last_at', '=', row.last_at)
      .returning('key')
      .executeTakeFirst();
    if (won) return { ok: true };
  }
  return { ok: false, until: isoDateTime(new Date(now.getTime() + 1000)) };
}

/** Gives back one reservation (the attempt was right, or was not made); losing a race leaves it counted. */
async function giveBack(db: Db, key: string): Promise<void> {
  const row = await db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || Number(row.failures) <= 1) {
    await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    return;
  }
  await db
    .updateTable('login_attempts')
    .set({ failures: Number(row.failures) - 1 })
    .where('key', '=', key)
    .where('failures', '=', row.failures)
    .execute();
}

/**
 * Reserves an attempt of `username` from `address` on both counters. When it is allowed, the caller checks the
 * password and calls `release(true)` on a right one; a wrong one stays counted (`release(false)` does nothing).
 */
export async function reserveAttempt(db: Db, username: string, address: string, now: Date): Promise<Reservation> {
  const userKey = `u:${digest(`${username.normalize('NFC').toLowerCase()}\n${address}`)}`;
  const addressKey = `a:${address}`;
  const user = await reserveKey(db, userKey, FREE_PER_USER, now);
  if (!user.ok) return user;
  const place = await reserveKey(db, addressKey, FREE_PER_ADDRESS, now);
  if (!place.ok) {
    await giveBack(db, userKey);
    return place;
  }
  return {
    ok: true,
    release: async (success) => {
      if (!success) return;
      await db.deleteFrom('login_attempts').where('key', '=', userKey).execute();
      await giveBack(db, addressKey);
    },
  };
}

/**
 * Reserves an attempt at a user's second factor (a code of their authenticator app or a recovery code). Counted
 * per user, whatever the address: whoever tries codes already has the password, and six digits fall to a search
 * spread over many addresses. A right code clears the counter.
 */
export async function reserveSecondFactorAttempt(db: Db, userId: number, now: Date): Promise<Reservation> {
  const key = `f:${userId}`;
  const reserved = await reserveKey(db, key, FREE_PER_USER, now);
  if (!reserved.ok) return reserved;
  return {
    ok: true,
    release: async (success) => {
      if (success) await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}

/** Deletes up to `batch.limit` counters forgotten by the rule (housekeeping); answers how many went. */
export async function purgeForgottenAttempts(db: Db, batch: PurgeBatch): Promise<number> {
  const before = isoDateTime(new Date(batch.now.getTime() - Math.max(FORGET_SECONDS, MAX_DELAY_SECONDS) * 1000));
  const result = await db
    .deleteFrom('login_attempts')
    .where(
      'key',
      'in',
      purgeCandidates(db.selectFrom('login_attempts').select('key').where('last_at', '<', before), batch),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
