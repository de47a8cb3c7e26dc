// Loaded into the service process by test/crash.test.ts (`node --import`): holds the service at one chosen moment
// of its first start, announced on stdout, so that the test's kill lands exactly there. TASE_TEST_CRASH_POINT names
// the moment: `migration:<name>` (the migration's statements have run, its record not yet written) or
// `seeding:<step>` (the demo seeding is about to run the AdminService step: createUser, addMember, createClient,
// createApiKey; the steps before it have run), or `idempotency:committed` (a POST with an Idempotency-Key has
// committed its work and answer, which is not sent yet; used by test/idempotency.test.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { MODULES } from '../../src/modules.ts';
import { AdminService } from '../../src/company/admin.ts';
import { IdempotencyKeys } from '../../src/platform/idempotency.ts';

export const CRASH_POINT_REACHED = 'crash point reached:';

const point = process.env.TASE_TEST_CRASH_POINT ?? '';
const [kind, name] = point.split(':');

async function hold(): Promise<void> {
  process.stdout.write(`${CRASH_POINT_REACHED} ${point}\n`);
  await sleep(60_000);
}

if (kind === 'migration') {
  // the module list builds the migration list from each area's own record of migrations: patch it there
  const owner = MODULES.find((area) => area.migrations !== undefined && name in area.migrations);
  const migrations = owner?.migrations;
  const migration = migrations?.[name];
  if (!migrations || !migration) throw new Error(`no migration ${name}`);
  const up = migration.up.bind(migration);
  migrations[name] = {
    ...migration,
    async up(db) {
      await up(db);
      await hold();
    },
  };
} else if (kind === 'seeding') {
  const prototype = AdminService.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const step = prototype[name];
  if (typeof step !== 'function') throw new Error(`no AdminService step ${name}`);
  prototype[name] = async function (this: unknown, ...args: unknown[]) {
    await hold();
    return step.apply(this, args);
  };
} else if (kind === 'idempotency') {
  (IdempotencyKeys.prototype as unknown as { committed: () => Promise<void> }).committed = hold;
}
