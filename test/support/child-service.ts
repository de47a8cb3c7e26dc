// The real service (the `tase serve` command) as a child process, for the tests that kill it or take its database
// away: a new empty database to start it on, a free port, the child with its output, its access token, a webhook
// receiver on loopback, and the journal receipts of a write load.
import { expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testEngine } from './database.ts';

/** What a test undoes after all its cases, last first. */
export type Cleanups = (() => Promise<void>)[];

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;
const CRASH_POINT_MODULE = new URL('./crash-point.ts', import.meta.url).href;

/** A database URL for a new, empty database of the engine under test (a file for SQLite: processes share it). */
export async function emptyDatabase(cleanups: Cleanups): Promise<string> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tase-child-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'tase.sqlite');
  }
  const base = process.env.DATABASE_URL!;
  const name = `tase_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
  apiKey: string;
}

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The `tase serve` command; with a crash point, held at that moment of its first start (test/support/crash-point.ts). */
export function startChild(url: string, port: number, crashPoint?: string): Child {
  const preload = crashPoint ? ['--import', CRASH_POINT_MODULE] : [];
  const child = spawn(process.execPath, [...preload, MAIN, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      TASE_MODE: 'sandbox',
      TASE_RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
      TASE_TEST_CRASH_POINT: crashPoint ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

/** The access token of the demo credentials (client credentials with the API key). */
export async function accessToken(base: string, credentials: Credentials): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    api_key: credentials.apiKey,
  });
  const answer = await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** A webhook receiver on loopback: its URL, and the delivery ids it has been sent. */
export async function webhookReceiver(cleanups: Cleanups): Promise<{ hookUrl: string; delivered: Set<string> }> {
  const delivered = new Set<string>();
  const receiver: Server = createServer((request, response) => {
    delivered.add(String(request.headers['x-tase-delivery']));
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => receiver.close(() => resolve())));
  return { hookUrl: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`, delivered };
}

const today = new Date().toISOString().slice(0, 10);

/** The `n`th journal receipt of a write load, dated today: a purchase of 10.25–99.25 paid from the bank. */
export const loadReceipt = (label: string, n: number) => ({
  type: 'JOURNAL',
  name: `${label} ${n}`,
  receiptDate: today,
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions: [
    { transactionType: 'ENTRY', account: '7000', accountingValue: 10 + (n % 90) + 0.25, vatPercent: 0 },
    { transactionType: 'ENTRY', account: '1910', accountingValue: -(10 + (n % 90) + 0.25), vatPercent: 0 },
  ],
});
