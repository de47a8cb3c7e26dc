// The one-file way to run a sandbox without cloning: the npm package of the command (scripts/pack.ts), run with
// `npx --yes ./tase-<version>.tgz serve` from an empty folder, with no node_modules and no registry to ask
// (npm offline, an empty npm cache), answers 200 and gives a token to the demo credentials it prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { testEngine } from './support/database.ts';
import { accessToken, freePort } from './support/child-service.ts';

const root = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = `tase-${version}.tgz`;
const folder = mkdtempSync(join(tmpdir(), 'tase-npx-'));

// the package is made of the embedded engine's bundle: once per suite run, on either engine's run
describe.runIf(testEngine === 'sqlite')('the npm package of the command', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'pack.ts')], { cwd: root, stdio: 'inherit' });
    copyFileSync(join(root, 'dist', tarball), join(folder, tarball));
  }, 600_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

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
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npx did not start it: ${output}`);
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
