// How fast a sandbox on an in-memory database answers: from starting `tase serve` (TASE_MODE=sandbox,
// DATABASE_URL=:memory:, so every start migrates and seeds the demo company) to the first 200 of
// GET /api/status, and of an authenticated GET /api/products with the demo key. The goal: under 1 s.
// It starts the built command (dist/tase.js, the bundle: run `npm run build` first), what docs/sandbox.md tells
// integrators to run. Each round also times `node -e 0`, Node's own start on the same machine at the same
// moment, so figures taken on a loaded machine can be compared as a ratio.
//   node bench/sandbox-start.ts          Options: BENCH_ROUNDS (default 5), BENCH_ENTRY (default dist/tase.js;
//                                        src/main.ts runs the TypeScript sources, node strips the types on import)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const entry = process.env.BENCH_ENTRY ?? 'dist/tase.js';
if (!existsSync(entry)) throw new Error(`${entry} does not exist: run \`npm run build\` first`);

/** Milliseconds from spawning `node -e 0` to its exit. */
async function bareNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - started;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function firstOk(url: string, started: number, init?: RequestInit): Promise<number> {
  for (;;) {
    try {
      const answer = await fetch(url, init);
      if (answer.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function round(): Promise<{ status: number; products: number; node: number }> {
  const node = await bareNode();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry, 'serve'], {
    env: { ...process.env, TASE_MODE: 'sandbox', DATABASE_URL: ':memory:', PORT: String(port), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const base = `http://127.0.0.1:${port}`;
    const status = await firstOk(`${base}/api/status`, started);
    // the banner printed at start names the demo credentials
    const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(output)?.[1] ?? '';
    while (!field('API key')) await new Promise((r) => setTimeout(r, 5));
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: field('OAuth client'),
      client_secret: field('client secret'),
      api_key: field('API key'),
    });
    const token = (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    };
    const products = await firstOk(`${base}/api/products`, started, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    return { status, products, node };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const results = [];
for (let i = 0; i < rounds; i++) results.push(await round());
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const show = (values: number[]) =>
  `median ${median([...values]).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
const nodeMedian = median(results.map((r) => r.node));
const ratio = (values: number[]) => `${(median([...values]) / nodeMedian).toFixed(1)}× node -e 0`;
console.log(`sandbox on :memory: (${entry}), ${rounds} starts; load average ${loadavg()[0].toFixed(1)}`);
console.log(`  node -e 0 (Node's own start, for scale):        ${show(results.map((r) => r.node))}`);
console.log(
  `  start → first 200 of GET /api/status:            ${show(results.map((r) => r.status))}, ${ratio(results.map((r) => r.status))}`,
);
console.log(
  `  start → first 200 of GET /api/products (token):  ${show(results.map((r) => r.products))}, ${ratio(results.map((r) => r.products))}`,
);
