// Stopping and replacing a running service as an operator does: SIGTERM under keep-alive write load drains
// without resetting a connection or losing an answer (one process and `--workers 2`), and a restore into a
// database in use is refused, naming its sessions, unless told to end them.
import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freshDatabase, testEngine } from './support/database.ts';
import { freePort } from './support/child-service.ts';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';

const execute = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tase-stopping-'));
const made: string[] = [];
afterAll(async () => {
  for (const url of made) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** An empty database of the engine under test that a separate process can open. */
async function databaseUrl(name: string): Promise<string> {
  if (testEngine === 'sqlite') return join(dir, `${name}.sqlite`);
  const fresh = await freshDatabase();
  await fresh.db.destroy();
  made.push(fresh.url);
  return fresh.url;
}

interface Running {
  process: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  demo: { clientId: string; clientSecret: string; apiKey: string };
}

const GRACE_MS = 400;

async function serve(url: string, workers: number): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['src/main.ts', 'serve', ...(workers > 1 ? ['--workers', String(workers)] : [])],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        TASE_MODE: 'sandbox',
        LOG_LEVEL: 'warn',
        TASE_RATE_LIMIT: '100000',
        TASE_DRAIN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const end = Date.now() + 90_000;
  while (!output.includes('API key:')) {
    if (child.exitCode !== null || Date.now() > end) throw new Error(`the service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const field = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(output)![1];
  return {
    process: child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    demo: { clientId: field('OAuth client'), clientSecret: field('client secret'), apiKey: field('API key') },
  };
}

interface Answer {
  status: number;
  connection: string | undefined;
  text: string;
}

function send(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; agent?: Agent | false } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: options.headers ?? {}, agent: options.agent ?? false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function token(service: Running): Promise<string> {
  const answer = await send(service.base, 'POST', '/api/oauth/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: service.demo.clientId,
      client_secret: service.demo.clientSecret,
      api_key: service.demo.apiKey,
    }).toString(),
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

const product = (name: string) =>
  JSON.stringify({
    name,
    code: name,
    type: 'SALES',
    unit: 'PIECE',
    price: 10,
    discount: 0,
    vat: 25.5,
    vatStatus: 1,
    active: true,
    currency: 'EUR',
  });

interface DrainResult {
  answered: string[];
  failures: string[];
  readyWhileDraining: number;
}

/** Keep-alive clients writing products; SIGTERM while they do; each stops at the answer that closes its connection. */
async function drainUnderLoad(service: Running, round: number, clients: number): Promise<DrainResult> {
  const bearer = await token(service);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const answered: string[] = [];
  const failures: string[] = [];
  let signalled = false;
  const client = async (c: number) => {
    for (let n = 0; ; n++) {
      const name = `drain-${round}-${c}-${n}`;
      try {
        const answer = await send(service.base, 'POST', '/api/products', {
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: product(name),
          agent,
        });
        if (answer.status === 200) answered.push(name);
        else failures.push(`${name}: ${answer.status} ${answer.text}`);
        if (answer.connection === 'close') return;
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message}${signalled ? ' (after SIGTERM)' : ''}`);
        return;
      }
    }
  };
  const load = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  await new Promise((r) => setTimeout(r, 150));
  service.process.kill('SIGTERM');
  signalled = true;
  await new Promise((r) => setTimeout(r, GRACE_MS / 4));
  const ready = await send(service.base, 'GET', '/health/ready');
  await load;
  agent.destroy();
  expect(await service.exited).toBe(0);
  return { answered, failures, readyWhileDraining: ready.status };
}

async function productsNamed(url: string, prefix: string): Promise<string[]> {
  const handle = openDatabase({ url, globalTables: globalTables() });
  try {
    const rows = await handle.db
      .selectFrom('products')
      .select('name')
      .where('company_id', '=', 1)
      .where('name', 'like', `${prefix}%`)
      .execute();
    return rows.map((r) => r.name);
  } finally {
    await handle.close();
  }
}

describe('SIGTERM under keep-alive write load', () => {
  for (const workers of [1, 2]) {
    it(`drains ten times without a reset or a lost answer (${workers === 1 ? 'one process' : '--workers 2'})`, async () => {
      const url = await databaseUrl(`drain-${workers}`);
      const answered: string[] = [];
      for (let round = 0; round < 10; round++) {
        const service = await serve(url, workers);
        const result = await drainUnderLoad(service, round, 8);
        expect(result.failures, service.output()).toEqual([]);
        expect(result.readyWhileDraining).toBe(503);
        answered.push(...result.answered);
      }
      // every answered write is there, and nothing that was not answered
      expect((await productsNamed(url, 'drain-')).sort()).toEqual(answered.sort());
      expect(answered.length).toBeGreaterThan(10);
    }, 600_000);
  }
});

async function tase(args: string[], url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, ['src/main.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url, TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('tase admin restore into a database in use', () => {
  it('is refused naming the sessions, ends them with --terminate, and a start then serves the backup', async () => {
    const url = await databaseUrl('restore');
    const backup = join(dir, testEngine === 'postgres' ? 'in-use.dump' : 'in-use-backup.sqlite');
    let service = await serve(url, 1);
    const bearer = await token(service);
    const write = (name: string) =>
      send(service.base, 'POST', '/api/products', {
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: product(name),
      });
    expect((await write('restore-kept')).status).toBe(200);
    expect((await tase(['admin', 'backup', backup], url)).code).toBe(0);
    expect((await write('restore-lost')).status).toBe(200);

    const refused = await tase(['admin', 'restore', backup], url);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('in use by');
    expect(refused.stderr).toContain(
      testEngine === 'postgres' ? `tase ${service.process.pid}` : `process ${service.process.pid}`,
    );
    expect(refused.stderr).toContain('--terminate');
    // nothing was replaced
    expect((await productsNamed(url, 'restore-')).sort()).toEqual(['restore-kept', 'restore-lost']);

    const restored = await tase(['admin', 'restore', backup, '--terminate'], url);
    expect(restored.code, restored.stderr).toBe(0);
    if (testEngine === 'sqlite') expect(await service.exited).toBe(0);
    else {
      service.process.kill('SIGTERM');
      await service.exited;
    }
    service = await serve(url, 1);
    try {
      const listed = await send(service.base, 'GET', '/api/products?name=restore', {
        headers: { authorization: `Bearer ${await token(service)}` },
      });
      expect(listed.status).toBe(200);
      const names = (JSON.parse(listed.text) as { results: { name: string }[] }).results.map((p) => p.name);
      expect(names).toContain('restore-kept');
      expect(names).not.toContain('restore-lost');
    } finally {
      service.process.kill('SIGTERM');
      await service.exited;
    }
  }, 180_000);
});
