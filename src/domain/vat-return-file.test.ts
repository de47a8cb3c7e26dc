import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import { vatReturnFile } from './vat-return-file.ts';
import { noVatFigures, type VatReturnFigures } from './vat-return.ts';

const ZERO = noVatFigures();

const fields = (text: string) =>
  Object.fromEntries(
    text
      .split('\r\n')
      .slice(0, -1)
      .map((l) => l.split(':')),
  );
const file = (over: Partial<Parameters<typeof vatReturnFile>[0]>) =>
  vatReturnFile({
    businessId: '1234567-1',
    periodType: 'MONTH',
    startDate: '2026-01-01',
    figures: ZERO,
    createdAt: new Date('2026-02-10T09:00:00Z'),
    producer: '1234567-1_TASE',
    ...over,
  });

describe('the VSRALVKV file', () => {
  it('puts every figure in its field, with a decimal comma and the sign of a refund', () => {
    // Hand-worked: domestic 25.5 % 255.00, 13.5 % 27.00 and 14 % 14.00 (both 302), 10 % 1.00; imports 3 000.00
    // taxed 765.00; EU goods 2 000.00 taxed 510.00, EU services 1 000.00 taxed 255.00; construction 400.00 taxed
    // 102.00; deductible 765 + 510 + 255 + 102 + 2 000.50 = 3 632.50; output 255 + 27 + 14 + 1 + 765 + 510 +
    // 255 + 102 = 1 929.00; payable 1 929.00 − 3 632.50 = −1 703.50 (refundable).
    const figures: VatReturnFigures = {
      ...ZERO,
      domesticSalesTax: [
        { vatPercent: new Decimal('25.5'), field: '301', taxBase: 100000n, tax: 25500n },
        { vatPercent: new Decimal('14'), field: '302', taxBase: 10000n, tax: 1400n },
        { vatPercent: new Decimal('13.5'), field: '302', taxBase: 20000n, tax: 2700n },
        { vatPercent: new Decimal('10'), field: '303', taxBase: 1000n, tax: 100n },
      ],
      importTax: 76500n,
      imports: 300000n,
      euGoodsPurchaseTax: 51000n,
      euGoodsPurchases: 200000n,
      euServicesPurchaseTax: 25500n,
      euServicesPurchases: 100000n,
      constructionPurchaseTax: 10200n,
      constructionPurchases: 40000n,
      constructionSales: 70000n,
      zeroRatedSales: 60000n,
      euGoodsSales: 150000n,
      euServicesSales: 80000n,
      deductibleTax: 363250n,
      taxPayable: -170350n,
    };
    expect(fields(file({ figures }))).toEqual({
      '000': 'VSRALVKV',
      '198': '10022026110000',
      '014': '1234567-1_TASE',
      '048': 'Tase',
      '010': '1234567-1',
      '050': 'K',
      '052': '1',
      '053': '2026',
      '301': '255,00',
      '302': '41,00',
      '303': '1,00',
      '304': '765,00',
      '305': '510,00',
      '306': '255,00',
      '307': '3632,50',
      '308': '-1703,50',
      '309': '600,00',
      '310': '3000,00',
      '311': '1500,00',
      '312': '800,00',
      '313': '2000,00',
      '314': '1000,00',
      '318': '102,00',
      '319': '700,00',
      '320': '400,00',
      '999': '1',
    });
  });

  it('names a quarter and a year, in Finnish time', () => {
    // 1 July 2026 21:30:15 UTC is 2 July 00:30:15 in Helsinki (summer time, UTC+3)
    const quarter = fields(
      file({ periodType: 'QUARTER', startDate: '2026-07-01', createdAt: new Date('2026-07-01T21:30:15Z') }),
    );
    expect(quarter).toMatchObject({ '198': '02072026003015', '050': 'Q', '052': '3', '053': '2026', '056': '1' });
    const year = fields(file({ periodType: 'YEAR', startDate: '2025-01-01' }));
    expect(year).toMatchObject({ '050': 'V', '053': '2025' });
    expect(year['052']).toBeUndefined();
  });

  it('marks a corrected return with its reason', () => {
    const codes = {
      CALCULATION_ERROR: '332',
      TAX_AUDIT_GUIDANCE: '333',
      CASE_LAW_CHANGE: '334',
      LEGAL_INTERPRETATION_ERROR: '335',
    } as const;
    for (const [reason, code] of Object.entries(codes)) {
      const text = file({ correctionReason: reason as keyof typeof codes });
      expect(text.endsWith(`${code}:1\r\n999:1\r\n`), reason).toBe(true);
      expect(text.match(/33[2-5]:/g)).toHaveLength(1);
    }
    expect(file({})).not.toMatch(/33[2-5]:/);
  });
});
