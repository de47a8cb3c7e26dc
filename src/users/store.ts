// SQL of the users area: the current user with the membership of the session's company, and the company.
import type { Db } from '../db/index.ts';
import type { CompanyUserRow, UserRow } from '../auth/index.ts';

export async function userInCompany(
  db: Db,
  companyId: number,
  userId: number,
): Promise<{ user: UserRow; membership: CompanyUserRow } | undefined> {
  const membership = await db
    .selectFrom('company_users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!membership) return undefined;
  const user = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return user ? { user, membership } : undefined;
}
