// HTTP benchmark of the service against the ceiling of a bare Fastify app returning constant JSON, measured in
// the same run on the same machine. Prints requests/s and p99 latency per endpoint and the ratio to the ceiling.
//   npm run bench                      (embedded SQLite)
//   DATABASE_URL=postgres://… npm run bench
// Options: BENCH_SECONDS (default 8), BENCH_WARMUP_SECONDS (default 5), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 16).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function startChild(kind: string): Promise<{ child: ChildProcess; info: Record<string, any> }> {
  const child = spawn(process.execPath, [new URL('./servers.ts', import.meta.url).pathname, kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Figures> {
  // a short warm-up lets the JIT and the statement caches settle
  await autocannon({ ...options, connections, duration: Number(process.env.BENCH_WARMUP_SECONDS ?? 5) });
  const result = await autocannon({ ...options, duration: seconds, connections });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

// Throughput on a shared virtual machine varies from run to run, so the ceiling and each endpoint are
// measured in interleaved rounds with both servers up, and the best round of each is reported (noise only
// ever slows a run down).
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const bare = await startChild('bare');
const tase = await startChild('tase');
const { port, token, ids, engine } = tase.info;
const base = `http://127.0.0.1:${port}/api`;
const headers = { authorization: `Bearer ${token}` };
const scenarios: [string, autocannon.Options][] = [
  ['bare Fastify ceiling', { url: `http://127.0.0.1:${bare.info.port}/product` }],
  ['GET one product', { url: `${base}/products/${ids[7]}`, headers }],
  ['GET batch of 200', { url: `${base}/products/${ids.slice(0, 200).join(',')}`, headers }],
  ['GET page of 50', { url: `${base}/products?size=50&page=1`, headers }],
  [
    'POST product',
    {
      url: `${base}/products`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'SALES',
        name: 'Bench',
        code: 'B',
        unit: 'PIECE',
        price: 19.99,
        discount: 0,
        vat: 25.5,
        active: true,
        currency: 'EUR',
      }),
    },
  ],
];

const best = new Map<string, Figures>();
for (let round = 0; round < rounds; round++) {
  for (const [name, options] of scenarios) {
    const figures = await load(options);
    const previous = best.get(name);
    if (!previous || figures.rps > previous.rps) best.set(name, figures);
  }
}
bare.child.kill('SIGTERM');
tase.child.kill('SIGTERM');

const ceiling = best.get('bare Fastify ceiling')!;
const pad = (s: string | number, n: number) => String(s).padStart(n);
const rows: string[] = [];
rows.push(
  `engine: ${engine}, ${connections} connections, best of ${rounds} rounds of ${seconds} s, Node ${process.version}`,
);
rows.push(`${'endpoint'.padEnd(22)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('ratio', 8)}${pad('errors', 8)}`);
for (const [name] of scenarios) {
  const figures = best.get(name)!;
  rows.push(
    `${name.padEnd(22)}${pad(Math.round(figures.rps), 10)}${pad(figures.p99, 9)}${pad((figures.rps / ceiling.rps).toFixed(2), 8)}${pad(figures.errors, 8)}`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
