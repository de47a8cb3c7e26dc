// Financial statements by the decree over real HTTP: the small company's formats (PMA 1753/2015) and the full
// formats (KPA 1339/1997) with share premium and revaluation reserve on lines of their own, the previous fiscal
// year's figures beside this year's, the notes, the PDF to be signed; and, whatever is posted, a balance sheet
// whose two sides are equal (a property over random postings across two fiscal years).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
let year2025 = 0;
let year2026 = 0;

interface Figure {
  key: string;
  name: string;
  subtotal: boolean;
  value: number;
  previousValue?: number;
}

const statements = async (yearId: number, format = 'SMALL', language = 'fi') => {
  const answer = await svc.api(
    'GET',
    `/reports/financialstatements?fiscalYearId=${yearId}&format=${format}&language=${language}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { incomeStatement: Figure[]; balanceSheet: Figure[]; notes: { heading: string }[] } & Record<
    string,
    unknown
  >;
};
const line = (rows: Figure[], key: string) => rows.find((r) => r.key === key)!;
const cents = (value: number | undefined) => Math.round((value ?? 0) * 100);

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-06-15T10:00:00Z') });
  const created = await svc.api('POST', '/fiscalyears', { startDate: '2025-01-01', endDate: '2025-12-31' });
  expect(created.status, created.text).toBe(200);
  year2025 = created.body.id;
  const years = (await svc.api('GET', '/fiscalyears')).body.fiscalYears as { id: number; startDate: string }[];
  year2026 = years.find((y) => y.startDate === '2026-01-01')!.id;
});
afterAll(() => svc.close());

describe('statements by the decree with hand-worked figures', () => {
  it('keeps share premium and revaluation reserve apart, with the previous year beside', async () => {
    const receipts = [
      {
        date: '2025-11-10',
        name: 'Myynti 2025',
        lines: [
          ['1910', '300.00'],
          ['3000', '-300.00'],
        ],
      },
      {
        date: '2026-02-01',
        name: 'Osakeanti',
        lines: [
          ['1910', '12500.00'],
          ['2000', '-2500.00'],
          ['2020', '-10000.00'],
        ],
      },
      {
        date: '2026-02-02',
        name: 'Arvonkorotus',
        lines: [
          ['1100', '5000.00'],
          ['2030', '-5000.00'],
        ],
      },
      {
        date: '2026-03-01',
        name: 'Myynti',
        lines: [
          ['1910', '1000.00'],
          ['3000', '-1000.00'],
        ],
      },
      {
        date: '2026-03-02',
        name: 'Vuokra',
        lines: [
          ['7230', '400.00'],
          ['1910', '-400.00'],
        ],
      },
    ];
    for (const r of receipts)
      await postReceipt(svc, {
        date: r.date,
        name: r.name,
        lines: r.lines.map(([account, amount]) => ({ account, amount })),
      });

    /*
     * By hand. 2025: revenue 300, profit 300; cash 300, equity: the year's profit 300.
     * 2026: revenue 1000, rent 400 (other operating expenses), profit 600. Balance sheet on 2026-12-31:
     * land 5000 (tangible assets), cash 300 + 12500 + 1000 − 400 = 13400, assets 18400; share capital 2500,
     * share premium 10000, revaluation reserve 5000, other reserves 0, 2025's result not yet closed 300 (retained
     * earnings), profit 600: equity 18400 = equity and liabilities.
     */
    const small = await statements(year2026);
    expect(small.previousFiscalYear).toMatchObject({ id: year2025, startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(line(small.incomeStatement, 'revenue')).toMatchObject({
      name: 'Liikevaihto',
      value: 1000,
      previousValue: 300,
    });
    expect(line(small.incomeStatement, 'otherExpenses')).toMatchObject({ value: -400, previousValue: 0 });
    expect(line(small.incomeStatement, 'profit')).toMatchObject({ value: 600, previousValue: 300 });
    const bs = small.balanceSheet;
    expect(line(bs, 'tangibleAssets')).toMatchObject({ value: 5000, previousValue: 0 });
    expect(line(bs, 'cash')).toMatchObject({ value: 13400, previousValue: 300 });
    expect(line(bs, 'assets')).toMatchObject({ subtotal: true, value: 18400, previousValue: 300 });
    expect(line(bs, 'shareCapital')).toMatchObject({ value: 2500, previousValue: 0 });
    expect(line(bs, 'sharePremium')).toMatchObject({ name: 'Ylikurssirahasto', value: 10000, previousValue: 0 });
    expect(line(bs, 'revaluationReserve')).toMatchObject({ name: 'Arvonkorotusrahasto', value: 5000 });
    expect(line(bs, 'reserves')).toMatchObject({ name: 'Muut rahastot', value: 0 });
    expect(line(bs, 'retainedEarnings')).toMatchObject({ value: 300, previousValue: 0 });
    expect(line(bs, 'profit')).toMatchObject({ value: 600, previousValue: 300 });
    expect(line(bs, 'equityAndLiabilities')).toMatchObject({ value: 18400, previousValue: 300 });
    expect(small.unmappedAccounts).toEqual([]);
    // the small company's balance sheet is the decree's Roman-numeral items, in its order
    expect(bs.map((r) => r.key)).toEqual([
      'intangibleAssets',
      'tangibleAssets',
      'investments',
      'fixedAssets',
      'inventories',
      'longTermReceivables',
      'shortTermReceivables',
      'securities',
      'cash',
      'currentAssets',
      'assets',
      'shareCapital',
      'sharePremium',
      'revaluationReserve',
      'reserves',
      'retainedEarnings',
      'profit',
      'equity',
      'appropriationsAccumulated',
      'provisions',
      'longTermLiabilities',
      'shortTermLiabilities',
      'liabilities',
      'equityAndLiabilities',
    ]);

    // the full format: every numbered item, the same totals
    const full = await statements(year2026, 'FULL', 'sv');
    expect(line(full.balanceSheet, 'land')).toMatchObject({ name: 'Mark- och vattenområden', value: 5000 });
    expect(line(full.balanceSheet, 'sharePremium')).toMatchObject({ name: 'Överkursfond', value: 10000 });
    expect(line(full.balanceSheet, 'fairValueReserve').value).toBe(0);
    expect(line(full.balanceSheet, 'legalReserve').value).toBe(0);
    expect(line(full.balanceSheet, 'equityAndLiabilities').value).toBe(18400);
    expect(line(full.incomeStatement, 'purchases').value).toBe(0);
    expect(line(full.incomeStatement, 'profit')).toMatchObject({ value: 600, previousValue: 300 });

    // the notes: the derived ones carry their figures, the others are headings to fill
    const notes = small.notes as { heading: string; text?: string; rows?: Figure[]; toBeFilled: boolean }[];
    expect(notes[0]).toMatchObject({ heading: 'Tilinpäätöksen laatimisperiaatteet', toBeFilled: false });
    expect(notes[0].text).toContain('1753/2015');
    const equity = notes.find((n) => n.heading === 'Oman pääoman muutokset')!;
    expect(line(equity.rows!, 'revaluationReserve')).toMatchObject({ value: 5000, previousValue: 0 });
    expect(notes.find((n) => n.heading.startsWith('Henkilöstön'))).toMatchObject({ toBeFilled: true });

    // the first year has no comparison figures
    const first = await statements(year2025);
    expect(first.previousFiscalYear).toBeUndefined();
    expect(line(first.balanceSheet, 'cash')).toEqual({
      key: 'cash',
      name: 'Rahat ja pankkisaamiset',
      subtotal: false,
      value: 300,
    });
  });

  it('renders a PDF to be signed with both years, the notes and the signatures', async () => {
    const response = await fetch(`${svc.base}/api/reports/financialstatements/pdf?fiscalYearId=${year2026}`, {
      headers: { authorization: `Bearer ${await svc.token()}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: bytes }).promise;
    let text = '';
    for (let page = 1; page <= document.numPages; page++) {
      const content = await (await document.getPage(page)).getTextContent();
      text +=
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replaceAll('\u00a0', ' ') + '\n';
    }
    for (const expected of [
      'TULOSLASKELMA',
      'TASE',
      'Ylikurssirahasto',
      'Arvonkorotusrahasto',
      '10 000,00',
      '18 400,00',
      '31.12.2025',
      'LIITETIEDOT',
      'TILINPÄÄTÖKSEN ALLEKIRJOITUS',
    ])
      expect(text).toContain(expected);
  });

  it('refuses a fiscal year the company does not have, and an unknown format', async () => {
    const missing = await svc.api('GET', '/reports/financialstatements?fiscalYearId=999999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].field).toBe('fiscalYearId');
    const format = await svc.api('GET', `/reports/financialstatements?fiscalYearId=${year2026}&format=HUGE`);
    expect(format.status).toBe(400);
  });
});

// Accounts across every part of the chart: assets, equity of each kind, appropriations, provisions, debts, income
// and expenses (the income statement's result goes to the balance sheet's profit).
const ACCOUNTS = [
  '1020',
  '1160',
  '1441',
  '1500',
  '1601',
  '1700',
  '1801',
  '1861',
  '1910',
  '2000',
  '2020',
  '2030',
  '2041',
  '2050',
  '2250',
  '2381',
  '2400',
  '2500',
  '2620',
  '2871',
  '2962',
  '2980',
  '3000',
  '3650',
  '4000',
  '4450',
  '5010',
  '6130',
  '6800',
  '7230',
  '9220',
  '9460',
  '9800',
  '9900',
];

const balancedLines = fc
  .array(
    fc.record({ account: fc.constantFrom(...ACCOUNTS), cents: fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }) }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .chain((lines) =>
    fc.constantFrom(...ACCOUNTS).map((account) => {
      const sum = lines.reduce((s, l) => s + l.cents, 0);
      return [...lines, { account, cents: -sum }];
    }),
  );

describe('a balance sheet always balances', () => {
  it('has equal sides in both formats and both years, whatever is posted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            lines: balancedLines,
            date: fc.constantFrom('2025-03-15', '2025-12-31', '2026-01-01', '2026-05-20'),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (receipts) => {
          for (const r of receipts) {
            const lines = r.lines.filter((l) => l.cents !== 0);
            if (lines.length < 2) continue;
            await postReceipt(svc, {
              date: r.date,
              name: 'Satunnainen',
              lines: lines.map((l) => ({ account: l.account, amount: (l.cents / 100).toFixed(2) })),
            });
          }
          for (const year of [year2025, year2026])
            for (const format of ['SMALL', 'FULL']) {
              const s = await statements(year, format);
              const assets = line(s.balanceSheet, 'assets');
              const other = line(s.balanceSheet, 'equityAndLiabilities');
              expect(cents(assets.value)).toBe(cents(other.value));
              expect(cents(assets.previousValue)).toBe(cents(other.previousValue));
              // the year's result is the balance sheet's profit
              expect(cents(line(s.balanceSheet, 'profit').value)).toBe(cents(line(s.incomeStatement, 'profit').value));
              // the two formats agree on every total (a small company's other reserves take a fair value reserve in)
              if (format === 'FULL') {
                const small = await statements(year, 'SMALL');
                for (const key of ['assets', 'fixedAssets', 'currentAssets', 'equity', 'liabilities'])
                  expect(cents(line(s.balanceSheet, key).value)).toBe(cents(line(small.balanceSheet, key).value));
                for (const key of ['materials', 'personnel', 'financial', 'operatingProfit', 'profit'])
                  expect(cents(line(s.incomeStatement, key).value)).toBe(cents(line(small.incomeStatement, key).value));
              }
            }
        },
      ),
      { numRuns: 8 },
    );
  });
});
