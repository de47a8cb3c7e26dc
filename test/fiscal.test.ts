// Fiscal years and periods over real HTTP and through the `tase admin` command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-10T09:00:00Z');

const journal = (receiptDate: string) => ({
  type: 'JOURNAL',
  name: 'Bank fee',
  receiptDate,
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions: [
    { transactionType: 'ENTRY', account: '7900', accountingValue: 3.5, vatPercent: 0 },
    { transactionType: 'ENTRY', account: '1910', accountingValue: -3.5, vatPercent: 0 },
  ],
});

async function period(date: string): Promise<{ yearId: number; periodId: number; status: string }> {
  const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears;
  for (const y of years)
    for (const p of y.periods)
      if (p.startDate <= date && date <= p.endDate) return { yearId: y.id, periodId: p.id, status: p.status };
  throw new Error(`no period for ${date}`);
}

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('GET /fiscalyears', () => {
  it('creates the current calendar year with twelve open monthly periods for a new company', async () => {
    const answer = await svc.api('GET', '/fiscalyears');
    expect(answer.status).toBe(200);
    expect(answer.body.fiscalYears).toHaveLength(1);
    const [year] = answer.body.fiscalYears;
    expect(year).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31', status: 'OPEN' });
    expect(year.periods).toHaveLength(12);
    expect(year.periods[1]).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28', status: 'OPEN' });
  });
});

describe('POST /fiscalyears', () => {
  it('adds a year next to the existing ones and refuses invalid ones', async () => {
    const bad = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-15', endDate: '2027-12-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/^FISCAL_YEAR_INVALID: a fiscal year starts on the first day/);
    expect(
      (await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2028-12-31' })).body.errors[0]
        .message,
    ).toMatch(/18 months/);
    expect(
      (await svc.api('POST', '/fiscalyears', { startDate: '2028-01-01', endDate: '2028-12-31' })).body.errors[0]
        .message,
    ).toMatch(/starts on 2027-01-01/);
    const next = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2028-06-30' });
    expect(next.status).toBe(200);
    expect(next.body.periods).toHaveLength(18);
    const before = await svc.api('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(before.status).toBe(200);
    expect(
      (await svc.api('GET', '/fiscalyears')).body.fiscalYears.map((y: { startDate: string }) => y.startDate),
    ).toEqual(['2025-01-01', '2026-01-01', '2027-01-01']);
  });
});

describe('closing and reopening periods', () => {
  it('refuses to close a period holding unfinished receipts, then closes it and refuses postings into it', async () => {
    const receipt = (await svc.api('POST', '/ledgerreceipts', journal('2026-03-05'))).body;
    const march = await period('2026-03-05');
    const path = `/fiscalyears/${march.yearId}/periods/${march.periodId}`;
    const refused = await svc.api('PUT', `${path}/close`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(
      `FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS: approve or invalidate receipts ${receipt.id} first.`,
    );
    expect((await period('2026-03-05')).status).toBe('OPEN');

    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/approve`)).status).toBe(200);
    const closed = await svc.api('PUT', `${path}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.message).toMatch(/closed/);
    expect((await period('2026-03-05')).status).toBe('CLOSED');
    expect((await svc.api('PUT', `${path}/close`)).body.errors[0].message).toBe('FISCAL_PERIOD_ALREADY_CLOSED');

    const post = await svc.api('POST', '/ledgerreceipts', journal('2026-03-31'));
    expect(post.status).toBe(400);
    expect(post.body.errors).toEqual([{ status: 400, message: 'CLOSED_FISCAL_PERIOD', field: 'receiptDate' }]);
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/unfinished`)).body.errors[0].message).toBe(
      'CLOSED_FISCAL_PERIOD',
    );
    expect((await svc.api('PUT', `/ledgerreceipts/${receipt.id}/invalidate`)).body.errors[0].message).toBe(
      'CLOSED_FISCAL_PERIOD',
    );
    // an open receipt cannot be moved into the closed period either
    const april = (await svc.api('POST', '/ledgerreceipts', journal('2026-04-01'))).body;
    expect(
      (await svc.api('PUT', `/ledgerreceipts/${april.id}`, { ...april, receiptDate: '2026-03-20' })).body.errors[0]
        .message,
    ).toBe('CLOSED_FISCAL_PERIOD');
    // neighbouring periods stay open
    expect((await svc.api('POST', '/ledgerreceipts', journal('2026-02-28'))).status).toBe(200);

    const reopened = await svc.api('PUT', `${path}/open`);
    expect(reopened.status).toBe(200);
    expect((await svc.api('PUT', `${path}/open`)).body.errors[0].message).toBe('FISCAL_PERIOD_ALREADY_OPEN');
    expect((await svc.api('POST', '/ledgerreceipts', journal('2026-03-31'))).status).toBe(200);
  });

  it('closes a whole fiscal year', async () => {
    const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears;
    const y2025 = years.find((y: { startDate: string }) => y.startDate === '2025-01-01');
    const receipt = (await svc.api('POST', '/ledgerreceipts', journal('2025-12-31'))).body;
    expect((await svc.api('PUT', `/fiscalyears/${y2025.id}/close`)).body.errors[0].message).toMatch(
      /^FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS/,
    );
    await svc.api('PUT', `/ledgerreceipts/${receipt.id}/invalidate`);
    expect((await svc.api('PUT', `/fiscalyears/${y2025.id}/close`)).status).toBe(200);
    const after = (await svc.api('GET', '/fiscalyears')).body.fiscalYears.find(
      (y: { id: number }) => y.id === y2025.id,
    );
    expect(after.status).toBe('CLOSED');
    expect(after.periods.every((p: { status: string }) => p.status === 'CLOSED')).toBe(true);
    // the real interface's view of the same year: isOpen, tracking periods and change times
    expect(y2025.isOpen).toBe(true);
    expect(after.isOpen).toBe(false);
    expect(after.modified > y2025.modified).toBe(true);
    expect(after.trackingPeriods.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual(
      after.periods.map((p: { id: number }) => [p.id, 'CLOSED']),
    );
    expect(after.trackingPeriods[0].modified > y2025.trackingPeriods[0].modified).toBe(true);
    expect(
      (await svc.api('PUT', `/fiscalyears/${y2025.id}/periods/${after.periods[0].id}/open`)).body.errors[0].message,
    ).toBe('FISCAL_YEAR_CLOSED');
    expect((await svc.api('POST', '/ledgerreceipts', journal('2025-06-01'))).body.errors[0].message).toBe(
      'CLOSED_FISCAL_PERIOD',
    );
  });

  it('answers 404 for unknown periods and for another company’s periods; needs the fiscal period right', async () => {
    const june = await period('2026-06-10');
    expect((await svc.api('PUT', `/fiscalyears/${june.yearId}/periods/999999/close`)).status).toBe(404);
    expect((await svc.api('PUT', `/fiscalyears/999999/periods/${june.periodId}/close`)).status).toBe(404);
    expect((await svc.api('PUT', '/fiscalyears/999999/close')).status).toBe(404);
    const other = await otherCompany(svc);
    const as = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    const otherYears = (await as('GET', '/fiscalyears')).body.fiscalYears;
    expect(otherYears).toHaveLength(1);
    expect(
      otherYears[0].id === june.yearId && otherYears[0].periods.some((p: { id: number }) => p.id === june.periodId),
    ).toBe(true); // ids are per company
    // the other company closing "its" June does not close ours
    expect((await as('PUT', `/fiscalyears/${june.yearId}/periods/${june.periodId}/close`)).status).toBe(200);
    expect((await period('2026-06-10')).status).toBe('OPEN');
    expect((await as('PUT', `/fiscalyears/${june.yearId + 1000}/periods/${june.periodId}/open`)).status).toBe(404);
    const user = await svc.admin.createUser({
      username: 'fiscalviewer',
      password: 'Viewer-pass-1',
      firstName: 'V',
      lastName: 'V',
      email: 'fv@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/fiscalyears', { token })).status).toBe(200);
    expect(
      (await svc.request('PUT', `/api/fiscalyears/${june.yearId}/periods/${june.periodId}/close`, { token })).status,
    ).toBe(403);
  });
});

describe('tase admin', () => {
  const run = promisify(execFile);
  it('closes and reopens a period and deactivates an account from the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-admin-'));
    const env = { ...process.env, DATABASE_URL: join(dir, 'tase.sqlite'), LOG_LEVEL: 'silent' };
    const tase = (...args: string[]) => run(process.execPath, ['src/main.ts', ...args], { env });
    try {
      const company = JSON.parse((await tase('admin', 'company', 'create', '--name', 'Cli Oy')).stdout);
      const id = String(company.companyId);
      const today = new Date().toISOString().slice(0, 10);
      const closed = JSON.parse((await tase('admin', 'period', 'close', '--company-id', id, '--date', today)).stdout);
      expect(closed.message).toMatch(/closed/);
      const again = await tase('admin', 'period', 'close', '--company-id', id, '--date', today).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((again as { code: number }).code).toBe(2);
      expect((again as { stderr: string }).stderr).toContain('FISCAL_PERIOD_ALREADY_CLOSED');
      expect(
        JSON.parse((await tase('admin', 'period', 'open', '--company-id', id, '--date', today)).stdout).message,
      ).toMatch(/opened/);
      const account = JSON.parse(
        (await tase('admin', 'account', 'set-active', '--company-id', id, '--account', '1920', '--active', 'false'))
          .stdout,
      );
      expect(account).toMatchObject({ ledgerAccountCode: '1920', active: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
