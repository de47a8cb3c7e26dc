// SQL of identity: users, memberships, OAuth clients, API keys and token sessions.
import type { Db } from '../db/index.ts';
import { preparedQuery } from '../db/prepared.ts';
import { deletedRows, purgeCandidates, type PurgeBatch } from '../db/purge.ts';
import { isoDateTime } from '../platform/clock.ts';
import type { AppContext } from '../platform/context.ts';
import { ACCESS_TOKEN_SECONDS } from './tokens.ts';

export interface UserRow {
  user_id: number;
  username: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  email: string;
  mobile_phone: string | null;
  api_login_only: boolean | number;
  /** JSON of the optional User fields (address, phone, …). */
  details: string;
  password_changed_at: string | null;
  failed_logins: number;
  locked_until: string | null;
  created_at: string;
  version: string;
}

export interface CompanyUserRow {
  company_id: number;
  user_id: number;
  role: string;
  rights: string;
  partner_id: number | null;
  active: boolean | number;
  added_at: string;
}

export interface OAuthClientRow {
  client_id: string;
  secret_digest: string;
  redirect_uri: string;
  name: string;
  owner_company_id: number | null;
  created_at: string;
}

export interface ApiKeyRow {
  company_id: number;
  id: number;
  user_id: number;
  client_id: string;
  secret_digest: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AuthSessionRow {
  company_id: number;
  id: number;
  user_id: number;
  client_id: string;
  grant_type: string;
  auth_time: number;
  created_at: string;
  refresh_digest: string | null;
  refresh_expires_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** The API key a client-credentials session was obtained with (revoking the key ends the session). */
  api_key_id?: number | null;
}

export interface AuthCodeRow {
  company_id: number;
  id: number;
  user_id: number;
  client_id: string;
  redirect_uri: string;
  code_digest: string;
  code_challenge: string | null;
  auth_time: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  session_id: number | null;
}

export interface LoginFlowRow {
  id: string;
  secret_digest: string;
  csrf_digest: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string | null;
  user_id: number | null;
  auth_time: number | null;
  created_at: string;
  expires_at: string;
}

declare module '../db/types.ts' {
  interface Database {
    service_settings: { name: string; value: string };
    users: UserRow;
    company_users: CompanyUserRow;
    oauth_clients: OAuthClientRow;
    api_keys: ApiKeyRow;
    auth_sessions: AuthSessionRow;
    auth_codes: AuthCodeRow;
    login_flows: LoginFlowRow;
    rate_limit_windows: { client_id: string; window_start: number; count: number };
  }
}

export async function findClient(db: Db, clientId: string): Promise<OAuthClientRow | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findApiKey(db: Db, companyId: number, id: number): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findMembership(db: Db, companyId: number, userId: number): Promise<CompanyUserRow | undefined> {
  return db
    .selectFrom('company_users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findUser(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function insertSession(db: Db, row: AuthSessionRow): Promise<void> {
  await db.insertInto('auth_sessions').values(row).execute();
}

const sessionQuery = preparedQuery<{ companyId: number; sessionId: number }, SessionState>((db, param) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('company_users as cu', (j) =>
      j.onRef('cu.company_id', '=', 's.company_id').onRef('cu.user_id', '=', 's.user_id'),
    )
    .select(['s.user_id', 's.client_id', 's.grant_type', 's.revoked_at', 's.auth_time', 'cu.rights', 'cu.active'])
    .where('s.company_id', '=', param('companyId'))
    .where('s.id', '=', param('sessionId')),
);

export interface SessionState {
  user_id: number;
  client_id: string;
  grant_type: string;
  revoked_at: string | null;
  auth_time: number;
  rights: string;
  active: boolean | number;
}

/** The state a request needs from its token's session: one point read per request. */
export async function sessionForRequest(
  db: Db,
  companyId: number,
  sessionId: number,
): Promise<SessionState | undefined> {
  return (await sessionQuery(db, { companyId, sessionId }))[0];
}

export async function findSession(db: Db, companyId: number, sessionId: number): Promise<AuthSessionRow | undefined> {
  return db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/** Revokes one session (and so every access token and the refresh token of it). */
export async function revokeSession(
  db: Db,
  companyId: number,
  sessionId: number,
  at: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('company_id', '=', companyId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the sessions of a user in one company, optionally only those of one grant or one API key. */
export async function revokeUserSessions(
  db: Db,
  companyId: number,
  userId: number,
  at: string,
  reason: string,
  only: { grant?: string; apiKeyId?: number } = {},
): Promise<number> {
  let query = db
    .updateTable('auth_sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (only.grant) query = query.where('grant_type', '=', only.grant);
  if (only.apiKeyId !== undefined) query = query.where('api_key_id', '=', only.apiKeyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The companies a user belongs to. Identity is the one thing that spans companies (a person logs in once and
 * then picks a company): memberships are read by user id (company_users is a global table for this reason),
 * then the companies by their ids.
 */
export async function membershipsOfUser(
  { db, companies }: Pick<AppContext, 'db' | 'companies'>,
  userId: number,
  activeOnly = true,
) {
  let query = db.selectFrom('company_users').select(['company_id', 'role', 'active']).where('user_id', '=', userId);
  if (activeOnly) query = query.where('active', '=', true);
  const memberships = await query.execute();
  if (memberships.length === 0) return [];
  const names = await companies.names(
    db,
    memberships.map((m) => Number(m.company_id)),
  );
  return memberships
    .map((m) => ({
      companyId: Number(m.company_id),
      name: names.get(Number(m.company_id)) ?? '',
      role: m.role,
      active: Boolean(m.active),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId);
}

export async function insertCode(db: Db, row: AuthCodeRow): Promise<void> {
  await db.insertInto('auth_codes').values(row).execute();
}

export async function findCode(db: Db, companyId: number, id: number): Promise<AuthCodeRow | undefined> {
  return db
    .selectFrom('auth_codes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a code used; false when it was used already (single use holds under concurrency: one UPDATE wins). */
export async function consumeCode(db: Db, companyId: number, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_codes')
    .set({ used_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCodeSession(db: Db, companyId: number, id: number, sessionId: number): Promise<void> {
  await db
    .updateTable('auth_codes')
    .set({ session_id: sessionId })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Live refresh tokens of one (client, company, user) beyond the newest `keep`: the ones to drop. */
export async function refreshSessionsBeyond(
  db: Db,
  companyId: number,
  clientId: string,
  userId: number,
  now: string,
  keep: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('refresh_digest', 'is not', null)
    .where('refresh_expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1000)
    .offset(keep)
    .execute();
  return rows.map((r) => Number(r.id));
}

// ---- housekeeping (src/housekeeping/task.ts) ------------------------------------------------------------

/**
 * Slack between creating or refreshing a session and signing the access token that goes with it (the token's
 * `iat` is taken a moment after the row is written), and between the clocks of several processes.
 */
const TOKEN_ISSUE_GRACE_SECONDS = 60;
/**
 * Used and expired authorization codes are kept a day after their expiry: presenting a used code again revokes
 * the session it issued (RFC 6749 §4.1.2), which needs the code's row.
 */
const SPENT_CODE_KEEP_SECONDS = 24 * 60 * 60;

/**
 * Deletes sessions of a company that no token can use any more, at most `batch.limit` per statement; answers how
 * many went (fewer than `batch.limit` when none is left). An access token is valid `ACCESS_TOKEN_SECONDS` from
 * its signing, which happens when the session starts and, for a session with a refresh token, on each refresh
 * until the refresh token expires. So a session goes when
 * - it is revoked (logout, password change, removal from the company, API key revocation, the 101st refresh
 *   token, a reused code): its tokens are refused already, whatever their `exp` (an unknown session is refused
 *   the same way);
 * - it has no refresh token and started more than the access-token lifetime ago (every client-credentials
 *   token request makes one of these);
 * - its refresh token expired more than the access-token lifetime ago (the last access token refreshed from it
 *   has expired too).
 * A live refresh token keeps its session, however old. Each rule has an index (src/housekeeping/migrations.ts).
 */
export async function purgeExpiredSessions(db: Db, companyId: number, batch: PurgeBatch): Promise<number> {
  const tokensExpired = isoDateTime(
    new Date(batch.now.getTime() - (ACCESS_TOKEN_SECONDS + TOKEN_ISSUE_GRACE_SECONDS) * 1000),
  );
  const rules: ((q: ReturnType<typeof sessionIds>) => ReturnType<typeof sessionIds>)[] = [
    (q) => q.where('revoked_at', '<=', isoDateTime(batch.now)),
    (q) => q.where('refresh_expires_at', 'is', null).where('created_at', '<', tokensExpired),
    (q) => q.where('refresh_expires_at', '<', tokensExpired),
  ];
  let deleted = 0;
  for (const rule of rules) {
    const result = await db
      .deleteFrom('auth_sessions')
      .where('company_id', '=', companyId)
      .where('id', 'in', purgeCandidates(rule(sessionIds(db, companyId)), batch))
      .executeTakeFirst();
    deleted += deletedRows(result);
  }
  return deleted;
}

function sessionIds(db: Db, companyId: number) {
  return db.selectFrom('auth_sessions').select('id').where('company_id', '=', companyId);
}

/**
 * Deletes up to `batch.limit` authorization codes of a company that expired more than a day ago, used or not (a code is
 * valid 5 minutes; a used one is kept that day for the reuse check); answers how many went.
 */
export async function purgeSpentCodes(db: Db, companyId: number, batch: PurgeBatch): Promise<number> {
  const before = isoDateTime(new Date(batch.now.getTime() - SPENT_CODE_KEEP_SECONDS * 1000));
  const result = await db
    .deleteFrom('auth_codes')
    .where('company_id', '=', companyId)
    .where(
      'id',
      'in',
      purgeCandidates(
        db.selectFrom('auth_codes').select('id').where('company_id', '=', companyId).where('expires_at', '<', before),
        batch,
      ),
    )
    .executeTakeFirst();
  return deletedRows(result);
}
