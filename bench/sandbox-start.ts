// How fast a sandbox on an in-memory database answers: from starting `tase serve` (TASE_MODE=sandbox,
// DATABASE_URL=:memory:) to the first 200 of GET /api/status, and of an authenticated GET /api/products with the
// demo key. The goal: under 1 s. Two kinds of start, interleaved round by round so that both meet the same load:
//   from the template  what integrators get from the second start on: the database copied from the template an
//                      earlier start kept (src/sandbox/template.ts; here in a temporary folder, made before the
//                      rounds);
//   fresh              TASE_CACHE_DIR=off: migrating and seeding the demo company, as every start did before
//                      templates (and the first start still does).
// It starts the built command (dist/tase.js, the bundle: run `npm run build` first), what docs/sandbox.md tells
// integrators to run. Each round also times `node -e 0`, Node's own start on the same machine at the same
// moment, so figures taken on a loaded machine can be compared as a ratio; on Linux it also reads the CPU time
// the service used to its first 200 (/proc), which a loaded machine stretches less than the wall time.
//   node bench/sandbox-start.ts          Options: BENCH_ROUNDS (default 5), BENCH_ENTRY (default dist/tase.js;
//                                        src/main.ts runs the TypeScript sources, node strips the types on import,
//                                        and has no template)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const entry = process.env.BENCH_ENTRY ?? 'dist/tase.js';
if (!existsSync(entry)) throw new Error(`${entry} does not exist: run \`npm run build\` first`);
const cache = mkdtempSync(join(tmpdir(), 'tase-bench-cache-'));

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

/** Milliseconds of CPU (user and system, every thread) a process used so far; undefined without /proc. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return undefined;
  }
}

interface Start {
  status: number;
  products: number;
  cpu?: number;
}

async function start(cacheDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry, 'serve'], {
    env: {
      ...process.env,
      TASE_MODE: 'sandbox',
      DATABASE_URL: ':memory:',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      TASE_CACHE_DIR: cacheDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const base = `http://127.0.0.1:${port}`;
    const status = await firstOk(`${base}/api/status`, started);
    const cpu = cpuMs(child.pid);
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
    return { status, products, cpu };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

try {
  await start(cache); // makes the template
  const results: { node: number; template: Start; fresh: Start }[] = [];
  for (let i = 0; i < rounds; i++)
    results.push({ node: await bareNode(), template: await start(cache), fresh: await start('off') });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const nodeMedian = median(results.map((r) => r.node));
  const show = (values: number[]) =>
    `median ${median(values).toFixed(0)} ms (${(median(values) / nodeMedian).toFixed(1)}× node -e 0), max ${Math.max(...values).toFixed(0)} ms`;
  console.log(`sandbox on :memory: (${entry}), ${rounds} starts of each kind; load average ${loadavg()[0].toFixed(1)}`);
  console.log(`  node -e 0 (Node's own start, for scale):  median ${nodeMedian.toFixed(0)} ms`);
  for (const kind of ['template', 'fresh'] as const) {
    const starts = results.map((r) => r[kind]);
    console.log(kind === 'template' ? '  from the template:' : '  fresh (TASE_CACHE_DIR=off: migrate and seed):');
    console.log(`    start → first 200 of GET /api/status:            ${show(starts.map((s) => s.status))}`);
    console.log(`    start → first 200 of GET /api/products (token):  ${show(starts.map((s) => s.products))}`);
    const cpu = starts.map((s) => s.cpu).filter((ms) => ms !== undefined);
    if (cpu.length === starts.length)
      console.log(`    CPU time to the first 200:                       median ${median(cpu).toFixed(0)} ms`);
  }
} finally {
  rmSync(cache, { recursive: true, force: true });
}
