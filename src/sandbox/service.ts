// The integrator's sandbox (TASE_MODE=sandbox only; the routes are not registered in production):
//
//   clock     the one service clock (ctx.clock) moved forward, so every time rule (token, two-factor, activation
//             request and login expiry, due dates, fiscal periods) can be tested without waiting;
//   two-factor  how new transactions end, per request (header X-Tase-Sandbox-Mfa) or per company;
//   webhooks  an inspector of the deliveries sent (bodies, signatures, answers, retries) and their replay;
//   baselines a company back to the state it was made in (its fixture or the demo data, else set up afresh) and to
//             the snapshots a test suite names; identities, OAuth clients, API keys and integrations stay;
//   seed      companies, users, clients, API keys and documents from a fixture, the documents created through
//             the API itself (the same validation as any client's requests).
import { createHmac } from 'node:crypto';
import type { AppContext } from '../platform/context.ts';
import type { AnyArea } from '../platform/area.ts';
import type { RouteRequest, RouteSchemas } from '../platform/route.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { findClient, type AuthService } from '../auth/index.ts';
import type { MfaService, SandboxOutcome } from '../mfa/index.ts';
import type { WebhookService } from '../webhooks/index.ts';
import { AdminError, AdminService } from '../company/index.ts';
import * as store from './store.ts';
import type { CompanySnapshots } from './snapshots.ts';
import { Faults } from './faults.ts';
import { RequestJournal } from './journal.ts';
import { sandboxBooks } from './books.ts';
import { companySnapshots } from './snapshot-engines.ts';
import {
  MFA_OUTCOMES,
  type FixtureWire,
  type InspectedDeliveryWire,
  type ResetResultWire,
  type SandboxClockWire,
  type SeedResultWire,
  type SnapshotWire,
  type RestoreResultWire,
} from './schemas.ts';
import { withoutUndefined } from '../domain/objects.ts';

const MFA_HEADER = 'x-tase-sandbox-mfa';
const MFA_SETTING = 'mfa_outcome';
const DELIVERIES_LISTED = 200;

/**
 * Tables a reset leaves: the tenant register and company settings, identities (API keys, sessions), webhooks
 * and their subscriptions, integrations, the sandbox's own settings.
 */
const KEPT_AREAS = new Set(['auth', 'company', 'integrations', 'sandbox']);
const KEPT_TABLES = new Set(['webhooks', 'webhook_subscriptions']);

/**
 * Tables a snapshot leaves out: the identities a test suite holds (API keys, sessions: a token stays valid across
 * restores), integrations, and the snapshots themselves. Everything else of the company comes back, its id
 * sequences and numbering too, so ids and numbers run on as they did after the snapshot was taken.
 */
const UNSNAPPED_AREAS = new Set(['auth', 'integrations']);
const UNSNAPPED_TABLES = new Set(['sandbox_snapshots']);
/** The snapshot a company's creation leaves: what reset returns to. Names from the API cannot start with '@'. */
const BASELINE = '@baseline';
const SNAPSHOTS_PER_COMPANY = 20;

/** The documents of a fixture company, in the order they are created, with the endpoint creating each. */
const FIXTURE_DOCUMENTS = [
  ['partners', '/businesspartners', 'id'],
  ['products', '/products', 'id'],
  ['employees', '/payrolls/employees/salaryinfo', 'employeeId'],
  ['invoices', '/invoices', 'id'],
  ['ledgerReceipts', '/ledgerreceipts', 'id'],
] as const;

/** What a fixture has made so far: undone when an item of it is refused. */
interface Made {
  clients: string[];
  users: number[];
  companies: number[];
}

/** Rows of global tables belonging to a company, and to a user (column of the company or user id). */
const GLOBAL_ROWS_OF_COMPANIES = [
  ['company_users', 'company_id'],
  ['mfa_transactions', 'company_id'],
  ['integration_directory', 'company_id'],
] as const;
const GLOBAL_ROWS_OF_USERS = [
  ['company_users', 'user_id'],
  ['mfa_transactions', 'user_id'],
  ['authenticator_sessions', 'user_id'],
  ['login_flows', 'user_id'],
] as const;

/** Sends a request to the service's own API (Fastify's inject: no network). */
export type ApiCaller = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number; body: string }>;

interface Clockwork {
  advance(ms: number): void;
}

const movable = (clock: unknown): clock is Clockwork => typeof (clock as Partial<Clockwork>).advance === 'function';

export class SandboxService {
  readonly #ctx: AppContext;
  readonly #webhooks: WebhookService;
  readonly #auth: AuthService;
  readonly #companyTables: string[];
  /** Every company table, the kept ones too: a refused fixture's companies go entirely. */
  readonly #allCompanyTables: string[];
  readonly #snapshots: CompanySnapshots;
  /** The fault rules (installed on the app by the composition root in sandbox mode). */
  readonly faults: Faults;
  /** The request journal (installed like the faults). */
  readonly journal: RequestJournal;
  #offsetMs = 0;

  constructor(
    ctx: AppContext,
    deps: { mfa: MfaService; webhooks: WebhookService; auth: AuthService },
    areas: readonly AnyArea[],
  ) {
    this.#ctx = ctx;
    this.#webhooks = deps.webhooks;
    this.#auth = deps.auth;
    this.#companyTables = areas
      .filter((area) => !KEPT_AREAS.has(area.name))
      .flatMap((area) => area.tables?.company ?? [])
      .filter((table) => !KEPT_TABLES.has(table));
    this.#allCompanyTables = [...areas.flatMap((area) => area.tables?.company ?? []), 'id_sequences'];
    const snapped = areas
      .filter((area) => !UNSNAPPED_AREAS.has(area.name))
      .flatMap((area) => area.tables?.company ?? [])
      .filter((table) => !UNSNAPPED_TABLES.has(table));
    this.#snapshots = companySnapshots(ctx, [...snapped, 'id_sequences']);
    deps.mfa.sandboxOutcome = (request) => this.#mfaOutcome(request);
    const books = sandboxBooks();
    this.faults = new Faults(ctx.clock, books);
    this.journal = new RequestJournal(ctx.clock, books);
  }

  // ---- who acts on the whole sandbox -----------------------------------------------------------------

  /**
   * Moving the shared clock, resetting every company and seeding new ones reach every tenant of the sandbox, so
   * only its administrators may: the users named with `tase admin sandbox-administrator`, or, until one is
   * named, the sandbox's first user (the demo user of the first start). The command line may always.
   */
  async requireAdministrator(userId: number, action: string): Promise<void> {
    if (!(await store.isSandboxAdministrator(this.#ctx.db, userId)))
      throw apiError('SANDBOX_ADMINISTRATOR_ONLY', undefined, { action });
  }

  async isAdministrator(userId: number): Promise<boolean> {
    return store.isSandboxAdministrator(this.#ctx.db, userId);
  }

  /** Names a user an administrator of the whole sandbox (`tase admin sandbox-administrator USERNAME`). */
  async nameAdministrator(username: string): Promise<{ userId: number }> {
    const userId = await store.userIdByUsername(this.#ctx.db, username);
    if (userId === undefined) throw apiError('VALIDATION_FAILED', 'username', { detail: `no user '${username}'` });
    await store.nameSandboxAdministrator(this.#ctx.db, userId, isoDateTime(this.#ctx.clock.now()));
    return { userId };
  }

  // ---- clock ------------------------------------------------------------------------------------------

  clock(): SandboxClockWire {
    return { now: isoDateTime(this.#ctx.clock.now()), offsetSeconds: Math.round(this.#offsetMs / 1000) };
  }

  advanceClock(seconds: number): SandboxClockWire {
    const clock = this.#ctx.clock;
    if (!movable(clock)) throw apiError('SANDBOX_CLOCK_FIXED');
    clock.advance(seconds * 1000);
    this.#offsetMs += seconds * 1000;
    return this.clock();
  }

  /** Sets the clock back (or forward) to an offset a baseline or snapshot was taken at. */
  #clockTo(offsetMs: number): void {
    const clock = this.#ctx.clock;
    if (!movable(clock) || offsetMs === this.#offsetMs) return;
    clock.advance(offsetMs - this.#offsetMs);
    this.#offsetMs = offsetMs;
  }

  // ---- two-factor -------------------------------------------------------------------------------------

  async mfaScript(companyId: number): Promise<{ outcome: SandboxOutcome }> {
    const stored = await store.getSetting(this.#ctx.db, companyId, MFA_SETTING);
    return { outcome: (stored as SandboxOutcome | undefined) ?? 'CONFIRM' };
  }

  async setMfaScript(companyId: number, outcome: SandboxOutcome): Promise<{ outcome: SandboxOutcome }> {
    await store.setSetting(this.#ctx.db, companyId, MFA_SETTING, outcome);
    return { outcome };
  }

  async #mfaOutcome(request: RouteRequest<RouteSchemas>): Promise<SandboxOutcome> {
    const header = request.raw.headers[MFA_HEADER];
    if (header !== undefined) {
      const value = String(header).toUpperCase();
      if (!(MFA_OUTCOMES as readonly string[]).includes(value))
        throw apiError('SANDBOX_MFA_OUTCOME_INVALID', MFA_HEADER, { value: String(header).slice(0, 20) });
      return value as SandboxOutcome;
    }
    return (await this.mfaScript(request.auth.companyId)).outcome;
  }

  // ---- webhook inspector ------------------------------------------------------------------------------

  async deliveries(companyId: number): Promise<{ results: InspectedDeliveryWire[] }> {
    const { deliveries, webhooks } = await store.recentDeliveries(this.#ctx.db, companyId, DELIVERIES_LISTED);
    const header = this.#ctx.config.webhookSignatureHeader ?? 'X-Tase-Signature';
    return {
      results: deliveries.map((row) => {
        const webhook = webhooks.get(row.webhook_uuid);
        const signed = webhook?.authentication_type === 'HMAC' && webhook.shared_secret;
        return withoutUndefined({
          deliveryId: row.delivery_id,
          webhookUuid: row.webhook_uuid,
          url: webhook?.url ?? '',
          eventType: row.event_type,
          status: row.status,
          attempts: Number(row.attempts),
          createdAt: row.created_at,
          deliveredAt: row.delivered_at ?? undefined,
          lastResponseStatus: row.last_status === null ? undefined : Number(row.last_status),
          lastError: row.last_error ?? undefined,
          attemptLog: JSON.parse(row.attempt_log) as InspectedDeliveryWire['attemptLog'],
          body: row.body,
          signatureHeader: signed ? header : undefined,
          signature: signed
            ? createHmac('sha512', webhook.shared_secret!).update(row.body, 'utf8').digest('hex')
            : undefined,
        });
      }),
    };
  }

  /** Sends a delivery again, whatever its state (same id, same body); the attempt shows in the inspector. */
  async replay(companyId: number, deliveryId: string): Promise<{ message: string }> {
    const delivery = await store.findDelivery(this.#ctx.db, companyId, deliveryId);
    if (!delivery) throw notFound('Delivery');
    return this.#webhooks.retry(companyId, delivery.webhook_uuid, deliveryId, true);
  }

  // ---- reset ------------------------------------------------------------------------------------------

  /**
   * Returns companies to the state they were made in: the baseline their fixture or the demo data left, else (a
   * company made by `tase admin`) emptied and set up afresh. `moveClock` (a sandbox administrator's reset) sets
   * the shared clock back to the baseline's time too.
   */
  async reset(companyId: number, scope: 'COMPANY' | 'ALL', moveClock: boolean): Promise<ResetResultWire> {
    const companies = scope === 'ALL' ? await this.#ctx.companies.ids(this.#ctx.db, 0, 100_000) : [companyId];
    let deletedRows = 0;
    let clockAt = 0;
    for (const id of companies) {
      const baseline = await store.findSnapshot(this.#ctx.db, id, BASELINE);
      if (baseline) {
        deletedRows += (await this.#restore(id, baseline)).deletedRows;
        if (scope === 'COMPANY') clockAt = Number(baseline.clock_offset_ms);
        continue;
      }
      deletedRows += await this.#ctx.db.transaction().execute(async (trx) => {
        let deleted = 0;
        for (const table of this.#companyTables) deleted += await store.deleteCompanyRows(trx, table, id);
        deleted += await store.deleteRowCounts(trx, id);
        await this.#ctx.companySetup.company(trx, id);
        for (const member of await store.activeMembers(trx, id))
          await this.#ctx.companySetup.member(trx, {
            companyId: id,
            userId: Number(member.user_id),
            firstName: member.first_name,
            lastName: member.last_name,
            email: member.email,
          });
        return deleted;
      });
    }
    if (moveClock) this.#clockTo(clockAt);
    return { companies, deletedRows, clock: this.clock() };
  }

  // ---- snapshots --------------------------------------------------------------------------------------

  /** The company's state as it stands now becomes its baseline (after its fixture or demo data). */
  async recordBaseline(companyId: number): Promise<void> {
    await this.#take(companyId, BASELINE);
  }

  async takeSnapshot(companyId: number, name: string): Promise<SnapshotWire> {
    const existing = await store.listSnapshots(this.#ctx.db, companyId);
    const named = existing.filter((row) => row.name !== BASELINE);
    if (!named.some((row) => row.name === name) && named.length >= SNAPSHOTS_PER_COMPANY)
      throw apiError('SANDBOX_SNAPSHOT_LIMIT', 'name', { limit: SNAPSHOTS_PER_COMPANY });
    return snapshotWire(await this.#take(companyId, name));
  }

  async #take(companyId: number, name: string): Promise<store.SandboxSnapshotRow> {
    const { fingerprint } = await this.#snapshots.layout();
    // Ids this process reserved in blocks are forgotten, as after a restore: the ids made after the snapshot are
    // then the same as those made after each restore of it.
    this.#ctx.changes.rolledBack();
    return this.#ctx.db.transaction().execute(async (trx) => {
      const rows = await this.#snapshots.take(trx, companyId, name);
      const row = {
        company_id: companyId,
        name,
        taken_at: isoDateTime(this.#ctx.clock.now()),
        clock_offset_ms: this.#offsetMs,
        layout: fingerprint,
        row_count: rows,
      };
      await store.saveSnapshot(trx, row);
      return row;
    });
  }

  async snapshots(companyId: number): Promise<{ results: SnapshotWire[] }> {
    const rows = await store.listSnapshots(this.#ctx.db, companyId);
    return { results: rows.filter((row) => row.name !== BASELINE).map(snapshotWire) };
  }

  async restoreSnapshot(companyId: number, name: string, moveClock: boolean): Promise<RestoreResultWire> {
    const row = await store.findSnapshot(this.#ctx.db, companyId, name);
    if (!row || name === BASELINE) throw notFound('Snapshot');
    const { deletedRows, durationMs } = await this.#restore(companyId, row);
    if (moveClock) this.#clockTo(Number(row.clock_offset_ms));
    return { name, deletedRows, restoredRows: Number(row.row_count), durationMs, clock: this.clock() };
  }

  async deleteSnapshot(companyId: number, name: string): Promise<void> {
    if (name === BASELINE || !(await store.findSnapshot(this.#ctx.db, companyId, name))) throw notFound('Snapshot');
    await this.#ctx.db.transaction().execute(async (trx) => {
      await this.#snapshots.drop(trx, companyId, name);
      await store.deleteSnapshot(trx, companyId, name);
    });
  }

  async #restore(companyId: number, row: store.SandboxSnapshotRow) {
    const { fingerprint } = await this.#snapshots.layout();
    if (row.layout !== fingerprint) throw apiError('SANDBOX_SNAPSHOT_OUTDATED', undefined, { name: row.name });
    const started = performance.now();
    const deletedRows = await this.#ctx.db
      .transaction()
      .execute((trx) => this.#snapshots.restore(trx, companyId, row.name));
    // The company's id sequences went back: ids this process reserved in blocks since must not be handed out, and
    // nothing cached of the company's rows holds any more (src/db/changes.ts).
    this.#ctx.changes.rolledBack();
    return { deletedRows, durationMs: Math.round(performance.now() - started) };
  }

  // ---- fixtures ---------------------------------------------------------------------------------------

  /**
   * Creates what a fixture describes, all or nothing. Companies, users, clients and keys are made by the
   * administration service; documents through the API with a token of the company's first user, so they pass
   * the same checks as any client's. Those requests commit one by one (each is the API's own transaction), so a
   * refused item undoes everything made before it in one transaction — the fixture's companies with all their
   * rows, its users and clients, and the global id sequences given back — and answers a 400 naming the item.
   */
  async seed(fixture: FixtureWire, call: ApiCaller): Promise<SeedResultWire> {
    const admin = new AdminService(this.#ctx);
    const made: Made = { clients: [], users: [], companies: [] };
    const sequences = await store.globalSequences(this.#ctx.db);
    let item = 'clients';
    try {
      const clients = [];
      for (const [index, client] of (fixture.clients ?? []).entries()) {
        item = `clients[${index}]`;
        const created = await admin.createClient(client);
        made.clients.push(created.clientId);
        clients.push({ clientId: created.clientId, clientSecret: created.clientSecret });
      }
      const companies = [];
      for (const company of fixture.companies)
        companies.push(await this.#seedCompany(admin, company, call, made, (at) => (item = at)));
      for (const { companyId } of companies) await this.recordBaseline(companyId);
      return { clients, companies };
    } catch (err) {
      await this.#undo(made, sequences);
      if (err instanceof AdminError) throw apiError('SANDBOX_SEED_REFUSED', item, { detail: err.message });
      throw err;
    }
  }

  async #undo(made: Made, sequences: Map<string, number>): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      for (const companyId of made.companies)
        for (const table of this.#allCompanyTables) await store.deleteCompanyRows(trx, table, companyId);
      for (const [table, column] of GLOBAL_ROWS_OF_COMPANIES)
        await store.deleteRowsOf(trx, table, column, made.companies);
      for (const [table, column] of GLOBAL_ROWS_OF_USERS) await store.deleteRowsOf(trx, table, column, made.users);
      await store.deleteRowsOf(trx, 'users', 'user_id', made.users);
      await store.deleteRateLimitSlots(trx, made.clients);
      await store.deleteRowsOf(trx, 'oauth_clients', 'client_id', made.clients);
      const remaining = await this.#ctx.companies.ids(trx, sequences.get('companies') ?? 0, 100_000);
      await store.rewindGlobalSequence(trx, 'companies', sequences.get('companies'), remaining.at(-1) ?? 0);
      await store.rewindGlobalSequence(trx, 'users', sequences.get('users'), await store.highestUserId(trx));
    });
  }

  async #seedCompany(
    admin: AdminService,
    company: FixtureWire['companies'][number],
    call: ApiCaller,
    made: Made,
    at: (item: string) => void,
  ) {
    const where = `companies.${company.name}`;
    at(where);
    const { companyId } = await admin.createCompany({
      name: company.name,
      businessId: company.businessId,
      businessForm: company.businessForm,
    });
    made.companies.push(companyId);
    const users = [];
    for (const [index, user] of company.users.entries()) {
      at(`${where}.users[${index}]`);
      const { userId } = await admin.createUser(user);
      made.users.push(userId);
      await admin.addMember(companyId, userId, index === 0 ? 'ADMIN' : (user.role ?? 'ADMIN'));
      const apiKey = user.apiKeyForClient
        ? (await admin.createApiKey({ companyId, userId, clientId: user.apiKeyForClient })).apiKey
        : undefined;
      users.push({ username: user.username, userId, ...(apiKey ? { apiKey } : {}) });
    }
    at(where);
    const token = await this.#seedingToken(admin, companyId, users[0].userId, made);
    const keys: Record<string, number> = {};
    for (const [field, path, idField] of FIXTURE_DOCUMENTS) {
      for (const [index, item] of (company[field] ?? []).entries()) {
        const { key, ...body } = item;
        const answer = await call({
          method: 'POST',
          url: `/api${path}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(withKeys(body, keys)),
        });
        const parsed = JSON.parse(answer.body) as Record<string, unknown> & { errors?: { message: string }[] };
        if (answer.statusCode !== 200)
          throw apiError('SANDBOX_SEED_REFUSED', `${where}.${field}[${index}]`, {
            detail: parsed.errors?.map((e) => e.message).join('; ') ?? `status ${answer.statusCode}`,
          });
        if (key) keys[key] = Number(parsed[idField]);
      }
    }
    return { companyId, name: company.name, users, keys };
  }

  /** An access token of the company's first user, on a client of its own (made once). */
  async #seedingToken(admin: AdminService, companyId: number, userId: number, made: Made): Promise<string> {
    const clientId = 'tase-sandbox-seed';
    if (!(await findClient(this.#ctx.db, clientId))) {
      await admin.createClient({ name: 'Sandbox seeding', redirectUri: 'http://localhost/seed', clientId });
      made.clients.push(clientId);
    }
    const { apiKey } = await admin.createApiKey({ companyId, userId, clientId });
    const client = await findClient(this.#ctx.db, clientId);
    const answer = await this.#auth.clientCredentialsGrant(client!, apiKey);
    return answer.access_token;
  }
}

/** A body with every text "@key" of a created resource replaced by its id. */
function withKeys(value: unknown, keys: Record<string, number>): unknown {
  if (typeof value === 'string' && value.startsWith('@')) {
    const id = keys[value.slice(1)];
    if (id === undefined) throw apiError('SANDBOX_SEED_REFUSED', undefined, { detail: `unknown key ${value}` });
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => withKeys(v, keys));
  // plain objects only: decimals (kept exact by the body parser) go out as they came
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withKeys(v, keys)]));
  return value;
}

function snapshotWire(row: store.SandboxSnapshotRow): SnapshotWire {
  return {
    name: row.name,
    takenAt: row.taken_at,
    rows: Number(row.row_count),
    clockOffsetSeconds: Math.round(Number(row.clock_offset_ms) / 1000),
  };
}
