// The audit trail of the books over real HTTP: closing, reopening and marking periods, closing and reopening a
// fiscal year, filing a VAT return and changing the chart each leave an event — who, when, before and after —
// in GET /audittrail, appended and never changed; a refused change leaves none; another company sees none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-20T10:00:00Z');
let userId = 0;
let year2025 = 0;

interface Event {
  id: number;
  subject: string;
  subjectId: string;
  action: string;
  userId: number | null;
  recordedAt: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function ok(method: string, path: string, body?: unknown) {
  const answer = await svc.api(method, path, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const trail = async (query = ''): Promise<Event[]> => (await ok('GET', `/audittrail?size=200${query}`)).results;

async function periodOf(date: string) {
  const years = (await ok('GET', '/fiscalyears')).fiscalYears as {
    id: number;
    periods: { id: number; startDate: string; endDate: string }[];
  }[];
  for (const y of years) for (const p of y.periods) if (p.startDate <= date && date <= p.endDate) return { y, p };
  throw new Error(date);
}

beforeAll(async () => {
  svc = await startService({ clock });
  userId = (await svc.api('GET', '/users')).body.id;
  year2025 = (await ok('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' })).id;
});
afterAll(() => svc.close());

describe('GET /audittrail', () => {
  it('is empty before any change of the books', async () => {
    expect(await trail()).toEqual([]);
  });

  it('records a period locked, marked pending and reopened, with who, when, before and after', async () => {
    const { y, p } = await periodOf('2026-02-10');
    clock.set(new Date('2026-03-20T10:01:00Z'));
    await ok('PUT', `/fiscalyears/${y.id}/periods/${p.id}/close`);
    clock.set(new Date('2026-03-20T10:02:00Z'));
    await ok('PUT', `/fiscalyears/${y.id}/periods/${p.id}/open`);
    clock.set(new Date('2026-03-20T10:03:00Z'));
    await ok('PUT', `/fiscalyears/${y.id}/trackingPeriods/${p.id}`, { status: 'PENDING' });
    const period = { id: p.id, fiscalYearId: y.id, startDate: '2026-02-01', endDate: '2026-02-28' };
    expect(await trail(`&subject=FISCAL_PERIOD&subjectId=${p.id}`)).toMatchObject([
      {
        subject: 'FISCAL_PERIOD',
        subjectId: String(p.id),
        action: 'CLOSE',
        userId,
        recordedAt: '2026-03-20T10:01:00.000',
        before: { ...period, status: 'OPEN' },
        after: { ...period, status: 'CLOSED' },
      },
      {
        action: 'REOPEN',
        recordedAt: '2026-03-20T10:02:00.000',
        before: { status: 'CLOSED' },
        after: { status: 'OPEN' },
      },
      { action: 'PENDING', before: { status: 'OPEN' }, after: { status: 'PENDING' } },
    ]);
  });

  it('records a VAT return filed, and the periods it closed, by the filer', async () => {
    const filed = await ok('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
    const events = await trail('&subject=VAT_RETURN');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      subjectId: String(filed.id),
      action: 'FILE',
      userId,
      before: null,
      after: { id: filed.id, status: 'FILED', startDate: '2026-01-01', endDate: '2026-01-31' },
    });
    const { p } = await periodOf('2026-01-15');
    expect(await trail(`&subject=FISCAL_PERIOD&subjectId=${p.id}`)).toMatchObject([
      { action: 'CLOSE', userId, after: { status: 'CLOSED' } },
    ]);
  });

  it('records a fiscal year closed and reopened; a refused close records nothing', async () => {
    const before = (await trail()).length;
    const draft = await ok('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Luonnos',
      receiptDate: '2025-06-01',
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '7900', accountingValue: 5, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -5, vatPercent: 0 },
      ],
    });
    expect((await svc.api('PUT', `/fiscalyears/${year2025}/close`)).status).toBe(400);
    expect(await trail()).toHaveLength(before);
    await ok('PUT', `/ledgerreceipts/${draft.id}/invalidate`);
    await ok('PUT', `/fiscalyears/${year2025}/close`);
    await ok('PUT', `/fiscalyears/${year2025}/open`);
    const year = { id: year2025, startDate: '2025-01-01', endDate: '2025-12-31' };
    expect(await trail(`&subject=FISCAL_YEAR&subjectId=${year2025}`)).toMatchObject([
      { action: 'CLOSE', userId, before: { ...year, status: 'OPEN' }, after: { ...year, status: 'CLOSED' } },
      { action: 'REOPEN', userId, before: { status: 'CLOSED' }, after: { status: 'OPEN' } },
    ]);
    // each of its twelve periods closed and reopened too
    const periods = (await trail('&subject=FISCAL_PERIOD')).filter(
      (e) => (e.after as { fiscalYearId: number }).fiscalYearId === year2025,
    );
    expect(periods.map((e) => e.action)).toEqual([...Array(12).fill('CLOSE'), ...Array(12).fill('REOPEN')]);
  });

  it('records a change of the chart with the account before and after', async () => {
    const account = await ok('GET', '/coa/7900');
    await ok('PATCH', '/coa/7900', { name: 'Pankkikulut', version: account.version });
    const [event] = await trail('&subject=LEDGER_ACCOUNT&subjectId=7900');
    expect(event).toMatchObject({
      action: 'UPDATE',
      userId,
      before: { ledgerAccountCode: '7900', name: account.name },
      after: { ledgerAccountCode: '7900', name: 'Pankkikulut' },
    });
  });

  it('is append-only: earlier events stay as they were while later ones are added', async () => {
    const first = await trail();
    await ok('PUT', `/fiscalyears/${year2025}/close`);
    const second = await trail();
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second.length).toBeGreaterThan(first.length);
    expect(second.map((e) => e.id)).toEqual([...second.map((e) => e.id)].sort((a, b) => a - b));
    // no operation changes or removes an event
    for (const method of ['PUT', 'DELETE', 'PATCH'])
      expect((await svc.api(method, `/audittrail`)).status).toBeGreaterThanOrEqual(404);
  });

  it('pages and filters by day; refuses a subject id without its subject and unknown parameters', async () => {
    const page = await ok('GET', '/audittrail?size=2&page=1');
    expect(page.results).toHaveLength(2);
    expect(page.meta).toMatchObject({ pageNumber: 1, pageSize: 2, resultCount: 2 });
    expect(page.meta.totalCount).toBe((await trail()).length);
    expect(await trail('&startDate=2026-03-21')).toEqual([]);
    const missing = await svc.api('GET', '/audittrail?subjectId=7900');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('subject');
    expect((await svc.api('GET', '/audittrail?subject=VOUCHER')).status).toBe(400);
    expect((await svc.api('GET', '/audittrail?colour=red')).status).toBe(400);
  });

  it("shows another company none of this one's events", async () => {
    const other = await otherCompany(svc);
    const answer = await svc.api('GET', '/audittrail', undefined, { token: other.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results).toEqual([]);
  });
});
