// Rules of integrations.
//
// Specification (one row per version):  draft → under review → approved | declined (with a reason). Changing an
// approved or declined one writes version n+1, under review again; the activation link keeps serving the newest
// approved version meanwhile. A sandbox has no reviewer: what is sent for review is approved at once.
//
// Activation request: made by a customer on the activation page for one or more of their companies; open for
// 15 minutes (then every call answers 410). The integrator decides it once, company by company; each approved
// company gets a technical user (API login only, rights exactly the requested ones) with an API key bound to
// that user, the company and the integrator's OAuth client.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../platform/context.ts';
import type { RequestAuth } from '../platform/route.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, nextVersion, parseDateTime } from '../platform/clock.ts';
import { normalizeRights, type RightValue } from '../platform/rights.ts';
import { allocateId, type Db } from '../db/index.ts';
import { findUser, formatApiKey, identity, digest, randomSecret } from '../auth/index.ts';
import type { CompanyService } from '../company/index.ts';
import * as store from './store.ts';
import type {
  ConsentField,
  ExtraInfoWire,
  IntegrationApproveResultWire,
  IntegrationApproveWire,
  CustomerStatusWire,
  IntegrationCustomerWire,
  IntegrationRequestWire,
  SpecificationInputWire,
  SpecificationStatus,
  SpecificationWire,
} from './schemas.ts';
import { withoutUndefined } from '../domain/objects.ts';

/** An activation request is open this long. */
const REQUEST_SECONDS = 15 * 60;

interface RequestedRight {
  right: string;
  level: 'VIEWING_RIGHTS' | 'ALL_RIGHTS';
}

/** What the activation page shows of an integration: its newest approved version. */
export interface LiveIntegration {
  ownerCompanyId: number;
  integrationId: string;
  versionNo: number;
  name: string;
  description: string;
  callbackUrl: string;
  partnerVal: string | null;
  requestedRights: RequestedRight[];
  consentFields: ConsentField[];
}

export class IntegrationService {
  readonly #ctx: AppContext;
  readonly #company: CompanyService;

  constructor(ctx: AppContext, company: CompanyService) {
    this.#ctx = ctx;
    this.#company = company;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  /** Where customers start an activation (`{root}/activate/{integrationId}`). */
  activationLink(integrationId: string): string {
    return `${this.#ctx.issuer}/activate/${integrationId}`;
  }

  // ---- specifications ---------------------------------------------------------------------------------

  async createSpecification(auth: RequestAuth, input: SpecificationInputWire): Promise<SpecificationWire> {
    checkSpecification(input);
    const now = this.#now();
    const integrationId = randomUUID();
    await this.#ctx.db.transaction().execute(async (trx) => {
      await store.insertDirectoryEntry(trx, {
        integration_id: integrationId,
        company_id: auth.companyId,
        created_at: isoDateTime(now),
      });
      await store.insertSpecification(trx, {
        company_id: auth.companyId,
        id: await allocateId(trx, auth.companyId, 'integration_specifications'),
        integration_id: integrationId,
        version_no: 1,
        status: 'DRAFT',
        ...specificationColumns(input),
        decline_reason: null,
        client_id: auth.clientId,
        environment: this.#ctx.config.mode,
        created_at: isoDateTime(now),
        reviewed_at: null,
        version: nextVersion(now),
      });
    });
    return this.getSpecification(auth.companyId, integrationId);
  }

  async listSpecifications(companyId: number): Promise<SpecificationWire[]> {
    const rows = await store.latestVersions(this.#ctx.db, companyId);
    return Promise.all(rows.map((row) => this.#specificationWire(companyId, row)));
  }

  async getSpecification(companyId: number, integrationId: string): Promise<SpecificationWire> {
    const [latest] = await this.#versions(companyId, integrationId);
    return this.#specificationWire(companyId, latest);
  }

  /**
   * Changes a specification: a draft in place; an approved or declined one as a new version that is reviewed
   * again (approved at once in a sandbox); one under review not at all (409).
   */
  async replaceSpecification(
    companyId: number,
    integrationId: string,
    input: SpecificationInputWire,
  ): Promise<SpecificationWire> {
    checkSpecification(input);
    const [latest] = await this.#versions(companyId, integrationId);
    const now = this.#now();
    const status = latest.status as SpecificationStatus;
    if (status === 'UNDER_REVIEW') throw apiError('INTEGRATION_UNDER_REVIEW');
    if (status === 'DRAFT') {
      await store.updateSpecification(this.#ctx.db, companyId, Number(latest.id), {
        ...specificationColumns(input),
        version: nextVersion(now, latest.version),
      });
    } else {
      await this.#ctx.db.transaction().execute(async (trx) =>
        store.insertSpecification(trx, {
          ...latest,
          id: await allocateId(trx, companyId, 'integration_specifications'),
          version_no: Number(latest.version_no) + 1,
          ...specificationColumns(input),
          ...this.#submitted(now),
          decline_reason: null,
          created_at: isoDateTime(now),
          version: nextVersion(now),
        }),
      );
    }
    return this.getSpecification(companyId, integrationId);
  }

  /** Sends a draft for review (in a sandbox: approves it). */
  async submitSpecification(companyId: number, integrationId: string): Promise<SpecificationWire> {
    const [latest] = await this.#versions(companyId, integrationId);
    if (latest.status !== 'DRAFT') throw apiError('INTEGRATION_NOT_DRAFT', undefined, { status: latest.status });
    const now = this.#now();
    await store.updateSpecification(this.#ctx.db, companyId, Number(latest.id), {
      ...this.#submitted(now),
      version: nextVersion(now, latest.version),
    });
    return this.getSpecification(companyId, integrationId);
  }

  #submitted(now: Date): { status: SpecificationStatus; reviewed_at: string | null } {
    return this.#ctx.config.mode === 'sandbox'
      ? { status: 'APPROVED', reviewed_at: isoDateTime(now) }
      : { status: 'UNDER_REVIEW', reviewed_at: null };
  }

  /** Specifications waiting for the reviewer, oldest first. */
  async pendingReviews(): Promise<(SpecificationWire & { companyId: number })[]> {
    const rows = await store.underReview(this.#ctx.db, await store.directoryCompanies(this.#ctx.db));
    return Promise.all(
      rows.map(async (row) => ({
        companyId: Number(row.company_id),
        ...(await this.#specificationWire(Number(row.company_id), row)),
      })),
    );
  }

  /** The reviewer's decision on the version under review. */
  async review(
    integrationId: string,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<SpecificationWire> {
    const companyId = await store.ownerOf(this.#ctx.db, integrationId);
    if (companyId === undefined) throw notFound('Integration');
    const [latest] = await this.#versions(companyId, integrationId);
    if (latest.status !== 'UNDER_REVIEW') throw apiError('INTEGRATION_NOT_DRAFT', undefined, { status: latest.status });
    const now = this.#now();
    await store.updateSpecification(this.#ctx.db, companyId, Number(latest.id), {
      status: decision.approve ? 'APPROVED' : 'DECLINED',
      decline_reason: decision.approve ? null : decision.reason,
      reviewed_at: isoDateTime(now),
      version: nextVersion(now, latest.version),
    });
    return this.getSpecification(companyId, integrationId);
  }

  async #versions(companyId: number, integrationId: string): Promise<store.SpecificationRow[]> {
    const versions = await store.versionsOf(this.#ctx.db, companyId, integrationId);
    if (versions.length === 0) throw notFound('Integration specification');
    return versions;
  }

  async #specificationWire(companyId: number, row: store.SpecificationRow): Promise<SpecificationWire> {
    const live = await this.#liveVersion(companyId, row.integration_id);
    return withoutUndefined({
      integrationId: row.integration_id,
      versionNo: Number(row.version_no),
      status: row.status as SpecificationStatus,
      declineReason: row.decline_reason ?? undefined,
      activationLink: live ? this.activationLink(row.integration_id) : undefined,
      name: row.name,
      description: row.description,
      callbackUrl: row.callback_url,
      requestedRights: JSON.parse(row.requested_rights) as SpecificationWire['requestedRights'],
      consentFields: JSON.parse(row.consent_fields) as ConsentField[],
      partnerVal: row.partner_val ?? undefined,
      clientId: row.client_id,
      created: row.created_at,
    });
  }

  async #liveVersion(companyId: number, integrationId: string): Promise<store.SpecificationRow | undefined> {
    const versions = await store.versionsOf(this.#ctx.db, companyId, integrationId);
    return versions.find((v) => v.status === 'APPROVED');
  }

  /** The newest approved version of an integration, for the activation page; undefined when there is none here. */
  async live(integrationId: string): Promise<LiveIntegration | undefined> {
    const companyId = await store.ownerOf(this.#ctx.db, integrationId);
    if (companyId === undefined) return undefined;
    const row = await this.#liveVersion(companyId, integrationId);
    if (!row || row.environment !== this.#ctx.config.mode) return undefined;
    return {
      ownerCompanyId: companyId,
      integrationId,
      versionNo: Number(row.version_no),
      name: row.name,
      description: row.description,
      callbackUrl: row.callback_url,
      partnerVal: row.partner_val,
      requestedRights: JSON.parse(row.requested_rights) as RequestedRight[],
      consentFields: JSON.parse(row.consent_fields) as ConsentField[],
    };
  }

  // ---- activation requests ----------------------------------------------------------------------------

  /**
   * The customer accepted on the activation page for `companyIds` (companies where the user may manage
   * integrations, checked by the page): a request for the integrator, and the customers listed as NEW.
   */
  /**
   * The activation request of an accept form; `ticketId` names the form, and a form posted again answers
   * undefined (nothing is written).
   */
  async createRequest(
    live: LiveIntegration,
    userId: number,
    companyIds: number[],
    ticketId: string,
  ): Promise<number | undefined> {
    const now = this.#now();
    const companies = await Promise.all(
      companyIds.map(async (companyId) => ({ companyId, extraInfo: await this.#extraInfo(companyId, live) })),
    );
    return this.#ctx.db.transaction().execute(async (trx) => {
      const owner = live.ownerCompanyId;
      const id = await allocateId(trx, owner, 'integration_requests');
      const inserted = await store.insertRequest(trx, {
        company_id: owner,
        id,
        integration_id: live.integrationId,
        version_no: live.versionNo,
        initiator_user_id: userId,
        companies: JSON.stringify(companies),
        created_at: isoDateTime(now),
        expires_at: isoDateTime(new Date(now.getTime() + REQUEST_SECONDS * 1000)),
        decided_at: null,
        ticket_id: ticketId,
      });
      if (!inserted) return undefined;
      for (const companyId of companyIds) {
        if (await store.findCustomer(trx, owner, live.integrationId, companyId)) continue;
        await store.insertCustomer(trx, {
          company_id: owner,
          id: await allocateId(trx, owner, 'integration_customers'),
          integration_id: live.integrationId,
          customer_company_id: companyId,
          version_no: live.versionNo,
          status: 'NEW',
          reason: null,
          technical_user_id: null,
          updated_at: isoDateTime(now),
        });
      }
      return id;
    });
  }

  /** The company details the customer consented to share. */
  async #extraInfo(companyId: number, live: LiveIntegration): Promise<ExtraInfoWire> {
    const company = await this.#company.get(companyId);
    const all: ExtraInfoWire = {
      companyName: company.name,
      country: company.country,
      accountingOfficeName: company.accountingOfficeName,
      businessIdentifier: company.businessIdentifier,
    };
    return withoutUndefined(Object.fromEntries(live.consentFields.map((field) => [field, all[field]])));
  }

  /** An open request of the caller's company (404 for any other; 410 once expired). */
  async #openRequest(db: Db, auth: RequestAuth, requestId: number): Promise<store.IntegrationRequestRow> {
    const request = await store.getRequest(db, auth.companyId, requestId);
    if (!request) throw notFound('Integration request');
    const versions = await store.versionsOf(db, auth.companyId, request.integration_id);
    if (versions[0]?.environment !== this.#ctx.config.mode) throw notFound('Integration request');
    if (parseDateTime(request.expires_at).getTime() <= this.#now().getTime())
      throw apiError('INTEGRATION_REQUEST_EXPIRED');
    return request;
  }

  async getRequest(auth: RequestAuth, requestId: number): Promise<IntegrationRequestWire> {
    const request = await this.#openRequest(this.#ctx.db, auth, requestId);
    const initiator = await findUser(this.#ctx.db, Number(request.initiator_user_id));
    return withoutUndefined({
      integrationId: request.integration_id,
      expires: request.expires_at,
      initiator: initiator
        ? { email: initiator.email, userFullName: `${initiator.first_name} ${initiator.last_name}`.trim() }
        : undefined,
      companiesToIntegrate: JSON.parse(request.companies) as IntegrationRequestWire['companiesToIntegrate'],
    });
  }

  /**
   * The integrator's decision: `approve` and `reject` together name every company of the request once. Each
   * approved company gets its technical user and API key, all in one transaction with the decision.
   */
  async decideRequest(
    auth: RequestAuth,
    requestId: number,
    body: IntegrationApproveWire,
  ): Promise<IntegrationApproveResultWire> {
    const now = this.#now();
    return this.#ctx.db.transaction().execute(async (trx) => {
      const request = await this.#openRequest(trx, auth, requestId);
      if (request.decided_at) throw apiError('INTEGRATION_REQUEST_DECIDED');
      const asked = (JSON.parse(request.companies) as { companyId: number }[]).map((c) => c.companyId);
      const approve = body.approve ?? [];
      const reject = body.reject ?? [];
      checkDecisionCovers(
        asked,
        approve,
        reject.map((r) => r.companyId),
      );
      if (!(await store.decideRequest(trx, auth.companyId, requestId, isoDateTime(now))))
        throw apiError('INTEGRATION_REQUEST_DECIDED');
      const versions = await store.versionsOf(trx, auth.companyId, request.integration_id);
      const version = versions.find((v) => Number(v.version_no) === Number(request.version_no))!;
      const integrated: { companyId: number; apiKey: string }[] = [];
      for (const companyId of approve) {
        integrated.push({ companyId, apiKey: await this.#technicalUser(trx, version, companyId, now) });
      }
      for (const { companyId, reason } of reject)
        await this.#setCustomer(trx, version, companyId!, { status: 'REJECTED', reason: reason ?? '', now });
      return { integrationId: request.integration_id, companiesIntegrated: integrated };
    });
  }

  async #setCustomer(
    trx: Db,
    version: store.SpecificationRow,
    companyId: number,
    change: { status: string; reason: string | null; now: Date },
  ): Promise<number> {
    const owner = Number(version.company_id);
    const existing = await store.findCustomer(trx, owner, version.integration_id, companyId);
    const columns = {
      status: change.status,
      reason: change.reason,
      version_no: Number(version.version_no),
      updated_at: isoDateTime(change.now),
    };
    if (existing) {
      await store.updateCustomer(trx, owner, Number(existing.id), columns);
      return Number(existing.id);
    }
    const id = await allocateId(trx, owner, 'integration_customers');
    await store.insertCustomer(trx, {
      company_id: owner,
      id,
      integration_id: version.integration_id,
      customer_company_id: companyId,
      technical_user_id: null,
      ...columns,
    });
    return id;
  }

  /**
   * The customer company's technical user of this integration (made on the first approval, its rights renewed
   * on a later one) and a new API key for it; earlier keys of the user are revoked.
   */
  async #technicalUser(trx: Db, version: store.SpecificationRow, companyId: number, now: Date): Promise<string> {
    const owner = Number(version.company_id);
    const before = await store.findCustomer(trx, owner, version.integration_id, companyId);
    const customerId = await this.#setCustomer(trx, version, companyId, { status: 'APPROVED', reason: null, now });
    const rights = JSON.stringify(rightsOf(JSON.parse(version.requested_rights) as RequestedRight[]));
    let userId = before?.technical_user_id == null ? undefined : Number(before.technical_user_id);
    if (userId !== undefined && (await findUser(trx, userId))) {
      await identity.updateMembership(trx, companyId, userId, { rights, active: true });
      await identity.revokeApiKeys(trx, companyId, isoDateTime(now), { userId });
    } else {
      userId = await allocateId(trx, 0, 'users');
      await identity.insertUser(trx, {
        user_id: userId,
        username: `integration.${version.integration_id.slice(0, 8)}.${companyId}.${randomSecret(6)}`,
        password_hash: null,
        first_name: version.name.slice(0, 50),
        last_name: '(integration)',
        email: '',
        mobile_phone: null,
        api_login_only: true,
        details: '{}',
        password_changed_at: null,
        failed_logins: 0,
        locked_until: null,
        created_at: isoDateTime(now),
        version: nextVersion(now),
      });
      await identity.insertMembership(trx, {
        company_id: companyId,
        user_id: userId,
        role: 'NONE',
        rights,
        partner_id: null,
        active: true,
        added_at: isoDateTime(now),
      });
    }
    const secret = randomSecret(32);
    const keyId = await allocateId(trx, companyId, 'api_keys');
    await identity.insertApiKey(trx, {
      company_id: companyId,
      id: keyId,
      user_id: userId,
      client_id: version.client_id,
      secret_digest: digest(secret),
      created_at: isoDateTime(now),
      revoked_at: null,
    });
    await store.updateCustomer(trx, owner, customerId, { technical_user_id: userId });
    return formatApiKey(companyId, keyId, secret);
  }

  // ---- customers --------------------------------------------------------------------------------------

  /**
   * The customers of an integration of the caller's company. A customer on an older version whose rights the
   * newest approved version changed is PENDING_APPROVAL until it accepts again (its technical user keeps the
   * rights it accepted meanwhile).
   */
  async customers(auth: RequestAuth, integrationId: string, companyId?: number): Promise<IntegrationCustomerWire> {
    const owner = await store.ownerOf(this.#ctx.db, integrationId);
    if (owner !== auth.companyId) throw notFound('Integration');
    const versions = await this.#versions(owner, integrationId);
    if (versions[0].environment !== this.#ctx.config.mode)
      throw apiError('INTEGRATION_OTHER_ENVIRONMENT', undefined, { environment: versions[0].environment });
    const live = versions.find((v) => v.status === 'APPROVED');
    const rightsOfVersion = new Map(versions.map((v) => [Number(v.version_no), v.requested_rights]));
    const rows = await store.customersOf(this.#ctx.db, owner, integrationId);
    const customers = rows.map((row): CustomerStatusWire => {
      const changed =
        live !== undefined && sameRights(rightsOfVersion.get(Number(row.version_no)), live.requested_rights) === false;
      return {
        companyId: Number(row.customer_company_id),
        integrationVersionStatus:
          row.status === 'APPROVED' && changed ? 'PENDING_APPROVAL' : (row.status as 'APPROVED' | 'NEW' | 'REJECTED'),
      };
    });
    if (companyId === undefined) return { customers };
    const named = customers.filter((c) => c.companyId === companyId);
    return { ...named[0], customers: named };
  }
}

function sameRights(a: string | undefined, b: string): boolean {
  const key = (json: string | undefined) =>
    JSON.stringify(((json ? JSON.parse(json) : []) as RequestedRight[]).map((r) => `${r.right}:${r.level}`).sort());
  return key(a) === key(b);
}

/** The rights of a technical user: exactly the requested ones, nothing else. */
function rightsOf(requested: RequestedRight[]): Record<string, Record<string, RightValue>> {
  const rights = normalizeRights({}) as Record<string, Record<string, RightValue>>;
  for (const { right, level } of requested) {
    const [area, leaf] = right.split('.') as [string, string];
    rights[area][leaf] = typeof rights[area][leaf] === 'boolean' ? true : level;
  }
  return rights;
}

function checkDecisionCovers(asked: number[], approve: number[], reject: (number | undefined)[]): void {
  const named = [...approve, ...reject];
  const problems: string[] = [];
  if (named.some((id) => id === undefined)) problems.push('every rejection needs a companyId');
  const seen = new Set<number>();
  for (const id of named) {
    if (id === undefined) continue;
    if (seen.has(id)) problems.push(`company ${id} is named twice`);
    seen.add(id);
    if (!asked.includes(id)) problems.push(`company ${id} is not in the request`);
  }
  for (const id of asked) if (!seen.has(id)) problems.push(`company ${id} is left out`);
  if (problems.length > 0) throw apiError('INTEGRATION_COMPANIES_MISMATCH', undefined, { detail: problems.join('; ') });
}

function checkSpecification(input: SpecificationInputWire): void {
  let url: URL | undefined;
  try {
    url = new URL(input.callbackUrl);
  } catch {
    url = undefined;
  }
  const local = url && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (
    !url ||
    url.username ||
    url.password ||
    url.hash ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && local))
  )
    throw apiError('INTEGRATION_CALLBACK_INVALID', 'callbackUrl');
  const rights = new Set<string>();
  for (const { right } of input.requestedRights) {
    if (rights.has(right)) throw apiError('INTEGRATION_RIGHT_LISTED_TWICE', 'requestedRights', { right });
    rights.add(right);
  }
}

function specificationColumns(input: SpecificationInputWire) {
  return {
    name: input.name,
    description: input.description,
    callback_url: input.callbackUrl,
    requested_rights: JSON.stringify(input.requestedRights),
    consent_fields: JSON.stringify([...new Set(input.consentFields)]),
    partner_val: input.partnerVal ?? null,
  };
}
