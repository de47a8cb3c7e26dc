// The sandbox as a CI dependency, from the built command: one test file, so that one build (scripts/pack.ts, which
// bundles first) serves both parts and no other file writes dist/ meanwhile.
//
// The template: a sandbox on an in-memory database starts from the migrated and seeded database an earlier start
// of the same build kept in the cache folder (owner-only), so the second start skips migrating and seeding. The
// copy behaves as a fresh seed (demo data, reset to the baseline), tokens of one start are no good at another,
// and a template nobody can trust (others may write it, or damaged) is seeded anew.
//
// The package: the npm package of the command, run with `npx --yes ./tase-<version>.tgz serve` from an empty
// folder, with no node_modules and no registry to ask (npm offline, an empty npm cache), answers 200 and gives a
// token to the demo credentials it prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { testEngine } from './support/database.ts';
import { accessToken, freePort, type Credentials } from './support/child-service.ts';

const root = new URL('..', import.meta.url).pathname;
const cache = mkdtempSync(join(tmpdir(), 'tase-template-'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = `tase-${version}.tgz`;
const folder = mkdtempSync(join(tmpdir(), 'tase-npx-'));

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
describe.runIf(testEngine === 'sqlite')('the built command', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'pack.ts')], { cwd: root, stdio: 'inherit' });
    copyFileSync(join(root, 'dist', tarball), join(folder, tarball));
  }, 600_000);
  afterAll(() => {
    rmSync(cache, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  describe('the template', () => {
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
        const stale = await fetch(`${second.base}/api/products`, {
          headers: { authorization: `Bearer ${firstToken}` },
        });
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

  describe('the npm package', () => {
    it('carries the bundle, its data files and the packages it loads, and nothing else of the repository', () => {
      const files = execFileSync('tar', ['-tzf', join(folder, tarball)], { encoding: 'utf8' }).split('\n');
      const own = files.filter((file) => file && !file.startsWith('package/node_modules/'));
      expect(own.sort()).toEqual(
        [
          'package/dist/invoice-render-worker.js',
          'package/dist/payslip-render-worker.js',
          'package/dist/statements-render-worker.js',
          'package/dist/tase-bundle.fingerprint',
          'package/dist/tase-bundle.js',
          'package/dist/tase.js',
          'package/package.json',
          'package/schemas/Finvoice3.0.xsd',
          'package/schemas/camt.053.001.08.xsd',
          'package/schemas/pain.001.001.09.xsd',
          'package/schemas/sandbox-fixture.schema.json',
          'package/src/currencies/sandbox-rates.xml',
        ].sort(),
      );
      for (const name of ['pdfkit', 'sharp', 'xmllint-wasm', '@fastify/swagger-ui'])
        expect(files).toContain(`package/node_modules/${name}/package.json`);
    });

    it('runs with npx from an empty folder, offline, and answers with a token', async () => {
      const port = await freePort();
      const child = spawn('npx', ['--yes', `./${tarball}`, 'serve'], {
        cwd: folder,
        env: {
          ...process.env,
          // the Node running the tests (24) first: the package's command runs on the `node` found on PATH
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
          npm_config_cache: join(folder, 'npm-cache'),
          npm_config_offline: 'true',
          npm_config_update_notifier: 'false',
          // nothing that could ask a registry (an audit of what it installs has hung offline: npm/cli#4368)
          npm_config_audit: 'false',
          npm_config_fund: 'false',
          // npm says what it is doing, so that a start that never comes shows where npm stopped
          npm_config_loglevel: 'silly',
          TASE_MODE: 'sandbox',
          DATABASE_URL: ':memory:',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          TASE_CACHE_DIR: join(folder, 'cache'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // npx runs the command in a process of its own: the whole group is stopped
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(output)?.[1];
        const deadline = Date.now() + 240_000;
        while (!field('API key')) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(
              `npx did not start it (exit ${child.exitCode}); the end of its output:\n${output.slice(-6000)}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/api/status`)).status).toBe(200);
        const token = await accessToken(base, {
          clientId: field('OAuth client')!,
          clientSecret: field('client secret')!,
          apiKey: field('API key')!,
        });
        const products = await fetch(`${base}/api/products`, { headers: { authorization: `Bearer ${token}` } });
        expect(products.status).toBe(200);
      } finally {
        process.kill(-child.pid!, 'SIGINT');
        await exited;
      }
    }, 300_000);
  });
});
