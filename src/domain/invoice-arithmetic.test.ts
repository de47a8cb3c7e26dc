import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './decimal.ts';
import {
  centsToDecimal,
  inAccountingCurrency,
  invoiceFigures,
  rowAmount,
  roundToCents,
  shareOut,
  type InvoiceFigures,
  type InvoiceRowInput,
} from './invoice-arithmetic.ts';
import { invoicePaymentLines, invoicePostingLines } from './invoice-postings.ts';

const RATES = ['25.5', '24', '14', '13.5', '10', '0'];
const decimal = (min: number, max: number, scale: number) =>
  fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((n) => new Decimal(n).dividedBy(10 ** scale));

const row: fc.Arbitrary<InvoiceRowInput> = fc.record({
  quantity: decimal(-50, 500, 3),
  unitPrice: decimal(-1000, 10000, 4),
  discountPercent: fc.oneof(fc.constant(new Decimal(0)), decimal(0, 100, 2)),
  vatPercent: fc.constantFrom(...RATES).map((r) => new Decimal(r)),
});
const options = fc.record({
  discountPercent: fc.oneof(fc.constant(new Decimal(0)), decimal(0, 100, 2)),
  unitPricesIncludeVat: fc.boolean(),
});
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

function reconciles(f: InvoiceFigures) {
  expect(f.netMinor).toBe(sum(f.rows.map((r) => r.netMinor)));
  expect(f.vatMinor).toBe(sum(f.rows.map((r) => r.vatMinor)));
  expect(f.grossMinor).toBe(f.netMinor + f.vatMinor);
  for (const r of f.rows) expect(r.grossMinor).toBe(r.netMinor + r.vatMinor);
  expect(sum(f.byRate.map((r) => r.vatMinor))).toBe(f.vatMinor);
  expect(sum(f.byRate.map((r) => r.netMinor))).toBe(f.netMinor);
  for (const rate of f.byRate) expect(rate.vatMinor).toBe(sum(rate.rows.map((i) => f.rows[i].vatMinor)));
}

describe('invoice arithmetic', () => {
  it('adds rows up exactly: totals are the sums of the rows, VAT per rate reconciles to the cent', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), options, (rows, opts) => {
        const f = invoiceFigures(rows, opts);
        reconciles(f);
        // no cent lost or created: the rows' amounts are exactly what is split into net and VAT
        const amounts = sum(rows.map((r) => rowAmount(r, opts.discountPercent)));
        expect(opts.unitPricesIncludeVat ? f.grossMinor : f.netMinor).toBe(amounts);
        // VAT of each rate is the rounded VAT of its rows' sum
        for (const rate of f.byRate) {
          const base = centsToDecimal(sum(rate.rows.map((i) => rowAmount(rows[i], opts.discountPercent))));
          const vat = opts.unitPricesIncludeVat
            ? base.times(rate.vatPercent).dividedBy(new Decimal(100).plus(rate.vatPercent))
            : base.times(rate.vatPercent).dividedBy(100);
          expect(rate.vatMinor).toBe(roundToCents(vat));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes a credit note the exact negative of its invoice', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 10 }), options, (rows, opts) => {
        const f = invoiceFigures(rows, opts);
        const credit = invoiceFigures(
          rows.map((r) => ({ ...r, quantity: r.quantity.negated() })),
          opts,
        );
        expect(credit.grossMinor).toBe(-f.grossMinor);
        expect(credit.vatMinor).toBe(-f.vatMinor);
      }),
      { numRuns: 200 },
    );
  });

  it('converts to the company currency per rate and still reconciles', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), options, decimal(0.0001, 1000, 4), (rows, opts, rate) => {
        fc.pre(rate.greaterThan(0));
        const own = invoiceFigures(rows, opts);
        const acc = inAccountingCurrency(own, rate);
        reconciles(acc);
        own.byRate.forEach((r, i) => {
          expect(acc.byRate[i].netMinor).toBe(roundToCents(centsToDecimal(r.netMinor).dividedBy(rate)));
          expect(acc.byRate[i].vatMinor).toBe(roundToCents(centsToDecimal(r.vatMinor).dividedBy(rate)));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('shares out a total exactly, proportionally within a cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -100000n, max: 1000000n }), { minLength: 1, maxLength: 20 }),
        fc.bigInt({ min: -100000n, max: 100000n }),
        (weights, total) => {
          const parts = shareOut(total, weights);
          expect(sum(parts)).toBe(total);
        },
      ),
    );
  });

  it('rounds half away from zero, once per rate', () => {
    const f = invoiceFigures(
      [
        {
          quantity: new Decimal(1),
          unitPrice: new Decimal('0.10'),
          discountPercent: new Decimal(0),
          vatPercent: new Decimal('25.5'),
        },
        {
          quantity: new Decimal(1),
          unitPrice: new Decimal('0.10'),
          discountPercent: new Decimal(0),
          vatPercent: new Decimal('25.5'),
        },
      ],
      { discountPercent: new Decimal(0), unitPricesIncludeVat: false },
    );
    // per row 0.0255 would round to 0.03 each (0.06); per rate 0.051 → 0.05
    expect(f.vatMinor).toBe(5n);
    expect(f.rows.map((r) => r.vatMinor)).toEqual([3n, 2n]);
    expect(roundToCents(new Decimal('-0.005'))).toBe(-1n);
    expect(roundToCents(new Decimal('0.005'))).toBe(1n);
  });
});

describe('invoice postings', () => {
  it('balance to zero for every VAT status, side and figures', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 15 }),
        options,
        fc.constantFrom<'SALES' | 'PURCHASE'>('SALES', 'PURCHASE'),
        fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 12),
        fc.boolean(),
        (rows, opts, side, vatStatus, byRow) => {
          const lines = invoicePostingLines(side, vatStatus, invoiceFigures(rows, opts), { byRow });
          expect(sum(lines.map((l) => l.amountMinor))).toBe(0n);
        },
      ),
      { numRuns: 300 },
    );
    expect(sum(invoicePaymentLines('SALES', 12345n).map((l) => l.amountMinor))).toBe(0n);
  });

  it('posts a domestic sales invoice as receivables / sales / output VAT', () => {
    const f = invoiceFigures(
      [
        {
          quantity: new Decimal(1),
          unitPrice: new Decimal(1000),
          discountPercent: new Decimal(0),
          vatPercent: new Decimal('25.5'),
        },
      ],
      { discountPercent: new Decimal(0), unitPricesIncludeVat: false },
    );
    expect(invoicePostingLines('SALES', 1, f, { byRow: false }).map((l) => [l.account, l.amountMinor])).toEqual([
      ['1700', 125500n],
      ['3000', -100000n],
      ['2930', -25500n],
    ]);
    expect(invoicePostingLines('PURCHASE', 7, f, { byRow: false }).map((l) => [l.account, l.amountMinor])).toEqual([
      ['2871', -100000n],
      ['4470', 100000n],
      ['1763', 25500n],
      ['2930', -25500n],
    ]);
  });
});
