// Sends generated hostile requests (test/support/fuzz.ts) to every operation of the OpenAPI document of a
// service it starts itself (in-memory SQLite, or a fresh PostgreSQL database when DATABASE_URL is set), and
// prints the answers by status and every 5xx or malformed error body with the request that reproduces it.
//
//   npm run fuzz                                     100,000 requests, seed 17
//   npm run fuzz -- --requests 20000 --seed 5 --concurrency 8
import { parseArgs } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { startService } from '../test/support/service.ts';
import { approvedIntegration } from '../test/integration-helpers.ts';
import {
  changedPaths,
  fuzzEncodings,
  fuzzOperation,
  knownIdsOf,
  operationsOf,
  snapshotter,
  type FuzzFailure,
} from '../test/support/fuzz.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '17' },
    concurrency: { type: 'string', default: '8' },
  },
});
const total = Number(values.requests);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);

const svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
try {
  const operations = operationsOf((await svc.request('GET', '/api/openapi.json')).body as Record<string, unknown>);
  const token = await svc.token();
  const snapshots = await snapshotter(svc.base, operations, token);
  let before = await snapshots.take();
  const known = knownIdsOf(before);
  console.log(`fuzz: ${total} requests over ${operations.length} operations, seed ${seed}, ${concurrency} at a time`);

  const byStatus = new Map<number, number>();
  const failures: (FuzzFailure & { operation: string })[] = [];
  let sent = 0;
  const started = Date.now();
  // rounds over every operation, each round with its own seeds, until the total is sent
  const perRound = 200;
  for (let round = 0; sent < total; round++) {
    for (const [index, op] of operations.entries()) {
      if (sent >= total) break;
      const runSeed = seed + round * operations.length + index;
      const run = await fuzzOperation(svc.base, op, known, token, {
        seed: runSeed,
        runs: Math.min(perRound, total - sent),
        concurrency,
      });
      sent += run.sent + run.failures.filter((f) => f.problem.startsWith('no answer')).length;
      for (const [status, count] of run.byStatus) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
      for (const f of run.failures) failures.push({ ...f, operation: `${op.method} ${op.path} (seed ${runSeed})` });
      const after = await snapshots.take();
      const changed = run.accepted ? [] : changedPaths(before, after);
      if (changed.length > 0)
        failures.push({
          operation: `${op.method} ${op.path} (seed ${runSeed})`,
          problem: `refused requests changed ${changed.join(', ')}`,
          request: '',
        });
      before = after;
    }
    process.stdout.write(
      `  ${sent} sent, ${failures.length} problems, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }

  // the cookies of the login page and the authenticator, Basic and Bearer credentials, review and activation
  // tickets: a fiftieth of the requests, at least 100 texts (11 requests each)
  const encodings = await fuzzEncodings(svc.base, {
    seed,
    integrationId: (await approvedIntegration(svc)).integrationId,
    runs: Math.max(100, Math.round(total / 50 / 11)),
    concurrency,
  });
  sent += encodings.sent;
  for (const [status, count] of encodings.byStatus) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
  for (const f of encodings.failures)
    failures.push({ ...f, operation: `cookies, credentials and tickets (seed ${seed})` });
  console.log(`  cookies, credentials and tickets: ${encodings.sent} sent, ${encodings.failures.length} problems`);

  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s)`);
  console.log('answers by status:');
  for (const [status, count] of [...byStatus].sort((a, b) => a[0] - b[0])) console.log(`  ${status}  ${count}`);
  const serverErrors = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(`5xx: ${serverErrors}; problems: ${failures.length}`);
  for (const f of failures.slice(0, 50)) console.log(`\n${f.operation}: ${f.problem}\n  ${f.request}`);
  if (failures.length > 50) console.log(`\n… and ${failures.length - 50} more`);
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  await svc.close();
}
