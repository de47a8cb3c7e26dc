// Reports over HTTP: trial balance, general ledger and account balances, on ledger data posted through the
// ledger receipts API. Amounts are compared as exact decimal text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock.ts';
import { insertFiscalYear } from '../src/fiscal/service.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { postReceipt, type TestReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-15T10:00:00Z');

/** Decimal text of a JSON answer's number, as the server wrote it. */
const amounts = (text: string, field: string) =>
  [...text.matchAll(new RegExp(`"${field}":(-?[0-9.]+)`, 'g'))].map((m) => m[1]);

const receipts: TestReceipt[] = [
  {
    date: '2025-03-01',
    name: 'Share capital',
    lines: [
      { account: '1910', amount: '1000.00' },
      { account: '2000', amount: '-1000.00' },
    ],
  },
  {
    date: '2025-06-01',
    name: 'Sale 2025',
    lines: [
      { account: '1910', amount: '500.00' },
      { account: '3000', amount: '-500.00', description: 'Old sale' },
    ],
  },
  {
    date: '2026-01-10',
    name: 'Purchase',
    lines: [
      { account: '4000', amount: '200.00' },
      { account: '1910', amount: '-200.00' },
    ],
  },
  {
    date: '2026-02-15',
    name: 'Sale 1',
    lines: [
      { account: '1910', amount: '300.50' },
      { account: '3000', amount: '-300.50', description: 'Widget' },
    ],
  },
  {
    date: '2026-02-20',
    name: 'Draft',
    approve: false,
    lines: [
      { account: '1910', amount: '999.00' },
      { account: '3000', amount: '-999.00' },
    ],
  },
  {
    date: '2026-02-20',
    name: 'Sale 2',
    lines: [
      { account: '1910', amount: '0.01' },
      { account: '1910', amount: '99.99' },
      { account: '3000', amount: '-100.00' },
    ],
  },
  {
    date: '2026-03-05',
    name: 'Rent',
    lines: [
      { account: '7000', amount: '50.00' },
      { account: '1910', amount: '-50.00' },
    ],
  },
];

beforeAll(async () => {
  svc = await startService({ clock });
  // the demo company has the fiscal year 2026; add 2025 before it
  await svc.app.ctx.db
    .transaction()
    .execute((trx) => insertFiscalYear(trx, svc.demo.companyId, '2025-01-01', '2025-12-31', clock.now()));
  for (const r of receipts) await postReceipt(svc, r);
});
afterAll(() => svc.close());

describe('GET /reports/trialbalance', () => {
  it('answers opening balances, period debits and credits and closing balances per account', async () => {
    const answer = await svc.api('GET', '/reports/trialbalance?startDate=2026-02-01&endDate=2026-02-28');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fiscalYearStartDate).toBe('2026-01-01');
    const rows = Object.fromEntries(answer.body.accounts.map((a: any) => [a.accountNumber, a]));
    expect(Object.keys(rows)).toEqual(['1910', '2000', '3000', '4000']);
    expect(rows['1910']).toEqual({
      accountNumber: '1910',
      name: 'Pankkitili 1',
      type: 'ASSET',
      openingBalance: 1300,
      debit: 400.5,
      credit: 0,
      closedAtYearStart: 0,
      closingBalance: 1700.5,
    });
    expect(rows['2000']).toMatchObject({
      type: 'EQUITY',
      openingBalance: -1000,
      debit: 0,
      credit: 0,
      closingBalance: -1000,
    });
    // income statement: from the start of the fiscal year only
    expect(rows['3000']).toMatchObject({
      type: 'INCOME',
      openingBalance: 0,
      debit: 0,
      credit: 400.5,
      closingBalance: -400.5,
    });
    expect(rows['4000']).toMatchObject({ type: 'EXPENSE', openingBalance: 200, closingBalance: 200 });
    expect(answer.body.totals).toEqual({ openingBalance: 500, debit: 400.5, credit: 400.5, closingBalance: 500 });
    expect(answer.body.previousYearsResult).toBe(-500);
    // exact decimals on the wire
    expect(amounts(answer.text, 'closingBalance')).toContain('1700.5');
  });

  it('counts only approved receipts', async () => {
    const answer = await svc.api('GET', '/reports/trialbalance?startDate=2026-02-20&endDate=2026-02-20');
    const bank = answer.body.accounts.find((a: any) => a.accountNumber === '1910');
    expect(bank.debit).toBe(100);
  });

  it('starts the year for income accounts at the fiscal year start', async () => {
    const answer = await svc.api('GET', '/reports/trialbalance?startDate=2025-01-01&endDate=2025-12-31');
    expect(answer.body.fiscalYearStartDate).toBe('2025-01-01');
    expect(answer.body.previousYearsResult).toBe(0);
    expect(answer.body.totals).toEqual({ openingBalance: 0, debit: 1500, credit: 1500, closingBalance: 0 });
  });

  it('refuses a period that ends before it starts, and missing dates', async () => {
    const reversed = await svc.api('GET', '/reports/trialbalance?startDate=2026-03-01&endDate=2026-02-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({ field: 'startDate', message: 'START_DATE_AFTER_END_DATE' });
    const missing = await svc.api('GET', '/reports/trialbalance?startDate=2026-03-01');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('endDate');
    const malformed = await svc.api('GET', '/reports/trialbalance?startDate=2026-13-01&endDate=2026-12-31');
    expect(malformed.status).toBe(400);
  });
});

describe('GET /reports/generalledger', () => {
  it('lists the lines of the period by account with running balances', async () => {
    const answer = await svc.api('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta).toEqual({ pageNumber: 0, pageSize: 50, resultCount: 9, totalCount: 9 });
    const bank = answer.body.results.filter((l: any) => l.accountNumber === '1910');
    expect(bank.map((l: any) => [l.date, l.accountingValue, l.balance])).toEqual([
      ['2026-01-10', -200, 1300],
      ['2026-02-15', 300.5, 1600.5],
      ['2026-02-20', 0.01, 1600.51],
      ['2026-02-20', 99.99, 1700.5],
      ['2026-03-05', -50, 1650.5],
    ]);
    const sale = answer.body.results.find((l: any) => l.accountNumber === '3000' && l.description === 'Widget');
    expect(sale).toMatchObject({
      receiptName: 'Sale 1',
      receiptType: 'JOURNAL',
      date: '2026-02-15',
      accountingValue: -300.5,
      balance: -300.5,
    });
    expect(sale.ledgerReceiptId).toBeGreaterThan(0);
    expect(sale.receiptNumber).toBeGreaterThan(0);
    expect(answer.body.accounts.find((a: any) => a.accountNumber === '1910')).toEqual({
      accountNumber: '1910',
      name: 'Pankkitili 1',
      type: 'ASSET',
      openingBalance: 1500,
      debit: 400.5,
      credit: 250,
      closingBalance: 1650.5,
    });
  });

  it('continues running balances across pages', async () => {
    const all = (
      await svc.api('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&accounts=1910,3000')
    ).body.results;
    const paged: any[] = [];
    for (let page = 0; page < 4; page++) {
      const answer = await svc.api(
        'GET',
        `/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&accounts=1910,3000&size=2&page=${page}`,
      );
      expect(answer.body.meta.totalCount).toBe(7);
      paged.push(...answer.body.results);
      for (const line of answer.body.results)
        expect(answer.body.accounts.map((a: any) => a.accountNumber)).toContain(line.accountNumber);
    }
    expect(paged).toEqual(all);
    const past = await svc.api('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&size=2&page=40');
    expect(past.body.results).toEqual([]);
    expect(past.body.accounts).toEqual([]);
  });

  it('filters by accounts and refuses more than 200 of them or page sizes over 200', async () => {
    const answer = await svc.api('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&accounts=7000');
    expect(answer.body.results.map((l: any) => l.accountNumber)).toEqual(['7000']);
    const many = Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(',');
    const tooMany = await svc.api(
      'GET',
      `/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&accounts=${many}`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({ field: 'accounts' });
    const badList = await svc.api(
      'GET',
      '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&accounts=19%2010',
    );
    expect(badList.status).toBe(400);
    expect(
      (await svc.api('GET', '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31&size=201')).status,
    ).toBe(400);
  });
});

describe('GET /reports/ledgeraccounts/balances', () => {
  it('answers balances at the end of a date', async () => {
    const answer = await svc.api('GET', '/reports/ledgeraccounts/balances?date=2026-02-15');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.fiscalYearStartDate).toBe('2026-01-01');
    const balances = Object.fromEntries(answer.body.balances.map((b: any) => [b.accountNumber, b.balance]));
    expect(balances).toEqual({ '1910': 1600.5, '2000': -1000, '3000': -300.5, '4000': 200 });
    const some = await svc.api('GET', '/reports/ledgeraccounts/balances?date=2025-12-31&accounts=3000,1910');
    expect(some.body.balances).toEqual([
      { accountNumber: '1910', name: 'Pankkitili 1', type: 'ASSET', balance: 1500 },
      { accountNumber: '3000', name: 'Myynti', type: 'INCOME', balance: -500 },
    ]);
  });

  it('defaults to today', async () => {
    const answer = await svc.api('GET', '/reports/ledgeraccounts/balances');
    expect(answer.body.date).toBe('2026-06-15');
    expect(answer.body.balances.find((b: any) => b.accountNumber === '1910').balance).toBe(1650.5);
  });
});

describe('tenants and rights', () => {
  it('shows another company nothing of this one', async () => {
    const other = await otherCompany(svc);
    const tb = await svc.request('GET', '/api/reports/trialbalance?startDate=2025-01-01&endDate=2026-12-31', {
      token: other.token,
    });
    expect(tb.status).toBe(200);
    expect(tb.body.accounts).toEqual([]);
    const gl = await svc.request('GET', '/api/reports/generalledger?startDate=2025-01-01&endDate=2026-12-31', {
      token: other.token,
    });
    expect(gl.body.results).toEqual([]);
    expect(gl.body.meta.totalCount).toBe(0);
    const balances = await svc.request('GET', '/api/reports/ledgeraccounts/balances?date=2026-12-31', {
      token: other.token,
    });
    expect(balances.body.balances).toEqual([]);
  });

  it('needs the accounting reports right', async () => {
    const user = await svc.admin.createUser({
      username: 'noreports',
      firstName: 'No',
      lastName: 'Reports',
      email: 'noreports@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'BOOKKEEPER', { 'accounting.reports': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    for (const path of [
      '/reports/trialbalance?startDate=2026-01-01&endDate=2026-12-31',
      '/reports/generalledger?startDate=2026-01-01&endDate=2026-12-31',
      '/reports/ledgeraccounts/balances',
    ]) {
      const answer = await svc.request('GET', `/api${path}`, { token });
      expect(answer.status).toBe(403);
    }
    const viewer = await svc.admin.createUser({
      username: 'viewer1',
      firstName: 'V',
      lastName: 'Iewer',
      email: 'viewer1@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, viewer.userId, 'VIEWER');
    const viewerKey = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: viewer.userId,
      clientId: svc.demo.clientId,
    });
    const viewerAnswer = await svc.request('GET', '/api/reports/trialbalance?startDate=2026-01-01&endDate=2026-12-31', {
      token: await svc.tokenFor(viewerKey.apiKey),
    });
    expect(viewerAnswer.status).toBe(200);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = await svc.request('GET', '/api/openapi.json');
    for (const path of [
      '/reports/trialbalance',
      '/reports/generalledger',
      '/reports/ledgeraccounts/balances',
      '/sie/availability',
      '/sie/file',
    ]) {
      expect(doc.body.paths[path]?.get, path).toBeDefined();
    }
  });
});

// ------------------------------------------------------------------------------------------- properties

const ACCOUNTS = ['1700', '1910', '2000', '2870', '3000', '4000', '7000'];
const INCOME_STATEMENT = new Set(['3000', '4000', '7000']);
const cents = fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }).filter((c) => c !== 0);
const receiptArb = fc.record({
  month: fc.integer({ min: 1, max: 12 }),
  year: fc.constantFrom(2025, 2026),
  approve: fc.boolean(),
  lines: fc.array(fc.record({ account: fc.constantFrom(...ACCOUNTS), cents }), { minLength: 1, maxLength: 5 }),
});

const text = (c: bigint) => {
  const negative = c < 0n;
  const abs = (negative ? -c : c).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
};
/** The JSON number the server writes for an amount in cents. */
const asNumber = (c: bigint) => Number(text(c));

let runs = 0;

describe('reports agree with the postings (property)', () => {
  it('balances equal the sums of approved postings; the trial balance balances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(receiptArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        async (drafts, month) => {
          const company = await otherCompany(svc, `Prop ${++runs}`);
          await svc.app.ctx.db
            .transaction()
            .execute((trx) => insertFiscalYear(trx, company.companyId, '2025-01-01', '2025-12-31', clock.now()));
          const posted: { date: string; lines: { account: string; cents: bigint }[] }[] = [];
          for (const d of drafts) {
            const date = `${d.year}-${String(d.month).padStart(2, '0')}-15`;
            const lines = d.lines.map((l) => ({ account: l.account, cents: BigInt(l.cents) }));
            const sum = lines.reduce((s, l) => s + l.cents, 0n);
            if (sum !== 0n) lines.push({ account: '1910', cents: -sum });
            await postReceipt(
              svc,
              {
                date,
                name: 'Random',
                approve: d.approve,
                lines: lines.map((l) => ({ account: l.account, amount: text(l.cents) })),
              },
              company.token,
            );
            if (d.approve) posted.push({ date, lines });
          }
          const on = `2026-${String(month).padStart(2, '0')}-28`;
          const expected = new Map<string, bigint>();
          for (const p of posted) {
            if (p.date > on) continue;
            for (const l of p.lines) {
              if (INCOME_STATEMENT.has(l.account) && p.date < '2026-01-01') continue;
              expected.set(l.account, (expected.get(l.account) ?? 0n) + l.cents);
            }
          }
          const balances = await svc.request('GET', `/api/reports/ledgeraccounts/balances?date=${on}`, {
            token: company.token,
          });
          const got = new Map(balances.body.balances.map((b: any) => [b.accountNumber, b.balance]));
          for (const [account, value] of expected) expect(got.get(account) ?? 0, account).toBe(asNumber(value));

          const tb = await svc.request('GET', `/api/reports/trialbalance?startDate=2026-01-01&endDate=${on}`, {
            token: company.token,
          });
          const totals = tb.body.totals;
          expect(totals.debit).toBe(totals.credit);
          const closing = tb.body.accounts.reduce(
            (s: bigint, a: any) => s + BigInt(Math.round(a.closingBalance * 100)),
            0n,
          );
          expect(closing + BigInt(Math.round(tb.body.previousYearsResult * 100))).toBe(0n);
          for (const a of tb.body.accounts)
            expect(a.closingBalance, a.accountNumber).toBe(asNumber(expected.get(a.accountNumber) ?? 0n));
        },
      ),
      { numRuns: 8 },
    );
  });
});
