import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balancesOn, fiscalYearStartOn, trialBalance } from './balances.ts';
import type { ChartAccount, Movements } from './store.ts';

const chart = new Map<string, ChartAccount>([
  ['1910', { number: '1910', name: 'Pankkitili', type: 'ASSET', active: true }],
  ['2000', { number: '2000', name: 'Osakepääoma', type: 'EQUITY', active: true }],
  ['3000', { number: '3000', name: 'Myynti', type: 'INCOME', active: true }],
  ['4000', { number: '4000', name: 'Ostot', type: 'EXPENSE', active: true }],
]);

/** Movements from [account, net] pairs (a positive net as a debit, a negative one as a credit). */
const m = (...nets: [string, bigint][]): Movements =>
  new Map(nets.map(([a, n]) => [a, { debit: n > 0n ? n : 0n, credit: n < 0n ? -n : 0n }]));

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
      {
        beforeStartYear: m(['1910', 1500_00n], ['2000', -1000_00n], ['3000', -500_00n]),
        startYearBeforeStart: m(['1910', -200_00n], ['4000', 200_00n]),
        period: m(['1910', 400_50n], ['3000', -400_50n]),
      },
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

  it('closes income accounts at a fiscal-year start inside the period and carries balance-sheet accounts', () => {
    // 2025: sales 1000; the period 1.12.2025–31.1.2026 holds a sale of 100 in December and one of 100 in January
    const report = trialBalance(
      {
        beforeStartYear: new Map(),
        startYearBeforeStart: m(['1910', 1000_00n], ['3000', -1000_00n]),
        period: m(['1910', 200_00n], ['3000', -200_00n]),
        endYear: m(['1910', 100_00n], ['3000', -100_00n]),
      },
      chart,
    );
    const sales = report.rows.find((r) => r.account === '3000')!;
    expect([sales.opening, sales.debit, sales.credit, sales.closedAtYearStart, sales.closing]).toEqual([
      -1000_00n,
      0n,
      200_00n,
      -1100_00n,
      -100_00n,
    ]);
    expect(report.rows.find((r) => r.account === '1910')!.closing).toBe(1200_00n);
    expect(report.previousYearsResult).toBe(-1100_00n);
    expect(report.totals.closing + report.previousYearsResult).toBe(0n);
  });

  it('leaves out accounts with nothing to show', () => {
    const report = trialBalance(
      { beforeStartYear: m(['3000', -500_00n]), startYearBeforeStart: new Map(), period: new Map() },
      chart,
    );
    expect(report.rows).toEqual([]);
  });

  it('always sums to zero with the previous years result (property)', () => {
    // random balanced receipts, each in one of four spans: 0 before the start's year, 1 in it before the period,
    // 2 in the period before the end's year, 3 in the period in the end's year
    const account = fc.constantFrom('1910', '2000', '3000', '4000');
    const receipt = fc
      .record({
        span: fc.integer({ min: 0, max: 3 }),
        lines: fc.array(fc.tuple(account, fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n })), {
          minLength: 1,
          maxLength: 4,
        }),
      })
      .map(({ span, lines }) => ({
        span,
        lines: [...lines, ['1910', -lines.reduce((s, [, c]) => s + c, 0n)] as [string, bigint]],
      }));
    fc.assert(
      fc.property(fc.array(receipt, { maxLength: 10 }), fc.boolean(), (receipts, crosses) => {
        const spans = {
          beforeStartYear: m(),
          startYearBeforeStart: m(),
          period: m(),
          endYear: crosses ? m() : undefined,
        };
        const put = (into: Movements, a: string, c: bigint) => {
          const x = into.get(a) ?? { debit: 0n, credit: 0n };
          if (c > 0n) x.debit += c;
          else x.credit -= c;
          into.set(a, x);
        };
        for (const r of receipts) {
          for (const [a, c] of r.lines) {
            if (r.span === 0) put(spans.beforeStartYear, a, c);
            if (r.span === 1) put(spans.startYearBeforeStart, a, c);
            if (r.span >= 2) put(spans.period, a, c);
            if (r.span === 3 && spans.endYear) put(spans.endYear, a, c);
          }
        }
        const report = trialBalance(spans, chart);
        expect(report.totals.debit).toBe(report.totals.credit);
        expect(report.totals.closing + report.previousYearsResult).toBe(0n);
        for (const r of report.rows) expect(r.opening + r.debit - r.credit - r.closedAtYearStart).toBe(r.closing);
      }),
    );
  });
});

describe('balances on a date', () => {
  it('counts every line of balance-sheet accounts and the year of income accounts', () => {
    const balances = balancesOn(
      m(['1910', 1500_00n], ['3000', -500_00n], ['4000', 100_00n]),
      new Map([
        ['1910', { debit: 300_00n, credit: 200_00n }],
        ['3000', { debit: 0n, credit: 300_00n }],
      ]),
      chart,
    );
    expect(balances.map((b) => [b.account, b.balance])).toEqual([
      ['1910', 1600_00n],
      ['3000', -300_00n],
    ]);
  });
});
