// The current user, their rights and the session: GET /users, GET /users/rights, GET /sessioninfo.
// (PUT /users is a two-factor endpoint of its own, src/users/update.ts.)
import type { AppContext } from '../platform/context.ts';
import type { RequestAuth } from '../platform/route.ts';
import { notFound } from '../platform/errors.ts';
import { compareVersions } from '../platform/versions.ts';
import type { RightValue, Rights } from '../platform/rights.ts';
import { rightsDocument } from './rights-document.ts';
import { countryName } from '../domain/countries.ts';
import { LOGIN_METHODS } from '../domain/real-vocabularies.ts';
import type { CompanyUserRow, UserRow } from '../auth/index.ts';
import { getCompany } from '../company/index.ts';
import * as store from './store.ts';

/**
 * `payments.markSalaryAsPaid` is "not in older versions" of the rights document. The interface says 26.02 and
 * 26.05 released no changes and 26.10 only the pay-leaves endpoint, while the real service already lists the
 * leaf in its 26.04 document; so it arrived after 26.02: versions before 26.05 answer without it.
 */
export const MARK_SALARY_AS_PAID_SINCE = '26.05';

/** The optional User fields kept as JSON in `users.details` (written by PUT /users). */
export interface UserDetails {
  countryCode?: string;
  street?: string;
  zip?: string;
  city?: string;
  loginMethod?: string;
  secondaryPhone?: string;
  socialSecurityNumber?: string;
}

const USER_DETAIL_FIELDS = [
  'countryCode',
  'street',
  'zip',
  'city',
  'loginMethod',
  'secondaryPhone',
  'socialSecurityNumber',
] as const;

/** The User body of a user in one company: optional fields only when they have a value, partnerId null when unset. */
export function userBody(user: UserRow, membership: CompanyUserRow): Record<string, unknown> {
  let details: UserDetails;
  try {
    details = JSON.parse(user.details) as UserDetails;
  } catch {
    details = {};
  }
  const body: Record<string, unknown> = {
    id: Number(user.user_id),
    username: user.username,
    companyId: Number(membership.company_id),
  };
  // details written before the vocabularies were enforced are answered only as a value of the real vocabulary
  const country = countryName(details.countryCode);
  if (country) body.countryCode = country;
  for (const field of USER_DETAIL_FIELDS.slice(1, 4)) if (details[field]) body[field] = details[field];
  body.partnerId = membership.partner_id === null ? null : Number(membership.partner_id);
  if (details.loginMethod && (LOGIN_METHODS as readonly string[]).includes(details.loginMethod))
    body.loginMethod = details.loginMethod;
  body.firstName = user.first_name;
  body.lastName = user.last_name;
  body.email = user.email;
  if (user.mobile_phone) body.mobilePhone = user.mobile_phone;
  if (details.secondaryPhone) body.secondaryPhone = details.secondaryPhone;
  if (details.socialSecurityNumber) body.socialSecurityNumber = details.socialSecurityNumber;
  return body;
}

export class UserService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async current(auth: RequestAuth): Promise<Record<string, unknown>> {
    const found = await store.userInCompany(this.#ctx.db, auth.companyId, auth.userId);
    if (!found) throw notFound('User');
    return userBody(found.user, found.membership);
  }

  async rights(
    auth: RequestAuth,
    apiVersion: string,
  ): Promise<{ role: string; rights: Record<string, Record<string, RightValue>> }> {
    const found = await store.userInCompany(this.#ctx.db, auth.companyId, auth.userId);
    if (!found) throw notFound('User');
    let rights: Rights = auth.rights;
    if (compareVersions(apiVersion, MARK_SALARY_AS_PAID_SINCE) < 0) {
      const { markSalaryAsPaid: _left, ...payments } = rights.payments;
      rights = { ...rights, payments: payments as Rights['payments'] };
    }
    return { role: found.membership.role, rights: rightsDocument(rights) };
  }

  /** The name of an active user of the company. */
  async profile(companyId: number, userId: number): Promise<{ firstname: string; surname: string }> {
    const found = await store.userInCompany(this.#ctx.db, companyId, userId);
    if (!found || !found.membership.active) throw notFound('User');
    return { firstname: found.user.first_name, surname: found.user.last_name };
  }

  async sessionInfo(auth: RequestAuth) {
    const found = await store.userInCompany(this.#ctx.db, auth.companyId, auth.userId);
    const company = await getCompany(this.#ctx.db, auth.companyId);
    if (!found || !company) throw notFound('Session');
    return {
      companyId: Number(company.company_id),
      name: company.name,
      country: company.country,
      userId: Number(found.user.user_id),
      userName: `${found.user.first_name} ${found.user.last_name}`.trim(),
      // Tase has no invoice discussion feature: it is never enabled.
      companySettings: { invoiceDiscussionEnabled: false },
    };
  }
}
