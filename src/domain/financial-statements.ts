// The income statement and the balance sheet in the formats of the Finnish accounting decree (Kirjanpitoasetus
// 1339/1997, 1:1 § the income statement by nature of expense, 1:6 § the balance sheet), computed from account
// balances of the Finnish standard chart (Liikekirjuri: account number ranges as in domain-facts §2.1 and Odoo's
// l10n_fi chart, whose account tags name the decree's line of each account). Two formats of each: a small
// company's (PMA 1753/2015 2:1 § and 2:4 §, the numbered and Roman-numeral items: INCOME_STATEMENT, BALANCE_SHEET,
// also what POST /reports/accounting answers) and the full formats of KPA 1:1 § and 1:6 § with every lettered and
// numbered item (…_FULL). The items' order and names follow the decree as the Finnish accounting programs lay it
// out over this chart (e.g. Tilitin's balance-sheet format); the keys of the items both formats have are the same.
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

/**
 * The income statement by nature of expense in the full format of the Accounting Ordinance (KPA 1339/1997 1:1 §,
 * as amended from 2016), for a company that is not small: the lettered sub-items of materials and services,
 * personnel expenses, depreciation, financial items and appropriations on lines of their own. The keys of the
 * numbered items and the subtotals are those of the small format.
 */
const smallLine = (key: string): StatementLine => INCOME_STATEMENT.find((line) => line.key === key)!;

export const INCOME_STATEMENT_FULL: readonly StatementLine[] = [
  smallLine('revenue'),
  smallLine('inventoryChange'),
  smallLine('ownUse'),
  smallLine('otherIncome'),
  accounts('purchases', n('Ostot tilikauden aikana', 'Inköp under räkenskapsperioden'), [4000, 4399]),
  accounts('materialsInventoryChange', n('Varastojen muutos', 'Förändring av lager'), [4400, 4449]),
  accounts('externalServices', n('Ulkopuoliset palvelut', 'Externa tjänster'), [4450, 4999]),
  sum(
    'materials',
    n('Materiaalit ja palvelut yhteensä', 'Material och tjänster sammanlagt'),
    'purchases',
    'materialsInventoryChange',
    'externalServices',
  ),
  accounts('wages', n('Palkat ja palkkiot', 'Löner och arvoden'), [5000, 5999]),
  accounts('pensionExpenses', n('Eläkekulut', 'Pensionskostnader'), [6000, 6299]),
  accounts('otherSocialExpenses', n('Muut henkilösivukulut', 'Övriga lönebikostnader'), [6300, 6799]),
  sum(
    'personnel',
    n('Henkilöstökulut yhteensä', 'Personalkostnader sammanlagt'),
    'wages',
    'pensionExpenses',
    'otherSocialExpenses',
  ),
  accounts('plannedDepreciation', n('Suunnitelman mukaiset poistot', 'Avskrivningar enligt plan'), [6800, 6949]),
  accounts(
    'fixedAssetImpairment',
    n('Arvonalentumiset pysyvien vastaavien hyödykkeistä', 'Nedskrivningar av tillgångar bland bestående aktiva'),
    [6950, 6989],
  ),
  accounts(
    'currentAssetImpairment',
    n('Vaihtuvien vastaavien poikkeukselliset arvonalentumiset', 'Exceptionella nedskrivningar av rörliga aktiva'),
    [6990, 6999],
  ),
  sum(
    'depreciation',
    n('Poistot ja arvonalentumiset yhteensä', 'Avskrivningar och nedskrivningar sammanlagt'),
    'plannedDepreciation',
    'fixedAssetImpairment',
    'currentAssetImpairment',
  ),
  smallLine('otherExpenses'),
  smallLine('operatingProfit'),
  accounts(
    'incomeFromGroupShares',
    n('Tuotot osuuksista saman konsernin yrityksissä', 'Intäkter från andelar i företag inom samma koncern'),
    [9000, 9029],
  ),
  accounts(
    'incomeFromAssociatedShares',
    n('Tuotot osuuksista omistusyhteysyrityksissä', 'Intäkter från andelar i ägarintresseföretag'),
    [9030, 9079],
  ),
  accounts(
    'incomeFromOtherInvestments',
    n('Tuotot muista pysyvien vastaavien sijoituksista', 'Intäkter från övriga placeringar bland bestående aktiva'),
    [9080, 9149],
  ),
  accounts(
    'otherFinancialIncome',
    n('Muut korko- ja rahoitustuotot', 'Övriga ränte- och finansiella intäkter'),
    [9150, 9299],
  ),
  accounts(
    'investmentImpairment',
    n('Arvonalentumiset pysyvien vastaavien sijoituksista', 'Nedskrivningar av placeringar bland bestående aktiva'),
    [9300, 9369],
  ),
  accounts(
    'securitiesImpairment',
    n(
      'Arvonalentumiset vaihtuvien vastaavien rahoitusarvopapereista',
      'Nedskrivningar av finansiella värdepapper bland rörliga aktiva',
    ),
    [9370, 9419],
  ),
  accounts(
    'interestExpenses',
    n('Korkokulut ja muut rahoituskulut', 'Räntekostnader och övriga finansiella kostnader'),
    [9420, 9699],
  ),
  sum(
    'financial',
    n('Rahoitustuotot ja -kulut yhteensä', 'Finansiella intäkter och kostnader sammanlagt'),
    'incomeFromGroupShares',
    'incomeFromAssociatedShares',
    'incomeFromOtherInvestments',
    'otherFinancialIncome',
    'investmentImpairment',
    'securitiesImpairment',
    'interestExpenses',
  ),
  smallLine('profitBeforeAppropriations'),
  accounts('depreciationDifferenceChange', n('Poistoeron muutos', 'Förändring av avskrivningsdifferens'), [9700, 9839]),
  accounts(
    'voluntaryProvisionsChange',
    n('Vapaaehtoisten varausten muutos', 'Förändring av frivilliga reserver'),
    [9840, 9899],
  ),
  sum(
    'appropriations',
    n('Tilinpäätössiirrot yhteensä', 'Bokslutsdispositioner sammanlagt'),
    'depreciationDifferenceChange',
    'voluntaryProvisionsChange',
  ),
  smallLine('incomeTaxes'),
  smallLine('otherTaxes'),
  smallLine('profit'),
];

/** Accounts of the income statement: everything from 3000 on. */
const INCOME_STATEMENT_RANGE: readonly [number, number] = [3000, 9999];

/**
 * Equity lines by the chart's ranges, per company form: limited companies (2000–2099), cooperatives (2100–2149),
 * partnerships (2150–2199) and sole traders (2200–2249). The decree keeps share premium, revaluation and fair
 * value reserves apart from the other reserves.
 */
const EQUITY = {
  shareCapital: [
    [2000, 2019],
    [2100, 2109],
    [2150, 2159],
    [2170, 2189],
    [2200, 2209],
  ],
  sharePremium: [
    [2020, 2029],
    [2110, 2119],
  ],
  revaluationReserve: [
    [2030, 2039],
    [2120, 2124],
    [2160, 2164],
    [2190, 2194],
    [2210, 2214],
  ],
  fairValueReserve: [
    [2040, 2049],
    [2125, 2129],
    [2165, 2169],
    [2195, 2199],
    [2215, 2219],
  ],
  legalReserve: [
    [2050, 2059],
    [2130, 2139],
  ],
  statutoryReserves: [
    [2070, 2079],
    [2140, 2144],
  ],
  otherReserves: [
    [2060, 2069],
    [2080, 2099],
    [2145, 2149],
    [2220, 2249],
  ],
} satisfies Record<string, [number, number][]>;

const SHARE_CAPITAL = n('Osake-, osuus- tai muu vastaava pääoma', 'Aktie-, andels- eller annat motsvarande kapital');
const SHARE_PREMIUM = n('Ylikurssirahasto', 'Överkursfond');
const REVALUATION = n('Arvonkorotusrahasto', 'Uppskrivningsfond');
const OTHER_RESERVES = n('Muut rahastot', 'Övriga fonder');
const RETAINED = n('Edellisten tilikausien voitto (tappio)', 'Vinst (förlust) från tidigare räkenskapsperioder');
const PROFIT = n('Tilikauden voitto (tappio)', 'Räkenskapsperiodens vinst (förlust)');

/**
 * The balance sheet of a small company (pienyritys), PMA 1753/2015 2:4 §: the Roman-numeral items of the
 * decree's balance sheet, every one on its own line (share premium and revaluation reserve included).
 */
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
  accounts('shareCapital', SHARE_CAPITAL, ...EQUITY.shareCapital),
  accounts('sharePremium', SHARE_PREMIUM, ...EQUITY.sharePremium),
  accounts('revaluationReserve', REVALUATION, ...EQUITY.revaluationReserve),
  // a small company keeps no fair value reserve (PMA 1753/2015 has no such item); one booked goes with the others
  accounts(
    'reserves',
    OTHER_RESERVES,
    ...EQUITY.fairValueReserve,
    ...EQUITY.legalReserve,
    ...EQUITY.statutoryReserves,
    ...EQUITY.otherReserves,
  ),
  accounts('retainedEarnings', RETAINED, [2250, 2369]),
  accounts('profit', PROFIT, [2370, 2379]),
  sum(
    'equity',
    n('Oma pääoma', 'Eget kapital'),
    'shareCapital',
    'sharePremium',
    'revaluationReserve',
    'reserves',
    'retainedEarnings',
    'profit',
  ),
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

/**
 * The lines of the debts (KPA 1:6 § D 1–11, and deferred tax liabilities), long-term (2600–2799) or short-term
 * (2800–2999) by the chart's ranges from `base`; the accruals end at `base + accrualsEnd`.
 */
function debtLines(prefix: string, base: number, accrualsEnd: number): StatementLine[] {
  const at = (low: number, high: number): [number, number] => [base + low, base + high];
  return [
    accounts(`${prefix}CapitalLoans`, n('Pääomalainat', 'Kapitallån'), at(0, 9)),
    accounts(`${prefix}Bonds`, n('Joukkovelkakirjalainat', 'Obligationslån'), at(10, 14)),
    accounts(`${prefix}ConvertibleBonds`, n('Vaihtovelkakirjalainat', 'Konvertibla lån'), at(15, 19)),
    accounts(
      `${prefix}LoansFromCreditInstitutions`,
      n('Lainat rahoituslaitoksilta', 'Skulder till kreditinstitut'),
      at(20, 49),
    ),
    accounts(`${prefix}PensionLoans`, n('Eläkelainat', 'Pensionslån'), at(50, 59)),
    accounts(`${prefix}AdvancesReceived`, n('Saadut ennakot', 'Erhållna förskott'), at(60, 69)),
    accounts(`${prefix}TradePayables`, n('Ostovelat', 'Leverantörsskulder'), at(70, 89)),
    accounts(`${prefix}BillsPayable`, n('Rahoitusvekselit', 'Växelskulder'), at(90, 99)),
    accounts(
      `${prefix}GroupPayables`,
      n('Velat saman konsernin yrityksille', 'Skulder till företag inom samma koncern'),
      at(100, 109),
    ),
    accounts(
      `${prefix}AssociatedPayables`,
      n('Velat omistusyhteysyrityksille', 'Skulder till ägarintresseföretag'),
      at(110, 119),
    ),
    accounts(`${prefix}OtherPayables`, n('Muut velat', 'Övriga skulder'), at(120, 149)),
    accounts(`${prefix}Accruals`, n('Siirtovelat', 'Resultatregleringar'), at(150, accrualsEnd)),
    accounts(`${prefix}DeferredTax`, n('Laskennalliset verovelat', 'Latenta skatteskulder'), at(accrualsEnd + 1, 199)),
  ];
}

/** The receivables (KPA 1:6 § B II 1–7), long-term or short-term, each item at its ranges of the chart. */
function receivableLines(prefix: string, ranges: readonly [number, number][]): StatementLine[] {
  const [trade, group, associated, loans, other, unpaid, accrued] = ranges;
  return [
    accounts(`${prefix}TradeReceivables`, n('Myyntisaamiset', 'Kundfordringar'), trade),
    accounts(
      `${prefix}GroupReceivables`,
      n('Saamiset saman konsernin yrityksiltä', 'Fordringar hos företag inom samma koncern'),
      group,
    ),
    accounts(
      `${prefix}AssociatedReceivables`,
      n('Saamiset omistusyhteysyrityksiltä', 'Fordringar hos ägarintresseföretag'),
      associated,
    ),
    accounts(`${prefix}LoanReceivables`, n('Lainasaamiset', 'Lånefordringar'), loans),
    accounts(`${prefix}OtherReceivables`, n('Muut saamiset', 'Övriga fordringar'), other),
    accounts(
      `${prefix}UnpaidShareCapital`,
      n('Maksamattomat osakkeet/osuudet', 'Obetalt aktie- eller andelskapital'),
      unpaid,
    ),
    accounts(`${prefix}AccruedIncome`, n('Siirtosaamiset', 'Resultatregleringar'), accrued),
  ];
}

const keysOf = (lines: readonly StatementLine[]) => lines.map((line) => line.key);

const LONG_TERM_RECEIVABLES = [
  ...receivableLines('longTerm', [
    [1600, 1629],
    [1630, 1639],
    [1640, 1649],
    [1650, 1659],
    [1660, 1669],
    [1670, 1679],
    [1680, 1689],
  ]),
  accounts('longTermDeferredTaxAssets', n('Laskennalliset verosaamiset', 'Latenta skattefordringar'), [1690, 1699]),
];
const SHORT_TERM_RECEIVABLES = receivableLines('shortTerm', [
  [1700, 1729],
  [1730, 1739],
  [1740, 1749],
  [1750, 1759],
  [1760, 1779],
  [1780, 1799],
  [1800, 1849],
]);
const LONG_TERM_DEBT = debtLines('longTerm', 2600, 169);
const SHORT_TERM_DEBT = debtLines('shortTerm', 2800, 179);

/**
 * The balance sheet in the full format of the Accounting Ordinance (KPA 1339/1997 1:6 §, as amended), for a
 * company that is not small: every numbered item of the decree on its own line under its Roman-numeral item. The
 * lines' keys of the Roman-numeral items and the totals are those of the small format.
 */
export const BALANCE_SHEET_FULL: readonly StatementLine[] = [
  accounts('developmentCosts', n('Kehittämismenot', 'Utvecklingsutgifter'), [1000, 1029]),
  accounts('intangibleRights', n('Aineettomat oikeudet', 'Immateriella rättigheter'), [1030, 1049]),
  accounts('goodwill', n('Liikearvo', 'Goodwill'), [1050, 1069]),
  accounts(
    'otherLongTermExpenses',
    n('Muut pitkävaikutteiset menot', 'Övriga utgifter med lång verkningstid'),
    [1070, 1089],
  ),
  accounts('intangibleAdvances', n('Ennakkomaksut', 'Förskottsbetalningar'), [1090, 1099]),
  sum(
    'intangibleAssets',
    n('Aineettomat hyödykkeet yhteensä', 'Immateriella tillgångar sammanlagt'),
    'developmentCosts',
    'intangibleRights',
    'goodwill',
    'otherLongTermExpenses',
    'intangibleAdvances',
  ),
  accounts('land', n('Maa- ja vesialueet', 'Mark- och vattenområden'), [1100, 1119]),
  accounts('buildings', n('Rakennukset ja rakennelmat', 'Byggnader och konstruktioner'), [1120, 1159]),
  accounts('machinery', n('Koneet ja kalusto', 'Maskiner och inventarier'), [1160, 1299]),
  accounts('otherTangibleAssets', n('Muut aineelliset hyödykkeet', 'Övriga materiella tillgångar'), [1300, 1379]),
  accounts(
    'tangibleAdvances',
    n('Ennakkomaksut ja keskeneräiset hankinnat', 'Förskottsbetalningar och pågående nyanläggningar'),
    [1380, 1399],
  ),
  sum(
    'tangibleAssets',
    n('Aineelliset hyödykkeet yhteensä', 'Materiella tillgångar sammanlagt'),
    'land',
    'buildings',
    'machinery',
    'otherTangibleAssets',
    'tangibleAdvances',
  ),
  accounts(
    'groupShares',
    n('Osuudet saman konsernin yrityksissä', 'Andelar i företag inom samma koncern'),
    [1400, 1409],
  ),
  accounts(
    'groupInvestmentReceivables',
    n('Saamiset saman konsernin yrityksiltä', 'Fordringar hos företag inom samma koncern'),
    [1410, 1419],
  ),
  accounts('associatedShares', n('Osuudet omistusyhteysyrityksissä', 'Andelar i ägarintresseföretag'), [1420, 1429]),
  accounts(
    'associatedInvestmentReceivables',
    n('Saamiset omistusyhteysyrityksiltä', 'Fordringar hos ägarintresseföretag'),
    [1430, 1439],
  ),
  accounts('otherShares', n('Muut osakkeet ja osuudet', 'Övriga aktier och andelar'), [1440, 1469]),
  accounts('otherInvestmentReceivables', n('Muut saamiset', 'Övriga fordringar'), [1470, 1499]),
  sum(
    'investments',
    n('Sijoitukset yhteensä', 'Placeringar sammanlagt'),
    'groupShares',
    'groupInvestmentReceivables',
    'associatedShares',
    'associatedInvestmentReceivables',
    'otherShares',
    'otherInvestmentReceivables',
  ),
  sum(
    'fixedAssets',
    n('Pysyvät vastaavat yhteensä', 'Bestående aktiva sammanlagt'),
    'intangibleAssets',
    'tangibleAssets',
    'investments',
  ),
  accounts('rawMaterials', n('Aineet ja tarvikkeet', 'Material och förnödenheter'), [1500, 1509]),
  accounts('workInProgress', n('Keskeneräiset tuotteet', 'Varor under tillverkning'), [1510, 1519]),
  accounts('finishedGoods', n('Valmiit tuotteet/tavarat', 'Färdiga varor'), [1520, 1539]),
  accounts('otherInventories', n('Muu vaihto-omaisuus', 'Övriga omsättningstillgångar'), [1540, 1549]),
  accounts('inventoryAdvances', n('Ennakkomaksut', 'Förskottsbetalningar'), [1550, 1599]),
  sum(
    'inventories',
    n('Vaihto-omaisuus yhteensä', 'Omsättningstillgångar sammanlagt'),
    'rawMaterials',
    'workInProgress',
    'finishedGoods',
    'otherInventories',
    'inventoryAdvances',
  ),
  ...LONG_TERM_RECEIVABLES,
  sum(
    'longTermReceivables',
    n('Pitkäaikaiset saamiset yhteensä', 'Långfristiga fordringar sammanlagt'),
    ...keysOf(LONG_TERM_RECEIVABLES),
  ),
  ...SHORT_TERM_RECEIVABLES,
  sum(
    'shortTermReceivables',
    n('Lyhytaikaiset saamiset yhteensä', 'Kortfristiga fordringar sammanlagt'),
    ...keysOf(SHORT_TERM_RECEIVABLES),
  ),
  accounts(
    'groupSecurities',
    n('Osuudet saman konsernin yrityksissä', 'Andelar i företag inom samma koncern'),
    [1850, 1869],
  ),
  accounts('otherSharesHeld', n('Muut osakkeet ja osuudet', 'Övriga aktier och andelar'), [1870, 1889]),
  accounts('otherSecurities', n('Muut arvopaperit', 'Övriga värdepapper'), [1890, 1899]),
  sum(
    'securities',
    n('Rahoitusarvopaperit yhteensä', 'Finansiella värdepapper sammanlagt'),
    'groupSecurities',
    'otherSharesHeld',
    'otherSecurities',
  ),
  accounts('cash', n('Rahat ja pankkisaamiset', 'Kassa och bank'), [1900, 1999]),
  sum(
    'currentAssets',
    n('Vaihtuvat vastaavat yhteensä', 'Rörliga aktiva sammanlagt'),
    'inventories',
    'longTermReceivables',
    'shortTermReceivables',
    'securities',
    'cash',
  ),
  sum('assets', n('Vastaavaa yhteensä', 'Aktiva sammanlagt'), 'fixedAssets', 'currentAssets'),
  accounts('shareCapital', SHARE_CAPITAL, ...EQUITY.shareCapital),
  accounts('sharePremium', SHARE_PREMIUM, ...EQUITY.sharePremium),
  accounts('revaluationReserve', REVALUATION, ...EQUITY.revaluationReserve),
  accounts('fairValueReserve', n('Käyvän arvon rahasto', 'Fond för verkligt värde'), ...EQUITY.fairValueReserve),
  accounts('legalReserve', n('Vararahasto', 'Reservfond'), ...EQUITY.legalReserve),
  accounts(
    'statutoryReserves',
    n('Yhtiöjärjestyksen tai sääntöjen mukaiset rahastot', 'Fonder enligt bolagsordningen eller stadgarna'),
    ...EQUITY.statutoryReserves,
  ),
  accounts('otherReserves', OTHER_RESERVES, ...EQUITY.otherReserves),
  sum(
    'reserves',
    n('Muut rahastot yhteensä', 'Övriga fonder sammanlagt'),
    'legalReserve',
    'statutoryReserves',
    'otherReserves',
  ),
  accounts('retainedEarnings', RETAINED, [2250, 2369]),
  accounts('profit', PROFIT, [2370, 2379]),
  sum(
    'equity',
    n('Oma pääoma yhteensä', 'Eget kapital sammanlagt'),
    'shareCapital',
    'sharePremium',
    'revaluationReserve',
    'fairValueReserve',
    'reserves',
    'retainedEarnings',
    'profit',
  ),
  accounts('depreciationDifference', n('Poistoero', 'Avskrivningsdifferens'), [2400, 2449]),
  accounts('voluntaryProvisions', n('Vapaaehtoiset varaukset', 'Frivilliga reserver'), [2450, 2499]),
  sum(
    'appropriationsAccumulated',
    n('Tilinpäätössiirtojen kertymä yhteensä', 'Ackumulerade bokslutsdispositioner sammanlagt'),
    'depreciationDifference',
    'voluntaryProvisions',
  ),
  accounts('pensionProvisions', n('Eläkevaraukset', 'Pensionsreserveringar'), [2500, 2529]),
  accounts('taxProvisions', n('Verovaraukset', 'Skattereserveringar'), [2530, 2549]),
  accounts('otherProvisions', n('Muut pakolliset varaukset', 'Övriga obligatoriska reserveringar'), [2550, 2599]),
  sum(
    'provisions',
    n('Pakolliset varaukset yhteensä', 'Obligatoriska reserveringar sammanlagt'),
    'pensionProvisions',
    'taxProvisions',
    'otherProvisions',
  ),
  // capital loans of a cooperative (2380–2399) are long-term debt, with the company's own capital loans
  accounts('longTermCooperativeCapitalLoans', n('Pääomalainat (osuuskunta)', 'Kapitallån (andelslag)'), [2380, 2399]),
  ...LONG_TERM_DEBT,
  sum(
    'longTermLiabilities',
    n('Pitkäaikainen vieras pääoma yhteensä', 'Långfristigt främmande kapital sammanlagt'),
    'longTermCooperativeCapitalLoans',
    ...keysOf(LONG_TERM_DEBT),
  ),
  ...SHORT_TERM_DEBT,
  sum(
    'shortTermLiabilities',
    n('Lyhytaikainen vieras pääoma yhteensä', 'Kortfristigt främmande kapital sammanlagt'),
    ...keysOf(SHORT_TERM_DEBT),
  ),
  sum(
    'liabilities',
    n('Vieras pääoma yhteensä', 'Främmande kapital sammanlagt'),
    'longTermLiabilities',
    'shortTermLiabilities',
  ),
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
