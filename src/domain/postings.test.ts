import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './decimal.ts';
import {
  assertBalanced,
  checkLines,
  formatMinor,
  paymentReceivedPostings,
  purchaseInvoicePostings,
  reconciliationLine,
  reverseChargePurchasePostings,
  salesInvoicePostings,
  sumMinor,
  supplierPaymentPostings,
  transactionDescription,
  vatInGross,
  vatOnNet,
  vatPeriodClosePostings,
  type PostingLine,
} from './postings.ts';

const pct = (p: string) => new Decimal(p);
const view = (lines: PostingLine[]) => lines.map((l) => [l.account, formatMinor(l.amountMinor)]);

describe('balance rules', () => {
  it('accepts balanced lines and reports every problem of unbalanced ones together', () => {
    expect(
      checkLines([
        { account: '1910', amountMinor: 100n },
        { account: '3000', amountMinor: -100n },
      ]),
    ).toEqual([]);
    const problems = checkLines([
      { account: '1910', amountMinor: 101n, description: 'x'.repeat(256) },
      { account: '3000', amountMinor: -100n, dimensions: [{ dimensionId: 1, itemId: 2, amountMinor: -50n }] },
    ]);
    expect(problems.map((p) => p.code).sort()).toEqual([
      'DIMENSION_VALUES_DO_NOT_MATCH_TRANSACTION',
      'RECEIPT_NOT_BALANCED',
      'TRANSACTION_DESCRIPTION_TOO_LONG',
    ]);
    expect(problems.find((p) => p.code === 'RECEIPT_NOT_BALANCED')?.params?.difference).toBe('0.01');
    expect(checkLines([]).map((p) => p.code)).toEqual(['RECEIPT_HAS_NO_TRANSACTIONS']);
  });

  it('refuses duplicated dimension items and amounts out of range', () => {
    const dims = [
      { dimensionId: 1, itemId: 2, amountMinor: 50n },
      { dimensionId: 1, itemId: 2, amountMinor: 50n },
    ];
    expect(
      checkLines([
        { account: '1', amountMinor: 100n, dimensions: dims },
        { account: '2', amountMinor: -100n },
      ]).map((p) => p.code),
    ).toEqual(['DUPLICATE_DIMENSION_ITEM']);
    expect(
      checkLines([
        { account: '1', amountMinor: 10_000_000_000_001n },
        { account: '2', amountMinor: -10_000_000_000_001n },
      ]).map((p) => p.code),
    ).toEqual(['TRANSACTION_AMOUNT_OUT_OF_RANGE', 'TRANSACTION_AMOUNT_OUT_OF_RANGE']);
  });

  it('assertBalanced is the storage invariant', () => {
    expect(() => assertBalanced([5n, -5n])).not.toThrow();
    expect(() => assertBalanced([5n, -4n])).toThrow(/sum to 1/);
    // a float from outside the type checker (a script, a driver value) is refused, not summed
    expect(() => assertBalanced([0.5, -0.5] as unknown as bigint[])).toThrow(/not an integer/);
  });

  it('adds the reconciliation line that balances', () => {
    const lines = [{ account: '7000', amountMinor: 1234n }];
    expect(reconciliationLine(lines, '1910')).toMatchObject({
      account: '1910',
      amountMinor: -1234n,
      transactionType: 'RECONCILIATION_ENTRY',
    });
    expect(reconciliationLine([{ account: '1', amountMinor: 0n }], '1910')).toBeUndefined();
  });

  it('trims descriptions to 255 characters in total', () => {
    expect(transactionDescription('Bank message', ' comment ')).toBe('Bank message comment');
    expect(transactionDescription('a'.repeat(200), 'b'.repeat(100))).toHaveLength(255);
  });

  it('sums exactly beyond the float range', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    expect(sumMinor([max, max, 2n])).toBe(2n * max + 2n);
  });
});

describe('VAT posting patterns (domain facts §2.3)', () => {
  it('sales invoice 1 000 + 25.5 %', () => {
    expect(view(salesInvoicePostings([{ netMinor: 100000n, vatPercent: pct('25.5') }]))).toEqual([
      ['1700', '1255.00'],
      ['3000', '-1000.00'],
      ['2930', '-255.00'],
    ]);
  });

  it('purchase invoice 400 + 25.5 %', () => {
    expect(view(purchaseInvoicePostings([{ netMinor: 40000n, vatPercent: pct('25.5') }]))).toEqual([
      ['4000', '400.00'],
      ['1763', '102.00'],
      ['2871', '-502.00'],
    ]);
  });

  it('EU service purchase under reverse charge', () => {
    expect(view(reverseChargePurchasePostings([{ netMinor: 100000n, vatPercent: pct('25.5') }]))).toEqual([
      ['4470', '1000.00'],
      ['2871', '-1000.00'],
      ['1763', '255.00'],
      ['2930', '-255.00'],
    ]);
  });

  it('payments and VAT period close', () => {
    expect(view(paymentReceivedPostings(125500n))).toEqual([
      ['1910', '1255.00'],
      ['1700', '-1255.00'],
    ]);
    expect(view(supplierPaymentPostings(50200n))).toEqual([
      ['2871', '502.00'],
      ['1910', '-502.00'],
    ]);
    expect(view(vatPeriodClosePostings(25500n, 10200n))).toEqual([
      ['2930', '255.00'],
      ['1763', '-102.00'],
      ['2939', '-153.00'],
    ]);
  });

  it('rounds VAT half up to a cent', () => {
    expect(vatOnNet(1n, pct('25.5'))).toBe(0n);
    expect(vatOnNet(2n, pct('25'))).toBe(1n);
    expect(vatOnNet(-2n, pct('25'))).toBe(-1n);
    expect(vatInGross(12550n, pct('25.5'))).toBe(2550n);
    expect(vatOnNet(1999n, pct('13.5'))).toBe(270n);
  });

  it('every pattern balances for any rows (property)', () => {
    const row = fc.record({
      netMinor: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
      vatPercent: fc.constantFrom('25.5', '24', '14', '13.5', '10', '0').map(pct),
      account: fc.constantFrom('3000', '3340', '4000', '7000'),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 20 }), (rows) => {
        for (const lines of [
          salesInvoicePostings(rows),
          purchaseInvoicePostings(rows),
          reverseChargePurchasePostings(rows),
        ]) {
          expect(sumMinor(lines.map((l) => l.amountMinor))).toBe(0n);
          expect(checkLines(lines)).toEqual([]);
        }
      }),
    );
  });
});
