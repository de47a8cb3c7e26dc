// The tase command: admin commands print JSON; production mode refuses to start without a signing secret.
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEngine } from './support/database.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tase-cli-'));
const env = { ...process.env, DATABASE_URL: join(dir, 'cli.sqlite'), TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };

async function tase(
  args: string[],
  extraEnv: Record<string, string | undefined> = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  return run(process.execPath, ['src/main.ts', ...args], { env: { ...env, ...extraEnv } }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (err) => err as { stdout: string; stderr: string; code: number },
  );
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The CLI manages whatever database DATABASE_URL names; on the PostgreSQL run the SQLite file is used as well,
// so these tests run once per suite run either way.
describe.runIf(testEngine === 'sqlite')('tase command', () => {
  it('migrates, seeds a demo company and administers companies, users, clients and API keys as JSON', async () => {
    const migrated = await tase(['migrate']);
    expect(JSON.parse(migrated.stdout).applied.length).toBeGreaterThan(0);
    const demo = JSON.parse((await tase(['seed', 'demo', '--json'])).stdout);
    expect(demo).toMatchObject({ companyId: 1, username: 'demo', clientId: 'tase-demo' });
    expect(demo.apiKey).toMatch(/^tak_1_1_/);
    const company = JSON.parse(
      (await tase(['admin', 'company', 'create', '--name', 'Acme Oy', '--business-id', '7654321-8'])).stdout,
    );
    expect(company).toEqual({ companyId: 2, name: 'Acme Oy' });
    const user = JSON.parse(
      (
        await tase([
          'admin',
          'user',
          'create',
          '--username',
          'alice',
          '--first-name',
          'Alice',
          '--last-name',
          'A',
          '--email',
          'a@example.com',
          '--password',
          'Alice-pass-1',
        ])
      ).stdout,
    );
    const member = JSON.parse(
      (
        await tase([
          'admin',
          'user',
          'add-to-company',
          '--user-id',
          String(user.userId),
          '--company-id',
          '2',
          '--role',
          'VIEWER',
          '--right',
          'sales.productRegister=ALL_RIGHTS',
        ])
      ).stdout,
    );
    expect(member.rights.sales.productRegister).toBe('ALL_RIGHTS');
    expect(member.rights.sales.salesInvoices).toBe('VIEWING_RIGHTS');
    const client = JSON.parse(
      (
        await tase([
          'admin',
          'client',
          'create',
          '--name',
          'Acme app',
          '--redirect-uri',
          'https://acme.example/callback',
        ])
      ).stdout,
    );
    expect(client.clientSecret.length).toBeGreaterThan(30);
    const key = JSON.parse(
      (
        await tase([
          'admin',
          'apikey',
          'create',
          '--company-id',
          '2',
          '--user-id',
          String(user.userId),
          '--client-id',
          client.clientId,
        ])
      ).stdout,
    );
    expect(key.apiKey).toMatch(/^tak_2_/);
  }, 60_000);

  it('refuses bad input with a message and exit code 2', async () => {
    const badRedirect = await tase([
      'admin',
      'client',
      'create',
      '--name',
      'x',
      '--redirect-uri',
      'https://x.example/cb?query=1',
    ]);
    expect(badRedirect.code).toBe(2);
    expect(badRedirect.stderr).toMatch(/query string/);
    const weak = await tase([
      'admin',
      'user',
      'create',
      '--username',
      'bob',
      '--first-name',
      'B',
      '--last-name',
      'B',
      '--email',
      'b@example.com',
      '--password',
      'short',
    ]);
    expect(weak.code).toBe(2);
  });

  it('lists integration specifications under review and refuses to review an unknown one', async () => {
    expect(JSON.parse((await tase(['admin', 'integration', 'list'])).stdout)).toEqual([]);
    const unknown = await tase(['admin', 'integration', 'approve', '--integration-id', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Integration not found');
    const noReason = await tase(['admin', 'integration', 'decline', '--integration-id', 'nope']);
    expect(noReason.stderr).toContain('--reason is required');
  });

  it('seeds the companies of a fixture file, and names what is wrong with a bad one', async () => {
    const seeded = JSON.parse((await tase(['seed', 'examples/sandbox-fixture.json'])).stdout);
    expect(seeded.companies[0]).toMatchObject({ name: 'Fixture Oy' });
    expect(seeded.companies[0].users[0].apiKey).toMatch(/^tak_/);
    const bad = join(dir, 'bad-fixture.json');
    writeFileSync(bad, JSON.stringify({ companies: [{ name: 'No users' }] }));
    const refused = await tase(['seed', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('/companies/0');
  });

  it('says in one line that the port is in use, and which setting moves it', async () => {
    const { createServer } = await import('node:net');
    const busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      const answer = await tase(['serve'], { PORT: String(port), DATABASE_URL: ':memory:' });
      expect(answer.code).toBe(2);
      expect(answer.stderr.trim()).toBe(
        `tase: port ${port} of 127.0.0.1 is in use: set PORT to a free one (PORT=8081)`,
      );
    } finally {
      busy.close();
    }
  });

  it('production mode refuses to start without a signing secret', async () => {
    const answer = await tase(['serve'], { TASE_MODE: 'production', TASE_SIGNING_SECRET: '' });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(/TASE_SIGNING_SECRET is required/);
  });

  it('admin payroll incomes-register: a date, and a payday with approved slips to report', async () => {
    const bad = await tase(['admin', 'payroll', 'incomes-register', '--payday', '2026-13-45']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--payday must be a date/);
    const none = await tase(['admin', 'payroll', 'incomes-register', '--payday', '2026-03-31']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no approved salary slip paid on 2026-03-31/);
    const out = await tase(['admin', 'payroll', 'incomes-register', '--payday', '2026-03-31', '--out', dir]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ payday: '2026-03-31', messages: [] });
  });

  it('admin payroll contact-person: the contact person the messages of a company name', async () => {
    const set = await tase([
      'admin',
      'payroll',
      'contact-person',
      '--company',
      '1',
      '--name',
      'Palkanlaskija Paula',
      '--phone',
      '+358 40 123 4567',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ name: 'Palkanlaskija Paula', telephone: '+358 40 123 4567' });
    const unknown = await tase([
      'admin',
      'payroll',
      'contact-person',
      '--company',
      '999',
      '--name',
      'X',
      '--phone',
      '1',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no company 999/);
    const missing = await tase(['admin', 'payroll', 'contact-person', '--company', '1', '--name', 'X']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--phone is required/);
  });
});
