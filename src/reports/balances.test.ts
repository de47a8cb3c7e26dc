import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balancesOn, fiscalYearStartOn, trialBalance } from './balances.ts';
import type { AccountSums, ChartAccount } from './store.ts';

const chart = new Map<string, ChartAccount>([
  ['1910', { number: '1910', name: 'Pankkitili', type: 'ASSET', active: true }],
  ['2000', { number: '2000', name: 'Osakepääoma', type: 'EQUITY', active: true }],
  ['3000', { number: '3000', name: 'Myynti', type: 'INCOME', active: true }],
  ['4000', { number: '4000', name: 'Ostot', type: 'EXPENSE', active: true }],
]);

const sums = (
  account: string,
  beforeYear: bigint,
  beforeStart: bigint,
  debit: bigint,
  credit: bigint,
): AccountSums => ({
  account,
  before: [beforeYear, beforeStart],
  debit,
  credit,
  lines: 1,
});

describe('fiscal year start of a date', () => {
  it('is the last year starting on or before the date', () => {
    const years = [{ start: '2025-01-01' }, { start: '2026-01-01' }, { start: '2024-07-01' }];
    expect(fiscalYearStartOn(years, '2026-03-01')).toBe('2026-01-01');
    expect(fiscalYearStartOn(years, '2025-12-31')).toBe('2025-01-01');
    expect(fiscalYearStartOn(years, '2024-07-01')).toBe('2024-07-01');
    expect(fiscalYearStartOn(years, '2024-06-30')).toBeUndefined();
  });
});

describe('trial balance', () => {
  it('opens balance-sheet accounts with all history and income accounts with the year so far', () => {
    const report = trialBalance(
      [
        sums('1910', 1500_00n, 1300_00n, 400_50n, 0n),
        sums('2000', -1000_00n, -1000_00n, 0n, 0n),
        sums('3000', -500_00n, -500_00n, 0n, 400_50n),
        sums('4000', 0n, 200_00n, 0n, 0n),
      ],
      chart,
    );
    expect(report.rows.map((r) => [r.account, r.opening, r.closing])).toEqual([
      ['1910', 1300_00n, 1700_50n],
      ['2000', -1000_00n, -1000_00n],
      ['3000', 0n, -400_50n],
      ['4000', 200_00n, 200_00n],
    ]);
    expect(report.previousYearsResult).toBe(-500_00n);
    expect(report.totals.closing + report.previousYearsResult).toBe(0n);
  });

  it('leaves out accounts with nothing to show', () => {
    expect(trialBalance([sums('3000', -500_00n, -500_00n, 0n, 0n)], chart).rows).toEqual([]);
  });

  it('always sums to zero with the previous years result (property)', () => {
    // random balanced ledgers: each entry is [account, days-from-origin bucket, cents]; each receipt balances
    const account = fc.constantFrom('1910', '2000', '3000', '4000');
    const receipt = fc
      .record({
        bucket: fc.integer({ min: 0, max: 2 }),
        lines: fc.array(fc.tuple(account, fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n })), {
          minLength: 1,
          maxLength: 4,
        }),
      })
      .map(({ bucket, lines }) => ({
        bucket,
        lines: [...lines, ['1910', -lines.reduce((s, [, c]) => s + c, 0n)] as [string, bigint]],
      }));
    fc.assert(
      fc.property(fc.array(receipt, { maxLength: 10 }), (receipts) => {
        // bucket 0: earlier fiscal year, 1: this year before the period, 2: in the period
        const by = new Map<string, AccountSums>();
        for (const r of receipts) {
          for (const [a, c] of r.lines) {
            const s = by.get(a) ?? { account: a, before: [0n, 0n], debit: 0n, credit: 0n, lines: 0 };
            if (r.bucket === 0) s.before[0] += c;
            if (r.bucket <= 1) s.before[1] += c;
            if (r.bucket === 2 && c > 0n) s.debit += c;
            if (r.bucket === 2 && c < 0n) s.credit -= c;
            by.set(a, s);
          }
        }
        const report = trialBalance([...by.values()], chart);
        expect(report.totals.debit).toBe(report.totals.credit);
        expect(report.totals.closing + report.previousYearsResult).toBe(0n);
        expect(report.totals.opening + report.previousYearsResult).toBe(0n);
      }),
    );
  });
});

describe('balances on a date', () => {
  it('counts every line of balance-sheet accounts and the year of income accounts', () => {
    const balances = balancesOn(
      [
        { account: '1910', before: [1500_00n], debit: 300_00n, credit: 200_00n, lines: 3 },
        { account: '3000', before: [-500_00n], debit: 0n, credit: 300_00n, lines: 2 },
        { account: '4000', before: [100_00n], debit: 0n, credit: 0n, lines: 1 },
      ],
      chart,
    );
    expect(balances.map((b) => [b.account, b.balance])).toEqual([
      ['1910', 1600_00n],
      ['3000', -300_00n],
    ]);
  });
});
