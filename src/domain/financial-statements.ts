// The income statement and the balance sheet in the formats of the Finnish accounting decree (Kirjanpitoasetus
// 1339/1997, 1:1 § the income statement by nature of expense, 1:6 § the balance sheet), computed from account
// balances of the Finnish standard chart (Liikekirjuri: account number ranges as in domain-facts §2.1 and Odoo's
// l10n_fi chart, whose account tags name the decree's line of each account).
//
// Signs: the income statement shows income positive and expenses negative (the negated ledger balance, as ledger
// lines are debit positive); the balance sheet shows assets (vastaavaa) as their debit balance and equity and
// liabilities (vastattavaa) as their credit balance, so both sides are positive and equal.
import type { MinorUnits } from './decimal.ts';

/** Decree line names in the languages a report can be asked in. */
interface LineName {
  fi: string;
  sv: string;
}

export type ReportLanguage = keyof LineName;

/** A line summing the accounts in its ranges (inclusive, four-digit account numbers). */
interface AccountLine {
  kind: 'accounts';
  key: string;
  name: LineName;
  ranges: readonly (readonly [number, number])[];
}

/** A line summing other lines (a subtotal or a heading total). */
interface SumLine {
  kind: 'sum';
  key: string;
  name: LineName;
  of: readonly string[];
}

export type StatementLine = AccountLine | SumLine;

const n = (fi: string, sv: string): LineName => ({ fi, sv });
const accounts = (key: string, name: LineName, ...ranges: [number, number][]): AccountLine => ({
  kind: 'accounts',
  key,
  name,
  ranges,
});
const sum = (key: string, name: LineName, ...of: string[]): SumLine => ({ kind: 'sum', key, name, of });

/** Income statement by nature of expense (kululajikohtainen tuloslaskelma), KPA 1:1 §. */
export const INCOME_STATEMENT: readonly StatementLine[] = [
  accounts('revenue', n('Liikevaihto', 'Omsättning'), [3000, 3599]),
  accounts(
    'inventoryChange',
    n(
      'Valmiiden ja keskeneräisten tuotteiden varastojen muutos',
      'Förändring av lager av färdiga varor och varor under tillverkning',
    ),
    [3600, 3629],
  ),
  accounts('ownUse', n('Valmistus omaan käyttöön', 'Tillverkning för eget bruk'), [3630, 3649]),
  accounts('otherIncome', n('Liiketoiminnan muut tuotot', 'Övriga rörelseintäkter'), [3650, 3999]),
  accounts('materials', n('Materiaalit ja palvelut', 'Material och tjänster'), [4000, 4999]),
  accounts('personnel', n('Henkilöstökulut', 'Personalkostnader'), [5000, 6799]),
  accounts('depreciation', n('Poistot ja arvonalentumiset', 'Avskrivningar och nedskrivningar'), [6800, 6999]),
  accounts('otherExpenses', n('Liiketoiminnan muut kulut', 'Övriga rörelsekostnader'), [7000, 8999]),
  sum(
    'operatingProfit',
    n('Liikevoitto (-tappio)', 'Rörelsevinst (-förlust)'),
    'revenue',
    'inventoryChange',
    'ownUse',
    'otherIncome',
    'materials',
    'personnel',
    'depreciation',
    'otherExpenses',
  ),
  accounts('financial', n('Rahoitustuotot ja -kulut', 'Finansiella intäkter och kostnader'), [9000, 9699]),
  sum(
    'profitBeforeAppropriations',
    n('Voitto (tappio) ennen tilinpäätössiirtoja ja veroja', 'Vinst (förlust) före bokslutsdispositioner och skatter'),
    'operatingProfit',
    'financial',
  ),
  accounts('appropriations', n('Tilinpäätössiirrot', 'Bokslutsdispositioner'), [9700, 9899]),
  accounts('incomeTaxes', n('Tuloverot', 'Inkomstskatter'), [9900, 9979]),
  accounts('otherTaxes', n('Muut välittömät verot', 'Övriga direkta skatter'), [9980, 9999]),
  sum(
    'profit',
    n('Tilikauden voitto (tappio)', 'Räkenskapsperiodens vinst (förlust)'),
    'profitBeforeAppropriations',
    'appropriations',
    'incomeTaxes',
    'otherTaxes',
  ),
];

/** Accounts of the income statement: everything from 3000 on. */
const INCOME_STATEMENT_RANGE: readonly [number, number] = [3000, 9999];

/** Balance sheet (tase), KPA 1:6 §, at the level of its Roman-numeral items. */
export const BALANCE_SHEET: readonly StatementLine[] = [
  accounts('intangibleAssets', n('Aineettomat hyödykkeet', 'Immateriella tillgångar'), [1000, 1099]),
  accounts('tangibleAssets', n('Aineelliset hyödykkeet', 'Materiella tillgångar'), [1100, 1399]),
  accounts('investments', n('Sijoitukset', 'Placeringar'), [1400, 1499]),
  sum('fixedAssets', n('Pysyvät vastaavat', 'Bestående aktiva'), 'intangibleAssets', 'tangibleAssets', 'investments'),
  accounts('inventories', n('Vaihto-omaisuus', 'Omsättningstillgångar'), [1500, 1599]),
  accounts('longTermReceivables', n('Pitkäaikaiset saamiset', 'Långfristiga fordringar'), [1600, 1699]),
  accounts('shortTermReceivables', n('Lyhytaikaiset saamiset', 'Kortfristiga fordringar'), [1700, 1849]),
  accounts('securities', n('Rahoitusarvopaperit', 'Finansiella värdepapper'), [1850, 1899]),
  accounts('cash', n('Rahat ja pankkisaamiset', 'Kassa och bank'), [1900, 1999]),
  sum(
    'currentAssets',
    n('Vaihtuvat vastaavat', 'Rörliga aktiva'),
    'inventories',
    'longTermReceivables',
    'shortTermReceivables',
    'securities',
    'cash',
  ),
  sum('assets', n('Vastaavaa yhteensä', 'Aktiva sammanlagt'), 'fixedAssets', 'currentAssets'),
  accounts(
    'shareCapital',
    n('Osake-, osuus- tai muu vastaava pääoma', 'Aktie-, andels- eller annat motsvarande kapital'),
    [2000, 2009],
    [2100, 2109],
    [2150, 2159],
    [2170, 2189],
    [2200, 2209],
  ),
  accounts(
    'reserves',
    n('Muut rahastot', 'Övriga fonder'),
    [2010, 2099],
    [2110, 2149],
    [2160, 2169],
    [2190, 2199],
    [2210, 2249],
  ),
  accounts(
    'retainedEarnings',
    n('Edellisten tilikausien voitto (tappio)', 'Vinst (förlust) från tidigare räkenskapsperioder'),
    [2250, 2369],
  ),
  accounts('profit', n('Tilikauden voitto (tappio)', 'Räkenskapsperiodens vinst (förlust)'), [2370, 2379]),
  sum('equity', n('Oma pääoma', 'Eget kapital'), 'shareCapital', 'reserves', 'retainedEarnings', 'profit'),
  accounts(
    'appropriationsAccumulated',
    n('Tilinpäätössiirtojen kertymä', 'Ackumulerade bokslutsdispositioner'),
    [2400, 2499],
  ),
  accounts('provisions', n('Pakolliset varaukset', 'Obligatoriska reserveringar'), [2500, 2599]),
  accounts(
    'longTermLiabilities',
    n('Pitkäaikainen vieras pääoma', 'Långfristigt främmande kapital'),
    [2380, 2399],
    [2600, 2799],
  ),
  accounts('shortTermLiabilities', n('Lyhytaikainen vieras pääoma', 'Kortfristigt främmande kapital'), [2800, 2999]),
  sum('liabilities', n('Vieras pääoma', 'Främmande kapital'), 'longTermLiabilities', 'shortTermLiabilities'),
  sum(
    'equityAndLiabilities',
    n('Vastattavaa yhteensä', 'Passiva sammanlagt'),
    'equity',
    'appropriationsAccumulated',
    'provisions',
    'liabilities',
  ),
];

/** Lines from this account number on (vastattavaa and the income statement) show credit balances. */
const CREDIT_SIDE_FROM = 2000;

const accountNumber = (account: string): number | undefined =>
  /^[0-9]{4}$/.test(account) ? Number(account) : undefined;

const inRanges = (number: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([low, high]) => number >= low && number <= high);

/** Whether an account belongs to the income statement (3000–9999) by its number. */
export function isIncomeStatementAccount(account: string): boolean {
  const number = accountNumber(account);
  return number !== undefined && inRanges(number, [INCOME_STATEMENT_RANGE]);
}

/** The key of the line an account's balance goes to, or undefined for an account outside the standard ranges. */
export function lineOf(statement: readonly StatementLine[], account: string): string | undefined {
  const number = accountNumber(account);
  if (number === undefined) return undefined;
  for (const line of statement) if (line.kind === 'accounts' && inRanges(number, line.ranges)) return line.key;
  return undefined;
}

export interface StatementRow {
  key: string;
  name: LineName;
  /** Sum of other rows (a subtotal), not of accounts. */
  subtotal: boolean;
  /** The row numbers (1-based, in statement order) a subtotal adds up. */
  of: number[];
  /** Minor units, signed as the statement shows them. */
  value: MinorUnits;
}

/**
 * The statement's rows from ledger balances (minor units, debit positive) per account. `added` adds amounts
 * (debit positive) to lines by key: on the balance sheet, the income-statement balances of the fiscal year so far
 * go to `profit` and those of earlier years not yet closed to equity to `retainedEarnings`. Accounts outside
 * every line are left out (`unmapped` lists them).
 */
export function statementRows(
  statement: readonly StatementLine[],
  balances: ReadonlyMap<string, MinorUnits>,
  added: ReadonlyMap<string, MinorUnits> = new Map(),
): StatementRow[] {
  const values = new Map<string, MinorUnits>();
  for (const line of statement) {
    if (line.kind === 'sum') {
      values.set(
        line.key,
        line.of.reduce((total, key) => total + (values.get(key) ?? 0n), 0n),
      );
      continue;
    }
    let value = added.get(line.key) ?? 0n;
    for (const [account, balance] of balances) {
      const number = accountNumber(account);
      if (number !== undefined && inRanges(number, line.ranges)) value += balance;
    }
    values.set(line.key, line.ranges[0][0] >= CREDIT_SIDE_FROM ? -value : value);
  }
  const position = new Map(statement.map((line, i) => [line.key, i + 1]));
  return statement.map((line) => ({
    key: line.key,
    name: line.name,
    subtotal: line.kind === 'sum',
    of: line.kind === 'sum' ? line.of.map((key) => position.get(key)!) : [],
    value: values.get(line.key)!,
  }));
}

/** Accounts with a balance that no line of the statement takes (numbers outside the standard chart's ranges). */
export function unmapped(statement: readonly StatementLine[], balances: ReadonlyMap<string, MinorUnits>): string[] {
  return [...balances]
    .filter(([account, balance]) => balance !== 0n && lineOf(statement, account) === undefined)
    .map(([account]) => account);
}

// ------------------------------------------------------------------------------------------------ cash flow

/**
 * The cash flow statement (rahoituslaskelma) by the indirect method, in the layout of the Finnish accounting
 * board's general instruction on cash flow statements (KILA): the period's result, adjusted for the items that
 * moved no cash and for the change in working capital, gives the cash flow from operations; the changes of the
 * fixed assets and long-term receivables the cash flow from investments; the changes of equity (other than the
 * result) and long-term debt the cash flow from financing. Each change is read from the balance sheets at the
 * day before the period and at its end, by the balance sheet's lines (so by the chart's number ranges):
 *
 * - operations: the result (income statement), depreciation added back (6800–6999), the change of accumulated
 *   appropriations and provisions (2400–2599), of inventories (1500–1599), of short-term receivables (1700–1849)
 *   and of short-term liabilities (2800–2999);
 * - investments: fixed assets (1000–1499) bought net of sales, i.e. their change plus the period's depreciation,
 *   and the change of long-term receivables and securities (1600–1699, 1850–1899);
 * - financing: the change of equity (2000–2379, with the results not yet closed to it) less the period's result,
 *   and of long-term liabilities (2380–2399, 2600–2799);
 * - cash: cash and bank (1900–1999) at the start and at the end.
 *
 * Every balance-sheet line is in exactly one of these rows, so the rows' total equals the change of cash
 * whenever the balance sheets balance. Inflows are positive, outflows negative.
 */
export function cashFlowRows(
  income: readonly StatementRow[],
  opening: readonly StatementRow[],
  closing: readonly StatementRow[],
): StatementRow[] {
  const value = (rows: readonly StatementRow[], key: string) => rows.find((r) => r.key === key)?.value ?? 0n;
  const change = (...keys: string[]) =>
    keys.reduce((total, key) => total + value(closing, key) - value(opening, key), 0n);
  const result = value(income, 'profit');
  const depreciation = -value(income, 'depreciation');
  const lines: [string, LineName, MinorUnits | string[]][] = [
    ['result', n('Tilikauden voitto (tappio)', 'Räkenskapsperiodens vinst (förlust)'), result],
    ['depreciation', n('Poistot ja arvonalentumiset', 'Avskrivningar och nedskrivningar'), depreciation],
    [
      'appropriationsAndProvisions',
      n(
        'Tilinpäätössiirtojen ja pakollisten varausten muutos',
        'Förändring av bokslutsdispositioner och obligatoriska reserveringar',
      ),
      change('appropriationsAccumulated', 'provisions'),
    ],
    ['inventories', n('Vaihto-omaisuuden muutos', 'Förändring av omsättningstillgångar'), -change('inventories')],
    [
      'receivables',
      n('Lyhytaikaisten saamisten muutos', 'Förändring av kortfristiga fordringar'),
      -change('shortTermReceivables'),
    ],
    [
      'payables',
      n('Lyhytaikaisen vieraan pääoman muutos', 'Förändring av kortfristigt främmande kapital'),
      change('shortTermLiabilities'),
    ],
    [
      'operations',
      n('Liiketoiminnan rahavirta', 'Kassaflöde från rörelsen'),
      ['result', 'depreciation', 'appropriationsAndProvisions', 'inventories', 'receivables', 'payables'],
    ],
    [
      'fixedAssets',
      n('Investoinnit pysyviin vastaaviin (netto)', 'Investeringar i bestående aktiva (netto)'),
      -(change('fixedAssets') + depreciation),
    ],
    [
      'longTermReceivables',
      n(
        'Pitkäaikaisten saamisten ja rahoitusarvopapereiden muutos',
        'Förändring av långfristiga fordringar och finansiella värdepapper',
      ),
      -change('longTermReceivables', 'securities'),
    ],
    [
      'investments',
      n('Investointien rahavirta', 'Kassaflöde från investeringar'),
      ['fixedAssets', 'longTermReceivables'],
    ],
    [
      'equity',
      n('Oman pääoman muutos (pl. tilikauden tulos)', 'Förändring av eget kapital (exkl. periodens resultat)'),
      change('equity') - result,
    ],
    [
      'longTermLiabilities',
      n('Pitkäaikaisen vieraan pääoman muutos', 'Förändring av långfristigt främmande kapital'),
      change('longTermLiabilities'),
    ],
    ['financing', n('Rahoituksen rahavirta', 'Kassaflöde från finansieringen'), ['equity', 'longTermLiabilities']],
    ['cashChange', n('Rahavarojen muutos', 'Förändring av likvida medel'), ['operations', 'investments', 'financing']],
    ['cashAtStart', n('Rahavarat kauden alussa', 'Likvida medel vid periodens början'), value(opening, 'cash')],
    ['cashAtEnd', n('Rahavarat kauden lopussa', 'Likvida medel vid periodens slut'), value(closing, 'cash')],
  ];
  const position = new Map(lines.map(([key], i) => [key, i + 1]));
  const values = new Map<string, MinorUnits>();
  return lines.map(([key, name, of]) => {
    const subtotal = Array.isArray(of);
    const amount = subtotal ? of.reduce((total, k) => total + values.get(k)!, 0n) : of;
    values.set(key, amount);
    return { key, name, subtotal, of: subtotal ? of.map((k) => position.get(k)!) : [], value: amount };
  });
}

// ---------------------------------------------------------------------------------------- account types by range

type AccountType = 'ASSET' | 'LIABILITY' | 'EQUITY' | 'INCOME' | 'EXPENSE';

/**
 * The account types a four-digit account number allows, by the decree's classes as the standard chart places
 * them: 1000–1999 assets (vastaavaa), 2000–2379 equity and 2380–2999 liabilities (vastattavaa: capital loans,
 * accumulated appropriations, provisions and debt), 3000–9999 the income statement, where income and expense
 * accounts alternate (e.g. variation of inventories 3600–3649, financial items 9000–9699) so either is allowed.
 * Undefined for numbers outside the four-digit ranges: no line of the statements takes them, so any type goes.
 */
export function allowedAccountTypes(account: string): readonly AccountType[] | undefined {
  const number = accountNumber(account);
  if (number === undefined || number < 1000) return undefined;
  if (number < 2000) return ['ASSET'];
  if (number < 2380) return ['EQUITY'];
  if (number < 3000) return ['LIABILITY'];
  return ['INCOME', 'EXPENSE'];
}
