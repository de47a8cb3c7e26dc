import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BALANCE_SHEET,
  cashFlowRows,
  INCOME_STATEMENT,
  isIncomeStatementAccount,
  BALANCE_SHEET_FULL,
  INCOME_STATEMENT_FULL,
  lineOf,
  statementRows,
  unmapped,
} from './financial-statements.ts';

const byKey = (rows: ReturnType<typeof statementRows>) => new Map(rows.map((r) => [r.key, r.value]));

describe('decree lines of the standard chart', () => {
  it('maps account numbers to the income-statement lines', () => {
    expect(lineOf(INCOME_STATEMENT, '3000')).toBe('revenue');
    expect(lineOf(INCOME_STATEMENT, '3350')).toBe('revenue');
    expect(lineOf(INCOME_STATEMENT, '3650')).toBe('otherIncome');
    expect(lineOf(INCOME_STATEMENT, '4450')).toBe('materials');
    expect(lineOf(INCOME_STATEMENT, '5010')).toBe('personnel');
    expect(lineOf(INCOME_STATEMENT, '6300')).toBe('personnel');
    expect(lineOf(INCOME_STATEMENT, '6800')).toBe('depreciation');
    expect(lineOf(INCOME_STATEMENT, '7000')).toBe('otherExpenses');
    expect(lineOf(INCOME_STATEMENT, '8850')).toBe('otherExpenses');
    expect(lineOf(INCOME_STATEMENT, '9460')).toBe('financial');
    expect(lineOf(INCOME_STATEMENT, '9820')).toBe('appropriations');
    expect(lineOf(INCOME_STATEMENT, '9900')).toBe('incomeTaxes');
    expect(lineOf(INCOME_STATEMENT, '1910')).toBeUndefined();
  });

  it('maps account numbers to the balance-sheet lines', () => {
    expect(lineOf(BALANCE_SHEET, '1070')).toBe('intangibleAssets');
    expect(lineOf(BALANCE_SHEET, '1160')).toBe('tangibleAssets');
    expect(lineOf(BALANCE_SHEET, '1700')).toBe('shortTermReceivables');
    expect(lineOf(BALANCE_SHEET, '1763')).toBe('shortTermReceivables');
    expect(lineOf(BALANCE_SHEET, '1910')).toBe('cash');
    expect(lineOf(BALANCE_SHEET, '2000')).toBe('shareCapital');
    expect(lineOf(BALANCE_SHEET, '2250')).toBe('retainedEarnings');
    expect(lineOf(BALANCE_SHEET, '2370')).toBe('profit');
    expect(lineOf(BALANCE_SHEET, '2400')).toBe('appropriationsAccumulated');
    expect(lineOf(BALANCE_SHEET, '2600')).toBe('longTermLiabilities');
    expect(lineOf(BALANCE_SHEET, '2939')).toBe('shortTermLiabilities');
    expect(lineOf(BALANCE_SHEET, '3000')).toBeUndefined();
    expect(isIncomeStatementAccount('3000')).toBe(true);
    expect(isIncomeStatementAccount('2999')).toBe(false);
    expect(isIncomeStatementAccount('ABC')).toBe(false);
  });

  it('covers every four-digit account exactly once across the two statements', () => {
    for (let number = 1000; number <= 9999; number++) {
      const account = String(number);
      const lines = [lineOf(BALANCE_SHEET, account), lineOf(INCOME_STATEMENT, account)].filter(Boolean);
      expect(lines, account).toHaveLength(1);
      const full = [lineOf(BALANCE_SHEET_FULL, account), lineOf(INCOME_STATEMENT_FULL, account)].filter(Boolean);
      expect(full, account).toHaveLength(1);
    }
  });

  it('keeps share premium, revaluation and fair value reserves apart from the other reserves', () => {
    expect(lineOf(BALANCE_SHEET, '2010')).toBe('shareCapital');
    expect(lineOf(BALANCE_SHEET, '2021')).toBe('sharePremium');
    expect(lineOf(BALANCE_SHEET, '2111')).toBe('sharePremium');
    expect(lineOf(BALANCE_SHEET, '2031')).toBe('revaluationReserve');
    expect(lineOf(BALANCE_SHEET, '2211')).toBe('revaluationReserve');
    expect(lineOf(BALANCE_SHEET, '2051')).toBe('reserves');
    expect(lineOf(BALANCE_SHEET_FULL, '2041')).toBe('fairValueReserve');
    expect(lineOf(BALANCE_SHEET_FULL, '2051')).toBe('legalReserve');
    expect(lineOf(BALANCE_SHEET_FULL, '2071')).toBe('statutoryReserves');
    expect(lineOf(BALANCE_SHEET_FULL, '2061')).toBe('otherReserves');
    expect(lineOf(BALANCE_SHEET_FULL, '2871')).toBe('shortTermTradePayables');
    expect(lineOf(BALANCE_SHEET_FULL, '2980')).toBe('shortTermDeferredTax');
    expect(lineOf(INCOME_STATEMENT_FULL, '6130')).toBe('pensionExpenses');
    expect(lineOf(INCOME_STATEMENT_FULL, '9460')).toBe('interestExpenses');
  });

  it('names every line in Finnish and Swedish', () => {
    for (const line of [...INCOME_STATEMENT, ...BALANCE_SHEET, ...INCOME_STATEMENT_FULL, ...BALANCE_SHEET_FULL]) {
      expect(line.name.fi).not.toBe('');
      expect(line.name.sv).not.toBe('');
    }
  });
});

describe('statement rows', () => {
  it('computes the income statement with income positive and expenses negative', () => {
    const balances = new Map<string, bigint>([
      ['3000', -100_000n],
      ['4000', 30_000n],
      ['5010', 40_000n],
      ['6300', 1_000n],
      ['7000', 5_000n],
      ['9460', 500n],
      ['9900', 4_000n],
    ]);
    const rows = byKey(statementRows(INCOME_STATEMENT, balances));
    expect(rows.get('revenue')).toBe(100_000n);
    expect(rows.get('materials')).toBe(-30_000n);
    expect(rows.get('personnel')).toBe(-41_000n);
    expect(rows.get('operatingProfit')).toBe(24_000n);
    expect(rows.get('financial')).toBe(-500n);
    expect(rows.get('profitBeforeAppropriations')).toBe(23_500n);
    expect(rows.get('profit')).toBe(19_500n);
  });

  it('balances the balance sheet with the period result and earlier unclosed results', () => {
    // share capital 1000 paid in, a sale of 500 earlier, a profit of 200 this year
    const balances = new Map<string, bigint>([
      ['1910', 170_000n],
      ['2000', -100_000n],
    ]);
    const rows = byKey(
      statementRows(
        BALANCE_SHEET,
        balances,
        new Map([
          ['profit', -20_000n],
          ['retainedEarnings', -50_000n],
        ]),
      ),
    );
    expect(rows.get('cash')).toBe(170_000n);
    expect(rows.get('assets')).toBe(170_000n);
    expect(rows.get('shareCapital')).toBe(100_000n);
    expect(rows.get('retainedEarnings')).toBe(50_000n);
    expect(rows.get('profit')).toBe(20_000n);
    expect(rows.get('equity')).toBe(170_000n);
    expect(rows.get('equityAndLiabilities')).toBe(rows.get('assets'));
  });

  it('numbers the rows a subtotal adds up and lists accounts outside the chart', () => {
    const rows = statementRows(INCOME_STATEMENT, new Map());
    const operating = rows.find((r) => r.key === 'operatingProfit')!;
    expect(operating.subtotal).toBe(true);
    expect(operating.of).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(
      unmapped(
        INCOME_STATEMENT,
        new Map([
          ['X1', 5n],
          ['3000', 1n],
        ]),
      ),
    ).toEqual(['X1']);
  });
});

describe('cash flow statement', () => {
  // A ledger of balanced vouchers over random accounts of the standard chart, split at a day: the balance sheet
  // before, the one after (results of the period as its profit), and the income statement of the period.
  const account = fc.integer({ min: 1000, max: 9999 }).map(String);
  const voucher = fc
    .array(fc.tuple(account, fc.bigInt({ min: -1_000_000n, max: 1_000_000n })), { minLength: 1, maxLength: 6 })
    .chain((lines) =>
      account.map((balancing) => [...lines, [balancing, -lines.reduce((t, [, v]) => t + v, 0n)] as [string, bigint]]),
    );

  const sheet = (lines: [string, bigint][], earlierResult: bigint, result: bigint) => {
    const balances = new Map<string, bigint>();
    for (const [a, v] of lines) if (!isIncomeStatementAccount(a)) balances.set(a, (balances.get(a) ?? 0n) + v);
    return statementRows(
      BALANCE_SHEET,
      balances,
      new Map([
        ['profit', result],
        ['retainedEarnings', earlierResult],
      ]),
    );
  };
  const incomeOf = (lines: [string, bigint][]) =>
    lines.filter(([a]) => isIncomeStatementAccount(a)).reduce((t, [, v]) => t + v, 0n);

  it('reconciles to the change of cash and bank for any balanced ledger', () => {
    fc.assert(
      fc.property(fc.array(voucher, { maxLength: 8 }), fc.array(voucher, { maxLength: 8 }), (before, during) => {
        const earlier = before.flat();
        const period = during.flat();
        const income = new Map<string, bigint>();
        for (const [a, v] of period) if (isIncomeStatementAccount(a)) income.set(a, (income.get(a) ?? 0n) + v);
        const rows = cashFlowRows(
          statementRows(INCOME_STATEMENT, income),
          sheet(earlier, 0n, incomeOf(earlier)),
          sheet([...earlier, ...period], 0n, incomeOf(earlier) + incomeOf(period)),
        );
        const value = byKey(rows);
        expect(value.get('cashChange')).toBe(value.get('cashAtEnd')! - value.get('cashAtStart')!);
        expect(value.get('result')).toBe(-incomeOf(period));
      }),
    );
  });
});
