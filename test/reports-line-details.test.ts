// The general ledger's lines are completed with their text by their (receipt, line) keys, read in chunks on
// SQLite and in one statement on PostgreSQL: an account report longer than one chunk, and a page of lines that
// share receipts with lines of other accounts, name each line with its own text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-15T10:00:00Z');
const LINES = 700;

beforeAll(async () => {
  svc = await startService({ clock });
  // one receipt of 700 sales lines, each with its own text, and the bank line that balances them
  await postReceipt(svc, {
    date: '2026-05-20',
    name: 'Päivän myynnit',
    lines: [
      ...Array.from({ length: LINES }, (_, i) => ({
        account: '3000',
        amount: '-0.01',
        description: `Myynti ${i + 1}`,
      })),
      { account: '1910', amount: (LINES / 100).toFixed(2), description: 'Tilitys' },
    ],
  });
  await postReceipt(svc, {
    date: '2026-05-21',
    name: 'Kulu',
    lines: [
      { account: '7000', amount: '12.40', description: 'Toimistotarvikkeet' },
      { account: '1910', amount: '-12.40', description: 'Maksu' },
    ],
  });
});
afterAll(() => svc.close());

describe('line details of the general ledger', () => {
  it("names each of an account's 700 lines in the account report", async () => {
    const answer = await svc.api('POST', '/reports/generalledger/3000', {
      startDate: '2026-05-01',
      endDate: '2026-05-31',
    });
    expect(answer.status, answer.text).toBe(200);
    const lines = answer.body.ledgerAccount.ledgerReceiptTransactions as { transactionDescription?: string }[];
    expect(lines).toHaveLength(LINES);
    expect(lines.map((l) => l.transactionDescription)).toEqual(
      Array.from({ length: LINES }, (_, i) => `Myynti ${i + 1}`),
    );
    expect(answer.body.ledgerAccount.totalAccountingValue).toBe(-LINES / 100);
  });

  it('names the lines of a page by their own receipt and line', async () => {
    const answer = await svc.api(
      'GET',
      '/reports/generalledger?startDate=2026-05-01&endDate=2026-05-31&accounts=1910,7000',
    );
    expect(answer.status, answer.text).toBe(200);
    expect(
      answer.body.results.map((l: { accountNumber: string; description?: string }) => [l.accountNumber, l.description]),
    ).toEqual([
      ['1910', 'Tilitys'],
      ['1910', 'Maksu'],
      ['7000', 'Toimistotarvikkeet'],
    ]);
  });
});
