// HTTP benchmark of the service against the ceiling of a bare Fastify app returning constant JSON, measured in
// the same run on the same machine. Prints requests/s and p99 latency per endpoint and the ratio to the ceiling.
//   npm run bench                      (embedded SQLite)
//   DATABASE_URL=postgres://… npm run bench
// Options: BENCH_SECONDS (default 8), BENCH_WARMUP_SECONDS (default 5), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 16), BENCH_ONLY (a comma-separated choice of one,batch,page,uncached,searched,post; the
// ceiling is always measured), BENCH_SERVICE_ARGS (Node options of the service, e.g. `--cpu-prof`), BENCH_MODE
// (`production`, the default: the service as an operator runs it; `sandbox`: with the sandbox's request journal,
// which writes a row for every request, and its fault rules).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function startChild(kind: string): Promise<{ child: ChildProcess; info: Record<string, any> }> {
  const nodeOptions = kind === 'tase' ? (process.env.BENCH_SERVICE_ARGS?.split(' ').filter(Boolean) ?? []) : [];
  const child = spawn(process.execPath, [...nodeOptions, new URL('./servers.ts', import.meta.url).pathname, kind], {
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
  /** CPU µs of the server per request; undefined without /proc. */
  cpu?: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

async function load(options: autocannon.Options, server: ChildProcess): Promise<Figures> {
  // a short warm-up lets the JIT and the statement caches settle
  await autocannon({ ...options, connections, duration: Number(process.env.BENCH_WARMUP_SECONDS ?? 5) });
  const before = cpuMs(server.pid);
  const result = await autocannon({ ...options, duration: seconds, connections });
  const after = cpuMs(server.pid);
  const cpu =
    before === undefined || after === undefined ? undefined : ((after - before) * 1000) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpu };
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

/**
 * Load asking `paths` one after the other across all connections (each path once in every `paths.length`
 * requests). The requests are built once: autocannon's `setupRequest` rebuilt the request and cloned its context
 * on every request, which cost the load generator about 30 µs a request more than the ceiling's fixed request,
 * CPU taken from the service on a machine of two cores. (autocannon 9's client takes its next request from
 * `requestIterator.nextRequest()` and sends `currentRequest.requestBuffer`.)
 */
function inTurn(paths: string[]): autocannon.Options {
  const host = `127.0.0.1:${port}`;
  const built = paths.map((path) => ({
    requestBuffer: Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\nauthorization: ${headers.authorization}\r\n\r\n`,
    ),
  }));
  let next = 0;
  return {
    url: `http://${host}${paths[0]}`,
    headers,
    setupClient: (client) => {
      const iterator = (client as unknown as { requestIterator: { nextRequest(): unknown } & Record<string, unknown> })
        .requestIterator;
      iterator.nextRequest = () => {
        iterator.resetted = false;
        return (iterator.currentRequest = built[next++ % built.length]);
      };
      iterator.nextRequest(); // the client's first request too
    },
  };
}
const scenarios: [string, autocannon.Options][] = [
  ['bare Fastify ceiling', { url: `http://127.0.0.1:${bare.info.port}/product` }],
  ['GET one product', { url: `${base}/products/${ids[7]}`, headers }],
  ['GET batch of 200', { url: `${base}/products/${ids.slice(0, 200).join(',')}`, headers }],
  ['GET page of 50', { url: `${base}/products?size=50&page=1`, headers }],
  [
    // A different page on each request (keyset paging after each of 1 100 products in turn), more pages than the
    // service's cache of pages holds: none is answered from that cache. The plain list's pages are made from its
    // kept order of ids (src/products/ids-in-order.ts), without a query.
    'GET page, not cached',
    inTurn(Array.from({ length: 1_100 }, (_, i) => `/api/products?size=50&previousId=${ids[i]}`)),
  ],
  [
    // The same pages of a search with a filter (every product is active): paged from that search's own kept order
    // of ids from its second asking on, as the plain list is.
    'GET page searched',
    inTurn(Array.from({ length: 1_100 }, (_, i) => `/api/products?active=true&size=50&previousId=${ids[i]}`)),
  ],
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

// the short names BENCH_ONLY chooses from, in the order of `scenarios` after the ceiling
const shortNames = ['ceiling', 'one', 'batch', 'page', 'uncached', 'searched', 'post'];
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
if (only) {
  for (let i = scenarios.length - 1; i > 0; i--) if (!only.includes(shortNames[i])) scenarios.splice(i, 1);
}

const best = new Map<string, Figures>();
for (let round = 0; round < rounds; round++) {
  for (const [name, options] of scenarios) {
    const figures = await load(options, name === scenarios[0][0] ? bare.child : tase.child);
    const previous = best.get(name);
    // the least CPU per request of the rounds, like the most requests: load only ever adds to it
    const cpu = Math.min(figures.cpu ?? Infinity, previous?.cpu ?? Infinity);
    best.set(name, !previous || figures.rps > previous.rps ? { ...figures, cpu } : { ...previous, cpu });
  }
}
bare.child.kill('SIGTERM');
tase.child.kill('SIGTERM');

const ceiling = best.get('bare Fastify ceiling')!;
const pad = (s: string | number, n: number) => String(s).padStart(n);
const rows: string[] = [];
rows.push(
  `engine: ${engine}, mode: ${process.env.BENCH_MODE === 'sandbox' ? 'sandbox' : 'production'}, ${connections} connections, best of ${rounds} rounds of ${seconds} s, Node ${process.version}`,
);
rows.push(
  `${'endpoint'.padEnd(22)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('ratio', 8)}${pad('errors', 8)}${pad('CPU µs/req', 12)}`,
);
for (const [name] of scenarios) {
  const figures = best.get(name)!;
  rows.push(
    `${name.padEnd(22)}${pad(Math.round(figures.rps), 10)}${pad(figures.p99, 9)}${pad((figures.rps / ceiling.rps).toFixed(2), 8)}${pad(figures.errors, 8)}${pad(Number.isFinite(figures.cpu) ? figures.cpu!.toFixed(1) : '-', 12)}`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
