// SQL of identity: companies, users, memberships, OAuth clients, API keys and token sessions.
import type { Db } from '../db/index.ts';

export interface CompanyRow {
  company_id: number;
  name: string;
  business_id: string | null;
  country: string;
  currency: string;
  contract_type: string;
  created_at: string;
  version: string;
}

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
}

declare module '../db/types.ts' {
  interface Database {
    service_settings: { name: string; value: string };
    companies: CompanyRow;
    users: UserRow;
    company_users: CompanyUserRow;
    oauth_clients: OAuthClientRow;
    api_keys: ApiKeyRow;
    auth_sessions: AuthSessionRow;
  }
}

export async function findClient(db: Db, clientId: string): Promise<OAuthClientRow | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findApiKey(db: Db, companyId: number, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
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

export async function findCompany(db: Db, companyId: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function insertSession(db: Db, row: AuthSessionRow): Promise<void> {
  await db.insertInto('auth_sessions').values(row).execute();
}

/** The state a request needs from its token's session: one point read per request. */
export async function sessionForRequest(db: Db, companyId: number, sessionId: number) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('company_users as cu', (j) => j.onRef('cu.company_id', '=', 's.company_id').onRef('cu.user_id', '=', 's.user_id'))
    .select(['s.user_id', 's.client_id', 's.grant_type', 's.revoked_at', 's.auth_time', 'cu.rights', 'cu.active'])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
