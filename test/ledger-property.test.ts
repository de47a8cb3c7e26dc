// Property-based tests of the posting core over real HTTP (fast-check): whatever valid receipts are posted and
// whatever status changes follow, the ledger balances and each account's balance is the sum of the approved
// postings; whatever invalid receipt is sent, it is refused and nothing at all is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock.ts';
import { ledgerSums } from '../src/ledger/store.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-09-15T10:00:00Z');
const ACCOUNTS = ['1700', '1763', '1910', '2871', '2930', '3000', '4000', '5010', '7000', '7900'];
let dimensionId = 0;
let activeItems: number[] = [];
let passiveItem = 0;
let partnerId = 0;
let closedDate = '';

interface Line {
  account: string;
  cents: number;
  itemSplit?: number; // allocate the line to two active items, the first taking this share of cents
}

/** Lines that balance: random amounts plus one line taking the negated sum. */
const balancedLines = fc
  .array(
    fc.record({
      account: fc.constantFrom(...ACCOUNTS),
      cents: fc.integer({ min: -50_000_00, max: 50_000_00 }),
      itemSplit: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((lines) =>
    fc.constantFrom(...ACCOUNTS).map((account): Line[] => {
      const sum = lines.reduce((s, l) => s + l.cents, 0);
      return [...lines, { account, cents: -sum }];
    }),
  );

const date = fc
  .integer({ min: 1, max: 28 })
  .chain((day) =>
    fc.constantFrom('01', '02', '04', '07', '09', '11').map((m) => `2026-${m}-${String(day).padStart(2, '0')}`),
  );

function transaction(line: Line) {
  const t: Record<string, unknown> = {
    transactionType: 'ENTRY',
    account: line.account,
    accountingValue: line.cents / 100,
    vatPercent: 0,
  };
  if (line.itemSplit !== undefined) {
    const first = Math.trunc((line.cents * line.itemSplit) / 100);
    t.dimensionItemValues = [
      { dimensionId, itemId: activeItems[0], value: first / 100 },
      { dimensionId, itemId: activeItems[1], value: (line.cents - first) / 100 },
    ];
  }
  return t;
}

const receipt = (lines: Line[], receiptDate: string, extra: Record<string, unknown> = {}) => ({
  type: 'JOURNAL',
  name: 'Property',
  receiptDate,
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions: lines.map(transaction),
  ...extra,
});

async function snapshot() {
  const db = svc.app.ctx.db;
  const companyId = svc.demo.companyId;
  const count = async (table: 'ledger_receipts' | 'ledger_entries' | 'ledger_entry_dimensions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sequences = await db
    .selectFrom('id_sequences')
    .select(['name', 'last_id'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .execute();
  return {
    receipts: await count('ledger_receipts'),
    entries: await count('ledger_entries'),
    dimensions: await count('ledger_entry_dimensions'),
    sequences: sequences.map((s) => `${s.name}=${s.last_id}`),
  };
}

beforeAll(async () => {
  svc = await startService({ clock });
  const dim = await svc.api('POST', '/dimensions', {
    name: 'Property dimension',
    items: [{ codeName: 'A' }, { codeName: 'B' }, { codeName: 'Z', status: 'P' }],
  });
  dimensionId = dim.body.id;
  activeItems = [dim.body.items[0].id, dim.body.items[1].id];
  passiveItem = dim.body.items[2].id;
  partnerId = (await svc.api('POST', '/businesspartners', { name: 'Partner Oy', type: 'CUSTOMER' })).body.id;
  await svc.api('PATCH', '/coa/7600', { active: false });
  const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears;
  const march = years[0].periods[2];
  closedDate = march.startDate;
  expect((await svc.api('PUT', `/fiscalyears/${years[0].id}/periods/${march.id}/close`)).status).toBe(200);
});
afterAll(() => svc.close());

describe('the ledger under random receipts', () => {
  it('stays balanced, and every balance is the sum of the approved postings', async () => {
    const expected = new Map<string, bigint>(); // account -> cents of approved receipts
    const receipts = new Map<number, { lines: Line[]; status: string }>();
    const apply = (lines: Line[], sign: 1 | -1) => {
      for (const l of lines) expected.set(l.account, (expected.get(l.account) ?? 0n) + BigInt(sign * l.cents));
    };
    await fc.assert(
      fc.asyncProperty(
        balancedLines,
        date,
        fc.array(fc.tuple(fc.constantFrom('approve', 'unfinished', 'invalidate', 'edit'), balancedLines), {
          maxLength: 4,
        }),
        async (lines, receiptDate, actions) => {
          const created = await svc.api('POST', '/ledgerreceipts', receipt(lines, receiptDate, { partnerId }));
          expect(created.status).toBe(200);
          const state = { lines, status: 'UNFINISHED' };
          receipts.set(created.body.id, state);
          for (const [action, newLines] of actions) {
            if (action === 'edit') {
              const current = (await svc.api('GET', `/ledgerreceipts/${created.body.id}`)).body;
              const edited = await svc.api('PUT', `/ledgerreceipts/${created.body.id}`, {
                ...receipt(newLines, receiptDate),
                version: current.version,
              });
              expect(edited.status).toBe(state.status === 'UNFINISHED' ? 200 : 400);
              if (edited.status === 200) state.lines = newLines;
              continue;
            }
            const answer = await svc.api('PUT', `/ledgerreceipts/${created.body.id}/${action}`);
            const legal = {
              approve: ['UNFINISHED'],
              unfinished: ['APPROVED', 'INVALIDATED'],
              invalidate: ['UNFINISHED', 'APPROVED'],
            }[action as 'approve'];
            if (!legal.includes(state.status)) {
              expect(answer.status).toBe(400);
              continue;
            }
            expect(answer.status).toBe(200);
            const to = { approve: 'APPROVED', unfinished: 'UNFINISHED', invalidate: 'INVALIDATED' }[
              action as 'approve'
            ];
            if (state.status === 'APPROVED') apply(state.lines, -1);
            if (to === 'APPROVED') apply(state.lines, 1);
            state.status = to;
          }
          const sums = await ledgerSums(svc.app.ctx.db, svc.demo.companyId);
          expect(sums.reduce((s, r) => s + r.total, 0n)).toBe(0n);
          for (const r of sums) expect(r.total).toBe(expected.get(r.account_number) ?? 0n);
          for (const [account, cents] of expected)
            if (cents !== 0n) expect(sums.find((r) => r.account_number === account)?.total).toBe(cents);
        },
      ),
      { numRuns: 40 },
    );
    // the month totals the ledger keeps for reports are the approved lines summed per account and month
    const db = svc.app.ctx.db;
    const companyId = svc.demo.companyId;
    const months = await db
      .selectFrom('ledger_account_months')
      .select(['account_number', 'month', 'debit_minor', 'credit_minor'])
      .where('company_id', '=', companyId)
      .execute();
    const fromLines = new Map<string, [number, number]>();
    for (const e of await db
      .selectFrom('ledger_entries')
      .select(['account_number', 'entry_date', 'amount_minor'])
      .where('company_id', '=', companyId)
      .where('in_ledger', '=', true)
      .execute()) {
      const key = `${e.account_number} ${e.entry_date.slice(0, 7)}`;
      const [debit, credit] = fromLines.get(key) ?? [0, 0];
      const cents = Number(e.amount_minor);
      fromLines.set(key, cents > 0 ? [debit + cents, credit] : [debit, credit - cents]);
    }
    const kept = months
      .map((m) => [`${m.account_number} ${m.month}`, Number(m.debit_minor), Number(m.credit_minor)] as const)
      .filter(([, debit, credit]) => debit !== 0 || credit !== 0);
    // a line of zero (a random amount may be 0) adds nothing to a month: a month of such lines alone has no totals
    for (const [key, [debit, credit]] of fromLines) if (debit === 0 && credit === 0) fromLines.delete(key);
    expect(new Map(kept.map(([key, debit, credit]) => [key, [debit, credit]]))).toEqual(fromLines);
    // receipt numbers of the fiscal year are 1..n without gaps
    const all = await svc.api('GET', `/ledgerreceipts/${[...receipts.keys()].join(',')}`);
    const numbers = (Array.isArray(all.body) ? all.body : [all.body])
      .map((r: { receiptNumber: number }) => r.receiptNumber)
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
  }, 120_000);
});

type Breakage =
  | 'unbalanced'
  | 'inactiveAccount'
  | 'unknownAccount'
  | 'closedPeriod'
  | 'passiveItem'
  | 'unknownPartner'
  | 'noYear'
  | 'dimensionSum';

describe('invalid receipts', () => {
  it('are refused with 400 and leave no trace', async () => {
    const breakage = fc.constantFrom<Breakage>(
      'unbalanced',
      'inactiveAccount',
      'unknownAccount',
      'closedPeriod',
      'passiveItem',
      'unknownPartner',
      'noYear',
      'dimensionSum',
    );
    await fc.assert(
      fc.asyncProperty(
        balancedLines,
        date,
        fc.array(breakage, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        async (lines, receiptDate, breaks, pick) => {
          const broken: Line[] = lines.map((l) => ({ ...l }));
          const at = pick % broken.length;
          for (const b of new Set(breaks)) {
            if (b === 'unbalanced') broken[at].cents += 1 + (pick % 7);
            if (b === 'inactiveAccount') broken[at].account = '7600';
            if (b === 'unknownAccount') broken[at].account = '9999';
          }
          const body = receipt(broken, receiptDate);
          const tx = body.transactions;
          for (const b of new Set(breaks)) {
            if (b === 'closedPeriod') body.receiptDate = closedDate;
            if (b === 'noYear') body.receiptDate = '2030-06-01';
            if (b === 'unknownPartner') tx[at].partnerId = 987654;
            if (b === 'passiveItem')
              tx[at].dimensionItemValues = [
                { dimensionId, itemId: passiveItem, value: tx[at].accountingValue as number },
              ];
            if (b === 'dimensionSum')
              tx[at].dimensionItemValues = [
                { dimensionId, itemId: activeItems[0], value: (tx[at].accountingValue as number) + 0.01 },
              ];
          }
          const before = await snapshot();
          const answer = await svc.api('POST', '/ledgerreceipts', body);
          expect(answer.status).toBe(400);
          expect(answer.body.errors.length).toBeGreaterThan(0);
          expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
