// The reads of ledger lines find them by key, never by walking a company's lines (SQLite's plans, read with EXPLAIN
// QUERY PLAN for every statement the service prepared). The lines have no index by day (reports migration 0414): a
// read of some days seeks each account with lines in their months in the reports index, which leads with the
// account; the lines of a few receipts (opening balances, a VAT correction's voucher, a dimension item's
// allocations) are looked up by their receipt. SQLite plans without statistics and would rather walk the covering
// reports index from the company's first line: at a million lines that is every report's cost. Exercised here: a
// closed year and reports of the next one over days at a month's ends, the general ledger, balances, a report by a
// dimension item, the SIE export and a VAT return with a correction. (PostgreSQL plans from statistics.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { testEngine } from './support/database.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');
const prepared = vi.spyOn(DatabaseSync.prototype, 'prepare');

const ok = async (method: string, path: string, body?: unknown) => {
  const answer = await svc.api(method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  if (testEngine !== 'sqlite') return;
  svc = await startService({ clock });
  const year2025 = (await ok('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' })).id;
  const dimension = await ok('POST', '/dimensions', { name: 'Business line', items: [{ codeName: 'A' }] });
  const item = { dimensionId: dimension.id, itemId: dimension.items[0].id };
  const line = (account: string, amount: string, allocated = false) => ({
    account,
    amount,
    ...(allocated ? { dimensions: [{ ...item, value: amount }] } : {}),
  });
  await postReceipt(svc, {
    date: '2025-12-01',
    name: 'Osakepääoma',
    lines: [line('1910', '2500.00'), line('2000', '-2500.00')],
  });
  await postReceipt(svc, {
    date: '2025-12-05',
    name: 'Myynti',
    lines: [line('1910', '1000.00'), line('3000', '-1000.00', true)],
  });
  await ok('PUT', `/fiscalyears/${year2025}/close`);
  for (const [date, amount] of [
    ['2026-01-03', '100.00'],
    ['2026-01-20', '200.00'],
    ['2026-02-02', '300.00'],
    ['2026-02-25', '400.00'],
    ['2026-03-04', '500.00'],
  ])
    await postReceipt(svc, {
      date,
      name: `Myynti ${date}`,
      lines: [line('1910', amount), line('3000', `-${amount}`, true)],
    });
  await ok('POST', '/vat/returns', { periodType: 'MONTH', startDate: '2026-01-01' });
  const correction = await postReceipt(svc, {
    date: '2026-02-10',
    name: 'Korjaus tammikuulle',
    lines: [line('1910', '50.00'), line('3000', '-50.00')],
  });
  await ok('PUT', `/vat/corrections/${correction.id}`, { periodType: 'MONTH', startDate: '2026-01-01' });

  for (const [start, end] of [
    ['2026-01-05', '2026-02-10'],
    ['2026-01-05', '2026-03-10'],
    ['2026-02-01', '2026-02-28'],
  ]) {
    await ok('GET', `/reports/trialbalance?startDate=${start}&endDate=${end}`);
    await ok('GET', `/reports/generalledger?startDate=${start}&endDate=${end}`);
  }
  await ok('GET', '/reports/ledgeraccounts/balances?date=2026-02-10');
  await ok('POST', '/reports/accounting', { type: 'BALANCE_SHEET', startDate: '2026-01-01', endDate: '2026-02-10' });
  await ok('POST', '/reports/accounting', {
    type: 'INCOME_STATEMENT',
    startDate: '2026-01-05',
    endDate: '2026-02-28',
    dimension: item,
  });
  await ok('GET', '/vat/returns/preview?periodType=MONTH&startDate=2026-01-01');
  const sie = await fetch(`${svc.base}/api/sie/file?accountingPeriodStart=2026-01-01`, {
    headers: { authorization: `Bearer ${await svc.token()}` },
  });
  expect(sie.status).toBe(200);
});
afterAll(async () => {
  prepared.mockRestore();
  await svc?.close();
});

/** A step of a plan that reads the lines from a company's first one: a scan, or a search on the company alone. */
const walksTheCompany = (step: string) =>
  /^(SCAN|SEARCH) (e|ledger_entries)\b/.test(step) &&
  (step.startsWith('SCAN') || /\((company_id=\?)( AND in_ledger=\?)?\)$/.test(step));

describe.skipIf(testEngine !== 'sqlite')('reads of ledger lines on SQLite', () => {
  it('find the lines by key: each account of the days sought, a few receipts looked up, no walk of the company', () => {
    const reads = new Map<string, DatabaseSync>();
    prepared.mock.calls.forEach(([text], i) => {
      if (/"ledger_entries"/.test(text) && /^\s*(select|with)\b/i.test(text))
        reads.set(text, prepared.mock.contexts[i] as DatabaseSync);
    });
    // every kind of read above (partial days, month counts, opening lines, dimension, VAT lines and corrections, SIE)
    expect(reads.size).toBeGreaterThanOrEqual(8);
    const walking: { text: string; plan: string[] }[] = [];
    for (const [text, db] of reads) {
      const plan = (db.prepare(`explain query plan ${text}`).all() as { detail: string }[]).map((s) => s.detail);
      if (plan.some(walksTheCompany)) walking.push({ text, plan });
    }
    expect(walking).toEqual([]);
  });
});
