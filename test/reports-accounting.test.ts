// The income statement and balance sheet (POST /reports/accounting), account values (POST /reports/ledgeraccounts)
// and one account's general ledger (POST /reports/generalledger/{id}) in the real interface's shapes, on a month
// of postings on each side of a fiscal-year boundary, checked against figures computed by hand:
//
//   2025-12-01 share capital            1910 +5000.00   2000 −5000.00
//   2025-12-05 sale, 14 % (2025)        1700 +1140.00   3000 −1000.00   2939 −140.00
//   2025-12-10 purchase, 25.5 %         4000 +400.00    1763 +102.00    2870 −502.00
//   2025-12-31 salaries                 5010 +2000.00   6130 +350.00    6300 +30.00
//                                       2921 −400.00    2931 −350.00    2923 −30.00     1910 −1600.00
//   2026-01-05 sale, 25.5 % (item A)    1700 +1255.00   3000 −1000.00   2939 −255.00
//   2026-01-12 sale, 13.5 % (item B)    1700 +567.50    3000 −500.00    2939 −67.50
//   2026-01-15 rent                     7000 +250.00    1910 −250.00
//   2026-01-20 purchase, 25.5 % (A)     4000 +200.00    1763 +51.00     1910 −251.00
//   2026-01-31 salary                   5010 +1000.00   2921 −200.00    1910 −800.00
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { insertFiscalYear } from '../src/fiscal/service.ts';
import { startService, type TestService } from './support/service.ts';
import { postReceipt, type TestReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-02-15T10:00:00Z');
let dimensionId: number;
let itemA: number;
let itemB: number;

const receipts = (a: number, b: number, d: number): TestReceipt[] => [
  {
    date: '2025-12-01',
    name: 'Share capital',
    lines: [
      { account: '1910', amount: '5000.00' },
      { account: '2000', amount: '-5000.00' },
    ],
  },
  {
    date: '2025-12-05',
    name: 'Sale 14 %',
    lines: [
      { account: '1700', amount: '1140.00' },
      { account: '3000', amount: '-1000.00' },
      { account: '2939', amount: '-140.00' },
    ],
  },
  {
    date: '2025-12-10',
    name: 'Purchase 25.5 %',
    lines: [
      { account: '4000', amount: '400.00' },
      { account: '1763', amount: '102.00' },
      { account: '2870', amount: '-502.00' },
    ],
  },
  {
    date: '2025-12-31',
    name: 'Salaries December',
    lines: [
      { account: '5010', amount: '2000.00' },
      { account: '6130', amount: '350.00' },
      { account: '6300', amount: '30.00' },
      { account: '2921', amount: '-400.00' },
      { account: '2931', amount: '-350.00' },
      { account: '2923', amount: '-30.00' },
      { account: '1910', amount: '-1600.00' },
    ],
  },
  {
    date: '2026-01-05',
    name: 'Sale 25.5 %',
    lines: [
      { account: '1700', amount: '1255.00' },
      { account: '3000', amount: '-1000.00', dimensions: [{ dimensionId: d, itemId: a, value: '-1000.00' }] },
      { account: '2939', amount: '-255.00' },
    ],
  },
  {
    date: '2026-01-12',
    name: 'Sale 13.5 %',
    lines: [
      { account: '1700', amount: '567.50' },
      { account: '3000', amount: '-500.00', dimensions: [{ dimensionId: d, itemId: b, value: '-500.00' }] },
      { account: '2939', amount: '-67.50' },
    ],
  },
  {
    date: '2026-01-15',
    name: 'Rent',
    lines: [
      { account: '7000', amount: '250.00', description: 'Toimiston VUOKRA tammikuu' },
      { account: '1910', amount: '-250.00' },
    ],
  },
  {
    date: '2026-01-20',
    name: 'Purchase 25.5 % 2026',
    lines: [
      { account: '4000', amount: '200.00', dimensions: [{ dimensionId: d, itemId: a, value: '200.00' }] },
      { account: '1763', amount: '51.00' },
      { account: '1910', amount: '-251.00' },
    ],
  },
  {
    date: '2026-01-31',
    name: 'Salary January',
    lines: [
      { account: '5010', amount: '1000.00', description: 'Palkka Äijälä' },
      { account: '2921', amount: '-200.00' },
      { account: '1910', amount: '-800.00' },
    ],
  },
];

beforeAll(async () => {
  svc = await startService({ clock });
  await svc.app.ctx.db
    .transaction()
    .execute((trx) => insertFiscalYear(trx, svc.demo.companyId, '2025-01-01', '2025-12-31', clock.now()));
  const dimension = await svc.api('POST', '/dimensions', {
    name: 'Business line',
    items: [{ codeName: 'A' }, { codeName: 'B' }],
  });
  expect(dimension.status, dimension.text).toBe(200);
  dimensionId = dimension.body.id;
  const items = dimension.body.items as { id: number; codeName: string }[];
  itemA = items.find((i) => i.codeName === 'A')!.id;
  itemB = items.find((i) => i.codeName === 'B')!.id;
  for (const r of receipts(itemA, itemB, dimensionId)) await postReceipt(svc, r);
});
afterAll(() => svc.close());

type Row = { rowId: number; type: string; name: string; value: number; formula?: string };
const values = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.name, r.value]));

async function report(body: Record<string, unknown>) {
  const answer = await svc.api('POST', '/reports/accounting', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    reportParameters: Record<string, unknown>;
    reportData: { periods: { startDate: string; endDate: string; rows: Row[] }[] };
  };
}

describe('POST /reports/accounting: income statement', () => {
  it("shows a month in the decree's format, with a comparison period", async () => {
    const body = await report({
      type: 'INCOME_STATEMENT',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      comparisonPeriods: [{ startDate: '2025-12-01', endDate: '2025-12-31' }],
    });
    expect(body.reportParameters).toMatchObject({ type: 'INCOME_STATEMENT', startDate: '2026-01-01' });
    const [january, december] = body.reportData.periods;
    expect([january.startDate, january.endDate, december.startDate, december.endDate]).toEqual([
      '2026-01-01',
      '2026-01-31',
      '2025-12-01',
      '2025-12-31',
    ]);
    expect(values(january.rows)).toMatchObject({
      Liikevaihto: 1500,
      'Materiaalit ja palvelut': -200,
      Henkilöstökulut: -1000,
      'Liiketoiminnan muut kulut': -250,
      'Liikevoitto (-tappio)': 50,
      'Rahoitustuotot ja -kulut': 0,
      'Tilikauden voitto (tappio)': 50,
    });
    expect(values(december.rows)).toMatchObject({
      Liikevaihto: 1000,
      'Materiaalit ja palvelut': -400,
      Henkilöstökulut: -2380,
      'Liikevoitto (-tappio)': -1780,
      'Tilikauden voitto (tappio)': -1780,
    });
    // row numbers, kinds and the subtotal's formula
    const operating = january.rows.find((r) => r.name === 'Liikevoitto (-tappio)')!;
    expect(operating).toMatchObject({ rowId: 9, type: 'ROW_FUNCTION', formula: '[1]+[2]+[3]+[4]+[5]+[6]+[7]+[8]' });
    expect(january.rows[0]).toMatchObject({ rowId: 1, type: 'BALANCE', name: 'Liikevaihto' });
  });

  it('sums partial months at either end of a period from the lines and whole months from the month totals', async () => {
    const operating = async (startDate: string, endDate: string) =>
      values((await report({ type: 'INCOME_STATEMENT', startDate, endDate })).reportData.periods[0].rows)[
        'Liikevoitto (-tappio)'
      ];
    expect(await operating('2026-01-10', '2026-01-20')).toBe(50); // 500 − 200 − 250
    expect(await operating('2025-12-05', '2026-01-05')).toBe(-780); // 2000 − 400 − 2380
    expect(await operating('2025-12-05', '2026-02-10')).toBe(-1730); // 2500 − 600 − 3380 − 250
    expect(await operating('0000-01-01', '9999-12-31')).toBe(-1730);
    const all = await svc.api('GET', '/reports/trialbalance?startDate=0000-01-01&endDate=9999-12-31');
    expect(all.status, all.text).toBe(200);
    expect(all.body.totals.debit).toBe(all.body.totals.credit);
  });

  it('names the lines in Swedish and defaults the start to the fiscal year start', async () => {
    const body = await report({ type: 'INCOME_STATEMENT', endDate: '2026-01-31', options: { reportLanguage: 'sv' } });
    expect(body.reportData.periods[0].startDate).toBe('2026-01-01');
    expect(values(body.reportData.periods[0].rows)).toMatchObject({
      Omsättning: 1500,
      'Rörelsevinst (-förlust)': 50,
      'Räkenskapsperiodens vinst (förlust)': 50,
    });
  });

  it('filters by a dimension item and by receipt type', async () => {
    const a = await report({
      type: 'INCOME_STATEMENT',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      dimension: { dimensionId, itemId: itemA },
    });
    expect(values(a.reportData.periods[0].rows)).toMatchObject({
      Liikevaihto: 1000,
      'Materiaalit ja palvelut': -200,
      Henkilöstökulut: 0,
      'Liikevoitto (-tappio)': 800,
    });
    const b = await report({
      type: 'INCOME_STATEMENT',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      dimension: { dimensionId, itemId: itemB },
    });
    expect(values(b.reportData.periods[0].rows)).toMatchObject({ Liikevaihto: 500, 'Liikevoitto (-tappio)': 500 });
    const sales = await report({
      type: 'INCOME_STATEMENT',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      options: { receiptType: ['SALES_INVOICE'] },
    });
    expect(sales.reportData.periods[0].rows.every((r) => r.value === 0)).toBe(true);
    const journals = await report({
      type: 'INCOME_STATEMENT',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      receiptStatus: ['APPROVED'],
      options: { receiptType: ['JOURNAL'] },
    });
    expect(values(journals.reportData.periods[0].rows)['Tilikauden voitto (tappio)']).toBe(50);
  });
});

describe('POST /reports/accounting: balance sheet', () => {
  it('balances at the end of each period, with the earlier year not yet closed in retained earnings', async () => {
    const body = await report({
      type: 'BALANCE_SHEET',
      endDate: '2026-01-31',
      comparisonPeriods: [{ endDate: '2025-12-31' }],
    });
    const [january, december] = body.reportData.periods.map((p) => values(p.rows));
    expect(january).toMatchObject({
      'Lyhytaikaiset saamiset': 3115.5,
      'Rahat ja pankkisaamiset': 2099,
      'Vaihtuvat vastaavat': 5214.5,
      'Vastaavaa yhteensä': 5214.5,
      'Osake-, osuus- tai muu vastaava pääoma': 5000,
      'Edellisten tilikausien voitto (tappio)': -1780,
      'Tilikauden voitto (tappio)': 50,
      'Oma pääoma': 3270,
      'Lyhytaikainen vieras pääoma': 1944.5,
      'Vastattavaa yhteensä': 5214.5,
    });
    expect(december).toMatchObject({
      'Lyhytaikaiset saamiset': 1242,
      'Rahat ja pankkisaamiset': 3400,
      'Vastaavaa yhteensä': 4642,
      'Edellisten tilikausien voitto (tappio)': 0,
      'Tilikauden voitto (tappio)': -1780,
      'Oma pääoma': 3220,
      'Lyhytaikainen vieras pääoma': 1422,
      'Vastattavaa yhteensä': 4642,
    });
    expect(body.reportData.periods[1].startDate).toBe('2025-01-01');
  });
});

describe('POST /reports/accounting: refusals', () => {
  const base = { type: 'INCOME_STATEMENT', startDate: '2026-01-01', endDate: '2026-01-31' };
  const refused = async (body: Record<string, unknown>, code: string | RegExp, field?: string) => {
    const answer = await svc.api('POST', '/reports/accounting', body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].message).toMatch(code);
    if (field) expect(answer.body.errors[0].field).toBe(field);
  };

  it('refuses an option, status or type it does not apply, never ignoring it', async () => {
    await refused({ ...base, receiptStatus: ['APPROVED', 'PARTLY_PAID,'] }, /./, 'receiptStatus[1]');
    await refused({ ...base, receiptStatus: ['INVALIDATED'] }, /./, 'receiptStatus[0]');
    await refused({ ...base, options: { reportLanguage: 'de' } }, /language/, 'options.reportLanguage');
    await refused({ ...base, options: { transactionValue: '12.345' } }, /./);
    await refused(
      { ...base, options: { receiptCurrency: 'EUR', transactionCurrency: 'SEK' } },
      /./,
      'options.transactionCurrency',
    );
    await refused(
      { ...base, options: { entryPeriodStart: '2026-02-16', entryPeriodEnd: '2026-02-15' } },
      /./,
      'options.entryPeriodStart',
    );
    await refused({ ...base, costCentre: 5 }, /./);
    await refused({ ...base, options: { dimensionId: 5 } }, /./);
  });

  it('refuses a dimension item of another dimension, and a period ending before it starts', async () => {
    await refused({ ...base, dimension: { dimensionId: dimensionId + 1000, itemId: itemA } }, /./, 'dimension');
    await refused({ ...base, startDate: '2026-02-01' }, /./, 'startDate');
    await refused(
      { ...base, comparisonPeriods: [{ startDate: '2026-02-01', endDate: '2026-01-01' }] },
      /./,
      'comparisonPeriods[0].startDate',
    );
  });
});

describe('across the fiscal-year boundary', () => {
  it('closes income accounts at the year start and carries balance-sheet accounts', async () => {
    const answer = await svc.api('GET', '/reports/trialbalance?startDate=2025-12-01&endDate=2026-01-31');
    expect(answer.status, answer.text).toBe(200);
    const rows = Object.fromEntries(answer.body.accounts.map((a: { accountNumber: string }) => [a.accountNumber, a]));
    expect(rows['3000']).toMatchObject({
      openingBalance: 0,
      debit: 0,
      credit: 2500,
      closedAtYearStart: -1000,
      closingBalance: -1500,
    });
    expect(rows['1910']).toMatchObject({ openingBalance: 0, closedAtYearStart: 0, closingBalance: 2099 });
    expect(answer.body.endFiscalYearStartDate).toBe('2026-01-01');
    expect(answer.body.previousYearsResult).toBe(1780);
    expect(answer.body.totals.closingBalance + answer.body.previousYearsResult).toBe(0);
    // the closing balance is the balance on the end date
    const balances = await svc.api('GET', '/reports/ledgeraccounts/balances?date=2026-01-31&accounts=3000,1910');
    expect(balances.body.balances.map((b: { balance: number }) => b.balance)).toEqual([2099, -1500]);
  });

  it('filters the trial balance by a dimension item and refuses an unknown parameter', async () => {
    const filtered = await svc.api(
      'GET',
      `/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31&dimensionId=${dimensionId}&itemId=${itemA}`,
    );
    expect(filtered.status, filtered.text).toBe(200);
    expect(
      filtered.body.accounts.map((a: { accountNumber: string; closingBalance: number }) => [
        a.accountNumber,
        a.closingBalance,
      ]),
    ).toEqual([
      ['3000', -1000],
      ['4000', 200],
    ]);
    const half = await svc.api('GET', `/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31&itemId=${itemA}`);
    expect(half.status).toBe(400);
    const unknown = await svc.api('GET', '/reports/trialbalance?startDate=2026-01-01&endDate=2026-01-31&costCentre=1');
    expect(unknown.status).toBe(400);
    const ledger = await svc.api(
      'GET',
      `/reports/generalledger?startDate=2026-01-01&endDate=2026-01-31&dimensionId=${dimensionId}&itemId=${itemA}`,
    );
    expect(ledger.status).toBe(400);
  });
});

describe('POST /reports/ledgeraccounts', () => {
  it('answers balance-sheet balances at the end and income-statement sums of the period', async () => {
    const answer = await svc.api('POST', '/reports/ledgeraccounts', {
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      comparisonPeriods: [{ startDate: '2025-12-01', endDate: '2025-12-31' }],
    });
    expect(answer.status, answer.text).toBe(200);
    const [january, december] = answer.body.reportData.periods.map((p: { rows: { name: string; value: number }[] }) =>
      Object.fromEntries(p.rows.map((r) => [r.name.split(' ')[0], r.value])),
    );
    expect(january).toMatchObject({ '1700': 2962.5, '1910': 2099, '2939': -462.5, '3000': -1500, '7000': 250 });
    expect(december).toMatchObject({ '1910': 3400, '3000': -1000, '5010': 2000 });
    expect(answer.body.reportData.periods[0].rows[0].name).toMatch(/^1700 /);
    const refused = await svc.api('POST', '/reports/ledgeraccounts', {
      endDate: '2026-01-31',
      options: { transactionDescription: 'x' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('POST /reports/generalledger/{id}', () => {
  it("lists one account's lines of the period and their sum", async () => {
    const answer = await svc.api('POST', '/reports/generalledger/3000', {
      startDate: '2025-12-01',
      endDate: '2026-01-31',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.ledgerAccount).toMatchObject({ id: '3000', name: 'Myynti', totalAccountingValue: -2500 });
    expect(
      answer.body.ledgerAccount.ledgerReceiptTransactions.map((t: { receiptDate: string; accountingValue: number }) => [
        t.receiptDate,
        t.accountingValue,
      ]),
    ).toEqual([
      ['2025-12-05', -1000],
      ['2026-01-05', -1000],
      ['2026-01-12', -500],
    ]);
    expect(answer.body.ledgerAccount.ledgerReceiptTransactions[0]).toMatchObject({
      name: 'Sale 14 %',
      type: 'JOURNAL',
      status: 'APPROVED',
    });
    const sales = await svc.api('POST', '/reports/generalledger/3000', {
      endDate: '2026-01-31',
      options: { receiptType: ['SALES_INVOICE'] },
    });
    expect(sales.body.ledgerAccount.ledgerReceiptTransactions).toEqual([]);
    const refused = await svc.api('POST', '/reports/generalledger/3000', {
      endDate: '2026-01-31',
      options: { customerCompanyId: 'x' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('POST /reports/accounting: cash flow statement', () => {
  it('derives a month by the indirect method and reconciles it to the change of cash', async () => {
    const body = await report({
      type: 'CASH_FLOW',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      comparisonPeriods: [{ startDate: '2025-12-01', endDate: '2026-01-31' }],
    });
    const [january, both] = body.reportData.periods;
    // January: result 50; receivables 1242 → 3115.50; short-term liabilities 1422 → 1944.50; cash 3400 → 2099
    expect(values(january.rows)).toEqual({
      'Tilikauden voitto (tappio)': 50,
      'Poistot ja arvonalentumiset': 0,
      'Tilinpäätössiirtojen ja pakollisten varausten muutos': 0,
      'Vaihto-omaisuuden muutos': 0,
      'Lyhytaikaisten saamisten muutos': -1873.5,
      'Lyhytaikaisen vieraan pääoman muutos': 522.5,
      'Liiketoiminnan rahavirta': -1301,
      'Investoinnit pysyviin vastaaviin (netto)': 0,
      'Pitkäaikaisten saamisten ja rahoitusarvopapereiden muutos': 0,
      'Investointien rahavirta': 0,
      'Oman pääoman muutos (pl. tilikauden tulos)': 0,
      'Pitkäaikaisen vieraan pääoman muutos': 0,
      'Rahoituksen rahavirta': 0,
      'Rahavarojen muutos': -1301,
      'Rahavarat kauden alussa': 3400,
      'Rahavarat kauden lopussa': 2099,
    });
    const operations = january.rows.find((r) => r.name === 'Liiketoiminnan rahavirta')!;
    expect(operations).toMatchObject({ rowId: 7, type: 'ROW_FUNCTION', formula: '[1]+[2]+[3]+[4]+[5]+[6]' });
    // across the fiscal-year boundary: the share capital is financing, the result spans both years
    expect(values(both.rows)).toMatchObject({
      'Tilikauden voitto (tappio)': -1730,
      'Lyhytaikaisten saamisten muutos': -3115.5,
      'Lyhytaikaisen vieraan pääoman muutos': 1944.5,
      'Liiketoiminnan rahavirta': -2901,
      'Oman pääoman muutos (pl. tilikauden tulos)': 5000,
      'Rahoituksen rahavirta': 5000,
      'Rahavarojen muutos': 2099,
      'Rahavarat kauden alussa': 0,
      'Rahavarat kauden lopussa': 2099,
    });
  });

  it('names its lines in Swedish', async () => {
    const body = await report({ type: 'CASH_FLOW', endDate: '2026-01-31', options: { reportLanguage: 'SWEDISH' } });
    expect(values(body.reportData.periods[0].rows)).toMatchObject({
      'Kassaflöde från rörelsen': -1301,
      'Förändring av likvida medel': -1301,
    });
  });
});

describe('report options', () => {
  const january = { startDate: '2026-01-01', endDate: '2026-01-31' };
  const accountValues = async (options: Record<string, unknown>, period = january) => {
    const answer = await svc.api('POST', '/reports/ledgeraccounts', { ...period, options });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.reportParameters.options).toEqual(options);
    return Object.fromEntries(
      (answer.body.reportData.periods[0].rows as { name: string; value: number }[]).map((r) => [
        r.name.split(' ')[0],
        r.value,
      ]),
    );
  };
  const revenue = async (options: Record<string, unknown>) =>
    values((await report({ type: 'INCOME_STATEMENT', ...january, options })).reportData.periods[0].rows).Liikevaihto;

  it('receiptName: receipts whose name holds the text, in any case', async () => {
    expect(await revenue({ receiptName: 'sale' })).toBe(1500);
    expect(await revenue({ receiptName: 'SALE 13' })).toBe(500);
    expect(await revenue({ receiptName: '5 %' })).toBe(1500); // both sales' names hold '5 %'
    expect(await revenue({ receiptName: '_' })).toBe(0);
    expect(await accountValues({ receiptName: 'rent' })).toEqual({ '7000': 250, '1910': -250 });
  });

  it('transactionDescription: lines whose description holds the text, Å Ä Ö folded too', async () => {
    const described = async (account: string, transactionDescription: string) => {
      const answer = await svc.api('POST', `/reports/generalledger/${account}`, {
        ...january,
        options: { transactionDescription },
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.ledgerAccount.totalAccountingValue;
    };
    expect(await described('7000', 'vuokra')).toBe(250);
    expect(await described('1910', 'vuokra')).toBe(0);
    expect(await described('5010', 'ÄIJÄ')).toBe(1000);
    expect(await described('5010', 'äijä')).toBe(1000);
  });

  it('transactionValue: lines of that amount, either side unsigned, one side signed', async () => {
    expect(await accountValues({ transactionValue: '250' })).toEqual({ '7000': 250, '1910': -250 });
    expect(await accountValues({ transactionValue: '-250.00' })).toEqual({ '1910': -250 });
    expect(await accountValues({ transactionValue: '+250,00' })).toEqual({ '7000': 250 });
    expect(await accountValues({ transactionValue: '67.5' })).toEqual({ '2939': -67.5 });
  });

  it('receiptNumbers: numbers and ranges, in the general ledger of an account', async () => {
    const all = await svc.api('POST', '/reports/generalledger/1910', january);
    expect(all.status, all.text).toBe(200);
    const lines = all.body.ledgerAccount.ledgerReceiptTransactions as { receiptNumber: number; name: string }[];
    expect(lines.map((l) => l.name)).toEqual(['Rent', 'Purchase 25.5 % 2026', 'Salary January']);
    const [rent, purchase, salary] = lines.map((l) => l.receiptNumber);
    const numbered = async (receiptNumbers: string) => {
      const answer = await svc.api('POST', '/reports/generalledger/1910', { ...january, options: { receiptNumbers } });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body.ledgerAccount.ledgerReceiptTransactions as { name: string }[]).map((l) => l.name);
    };
    expect(await numbered(`${rent}, ${salary}`)).toEqual(['Rent', 'Salary January']);
    expect(await numbered(`${purchase}-${salary}`)).toEqual(['Purchase 25.5 % 2026', 'Salary January']);
    const backwards = await svc.api('POST', '/reports/generalledger/1910', {
      ...january,
      options: { receiptNumbers: `${salary}-${rent}` },
    });
    expect(backwards.status, backwards.text).toBe(400);
    expect(backwards.body.errors[0].field).toBe('options.receiptNumbers');
    const malformed = await svc.api('POST', '/reports/generalledger/1910', {
      ...january,
      options: { receiptNumbers: '1;2' },
    });
    expect(malformed.status, malformed.text).toBe(400);
  });

  it('entryPeriodStart/End: the days the receipts were recorded, not their dates', async () => {
    // every receipt was recorded on 2026-02-15 (the test clock), whatever its date
    expect(await revenue({ entryPeriodStart: '2026-02-15', entryPeriodEnd: '2026-02-15' })).toBe(1500);
    expect(await revenue({ entryPeriodEnd: '2026-02-14' })).toBe(0);
    expect(await revenue({ entryPeriodStart: '2026-02-16' })).toBe(0);
  });

  it("receiptCurrency and transactionCurrency: the receipt's document currency", async () => {
    expect(await revenue({ receiptCurrency: 'EUR' })).toBe(1500);
    expect(await revenue({ transactionCurrency: 'EUR', receiptCurrency: 'EUR' })).toBe(1500);
    expect(await revenue({ receiptCurrency: 'USD' })).toBe(0);
    expect(await revenue({ transactionCurrency: 'SEK' })).toBe(0);
  });

  it('customerCompanyId: only the company the caller acts for', async () => {
    expect(await revenue({ customerCompanyId: String(svc.demo.companyId) })).toBe(1500);
    const other = await svc.api('POST', '/reports/accounting', {
      type: 'INCOME_STATEMENT',
      ...january,
      options: { customerCompanyId: String(svc.demo.companyId + 1) },
    });
    expect(other.status, other.text).toBe(403);
    expect(other.body.errors[0].field).toBe('options.customerCompanyId');
  });

  it('applies the options together and to the balance sheet', async () => {
    expect(await revenue({ receiptName: 'sale', transactionValue: '500' })).toBe(500);
    const sheet = await report({ type: 'BALANCE_SHEET', ...january, options: { receiptName: 'rent' } });
    expect(values(sheet.reportData.periods[0].rows)).toMatchObject({ 'Rahat ja pankkisaamiset': -250 });
  });
});
