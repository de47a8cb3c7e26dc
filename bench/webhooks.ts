// Throughput of the webhook delivery worker: events written to the outbox, then delivered (claimed, signed,
// POSTed, recorded) to a local receiver in another process that checks every signature. Prints events
// delivered per second.
//   node bench/webhooks.ts                         (embedded SQLite, a file in a temporary directory)
//   DATABASE_URL=postgres://… node bench/webhooks.ts
// Options: BENCH_EVENTS (default 5000).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { seedDemo } from '../src/company/demo.ts';
import { emitEvent } from '../src/webhooks/outbox.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const SECRET = 'bench-shared-secret-0123456789abcdef';

const RECEIVER = `
import { createServer } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
let ok = 0, bad = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET') return res.end(JSON.stringify({ ok, bad }));
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const expected = createHmac('sha512', ${JSON.stringify(SECRET)}).update(Buffer.concat(chunks)).digest();
    const given = Buffer.from(String(req.headers['x-tase-signature']), 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) ok++; else bad++;
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? '';
  if (/^postgres(ql)?:\/\//.test(base)) {
    const name = `tase_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const dropper = new pg.Client({ connectionString: base });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tase-bench-'));
  return { url: join(dir, 'tase.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const receiver = spawn(process.execPath, ['--input-type=module', '-e', RECEIVER], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = Number(
  await new Promise<string>((resolve) => createInterface({ input: receiver.stdout }).once('line', resolve)),
);
const db = await database();
const app = await buildApp({
  config: { ...configFromEnv({ TASE_MODE: 'sandbox' }), databaseUrl: db.url, logLevel: 'silent' },
  background: false,
});
try {
  const demo = await seedDemo(app.ctx);
  await app.services.webhooks.create(demo.companyId, {
    url: `http://127.0.0.1:${port}/hook`,
    authenticationType: 'HMAC',
    authenticationMeta: { sharedSecret: SECRET, hashFunction: 'SHA512' },
    subscriptions: ['PAYMENT_UPDATED'],
  });
  const now = app.ctx.clock.now();
  for (let written = 0; written < EVENTS;) {
    const batch = Math.min(500, EVENTS - written);
    await app.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < batch; i++) {
        await emitEvent(trx, {
          companyId: demo.companyId,
          eventType: 'PAYMENT_UPDATED',
          payload: { paymentId: written + i + 1, message: 'Payment updated.' },
          now,
        });
      }
    });
    written += batch;
  }

  const delivered = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', demo.companyId)
          .where('status', '=', 'DELIVERED')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const started = performance.now();
  app.services.webhooks.worker.start();
  while ((await delivered()) < EVENTS) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  await app.services.webhooks.worker.stop();
  const counts = (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as { ok: number; bad: number };
  console.log(
    JSON.stringify({
      engine: app.ctx.engine,
      events: EVENTS,
      seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(EVENTS / seconds),
      receivedWithValidSignature: counts.ok,
      receivedWithBadSignature: counts.bad,
    }),
  );
} finally {
  await app.close();
  await db.drop();
  receiver.kill('SIGTERM');
}
