// A sandbox on an in-memory database starts from a template: the migrated and seeded database an earlier start
// of the same build kept in the cache folder (owner-only), so the second start skips migrating and seeding. The
// copy behaves as a fresh seed (demo data, reset to the baseline), tokens of one start are no good at another,
// and a template nobody can trust (others may write it, or damaged) is seeded anew. Runs the built command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEngine } from './support/database.ts';
import { accessToken, freePort, type Credentials } from './support/child-service.ts';

const root = new URL('..', import.meta.url).pathname;
const cache = mkdtempSync(join(tmpdir(), 'tase-template-'));

interface Sandbox {
  base: string;
  credentials: Credentials & { password: string };
  stop: () => Promise<void>;
}

/** `tase serve` of the bundle on `:memory:`, up to its banner. */
async function sandbox(cacheDir: string | undefined, env: Record<string, string> = {}): Promise<Sandbox> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    TASE_MODE: 'sandbox',
    DATABASE_URL: ':memory:',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    TASE_RATE_LIMIT: '0',
    TASE_CACHE_DIR: cacheDir,
    ...env,
  };
  if (cacheDir === undefined) delete childEnv.TASE_CACHE_DIR;
  const child = spawn(process.execPath, [join(root, 'dist', 'tase.js'), 'serve'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(output)?.[1];
  const deadline = Date.now() + 60_000;
  while (!field('API key')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sandbox did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    credentials: {
      clientId: field('OAuth client')!,
      clientSecret: field('client secret')!,
      apiKey: field('API key')!,
      password: /user:\s+\S+ \/ (\S+)/.exec(output)![1],
    },
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

const product = (name: string) =>
  JSON.stringify({
    type: 'SALES',
    name,
    unit: 'HOUR',
    discount: 0,
    price: 80,
    vat: 25.5,
    active: true,
    currency: 'EUR',
  });

async function products(base: string, token: string): Promise<number> {
  const answer = await fetch(`${base}/api/products?size=200`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { results: unknown[] }).results.length;
}

const templates = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.sqlite'));

// the embedded engine in memory only: once per suite run, on either engine's run
describe.runIf(testEngine === 'sqlite')('the sandbox template', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.ts')], { cwd: root, stdio: 'inherit' });
  }, 120_000);
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('is kept owner-only by the first start; the next starts from it, as after a fresh seed', async () => {
    const first = await sandbox(cache);
    const firstToken = await accessToken(first.base, first.credentials);
    const seeded = await products(first.base, firstToken);
    expect(seeded).toBeGreaterThan(0);
    // what the first sandbox does after seeding is not in the template
    const made = await fetch(`${first.base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firstToken}`, 'content-type': 'application/json' },
      body: product('Vain ensimmäisessä'),
    });
    expect(made.status).toBe(200);
    await first.stop();
    const [file] = templates(cache);
    expect(file).toMatch(/^sandbox-[0-9a-f]{32}\.sqlite$/);
    expect(statSync(join(cache, file)).mode & 0o777).toBe(0o600);
    expect(statSync(cache).mode & 0o777).toBe(0o700);

    const second = await sandbox(cache);
    try {
      expect(second.credentials).toEqual(first.credentials);
      // a token of the first start is not good at the second: each start signs with a secret of its own
      const stale = await fetch(`${second.base}/api/products`, { headers: { authorization: `Bearer ${firstToken}` } });
      expect(stale.status).toBe(401);
      const token = await accessToken(second.base, second.credentials);
      expect(await products(second.base, token)).toBe(seeded);
      // the baseline came with it: a reset returns the demo company to the seeded state
      const write = await fetch(`${second.base}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: product('Palautuu pois'),
      });
      expect(write.status).toBe(200);
      expect(await products(second.base, token)).toBe(seeded + 1);
      const reset = await fetch(`${second.base}/api/sandbox/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reset.status).toBe(200);
      expect(await products(second.base, token)).toBe(seeded);
    } finally {
      await second.stop();
    }
    expect(templates(cache)).toEqual([file]);
  }, 120_000);

  it('is not trusted when others could write it, nor when damaged: the start seeds anew and replaces it', async () => {
    const [file] = templates(cache);
    const path = join(cache, file);
    const trusted = await sandbox(cache);
    await trusted.stop();

    chmodSync(path, 0o666);
    const loose = await sandbox(cache);
    await loose.stop();
    expect(loose.credentials.password).not.toBe(trusted.credentials.password);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    writeFileSync(path, Buffer.alloc(8192, 7), { mode: 0o600 });
    const damaged = await sandbox(cache);
    try {
      const token = await accessToken(damaged.base, damaged.credentials);
      expect(await products(damaged.base, token)).toBeGreaterThan(0);
    } finally {
      await damaged.stop();
    }
    expect(damaged.credentials.password).not.toBe(loose.credentials.password);
  }, 120_000);

  it("is kept in the system's cache folder by default, and nowhere with TASE_CACHE_DIR=off", async () => {
    const home = mkdtempSync(join(tmpdir(), 'tase-template-home-'));
    try {
      const off = await sandbox('off', { XDG_CACHE_HOME: home });
      await off.stop();
      expect(readdirSync(home)).toEqual([]);
      const byDefault = await sandbox(undefined, { XDG_CACHE_HOME: home });
      await byDefault.stop();
      expect(templates(join(home, 'tase'))).toHaveLength(1);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
