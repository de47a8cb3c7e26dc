// HTTP of the sandbox (registered only when TASE_MODE=sandbox).
import { Type, ADDITION } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { InfoMessage } from '../platform/schema.ts';
import {
  ClockMove,
  Fault,
  FaultList,
  FaultRequest,
  Journal,
  JournalQuery,
  Fixture,
  InspectedDeliveries,
  MfaScript,
  ResetRequest,
  ResetResult,
  RestoreResult,
  SandboxClock,
  SeedResult,
  Snapshot,
  SnapshotParams,
  SnapshotRequest,
  Snapshots,
} from './schemas.ts';
import type { SandboxService } from './service.ts';

const TAGS = ['Sandbox'];
const COMPANY = 'management.companyInfo' as const;
const WEBHOOKS = 'management.webhooks' as const;

export function sandboxRoutes(sandbox: SandboxService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/sandbox/clock',
      right: null,
      tags: TAGS,
      summary: 'Read the service clock',
      schema: { ...ADDITION, response: { 200: SandboxClock } },
      handler: () => sandbox.clock(),
    }),
    route({
      method: 'POST',
      path: '/sandbox/clock',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Move the service clock forward',
      description:
        'Every time rule reads this one clock: access and refresh tokens, two-factor expiry (408), activation ' +
        'requests (410), login flows, webhook retries, due dates and fiscal periods. It moves for the whole ' +
        'sandbox (every company) and never back; a restart sets it to the real time again. Since it moves for ' +
        'every company, only a sandbox administrator may move it (403 `SANDBOX_ADMINISTRATOR_ONLY`).',
      schema: { ...ADDITION, body: ClockMove, response: { 200: SandboxClock } },
      handler: async ({ auth, body }) => {
        await sandbox.requireAdministrator(auth.userId, 'move the clock of every company');
        return sandbox.advanceClock(body.advanceSeconds);
      },
    }),
    route({
      method: 'GET',
      path: '/sandbox/mfa',
      right: view(COMPANY),
      tags: TAGS,
      summary: 'How two-factor transactions of the company end',
      schema: { ...ADDITION, response: { 200: MfaScript } },
      handler: ({ auth }) => sandbox.mfaScript(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/sandbox/mfa',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Script how two-factor transactions of the company end',
      description:
        'CONFIRM (the default), REJECT (the status query answers 406) or EXPIRE (408 at once). A request may ' +
        'choose for itself with the header `X-Tase-Sandbox-Mfa: CONFIRM|REJECT|EXPIRE`.',
      schema: { ...ADDITION, body: MfaScript, response: { 200: MfaScript } },
      handler: ({ auth, body }) => sandbox.setMfaScript(auth.companyId, body.outcome),
    }),
    route({
      method: 'GET',
      path: '/sandbox/webhooks/deliveries',
      right: view(WEBHOOKS),
      tags: TAGS,
      summary: 'Inspect the webhook deliveries of the company',
      description:
        'The newest 200 deliveries of every webhook: the body as sent, its signature, each attempt with the ' +
        "receiver's status or error. A page shows the same: `{root}/sandbox/webhooks`.",
      schema: { ...ADDITION, response: { 200: InspectedDeliveries } },
      handler: ({ auth }) => sandbox.deliveries(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/sandbox/webhooks/deliveries/:deliveryId/replay',
      right: edit(WEBHOOKS),
      tags: TAGS,
      summary: 'Send a webhook delivery again',
      description: 'Whatever its state; the same delivery id and body, a new attempt in its log.',
      schema: {
        ...ADDITION,
        params: Type.Object({ deliveryId: Type.String({ format: 'uuid', maxLength: 36 }) }),
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params }) => sandbox.replay(auth.companyId, params.deliveryId),
    }),
    route({
      method: 'POST',
      path: '/sandbox/reset',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Reset the company (or the whole sandbox) to the state it was made in',
      description:
        'A company made by a fixture (`POST /sandbox/seed`, `tase seed`) or with the demo data returns to the ' +
        'state that left — documents, registers, settings, ledger, payroll, webhooks and their deliveries, id ' +
        'sequences and numbering — and a company made otherwise is emptied and set up afresh (chart of accounts, ' +
        'fiscal year, VAT defaults). Users, OAuth clients, API keys (and the tokens issued on them) and ' +
        "integrations stay. A sandbox administrator's reset also sets the shared clock back to the company's " +
        'creation time (`scope: ALL`: to the real time). `scope: ALL` resets every company of the sandbox: only ' +
        'a sandbox administrator may (403 `SANDBOX_ADMINISTRATOR_ONLY`).',
      schema: { ...ADDITION, body: ResetRequest, response: { 200: ResetResult } },
      handler: async ({ auth, body }) => {
        const scope = body.scope ?? 'COMPANY';
        if (scope === 'ALL') await sandbox.requireAdministrator(auth.userId, 'reset every company');
        return sandbox.reset(auth.companyId, scope, await sandbox.isAdministrator(auth.userId));
      },
    }),
    route({
      method: 'GET',
      path: '/sandbox/snapshots',
      right: view(COMPANY),
      tags: TAGS,
      summary: 'List the snapshots of the company',
      schema: { ...ADDITION, response: { 200: Snapshots } },
      handler: ({ auth }) => sandbox.snapshots(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/sandbox/snapshots',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Name the current state of the company',
      description:
        'Copies every row of the company (what a reset returns, see `POST /sandbox/reset`) under the name, ' +
        'replacing a snapshot of that name. A company keeps at most 20 (409 `SANDBOX_SNAPSHOT_LIMIT`).',
      schema: { ...ADDITION, body: SnapshotRequest, response: { 200: Snapshot } },
      handler: ({ auth, body }) => sandbox.takeSnapshot(auth.companyId, body.name),
    }),
    route({
      method: 'POST',
      path: '/sandbox/snapshots/:name/restore',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Return the company to a snapshot',
      description:
        'In one transaction, in milliseconds: a test suite restores before each test. Ids, numbering and ' +
        'webhook deliveries go on as they did after the snapshot was taken; tokens stay valid. A sandbox ' +
        "administrator's restore also sets the shared clock back to the snapshot's time. A snapshot taken before " +
        'an upgrade changed the tables answers 409 `SANDBOX_SNAPSHOT_OUTDATED`.',
      schema: { ...ADDITION, params: SnapshotParams, response: { 200: RestoreResult } },
      handler: async ({ auth, params }) =>
        sandbox.restoreSnapshot(auth.companyId, params.name, await sandbox.isAdministrator(auth.userId)),
    }),
    route({
      method: 'DELETE',
      path: '/sandbox/snapshots/:name',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Delete a snapshot',
      schema: { ...ADDITION, params: SnapshotParams, response: { 200: InfoMessage } },
      handler: async ({ auth, params }) => {
        await sandbox.deleteSnapshot(auth.companyId, params.name);
        return { message: 'Snapshot deleted.' };
      },
    }),
    route({
      method: 'GET',
      path: '/sandbox/requests',
      right: view(COMPANY),
      tags: TAGS,
      summary: "The company's recent API requests, newest first",
      description:
        'What each request sent and was answered: method, path, query, status, duration, client, the bodies ' +
        '(secrets redacted, cut at 4096 characters). The newest 2,000 requests of the sandbox are kept, until it ' +
        "restarts. A sandbox administrator also sees the token endpoint's requests. The sandbox page shows them " +
        'too: `{root}/sandbox/webhooks`.',
      schema: { ...ADDITION, querystring: JournalQuery, response: { 200: Journal } },
      handler: async ({ auth, query }) =>
        sandbox.journal.list(auth.companyId, await sandbox.isAdministrator(auth.userId), query),
    }),
    route({
      method: 'GET',
      path: '/sandbox/faults',
      right: view(COMPANY),
      tags: TAGS,
      summary: 'List the fault rules of the company',
      schema: { ...ADDITION, response: { 200: FaultList } },
      handler: ({ auth }) => sandbox.faults.list(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/sandbox/faults',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Make requests fail on demand',
      description:
        "A rule makes the company's API requests matching its path (and method, and client) fail as its `kind` " +
        'says, for `count` requests or `forSeconds` (whichever ends first); the first rule added that matches ' +
        'applies. The sandbox endpoints are never matched. Rules live until the service restarts.',
      schema: { ...ADDITION, body: FaultRequest, response: { 200: Fault } },
      handler: ({ auth, body }) => sandbox.faults.add(auth.companyId, body),
    }),
    route({
      method: 'DELETE',
      path: '/sandbox/faults/:id',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Remove a fault rule',
      schema: { ...ADDITION, params: Type.Object({ id: Type.Integer() }), response: { 200: InfoMessage } },
      handler: async ({ auth, params }) => {
        await sandbox.faults.remove(auth.companyId, params.id);
        return { message: 'Fault rule removed.' };
      },
    }),
    route({
      method: 'POST',
      path: '/sandbox/seed',
      right: edit(COMPANY),
      tags: TAGS,
      summary: 'Create companies and their data from a fixture',
      description:
        'The fixture format is the request body below (its JSON Schema is also in the repository, ' +
        '`schemas/sandbox-fixture.schema.json`); `tase seed FILE` does the same from the command line. All or ' +
        'nothing: a refused item answers 400 naming it (`field`: `companies.<name>.invoices[4]`) and leaves the ' +
        'sandbox as it was before the request. It makes companies beside every other, so only a sandbox ' +
        'administrator may (403 `SANDBOX_ADMINISTRATOR_ONLY`).',
      schema: { ...ADDITION, body: Fixture, response: { 200: SeedResult } },
      handler: async ({ auth, body, raw }) => {
        await sandbox.requireAdministrator(auth.userId, 'seed companies');
        return sandbox.seed(body, (request) => raw.server.inject(request));
      },
    }),
  ];
}
