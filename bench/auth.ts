// What authentication costs on the hot path: GET one product at full load
//   - `baseline`: the same service with token verification replaced by a constant identity (no signature
//     check, no session read): the ceiling the real check is compared with;
//   - `tokens`:   the real check (JWT signature, remembered per token, plus the one point read of the session
//     and membership that makes revocation effective on the next request);
//   - `limited`:  the real check plus the per-client rate limit with a limit never reached (the in-memory
//     path of a lease claimed from the slots in the database, on both engines: the service runs on a file).
// and, on its own, the price of one shared rate-limit claim (one statement stamping a slot row), which a process
// pays once per lease (a twentieth of the limit) rather than per request.
//   node bench/auth.ts                         (embedded SQLite)
//   DATABASE_URL=postgres://… node bench/auth.ts
// Options: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 16), BENCH_ROUNDS (default 2).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { seedDemo } from '../src/company/demo.ts';
import { RateLimiter } from '../src/platform/rate-limit.ts';
import type { RequestAuth } from '../src/platform/route.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

type Mode = 'baseline' | 'tokens' | 'limited';

/** Child: the service on a fresh database with one product, in one of the modes. */
async function serve(mode: Mode): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tase-bench-auth-'));
  const databaseUrl = process.env.DATABASE_URL || join(dir, 'bench.sqlite');
  const config = {
    ...configFromEnv({ TASE_MODE: 'sandbox', TASE_RATE_LIMIT: mode === 'limited' ? '1000000000' : '0' }),
    databaseUrl,
    port: 0,
    logLevel: 'silent',
  };
  const app = await buildApp({ config });
  const demo = await seedDemo(app.ctx);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  });
  const token = (
    (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string }
  ).access_token;
  const created = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'SALES',
      name: 'Bench product',
      code: 'B1',
      unit: 'PIECE',
      price: 10.5,
      discount: 0,
      vat: 25.5,
      active: true,
      currency: 'EUR',
    }),
  });
  const productId = ((await created.json()) as { id: number }).id;
  if (mode === 'baseline') {
    const identity: RequestAuth = await app.services.auth.authenticate(token);
    app.services.auth.authenticate = async () => identity;
  }
  process.stdout.write(`${JSON.stringify({ base, token, productId, engine: app.ctx.engine })}\n`);
  const stop = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

async function startChild(
  mode: Mode,
): Promise<{ child: ChildProcess; info: { base: string; token: string; productId: number; engine: string } }> {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, 'serve', mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(mode: Mode): Promise<Figures & { engine: string }> {
  const { child, info } = await startChild(mode);
  try {
    const options = {
      url: `${info.base}/api/products/${info.productId}`,
      headers: { authorization: `Bearer ${info.token}` },
      connections,
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: seconds });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      engine: info.engine,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The price of one shared claim: a lease of one request, so that every take claims a slot of the ring. */
async function claimCost(): Promise<{ engine: string; microseconds: number } | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'tase-bench-auth-'));
  const databaseUrl = process.env.DATABASE_URL || join(dir, 'bench.sqlite');
  const app = await buildApp({
    config: { ...configFromEnv({ TASE_MODE: 'sandbox' }), databaseUrl, logLevel: 'silent' },
  });
  try {
    const clients = 200;
    // 20 slots per client, claimed at most 16 times each below: a slot is always free
    const limiter = new RateLimiter({ limit: 20, lease: 1, db: app.ctx.db, engine: app.ctx.engine, shared: true });
    for (let i = 0; i < clients; i++) await limiter.take(`bench-client-${i}`); // makes the rings
    const n = 3000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await limiter.take(`bench-client-${i % clients}`);
    return { engine: app.ctx.engine, microseconds: Number(process.hrtime.bigint() - started) / 1000 / n };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const results: Record<Mode, Figures[]> = { baseline: [], tokens: [], limited: [] };
  let engine = '';
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['baseline', 'tokens', 'limited'] as Mode[]) {
      const figures = await measure(mode);
      engine = figures.engine;
      results[mode].push(figures);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rows = [
    `engine: ${engine}, GET one product, ${connections} connections, ${rounds} rounds of ${seconds} s per mode, Node ${process.version}`,
  ];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  rows.push(`${'mode'.padEnd(34)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('vs baseline', 13)}${pad('errors', 8)}`);
  const baseline = mean(results.baseline.map((f) => f.rps));
  const labels: Record<Mode, string> = {
    baseline: 'no token verification (ceiling)',
    tokens: 'token verification',
    limited: 'token verification + rate limit',
  };
  for (const mode of ['baseline', 'tokens', 'limited'] as Mode[]) {
    const rps = mean(results[mode].map((f) => f.rps));
    const p99 = mean(results[mode].map((f) => f.p99));
    const errors = results[mode].reduce((a, f) => a + f.errors, 0);
    const delta = mode === 'baseline' ? '' : `${(((baseline - rps) / baseline) * 100).toFixed(1)} % cost`;
    rows.push(
      `${labels[mode].padEnd(34)}${pad(Math.round(rps), 10)}${pad(p99.toFixed(1), 9)}${pad(delta, 13)}${pad(errors, 8)}`,
    );
  }
  const claim = await claimCost();
  if (claim)
    rows.push(
      `one shared rate-limit claim (slot stamp, ${claim.engine}): ${claim.microseconds.toFixed(0)} µs, paid once per lease of limit/20 requests`,
    );
  process.stdout.write(`${rows.join('\n')}\n`);
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as Mode);
else await main();
