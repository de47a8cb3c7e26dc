// The financial statements of a fiscal year as a document: the decree's formats by company size and the notes
// (liitetiedot) a small company presents (PMA 1753/2015 chapter 3; a larger company's KPA 1339/1997 chapter 2
// asks for these and more). A note is derived from the books where the books hold its figures (the accounting
// principles followed, the changes of equity, revaluations, long-term debt); the others are headings the preparer
// fills in, as only the preparer knows them (securities given, average staff, events after the year end, …).
import type { Decimal } from './decimal.ts';
import {
  BALANCE_SHEET,
  BALANCE_SHEET_FULL,
  INCOME_STATEMENT,
  INCOME_STATEMENT_FULL,
  type ReportLanguage,
  type StatementLine,
} from './financial-statements.ts';

/** SMALL: a small company's formats (PMA 1753/2015 2:1 §, 2:4 §); FULL: the Accounting Ordinance's (KPA 1:1 §, 1:6 §). */
export type StatementFormat = 'SMALL' | 'FULL';

export const STATEMENT_FORMATS: Record<
  StatementFormat,
  { incomeStatement: readonly StatementLine[]; balanceSheet: readonly StatementLine[] }
> = {
  SMALL: { incomeStatement: INCOME_STATEMENT, balanceSheet: BALANCE_SHEET },
  FULL: { incomeStatement: INCOME_STATEMENT_FULL, balanceSheet: BALANCE_SHEET_FULL },
};

/** A line of a statement with this year's figure and the previous year's. */
export interface StatementFigure {
  key: string;
  name: string;
  subtotal: boolean;
  value: Decimal;
  previousValue?: Decimal;
}

export interface StatementNote {
  heading: string;
  text?: string;
  rows?: StatementFigure[];
  /** The preparer fills this note in: the books do not hold what it states. */
  toBeFilled: boolean;
}

interface FiscalYearInfo {
  id: number;
  startDate: string;
  endDate: string;
  closed: boolean;
}

export interface FinancialStatements {
  companyName: string;
  businessId?: string;
  currency: string;
  format: StatementFormat;
  language: ReportLanguage;
  fiscalYear: FiscalYearInfo;
  previousFiscalYear?: FiscalYearInfo;
  incomeStatement: StatementFigure[];
  balanceSheet: StatementFigure[];
  notes: StatementNote[];
  /** Accounts with a balance that no line of the statements takes (numbers outside the chart's ranges). */
  unmappedAccounts: { accountNumber: string; name: string; balance: Decimal }[];
}

type Text = Record<ReportLanguage, string>;

const PRINCIPLES: Record<StatementFormat, Text> = {
  SMALL: {
    fi: 'Tilinpäätös on laadittu pien- ja mikroyrityksen tilinpäätöksessä esitettävistä tiedoista annetun valtioneuvoston asetuksen (1753/2015) mukaisesti.',
    sv: 'Bokslutet har upprättats enligt statsrådets förordning om uppgifter som ska tas upp i små- och mikroföretags bokslut (1753/2015).',
  },
  FULL: {
    fi: 'Tilinpäätös on laadittu kirjanpitolain (1336/1997) ja kirjanpitoasetuksen (1339/1997) mukaisesti.',
    sv: 'Bokslutet har upprättats enligt bokföringslagen (1336/1997) och bokföringsförordningen (1339/1997).',
  },
};

const HEADINGS = {
  principles: { fi: 'Tilinpäätöksen laatimisperiaatteet', sv: 'Principer för upprättande av bokslutet' },
  valuation: {
    fi: 'Pysyvien vastaavien ja vaihto-omaisuuden arvostus- ja jaksotusperiaatteet',
    sv: 'Värderings- och periodiseringsprinciper för bestående aktiva och omsättningstillgångar',
  },
  equity: { fi: 'Oman pääoman muutokset', sv: 'Förändringar i eget kapital' },
  revaluations: { fi: 'Arvonkorotukset', sv: 'Uppskrivningar' },
  exceptional: { fi: 'Poikkeukselliset tuotot ja kulut', sv: 'Exceptionella intäkter och kostnader' },
  longTermDebt: {
    fi: 'Pitkäaikaiset velat, jotka erääntyvät myöhemmin kuin viiden vuoden kuluttua',
    sv: 'Långfristiga skulder som förfaller till betalning senare än efter fem år',
  },
  securities: {
    fi: 'Velat, joiden vakuudeksi on annettu kiinnityksiä tai muita vakuuksia, ja vastuusitoumukset',
    sv: 'Skulder för vilka inteckningar eller andra säkerheter ställts, och ansvarsförbindelser',
  },
  relatedParties: { fi: 'Lähipiiriliiketoimet', sv: 'Transaktioner med närstående' },
  staff: {
    fi: 'Henkilöstön keskimääräinen lukumäärä tilikaudella',
    sv: 'Medeltalet anställda under räkenskapsperioden',
  },
  afterYearEnd: {
    fi: 'Tilinpäätöspäivän jälkeiset olennaiset tapahtumat',
    sv: 'Väsentliga händelser efter räkenskapsperiodens utgång',
  },
} satisfies Record<string, Text>;

const EQUITY_LINES = [
  'shareCapital',
  'sharePremium',
  'revaluationReserve',
  'fairValueReserve',
  'reserves',
  'retainedEarnings',
  'profit',
  'equity',
];

/**
 * The notes of the statements, in the order the decree lists them: the principles the statements follow (which
 * format), the changes of each equity line over the year (its balance at the previous and at this year's end),
 * revaluations (the revaluation reserve) and the long-term debt (for the part due after five years), then the
 * notes only the preparer can write, as headings to fill in.
 */
export function statementNotes(
  format: StatementFormat,
  language: ReportLanguage,
  balanceSheet: readonly StatementFigure[],
): StatementNote[] {
  const lines = (...keys: string[]) => balanceSheet.filter((row) => keys.includes(row.key));
  const derived = (key: keyof typeof HEADINGS, rows: StatementFigure[], text?: string): StatementNote => ({
    heading: HEADINGS[key][language],
    ...(text ? { text } : {}),
    rows,
    toBeFilled: false,
  });
  const toFill = (key: keyof typeof HEADINGS, rows?: StatementFigure[]): StatementNote => ({
    heading: HEADINGS[key][language],
    ...(rows ? { rows } : {}),
    toBeFilled: true,
  });
  return [
    { heading: HEADINGS.principles[language], text: PRINCIPLES[format][language], toBeFilled: false },
    toFill('valuation'),
    derived('equity', lines(...EQUITY_LINES)),
    derived('revaluations', lines('revaluationReserve')),
    toFill('exceptional'),
    toFill('longTermDebt', lines('longTermLiabilities')),
    toFill('securities'),
    toFill('relatedParties'),
    toFill('staff'),
    toFill('afterYearEnd'),
  ];
}
