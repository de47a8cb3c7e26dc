// Throughput of `tase serve --workers N` for N = 1, 2, 4: GET one product and POST a product over HTTP,
// the service started by its own command on one database. The load generator runs on the same machine and
// takes CPU of its own: on a small machine the figures are a lower bound of what the workers serve.
//   npm run bench:workers                      (an SQLite file)
//   DATABASE_URL=postgres://… npm run bench:workers
// Options: BENCH_SECONDS (default 8), BENCH_WARMUP_SECONDS (default 3), BENCH_CONNECTIONS (default 32),
// BENCH_WORKERS (default 1,2,4).
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabase } from './database.ts';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const counts = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const main = new URL('../src/main.ts', import.meta.url).pathname;

const database = await benchDatabase('workers');
const env = { ...process.env, DATABASE_URL: database.url, TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };
await run(process.execPath, [main, 'migrate'], { env });
const demo = JSON.parse((await run(process.execPath, [main, 'seed', 'demo', '--json'], { env })).stdout) as {
  clientId: string;
  clientSecret: string;
  apiKey: string;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const product = (i: number) =>
  JSON.stringify({
    type: 'SALES',
    name: `Product ${i}`,
    code: `W${i}`,
    unit: 'PIECE',
    price: 10.5,
    discount: 0,
    vat: 25.5,
    active: true,
    currency: 'EUR',
  });

async function measure(workers: number): Promise<Record<string, string | number>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [main, 'serve', '--workers', String(workers)], {
    env: { ...env, PORT: String(port), TASE_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let banner = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes('is listening')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`tase serve exited with ${code}`)));
  });
  try {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      api_key: demo.apiKey,
    });
    const answer = await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form });
    const headers = { authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
    const created = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: product(workers),
    });
    const { id } = (await created.json()) as { id: number };
    const figures: Record<string, string | number> = { workers };
    let n = 1000 * workers;
    const scenarios: [string, autocannon.Options][] = [
      ['GET one product', { url: `${base}/api/products/${id}`, headers }],
      [
        'POST product',
        {
          url: `${base}/api/products`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          requests: [{ setupRequest: (request) => ({ ...request, body: product(++n) }) }],
        },
      ],
    ];
    for (const [name, options] of scenarios) {
      await autocannon({ ...options, connections, duration: warmup });
      const result = await autocannon({ ...options, connections, duration: seconds });
      figures[`${name} req/s`] = Math.round(result.requests.average);
      figures[`${name} p99 ms`] = result.latency.p99;
      figures[`${name} errors`] = result.errors + result.non2xx;
    }
    return figures;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

try {
  const rows = [];
  for (const workers of counts) rows.push(await measure(workers));
  console.log(`engine: ${database.postgres ? 'PostgreSQL' : 'SQLite'}; ${connections} connections, ${seconds} s each`);
  console.table(rows);
} finally {
  await database.remove();
}
