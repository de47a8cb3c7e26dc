// The paged general ledger (GET /reports/generalledger) against one unpaged read: every page size, periods that
// start and end inside a month and cross accounts and years, after receipts left out of the ledger again. A page
// is found from the month totals' line counts, so those are checked against the lines too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import { insertFiscalYear } from '../src/fiscal/service.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-15T10:00:00Z');
const ACCOUNTS = ['1910', '3000', '4000', '7000'];

beforeAll(async () => {
  svc = await startService({ clock });
  await svc.app.ctx.db
    .transaction()
    .execute((trx) => insertFiscalYear(trx, svc.demo.companyId, '2025-01-01', '2025-12-31', clock.now()));
  // a few receipts a month over five months across the year end, several on one day, lines on several accounts
  let n = 0;
  const dates = ['2025-11-03', '2025-11-03', '2025-11-20', '2025-12-31', '2026-01-01', '2026-01-15', '2026-01-15'];
  dates.push('2026-02-01', '2026-02-14', '2026-02-28', '2026-03-02', '2026-03-02', '2026-03-31');
  for (const date of dates) {
    n++;
    const account = ACCOUNTS[1 + (n % 3)];
    await postReceipt(svc, {
      date,
      name: `Receipt ${n}`,
      lines: [
        { account, amount: `${n}.25`, description: `Line ${n}` },
        { account: '1910', amount: `-${n}.00` },
        { account: '1910', amount: '-0.25' },
      ],
    });
  }
  // one never approved, one approved and then invalidated: neither is in the ledger
  await postReceipt(svc, {
    date: '2026-01-15',
    name: 'Draft',
    approve: false,
    lines: [
      { account: '7000', amount: '5.00' },
      { account: '1910', amount: '-5.00' },
    ],
  });
  const invalidated = await postReceipt(svc, {
    date: '2026-02-14',
    name: 'Invalidated',
    lines: [
      { account: '4000', amount: '7.00' },
      { account: '1910', amount: '-7.00' },
    ],
  });
  const answer = await svc.api('PUT', `/ledgerreceipts/${invalidated.id}/invalidate`);
  expect([200, 204], answer.text).toContain(answer.status);
});
afterAll(() => svc.close());

const report = (query: string) => svc.api('GET', `/reports/generalledger?${query}`);

describe('paging the general ledger', () => {
  it('keeps line counts in the month totals equal to the lines in the ledger', async () => {
    const companyId = svc.demo.companyId;
    const db = svc.app.ctx.db;
    const counted = await db
      .selectFrom('ledger_entries')
      .select(['account_number', sql<string>`substr(entry_date, 1, 7)`.as('month'), sql<unknown>`count(*)`.as('n')])
      .where('company_id', '=', companyId)
      .where('in_ledger', '=', true)
      .groupBy(['account_number', sql`substr(entry_date, 1, 7)`])
      .execute();
    const kept = await db
      .selectFrom('ledger_account_months')
      .select(['account_number', 'month', 'line_count'])
      .where('company_id', '=', companyId)
      .where('line_count', '!=', 0)
      .execute();
    const key = (account: string, month: string) => `${account} ${month}`;
    expect(new Map(kept.map((k) => [key(k.account_number, k.month), Number(k.line_count)]))).toEqual(
      new Map(counted.map((c) => [key(c.account_number, c.month), Number(c.n)])),
    );
  });

  const periods = [
    'startDate=2025-01-01&endDate=2026-12-31',
    'startDate=2025-11-03&endDate=2026-03-02',
    'startDate=2025-11-04&endDate=2026-02-27',
    'startDate=2026-01-15&endDate=2026-01-31',
    'startDate=2026-02-14&endDate=2026-02-14',
    'startDate=2025-12-31&endDate=2026-03-31&accounts=7000,1910,4000',
    'startDate=2026-04-01&endDate=2026-04-30',
  ];
  it.each(periods)('pages %s as one unpaged read shows it', async (period) => {
    const whole = await report(`${period}&size=200`);
    expect(whole.status, whole.text).toBe(200);
    const all = whole.body.results;
    expect(whole.body.meta.totalCount).toBe(all.length);
    const summaries = new Map(whole.body.accounts.map((a: any) => [a.accountNumber, a]));
    for (const size of [1, 2, 3, 5, 8]) {
      const paged: any[] = [];
      for (let page = 0; ; page++) {
        const answer = await report(`${period}&size=${size}&page=${page}`);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.meta).toEqual({
          pageNumber: page,
          pageSize: size,
          resultCount: answer.body.results.length,
          totalCount: all.length,
        });
        for (const account of answer.body.accounts) expect(account).toEqual(summaries.get(account.accountNumber));
        if (answer.body.results.length === 0) break;
        paged.push(...answer.body.results);
      }
      expect(paged, `size ${size}`).toEqual(all);
    }
  });

  it('crosses accounts and years with running balances from each account opening', async () => {
    const all = (await report('startDate=2025-11-04&endDate=2026-02-27&size=200')).body.results;
    expect(new Set(all.map((l: any) => l.accountNumber)).size).toBeGreaterThan(2);
    expect(new Set(all.map((l: any) => l.date.slice(0, 4)))).toEqual(new Set(['2025', '2026']));
  });
});
