// The ledger's month totals (ledger_account_months) stay equal to the lines they sum through every writer of lines:
// single receipts and batches posted, approvals and invalidations (lines moved in and out of the ledger), lines
// edited, a year closed (its opening balances, which they leave out) and reopened. The general ledger finds where a
// page starts from their line counts and the reports sum them, so a drift would shift pages and figures. (On
// SQLite the table is WITHOUT ROWID since ledger migration 0413, its triggers recreated with it.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import { OPENING_RECEIPT_TYPE, type ReceiptDraft } from '../src/ledger/index.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-02-15T10:00:00Z');
let year2025: number;

beforeAll(async () => {
  svc = await startService({ clock });
  const created = await svc.api('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
  expect(created.status, created.text).toBe(200);
  year2025 = created.body.id;
});
afterAll(() => svc.close());

type Totals = Map<string, [count: number, debit: bigint, credit: bigint]>;

/** The lines in the ledger, of receipts other than opening balances, per account and `period` of their date. */
async function fromLines(period: (date: string) => string): Promise<Totals> {
  const companyId = svc.demo.companyId;
  const lines = await svc.app.ctx.db
    .selectFrom('ledger_entries as e')
    .select(['e.account_number', 'e.entry_date', sql<unknown>`e.amount_minor`.as('amount')])
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ledger_receipts as r')
            .select('r.id')
            .where('r.company_id', '=', companyId)
            .whereRef('r.id', '=', 'e.receipt_id')
            .where('r.type', '=', OPENING_RECEIPT_TYPE),
        ),
      ),
    )
    .execute();
  const totals: Totals = new Map();
  for (const l of lines) {
    const key = `${l.account_number} ${period(l.entry_date)}`;
    const [count, debit, credit] = totals.get(key) ?? [0, 0n, 0n];
    const amount = BigInt(String(l.amount));
    totals.set(key, [count + 1, debit + (amount > 0n ? amount : 0n), credit + (amount < 0n ? -amount : 0n)]);
  }
  return totals;
}

/** The month totals, leaving out those all lines have left (a total is kept at zero, not deleted). */
async function kept(): Promise<Totals> {
  const rows = await svc.app.ctx.db
    .selectFrom('ledger_account_months')
    .select(['account_number', 'month', 'line_count', 'debit_minor', 'credit_minor'])
    .where('company_id', '=', svc.demo.companyId)
    .execute();
  const totals: Totals = new Map();
  for (const r of rows)
    if (Number(r.line_count) !== 0 || BigInt(r.debit_minor) !== 0n || BigInt(r.credit_minor) !== 0n)
      totals.set(`${r.account_number} ${r.month}`, [
        Number(r.line_count),
        BigInt(r.debit_minor),
        BigInt(r.credit_minor),
      ]);
  return totals;
}

async function expectTotalsTie() {
  const months = await kept();
  expect(months).toEqual(await fromLines((date) => date.slice(0, 7)));
  expect(months.size).toBeGreaterThan(0);
}

const receipt = (date: string, name: string, lines: [string, string][]) =>
  postReceipt(svc, { date, name, lines: lines.map(([account, amount]) => ({ account, amount })) });

describe('the month totals', () => {
  it('follow single receipts approved, several on a day', async () => {
    await receipt('2025-12-01', 'Osakepääoma', [
      ['1910', '2500.00'],
      ['2000', '-2500.00'],
    ]);
    await receipt('2025-12-05', 'Myynti', [
      ['1910', '125.50'],
      ['3000', '-100.00'],
      ['2930', '-25.50'],
    ]);
    await receipt('2025-12-05', 'Myynti 2', [
      ['1910', '10.00'],
      ['3000', '-10.00'],
    ]);
    // posted approved in one call: on SQLite the receipt's trigger adds its lines, written just before it
    await svc.app.ctx.db.transaction().execute((trx) =>
      svc.app.services.ledger.post(trx, svc.demo.companyId, {
        type: 'JOURNAL',
        status: 'APPROVED',
        name: 'Suoraan hyväksytty',
        receiptDate: '2025-12-05',
        vatType: 'PURCHASE',
        vatStatus: 1,
        lines: [
          { account: '4000', amountMinor: 2_000n },
          { account: '4010', amountMinor: 500n },
          { account: '1910', amountMinor: -2_500n },
        ],
      }),
    );
    await expectTotalsTie();
  });

  it('follow a batch posted at once (postMany) across months', async () => {
    const drafts = ['2025-11-30', '2025-12-05', '2025-12-05', '2025-12-31'].map((date, i): ReceiptDraft => ({
      type: 'JOURNAL',
      status: 'APPROVED',
      name: `Erä ${i}`,
      receiptDate: date,
      vatType: 'PURCHASE',
      vatStatus: 1,
      lines: [
        { account: '4000', amountMinor: BigInt(1000 + i) },
        { account: '1910', amountMinor: BigInt(-1000 - i) },
      ],
    }));
    await svc.app.ctx.db
      .transaction()
      .execute((trx) => svc.app.services.ledger.postMany(trx, svc.demo.companyId, drafts));
    await expectTotalsTie();
  });

  it('follow lines moved out of the ledger, edited to other days and accounts, moved back, and invalidated', async () => {
    const { id } = await receipt('2025-12-10', 'Muokattava', [
      ['4000', '40.00'],
      ['1910', '-40.00'],
    ]);
    // set back to unfinished (its lines leave the ledger), edited, approved again (they come back, moved)
    const unfinished = await svc.api('PUT', `/ledgerreceipts/${id}/unfinished`);
    expect([200, 204], unfinished.text).toContain(unfinished.status);
    await expectTotalsTie();
    const current = (await svc.api('GET', `/ledgerreceipts/${id}`)).body;
    const edited = await svc.api('PUT', `/ledgerreceipts/${id}`, {
      ...current,
      receiptDate: '2025-12-11',
      transactions: [
        { transactionType: 'ENTRY', account: '4010', accountingValue: 30, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '4000', accountingValue: 12.5, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -42.5, vatPercent: 0 },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    await expectTotalsTie();
    const approved = await svc.api('PUT', `/ledgerreceipts/${id}/approve`);
    expect([200, 204], approved.text).toContain(approved.status);
    await expectTotalsTie();
    const { id: other } = await receipt('2025-12-05', 'Mitätöitävä', [
      ['3000', '-7.00'],
      ['1910', '7.00'],
    ]);
    const invalidated = await svc.api('PUT', `/ledgerreceipts/${other}/invalidate`);
    expect([200, 204], invalidated.text).toContain(invalidated.status);
    await expectTotalsTie();
  });

  it('leave out the opening balances of a year closed, and stay equal when it is reopened', async () => {
    await receipt('2026-01-10', 'Myynti tammikuu', [
      ['1910', '100.00'],
      ['3000', '-100.00'],
    ]);
    const closed = await svc.api('PUT', `/fiscalyears/${year2025}/close`);
    expect(closed.status, closed.text).toBe(200);
    await expectTotalsTie();
    const reopened = await svc.api('PUT', `/fiscalyears/${year2025}/open`);
    expect(reopened.status, reopened.text).toBe(200);
    await expectTotalsTie();
    const again = await svc.api('PUT', `/fiscalyears/${year2025}/close`);
    expect(again.status, again.text).toBe(200);
    await expectTotalsTie();
  });
});
