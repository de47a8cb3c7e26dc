import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import { vatLineProblems, vatPeriodEnd, vatReturnFigures, type VatLine, type VatReturnLine } from './vat-return.ts';

const p = (percent: string) => new Decimal(percent);
const SALE = { vatType: 'SALES', vatStatus: 1 } as const;
const PURCHASE = { vatType: 'PURCHASE', vatStatus: 1 } as const;

describe('VAT lines of a receipt', () => {
  it('accepts a sale, a purchase and a reverse-charge purchase with their VAT lines', () => {
    const sale: VatLine[] = [
      { account: '1700', amountMinor: 125500n },
      { account: '3000', amountMinor: -100000n, vatPercent: p('25.5') },
      { account: '2930', amountMinor: -25500n, vatPercent: p('25.5') },
    ];
    expect(vatLineProblems(sale, SALE)).toEqual([]);
    const euService: VatLine[] = [
      { account: '4470', amountMinor: 100000n, vatPercent: p('25.5') },
      { account: '2871', amountMinor: -100000n },
      { account: '1763', amountMinor: 25500n, vatPercent: p('25.5') },
      { account: '2930', amountMinor: -25500n, vatPercent: p('25.5') },
    ];
    expect(vatLineProblems(euService, { vatType: 'PURCHASE', vatStatus: 7 })).toEqual([]);
  });

  it('reports a missing VAT line with the amount it needs', () => {
    const lines: VatLine[] = [
      { account: '1700', amountMinor: 100000n },
      { account: '3000', amountMinor: -100000n, vatPercent: p('25.5') },
    ];
    expect(vatLineProblems(lines, SALE)).toEqual([
      {
        code: 'VAT_LINE_MISSING',
        params: { account: '2930', vatPercent: '25.5', expected: '-255.00', booked: '0.00' },
      },
    ]);
  });

  it('allows the rounding of one cent per taxed line beyond the first', () => {
    // 3 × 0.10 at 25.5 %: 0.0255 each, rounded per line 0.03 × 3 = 0.09; on the sum 0.0765 → 0.08
    const perLine: VatLine[] = [
      { account: '4000', amountMinor: 10n, vatPercent: p('25.5') },
      { account: '4000', amountMinor: 10n, vatPercent: p('25.5') },
      { account: '4000', amountMinor: 10n, vatPercent: p('25.5') },
      { account: '1763', amountMinor: 9n, vatPercent: p('25.5') },
      { account: '2871', amountMinor: -39n },
    ];
    expect(vatLineProblems(perLine, PURCHASE)).toEqual([]);
    const single: VatLine[] = [
      { account: '4000', amountMinor: 30n, vatPercent: p('25.5') },
      { account: '1763', amountMinor: 9n, vatPercent: p('25.5') },
      { account: '2871', amountMinor: -39n },
    ];
    expect(vatLineProblems(single, PURCHASE)).toHaveLength(1);
  });

  it('asks no VAT line of EU sales, exports and lines without VAT handling', () => {
    const lines: VatLine[] = [
      { account: '1700', amountMinor: 100000n },
      { account: '3350', amountMinor: -100000n, vatPercent: p('25.5') },
    ];
    expect(vatLineProblems(lines, { vatType: 'SALES', vatStatus: 5 })).toEqual([]);
    expect(vatLineProblems(lines, { vatType: 'SALES', vatStatus: 12 })).toEqual([]);
  });
});

describe('VAT periods', () => {
  it('ends a month, a quarter and a year', () => {
    expect(vatPeriodEnd('MONTH', '2026-02-01')).toBe('2026-02-28');
    expect(vatPeriodEnd('MONTH', '2028-02-01')).toBe('2028-02-29');
    expect(vatPeriodEnd('QUARTER', '2026-10-01')).toBe('2026-12-31');
    expect(vatPeriodEnd('YEAR', '2026-01-01')).toBe('2026-12-31');
    expect(vatPeriodEnd('QUARTER', '2026-02-01')).toBeUndefined();
    expect(vatPeriodEnd('MONTH', '2026-02-02')).toBeUndefined();
  });
});

describe('the figures of a VAT return', () => {
  const line = (
    account: string,
    amountMinor: bigint,
    header: VatReturnLine['header'],
    extra: Partial<VatReturnLine> = {},
  ): VatReturnLine => ({
    account,
    amountMinor,
    accountType: account.startsWith('3') ? 'INCOME' : 'OTHER',
    header,
    ...extra,
  });

  it('reads import tax, construction sales and a refund', () => {
    const imported = { vatType: 'PURCHASE', vatStatus: 3 } as const;
    const construction = { vatType: 'SALES', vatStatus: 2 } as const;
    const figures = vatReturnFigures([
      line('4000', 50000n, imported, { vatPercent: p('25.5') }),
      line('1763', 12750n, imported, { vatPercent: p('25.5') }),
      line('2930', -12750n, imported, { vatPercent: p('25.5') }),
      line('2871', -50000n, imported),
      line('1700', 80000n, construction),
      line('3000', -80000n, construction),
      line('4000', 10000n, PURCHASE, { vatPercent: p('25.5') }),
      line('1763', 2550n, PURCHASE, { vatPercent: p('25.5') }),
      line('2871', -12550n, PURCHASE),
    ]);
    expect(figures).toMatchObject({
      importTax: 12750n,
      imports: 50000n,
      constructionSales: 80000n,
      deductibleTax: 15300n,
      taxPayable: -2550n,
      domesticSalesTax: [],
    });
  });
});
