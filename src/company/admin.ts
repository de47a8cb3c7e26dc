// Administration of tenants and identities, used by the `tase admin` commands, the demo seed and tests:
// companies, users and their rights in companies, OAuth clients and API keys.
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { isoDateTime, nextVersion } from '../platform/clock.ts';
import {
  rightsForRole,
  withOverrides,
  ROLES,
  type Rights,
  type Role,
  type RightLeaf,
  type RightValue,
} from '../platform/rights.ts';
import type { NewMember } from '../platform/area.ts';
import * as auth from '../auth/index.ts';
import { digest, formatApiKey, hashPassword, identity, passwordProblem, randomSecret } from '../auth/index.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { getCompany, getSettings, insertCompany, saveSettings } from './store.ts';
import { PRODUCT_VERSIONS } from '../domain/real-vocabularies.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import { CURRENCIES } from '../domain/codes.ts';
import { BUSINESS_FORMS, isBusinessForm, seedChart } from '../accounts/index.ts';
import { AdminError } from '../platform/admin-commands.ts';

export interface NewCompany {
  name: string;
  businessId?: string;
  country?: string;
  currency?: string;
  contractType?: 'PRODUCTION_USAGE' | 'TESTING' | 'DEMO';
  /** The product edition the company's contract is for (GET /company `productVersion`). */
  productVersion?: string;
  /** The company's form, which chooses its standard chart of accounts (a limited company's unless told). */
  businessForm?: string;
}

export interface NewUser {
  username: string;
  password?: string;
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone?: string;
  apiLoginOnly?: boolean;
}

function productVersionOf(value: string): string {
  if (!(PRODUCT_VERSIONS as readonly string[]).includes(value))
    throw new AdminError(`unknown product version '${value}': one of ${PRODUCT_VERSIONS.join(', ')}`);
  return value;
}

/** Keeps the product edition with the company's details, where PUT /company leaves it as it is. */
async function writeProductVersion(trx: Db, companyId: number, productVersion: string, now: Date): Promise<void> {
  const settings = await getSettings(trx, companyId);
  const details = settings ? (parseJson(settings.details) as Record<string, unknown>) : {};
  await saveSettings(trx, {
    company_id: companyId,
    details: stringifyJson({ ...details, productVersion }),
    usage_settings: settings?.usage_settings ?? null,
    circulation_settings: settings?.circulation_settings ?? null,
    version: nextVersion(now, settings?.version),
  });
}

export class AdminService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  async createCompany(input: NewCompany): Promise<{ companyId: number; name: string }> {
    if (!input.name?.trim()) throw new AdminError('a company needs a name');
    // the company's country and currency are answered in closed lists (GET /company), so only their values are taken
    if (input.country !== undefined && !(COUNTRIES as readonly string[]).includes(input.country)) {
      throw new AdminError(
        `unknown country '${input.country}': use the English upper-case name, e.g. FINLAND or SWEDEN`,
      );
    }
    if (input.currency !== undefined && !(CURRENCIES as readonly string[]).includes(input.currency))
      throw new AdminError(`unknown currency '${input.currency}'`);
    if (input.productVersion !== undefined) productVersionOf(input.productVersion);
    const form = input.businessForm ?? 'LIMITED_COMPANY';
    if (!isBusinessForm(form))
      throw new AdminError(`unknown business form '${form}': one of ${BUSINESS_FORMS.join(', ')}`);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const companyId = await allocateId(trx, 0, 'companies');
      const now = this.#now();
      await insertCompany(trx, {
        company_id: companyId,
        name: input.name.trim(),
        business_id: input.businessId ?? null,
        country: input.country ?? 'FINLAND',
        currency: input.currency ?? 'EUR',
        contract_type: input.contractType ?? 'TESTING',
        created_at: isoDateTime(now),
        version: nextVersion(now),
      });
      if (input.productVersion !== undefined) await writeProductVersion(trx, companyId, input.productVersion, now);
      // the chart of the company's form first: the setup step then finds the company's accounts there
      await seedChart(trx, companyId, this.#ctx, form);
      // the company setup the areas declare (src/modules.ts), in the same transaction
      await this.#ctx.companySetup.company(trx, companyId);
      return { companyId, name: input.name.trim() };
    });
  }

  /** Sets the product edition of a company (when its contract changes). */
  async setProductVersion(
    companyId: number,
    productVersion: string,
  ): Promise<{ companyId: number; productVersion: string }> {
    productVersionOf(productVersion);
    if (!(await getCompany(this.#ctx.db, companyId))) throw new AdminError(`no company ${companyId}`);
    await this.#ctx.db.transaction().execute((trx) => writeProductVersion(trx, companyId, productVersion, this.#now()));
    return { companyId, productVersion };
  }

  async createUser(input: NewUser): Promise<{ userId: number; username: string }> {
    if (!/^[A-Za-z0-9._@-]{3,100}$/.test(input.username ?? ''))
      throw new AdminError('username: 3-100 characters of letters, digits and . _ @ -');
    if (input.password !== undefined) {
      const problem = passwordProblem(input.password);
      if (problem) throw new AdminError(problem);
    }
    if (await auth.findUserByName(this.#ctx.db, input.username))
      throw new AdminError(`user '${input.username}' exists already`);
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
    return this.#ctx.db.transaction().execute(async (trx) => {
      const userId = await allocateId(trx, 0, 'users');
      const now = this.#now();
      await identity.insertUser(trx, {
        user_id: userId,
        username: input.username,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        mobile_phone: input.mobilePhone ?? null,
        api_login_only: input.apiLoginOnly ?? false,
        details: '{}',
        password_changed_at: passwordHash ? isoDateTime(now) : null,
        failed_logins: 0,
        locked_until: null,
        created_at: isoDateTime(now),
        version: nextVersion(now),
      });
      return { userId, username: input.username };
    });
  }

  /** Adds a user to a company (or updates the membership) with a role and optional overrides of its rights. */
  async addMember(
    companyId: number,
    userId: number,
    role: Role = 'ADMIN',
    overrides: Partial<Record<RightLeaf, RightValue>> = {},
  ): Promise<{ companyId: number; userId: number; role: Role; rights: Rights }> {
    if (!ROLES.includes(role)) throw new AdminError(`role must be one of ${ROLES.join(', ')}`);
    if (!(await getCompany(this.#ctx.db, companyId))) throw new AdminError(`no company ${companyId}`);
    if (!(await auth.findUser(this.#ctx.db, userId))) throw new AdminError(`no user ${userId}`);
    const rights = withOverrides(rightsForRole(role), overrides);
    const existing = await auth.findMembership(this.#ctx.db, companyId, userId);
    const user = await auth.findUser(this.#ctx.db, userId);
    if (existing) {
      await identity.updateMembership(this.#ctx.db, companyId, userId, {
        role,
        rights: JSON.stringify(rights),
        active: true,
      });
    } else {
      await this.#ctx.db.transaction().execute(async (trx) => {
        await identity.insertMembership(trx, {
          company_id: companyId,
          user_id: userId,
          role,
          rights: JSON.stringify(rights),
          partner_id: null,
          active: true,
          added_at: isoDateTime(this.#now()),
        });
        const member: NewMember = {
          companyId,
          userId,
          firstName: user!.first_name,
          lastName: user!.last_name,
          email: user!.email,
        };
        await this.#ctx.companySetup.member(trx, member);
      });
    }
    return { companyId, userId, role, rights };
  }

  async createClient(input: {
    name: string;
    redirectUri: string;
    clientId?: string;
    ownerCompanyId?: number;
  }): Promise<{ clientId: string; clientSecret: string; redirectUri: string }> {
    let redirect: URL;
    try {
      redirect = new URL(input.redirectUri);
    } catch {
      throw new AdminError('redirect address must be an absolute URL');
    }
    if (redirect.search || redirect.hash || !/^https?:$/.test(redirect.protocol)) {
      throw new AdminError('redirect address must be a clean http(s) URL without query string or fragment');
    }
    const clientId = input.clientId ?? `tase-${randomSecret(9)}`;
    if (!/^[A-Za-z0-9._-]{3,100}$/.test(clientId))
      throw new AdminError('client id: 3-100 characters of letters, digits and . _ -');
    if (await auth.findClient(this.#ctx.db, clientId)) throw new AdminError(`client '${clientId}' exists already`);
    const clientSecret = randomSecret(32);
    await identity.insertClient(this.#ctx.db, {
      client_id: clientId,
      secret_digest: digest(clientSecret),
      redirect_uri: input.redirectUri,
      name: input.name,
      owner_company_id: input.ownerCompanyId ?? null,
      created_at: isoDateTime(this.#now()),
    });
    return { clientId, clientSecret, redirectUri: input.redirectUri };
  }

  /** An API key is bound to one user, one company and one client. */
  async createApiKey(input: {
    companyId: number;
    userId: number;
    clientId: string;
  }): Promise<{ apiKey: string; id: number; companyId: number; userId: number; clientId: string }> {
    if (!(await auth.findClient(this.#ctx.db, input.clientId))) throw new AdminError(`no client '${input.clientId}'`);
    const membership = await auth.findMembership(this.#ctx.db, input.companyId, input.userId);
    if (!membership?.active) throw new AdminError(`user ${input.userId} does not belong to company ${input.companyId}`);
    const secret = randomSecret(32);
    const id = await this.#ctx.db.transaction().execute(async (trx) => {
      const keyId = await allocateId(trx, input.companyId, 'api_keys');
      await identity.insertApiKey(trx, {
        company_id: input.companyId,
        id: keyId,
        user_id: input.userId,
        client_id: input.clientId,
        secret_digest: digest(secret),
        created_at: isoDateTime(this.#now()),
        revoked_at: null,
      });
      return keyId;
    });
    return {
      apiKey: formatApiKey(input.companyId, id, secret),
      id,
      companyId: input.companyId,
      userId: input.userId,
      clientId: input.clientId,
    };
  }
  // ---- identity: passwords, removal, API-login-only, key revocation (each ends the sessions it must) ----

  /** Sets a user's password (the password rule applies) and ends every session of the user in every company. */
  async setPassword(userId: number, password: string): Promise<{ userId: number; revokedSessions: number }> {
    const problem = passwordProblem(password ?? '');
    if (problem) throw new AdminError(problem);
    const user = await auth.findUser(this.#ctx.db, userId);
    if (!user) throw new AdminError(`no user ${userId}`);
    const hash = await hashPassword(password);
    const companies = await auth.membershipsOfUser(this.#ctx, userId, false);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const now = this.#now();
      await identity.setPasswordHash(trx, userId, hash, now, nextVersion(now, user.version));
      let revokedSessions = 0;
      for (const c of companies)
        revokedSessions += await auth.revokeUserSessions(
          trx,
          c.companyId,
          userId,
          isoDateTime(now),
          'password changed',
        );
      return { userId, revokedSessions };
    });
  }

  /** Removes a user from a company: their tokens there stop working at once and their API keys there are revoked. */
  async removeMember(
    companyId: number,
    userId: number,
  ): Promise<{ companyId: number; userId: number; revokedSessions: number; revokedApiKeys: number }> {
    const membership = await auth.findMembership(this.#ctx.db, companyId, userId);
    if (!membership?.active) throw new AdminError(`user ${userId} does not belong to company ${companyId}`);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const now = isoDateTime(this.#now());
      await identity.updateMembership(trx, companyId, userId, { active: false });
      const revokedSessions = await auth.revokeUserSessions(trx, companyId, userId, now, 'removed from company');
      const revokedApiKeys = await identity.revokeApiKeys(trx, companyId, now, { userId });
      return { companyId, userId, revokedSessions, revokedApiKeys };
    });
  }

  /** Turns the limitation 'API login only' on or off; turning it on ends the user's authorization-code sessions. */
  async setApiLoginOnly(
    userId: number,
    on: boolean,
  ): Promise<{ userId: number; apiLoginOnly: boolean; revokedSessions: number }> {
    const user = await auth.findUser(this.#ctx.db, userId);
    if (!user) throw new AdminError(`no user ${userId}`);
    const companies = on ? await auth.membershipsOfUser(this.#ctx, userId, false) : [];
    return this.#ctx.db.transaction().execute(async (trx) => {
      const now = this.#now();
      await identity.updateUser(trx, userId, { api_login_only: on, version: nextVersion(now, user.version) });
      let revokedSessions = 0;
      for (const c of companies) {
        revokedSessions += await auth.revokeUserSessions(trx, c.companyId, userId, isoDateTime(now), 'API login only', {
          grant: 'authorization_code',
        });
      }
      return { userId, apiLoginOnly: on, revokedSessions };
    });
  }

  /** Revokes an API key and ends the sessions obtained with it. */
  async revokeApiKey(
    companyId: number,
    id: number,
  ): Promise<{ companyId: number; id: number; revokedSessions: number }> {
    const key = await auth.findApiKey(this.#ctx.db, companyId, id);
    if (!key) throw new AdminError(`no API key ${id} in company ${companyId}`);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const now = isoDateTime(this.#now());
      await identity.revokeApiKeys(trx, companyId, now, { id });
      const revokedSessions = await auth.revokeUserSessions(trx, companyId, key.user_id, now, 'API key revoked', {
        apiKeyId: id,
      });
      return { companyId, id, revokedSessions };
    });
  }
}
