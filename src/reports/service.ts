// Reports over the general ledger: trial balance, general ledger, account balances, the income statement and the
// balance sheet. Every figure comes from one primitive, `store.movements` (debits and credits per account over
// a range of days), combined here by the fiscal-year rules of balances.ts and the decree's formats of
// src/domain/financial-statements.ts; the GET reports and the real interface's POST reports are views over the
// same methods.
import type { AppContext } from '../platform/context.ts';
import { apiError } from '../platform/errors.ts';
import { hasRight, type RightLeaf, type Rights } from '../platform/rights.ts';
import { isoDate } from '../platform/clock.ts';
import { pdfOf, renderInWorker, workerEntry } from '../platform/render-pool.ts';
import { paged, type PageRequest } from '../platform/paging.ts';
import { Decimal, fromMinorUnits, toMinorUnits, type MinorUnits } from '../domain/decimal.ts';
import {
  BALANCE_SHEET,
  cashFlowRows,
  INCOME_STATEMENT,
  lineOf,
  statementRows,
  type ReportLanguage,
  type StatementLine,
  type StatementRow,
} from '../domain/financial-statements.ts';
import {
  STATEMENT_FORMATS,
  statementNotes,
  type FinancialStatements,
  type StatementFormat,
} from '../domain/financial-statement-notes.ts';
import { findDimensionItems } from '../dimensions/index.ts';
import { balancesOn, fiscalYearStartOn, netOf, restartsEachYear, trialBalance } from './balances.ts';
import * as store from './store.ts';
import { BEGINNING, folded } from './store.ts';
import type { ChartAccount, LineFilter, Movements, ReceiptFilter, StatusFilter } from './store.ts';
import type { ReportReceiptStatus } from './schemas.ts';
import type { LineDetails } from './line-details.ts';

const MAX_ACCOUNTS = 200;
const STATEMENTS_WORKER = workerEntry(import.meta.url, 'statements-render-worker');
/** Lines one general-ledger report of an account may hold (it has no paging in the real interface). */
const MAX_ACCOUNT_LINES = 10_000;

const money = (units: MinorUnits): Decimal => fromMinorUnits(units);

type AccountType = 'ASSET' | 'LIABILITY' | 'EQUITY' | 'INCOME' | 'EXPENSE';

function accountFields(number: string, account: ChartAccount | undefined) {
  const out: { accountNumber: string; name: string; type?: AccountType } = {
    accountNumber: number,
    name: account?.name ?? '',
  };
  if (account) out.type = account.type as AccountType;
  return out;
}

/** Parses `accounts=1910,3000`: at most 200 distinct numbers, in order. */
export function parseAccounts(param: string | undefined): string[] | undefined {
  if (param === undefined) return undefined;
  const numbers = [...new Set(param.split(',').filter((n) => n !== ''))];
  if (numbers.length > MAX_ACCOUNTS)
    throw apiError('TOO_MANY_ACCOUNTS', 'accounts', { max: MAX_ACCOUNTS, count: numbers.length });
  return numbers;
}

function checkRange(startDate: string, endDate: string, field = 'startDate'): void {
  if (startDate > endDate) throw apiError('START_DATE_AFTER_END_DATE', field);
}

/** A dimension item to filter by, as asked (both parts or neither). */
export interface DimensionFilter {
  dimensionId: number;
  itemId: number;
}

/** The filters of a report request, checked and resolved: see `reportOptions`. */
export interface ReportFilter extends Omit<LineFilter, 'accounts'> {
  dimension?: DimensionFilter;
}

export interface Period {
  startDate: string;
  endDate: string;
}

export type StatementType = 'INCOME_STATEMENT' | 'BALANCE_SHEET' | 'CASH_FLOW';

const LANGUAGES: Record<string, ReportLanguage> = { fi: 'fi', finnish: 'fi', sv: 'sv', swedish: 'sv' };

/** The options of the real report requests (each request has a subset of them). */
interface RequestOptions {
  receiptType?: string[];
  reportLanguage?: string;
  receiptName?: string;
  receiptCurrency?: string;
  transactionCurrency?: string;
  entryPeriodStart?: string;
  entryPeriodEnd?: string;
  transactionValue?: string;
  customerCompanyId?: string;
  receiptNumbers?: string;
  transactionDescription?: string;
}

interface ReportRequest {
  receiptStatus?: ReportReceiptStatus[];
  options?: RequestOptions;
  dimension?: DimensionFilter;
}

/** `1,3,5-9`: receipt numbers and inclusive ranges (the schema's pattern has checked the syntax). */
function receiptNumberRanges(text: string): [number, number][] {
  return text
    .split(',')
    .map((part) => part.split('-').map((n) => Number(n.trim())))
    .map(([low, high = low]): [number, number] => {
      if (low > high)
        throw apiError('REPORT_FILTER_INVALID', 'options.receiptNumbers', {
          filter: 'receiptNumbers',
          reason: `the range ${low}-${high} ends before it starts`,
        });
      return [low, high];
    });
}

/** `transactionValue`: an exact amount; unsigned it matches a debit or a credit of that size, signed only its side. */
function amountOf(text: string): { minor: MinorUnits; eitherSide: boolean } {
  const value = new Decimal(text.trim().replace(',', '.'));
  return { minor: toMinorUnits(value), eitherSide: !/^[+-]/.test(text.trim()) };
}

/** The document currency the currency options ask for; two different ones contradict each other (400). */
function currencyOf(options: RequestOptions): string | undefined {
  const { receiptCurrency, transactionCurrency } = options;
  if (receiptCurrency && transactionCurrency && receiptCurrency !== transactionCurrency)
    throw apiError('REPORT_FILTER_INVALID', 'options.transactionCurrency', {
      filter: 'transactionCurrency',
      reason: `every line of a receipt is in its document's currency, so it cannot differ from receiptCurrency ${receiptCurrency}`,
    });
  return receiptCurrency ?? transactionCurrency;
}

interface CompanyOfReport {
  companyId: number;
  currency: string;
}

/** The invoice types that are posted, each with the right that lets one view its invoices. */
const POSTED_INVOICE_RIGHTS: Record<string, RightLeaf> = {
  SALES_INVOICE: 'sales.salesInvoices',
  PURCHASE_INVOICE: 'purchases.purchaseInvoices',
  TRAVEL_INVOICE: 'travelAndExpenses.travelInvoices',
  BILL_OF_CHARGES: 'travelAndExpenses.expenseInvoices',
};

/**
 * The receipts `receiptStatus` asks for (see its description in schemas.ts). APPROVED alone, the default, is
 * the ledger itself (undefined: the month totals answer it). APPROVED and UNFINISHED are statuses of receipts;
 * every other one is a status only invoices have, so it selects the receipts of the invoices in it, of the types
 * the caller may view: the report right opens the ledger, not the invoices, so the others are left out (as the
 * invoice listings leave them out) rather than refusing a request another caller may make.
 */
function statusFilter(statuses: readonly ReportReceiptStatus[] | undefined, rights: Rights): StatusFilter | undefined {
  const asked = new Set(statuses ?? []);
  if (asked.size === 0 || (asked.size === 1 && asked.has('APPROVED'))) return undefined;
  const receipts = (['APPROVED', 'UNFINISHED'] as const).filter((status) => asked.has(status));
  const ofInvoices = [...asked].filter((status) => status !== 'APPROVED' && status !== 'UNFINISHED');
  if (ofInvoices.length === 0) return { receipts };
  const types = Object.keys(POSTED_INVOICE_RIGHTS).filter((type) =>
    hasRight(rights, { leaf: POSTED_INVOICE_RIGHTS[type], level: 'view' }),
  );
  return { receipts, invoices: { statuses: ofInvoices, types } };
}

/**
 * The filter and language of a real report request: every option is applied, none ignored. 400 for
 * contradictory options; 403 for a `customerCompanyId` other than the company the caller acts for.
 */
function reportOptions(
  request: ReportRequest,
  company: CompanyOfReport,
  rights: Rights,
): { filter: ReportFilter; language: ReportLanguage } {
  const options = request.options ?? {};
  const language = LANGUAGES[(options.reportLanguage ?? 'fi').toLowerCase()];
  if (!language) throw apiError('REPORT_LANGUAGE_NOT_SUPPORTED', 'options.reportLanguage');
  if (options.customerCompanyId !== undefined && options.customerCompanyId.trim() !== String(company.companyId))
    throw apiError('REPORT_CUSTOMER_COMPANY_NOT_ALLOWED', 'options.customerCompanyId');
  const filter: ReportFilter = {};
  const statuses = statusFilter(request.receiptStatus, rights);
  if (statuses) filter.statuses = statuses;
  if (request.dimension) filter.dimension = request.dimension;
  if (options.receiptType && options.receiptType.length > 0) filter.receiptTypes = [...new Set(options.receiptType)];
  const receipts: ReceiptFilter = {};
  if (options.receiptName !== undefined && options.receiptName.trim() !== '')
    receipts.name = folded(options.receiptName.trim());
  if (options.receiptNumbers !== undefined) receipts.numbers = receiptNumberRanges(options.receiptNumbers);
  const { entryPeriodStart: first, entryPeriodEnd: last } = options;
  if (first !== undefined && last !== undefined) checkRange(first, last, 'options.entryPeriodStart');
  if (first !== undefined || last !== undefined) receipts.entered = { first, last };
  const currency = currencyOf(options);
  if (currency !== undefined) receipts.currency = { currency, companyCurrency: company.currency };
  if (Object.keys(receipts).length > 0) filter.receipts = receipts;
  if (options.transactionDescription !== undefined && options.transactionDescription.trim() !== '')
    filter.description = folded(options.transactionDescription.trim());
  if (options.transactionValue !== undefined) filter.amount = amountOf(options.transactionValue);
  return { filter, language };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * Where the line at `offset` of the general ledger is: its account, the first day of its month within the period
 * (or the period's start), and how many lines of that account from that day come before it. None past the end.
 * `months` are the lines per month of the account holding the offset, which `before` lines of earlier accounts
 * precede.
 */
function pageStart(
  months: store.MonthLines[],
  offset: number,
  before: number,
  start: string,
): store.PageStart | undefined {
  for (const m of months) {
    if (offset < before + m.count)
      return { account: m.account, date: maxDate(start, `${m.month}-01`), skip: offset - before };
    before += m.count;
  }
  return undefined;
}

/** The account holding the line at `offset`, and how many lines the accounts before it hold. */
function accountAt(accounts: store.AccountLines[], offset: number) {
  let before = 0;
  for (const a of accounts) {
    if (offset < before + a.count) return { account: a.account, before };
    before += a.count;
  }
  return undefined;
}

export class ReportService {
  readonly #ctx: AppContext;
  readonly #lineDetails: LineDetails;
  constructor(ctx: AppContext, lineDetails: LineDetails) {
    this.#ctx = ctx;
    this.#lineDetails = lineDetails;
  }

  async #chart(companyId: number, numbers?: string[]): Promise<Map<string, ChartAccount>> {
    return new Map((await store.chart(this.#ctx.readDb, companyId, numbers)).map((a) => [a.number, a]));
  }

  async #yearStarts(companyId: number) {
    const years = await store.fiscalYears(this.#ctx.readDb, companyId);
    return (date: string) => fiscalYearStartOn(years, date) ?? BEGINNING;
  }

  /** Checks a dimension filter against the company's register: the item must exist in that dimension. */
  async checkDimension(companyId: number, dimension: DimensionFilter | undefined, field: string): Promise<void> {
    if (!dimension) return;
    const [item] = await findDimensionItems(this.#ctx.readDb, companyId, [dimension.itemId]);
    if (!item || item.dimensionId !== dimension.dimensionId)
      throw apiError('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION', field);
  }

  #movements(companyId: number, from: string, through: string, filter: LineFilter): Promise<Movements> {
    return store.movements(this.#ctx.readDb, companyId, from, through, filter);
  }

  /** The four spans of a period (balances.ts `PeriodSpans`), each one query of `movements`. */
  async #spans(companyId: number, start: string, end: string, filter: LineFilter) {
    const yearStart = await this.#yearStarts(companyId);
    const startYear = yearStart(start);
    const endYear = yearStart(end);
    const [beforeStartYear, startYearBeforeStart, period, endYearSpan, endYearCarried] = await Promise.all([
      store.carriedTo(this.#ctx.readDb, companyId, startYear, filter),
      this.#movements(companyId, startYear, store.dayBefore(start), filter),
      this.#movements(companyId, start, end, filter),
      endYear === startYear ? undefined : this.#movements(companyId, endYear, end, filter),
      endYear === startYear ? undefined : store.carriedTo(this.#ctx.readDb, companyId, endYear, filter),
    ]);
    return {
      spans: { beforeStartYear, startYearBeforeStart, period, endYear: endYearSpan, endYearCarried },
      startYear: startYear === BEGINNING ? null : startYear,
      endYear: endYear === BEGINNING ? null : endYear,
    };
  }

  async trialBalance(companyId: number, startDate: string, endDate: string, filter: ReportFilter = {}) {
    checkRange(startDate, endDate);
    const { spans, startYear, endYear } = await this.#spans(companyId, startDate, endDate, filter);
    const chart = await this.#chart(companyId);
    const report = trialBalance(spans, chart);
    return {
      startDate,
      endDate,
      fiscalYearStartDate: startYear,
      endFiscalYearStartDate: endYear,
      accounts: report.rows.map((r) => ({
        ...accountFields(r.account, chart.get(r.account)),
        openingBalance: money(r.opening),
        debit: money(r.debit),
        credit: money(r.credit),
        closedAtYearStart: money(r.closedAtYearStart),
        closingBalance: money(r.closing),
      })),
      totals: {
        openingBalance: money(report.totals.opening),
        debit: money(report.totals.debit),
        credit: money(report.totals.credit),
        closingBalance: money(report.totals.closing),
      },
      previousYearsResult: money(report.previousYearsResult),
    };
  }

  async generalLedger(
    companyId: number,
    startDate: string,
    endDate: string,
    accounts: string[] | undefined,
    page: PageRequest,
  ) {
    checkRange(startDate, endDate);
    const db = this.#ctx.readDb;
    const query = { start: startDate, end: endDate, accounts };
    // The page is found from the month line counts: which account and month hold its first line, and how many of
    // that month's lines come before it. Only those are skipped, so a deep page costs what the first one does.
    // First the account (one row per account), then the month within it (the rows of that account only).
    const perAccount = await store.accountLines(db, companyId, startDate, endDate, accounts);
    const total = perAccount.reduce((sum, a) => sum + a.count, 0);
    const holding = accountAt(perAccount, page.offset);
    const at = holding
      ? pageStart(
          await store.monthLines(db, companyId, startDate, endDate, [holding.account]),
          page.offset,
          holding.before,
          startDate,
        )
      : undefined;
    const { lines, skipped } = at
      ? await store.pageFrom(
          db,
          companyId,
          query,
          page.pageSize,
          at,
          perAccount.filter((a) => a.account > at.account),
        )
      : { lines: [], skipped: 0n };
    const onPage = [...new Set(lines.map((l) => l.account))];
    const { spans } = await this.#spans(companyId, startDate, endDate, { accounts: onPage });
    const chart = await this.#chart(companyId, onPage);
    const summary = new Map(trialBalance(spans, chart).rows.map((r) => [r.account, r]));

    // Running balances: each account on the page starts from its opening balance, except the first one, which
    // may continue from the previous page: add its lines of the period that sort before this page, those before
    // the page's month from the month totals, those of its month passed over to reach the page.
    const running = new Map<string, MinorUnits>();
    for (const account of onPage) running.set(account, summary.get(account)?.opening ?? 0n);
    if (at && lines[0]?.account === at.account) {
      const earlier = (
        await this.#movements(companyId, startDate, store.dayBefore(at.date), { accounts: [at.account] })
      ).get(at.account);
      running.set(at.account, running.get(at.account)! + skipped + (earlier ? earlier.debit - earlier.credit : 0n));
    }
    const results = lines.map((l) => {
      const balance = running.get(l.account)! + l.amount;
      running.set(l.account, balance);
      const line: Record<string, unknown> = {
        accountNumber: l.account,
        date: l.date,
        ledgerReceiptId: l.receiptId,
        receiptNumber: l.receiptNumber,
        receiptName: l.receiptName,
        receiptType: l.receiptType,
        transactionId: l.entryId,
      };
      if (l.description) line.description = l.description;
      if (l.partnerId !== null) line.partnerId = l.partnerId;
      if (l.vatPercent !== null) line.vatPercent = new Decimal(l.vatPercent);
      line.accountingValue = money(l.amount);
      line.balance = money(balance);
      return line;
    });
    // Accounts with an opening balance but no line in the period (retained earnings after a close, share
    // capital) have no page of their own: the first page lists them too, so the pages together list every account
    // of the trial balance.
    const withLines = new Set(perAccount.map((a) => a.account));
    const balanceOnly =
      page.offset === 0 ? await this.#openingOnly(companyId, startDate, endDate, accounts, withLines) : [];
    const allCharted = new Map([
      ...chart,
      ...(await this.#chart(
        companyId,
        balanceOnly.map((r) => r.account),
      )),
    ]);
    const none = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
    const rows = [...onPage.map((account) => summary.get(account) ?? { ...none, account }), ...balanceOnly].sort(
      (a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
    );
    const accountsOut = rows.map((r) => ({
      ...accountFields(r.account, allCharted.get(r.account)),
      openingBalance: money(r.opening),
      debit: money(r.debit),
      credit: money(r.credit),
      closingBalance: money(r.closing),
    }));
    return { startDate, endDate, accounts: accountsOut, ...paged(results, total, page) };
  }

  /** The trial-balance rows of the accounts with a balance in the period but no line in it. */
  async #openingOnly(
    companyId: number,
    startDate: string,
    endDate: string,
    accounts: string[] | undefined,
    withLines: ReadonlySet<string>,
  ) {
    const { spans } = await this.#spans(companyId, startDate, endDate, accounts ? { accounts } : {});
    const chart = await this.#chart(companyId);
    return trialBalance(spans, chart).rows.filter(
      (r) => !withLines.has(r.account) && (r.opening !== 0n || r.closing !== 0n),
    );
  }

  /** Balance per account at the end of `on`; see balances.ts `balancesOn`. */
  async #balancesOn(companyId: number, on: string, filter: LineFilter) {
    const yearStart = (await this.#yearStarts(companyId))(on);
    const [beforeYear, inYear] = await Promise.all([
      store.carriedTo(this.#ctx.readDb, companyId, yearStart, filter),
      this.#movements(companyId, yearStart, on, filter),
    ]);
    return { yearStart, beforeYear, inYear };
  }

  async balances(companyId: number, date: string | undefined, accounts: string[] | undefined, filter: ReportFilter) {
    const on = date ?? isoDate(this.#ctx.clock.now());
    const { yearStart, beforeYear, inYear } = await this.#balancesOn(companyId, on, { ...filter, accounts });
    const chart = await this.#chart(companyId, [...new Set([...beforeYear.keys(), ...inYear.keys()])]);
    return {
      date: on,
      fiscalYearStartDate: yearStart === BEGINNING ? null : yearStart,
      balances: balancesOn(beforeYear, inYear, chart).map((b) => ({
        ...accountFields(b.account, chart.get(b.account)),
        balance: money(b.balance),
      })),
    };
  }

  /**
   * The asked period and the comparison periods of a request; a start left out is the start of the fiscal year
   * holding the end (1 January when no fiscal year holds it).
   */
  async periodsOf(
    companyId: number,
    request: { startDate?: string; endDate: string; comparisonPeriods?: { startDate?: string; endDate: string }[] },
  ): Promise<Period[]> {
    const yearStart = await this.#yearStarts(companyId);
    const asked = [{ startDate: request.startDate, endDate: request.endDate }, ...(request.comparisonPeriods ?? [])];
    return asked.map((p, i) => {
      const yearOfEnd = yearStart(p.endDate);
      const startDate = p.startDate ?? (yearOfEnd === BEGINNING ? `${p.endDate.slice(0, 4)}-01-01` : yearOfEnd);
      checkRange(startDate, p.endDate, i === 0 ? 'startDate' : `comparisonPeriods[${i - 1}].startDate`);
      return { startDate, endDate: p.endDate };
    });
  }

  /** The filter and language of a real report request (see `reportOptions`). */
  async options(companyId: number, request: ReportRequest, rights: Rights) {
    const currency = await store.companyCurrency(this.#ctx.db, companyId);
    return reportOptions(request, { companyId, currency }, rights);
  }

  async #incomeStatement(
    companyId: number,
    period: Period,
    filter: ReportFilter,
    format: readonly StatementLine[] = INCOME_STATEMENT,
  ): Promise<StatementRow[]> {
    const moved = await this.#movements(companyId, period.startDate, period.endDate, filter);
    return statementRows(format, netOf(moved));
  }

  /** The balance sheet at the end of a day (none before the first day: every line is zero). */
  async #balanceSheet(
    companyId: number,
    on: string,
    filter: ReportFilter,
    format: readonly StatementLine[] = BALANCE_SHEET,
  ): Promise<StatementRow[]> {
    if (on === '') return statementRows(format, new Map());
    const { beforeYear, inYear } = await this.#balancesOn(companyId, on, filter);
    const chart = await this.#chart(companyId);
    const balances = new Map<string, MinorUnits>();
    let profit = 0n;
    let earlier = 0n;
    for (const [account, amount] of netOf(beforeYear)) {
      if (restartsEachYear(account, chart)) earlier += amount;
      else balances.set(account, amount);
    }
    for (const [account, amount] of netOf(inYear)) {
      if (restartsEachYear(account, chart)) profit += amount;
      else balances.set(account, (balances.get(account) ?? 0n) + amount);
    }
    return statementRows(
      format,
      balances,
      new Map([
        ['profit', profit],
        ['retainedEarnings', earlier],
      ]),
    );
  }

  /**
   * The income statement of a period (its lines' movements: income positive, expenses negative) or the balance
   * sheet at the period's end (balance-sheet accounts' balances, with the fiscal year's result so far as the
   * period's profit and earlier years' results not yet closed to equity with the retained earnings), or the cash
   * flow statement of the period by the indirect method (financial-statements.ts `cashFlowRows`) from the income
   * statement of the period and the balance sheets at the day before it and at its end.
   */
  async statement(
    companyId: number,
    type: StatementType,
    period: Period,
    filter: ReportFilter,
    language: ReportLanguage,
  ) {
    let rows: StatementRow[];
    if (type === 'INCOME_STATEMENT') rows = await this.#incomeStatement(companyId, period, filter);
    else if (type === 'BALANCE_SHEET') rows = await this.#balanceSheet(companyId, period.endDate, filter);
    else {
      const [income, opening, closing] = await Promise.all([
        this.#incomeStatement(companyId, period, filter),
        this.#balanceSheet(companyId, store.dayBefore(period.startDate), filter),
        this.#balanceSheet(companyId, period.endDate, filter),
      ]);
      rows = cashFlowRows(income, opening, closing);
    }
    return {
      ...period,
      rows: rows.map((r, i) => ({
        rowId: i + 1,
        type: r.subtotal ? ('ROW_FUNCTION' as const) : ('BALANCE' as const),
        name: r.name[language],
        value: money(r.value),
        ...(r.subtotal ? { formula: r.of.map((n) => `[${n}]`).join('+') } : {}),
      })),
    };
  }

  /**
   * The financial statements of a fiscal year as the decree lays them out (`format`: SMALL by PMA 1753/2015, FULL
   * by KPA 1339/1997): the income statement of the year and the balance sheet at its end, each line with the
   * previous fiscal year's figure beside it (none when there is no previous year), and the notes derived from them.
   * Only the ledger (APPROVED receipts) counts. 404 for a fiscal year the company does not have.
   */
  /** The financial statements as a PDF to be signed, drawn in a worker thread within TASE_RENDER_TIMEOUT_MS. */
  async financialStatementsPdf(
    companyId: number,
    fiscalYearId: number,
    format: StatementFormat,
    language: ReportLanguage,
  ): Promise<Buffer> {
    const statements = await this.financialStatements(companyId, fiscalYearId, format, language);
    return pdfOf(await renderInWorker(STATEMENTS_WORKER, statements, this.#ctx.config.renderTimeoutMs));
  }

  async financialStatements(
    companyId: number,
    fiscalYearId: number,
    format: StatementFormat,
    language: ReportLanguage,
  ): Promise<FinancialStatements> {
    const years = await store.fiscalYears(this.#ctx.readDb, companyId);
    const year = years.find((y) => y.id === fiscalYearId);
    if (!year) throw apiError('NOT_FOUND', 'fiscalYearId', { resource: 'Fiscal year' });
    const previous = years.filter((y) => y.end < year.start).at(-1);
    const formats = STATEMENT_FORMATS[format];
    const period = (y: { start: string; end: string }) => ({ startDate: y.start, endDate: y.end });
    const [company, income, balance, previousIncome, previousBalance, atEnd] = await Promise.all([
      store.companyIdentity(this.#ctx.readDb, companyId),
      this.#incomeStatement(companyId, period(year), {}, formats.incomeStatement),
      this.#balanceSheet(companyId, year.end, {}, formats.balanceSheet),
      previous ? this.#incomeStatement(companyId, period(previous), {}, formats.incomeStatement) : undefined,
      previous ? this.#balanceSheet(companyId, previous.end, {}, formats.balanceSheet) : undefined,
      this.balances(companyId, year.end, undefined, {}),
    ]);
    // an account outside the chart's four-digit ranges is on no line: listed, as the sides then differ by it
    const unmappedAccounts = atEnd.balances
      .filter((b) => !b.balance.isZero())
      .filter(
        (b) =>
          lineOf(formats.balanceSheet, b.accountNumber) === undefined &&
          lineOf(formats.incomeStatement, b.accountNumber) === undefined,
      )
      .map((b) => ({ accountNumber: b.accountNumber, name: b.name, balance: b.balance }));
    const rows = (current: StatementRow[], before: StatementRow[] | undefined) =>
      current.map((row, i) => ({
        key: row.key,
        name: row.name[language],
        subtotal: row.subtotal,
        value: money(row.value),
        ...(before ? { previousValue: money(before[i].value) } : {}),
      }));
    const incomeStatement = rows(income, previousIncome);
    const balanceSheet = rows(balance, previousBalance);
    return {
      companyName: company.name,
      ...(company.businessId ? { businessId: company.businessId } : {}),
      currency: company.currency,
      format,
      language,
      fiscalYear: { id: year.id, startDate: year.start, endDate: year.end, closed: year.closed },
      ...(previous
        ? {
            previousFiscalYear: {
              id: previous.id,
              startDate: previous.start,
              endDate: previous.end,
              closed: previous.closed,
            },
          }
        : {}),
      incomeStatement,
      balanceSheet,
      notes: statementNotes(format, language, balanceSheet),
      unmappedAccounts,
    };
  }

  /**
   * Per account of a period: balance-sheet accounts their balance at the end of the period, income-statement
   * accounts the sum of the period's lines (debit positive). Accounts with neither are left out.
   */
  async accountValues(companyId: number, period: Period, filter: ReportFilter) {
    const [{ beforeYear, inYear }, moved] = await Promise.all([
      this.#balancesOn(companyId, period.endDate, filter),
      this.#movements(companyId, period.startDate, period.endDate, filter),
    ]);
    const chart = await this.#chart(companyId);
    const values = new Map<string, MinorUnits>();
    for (const b of balancesOn(beforeYear, inYear, chart)) if (!b.incomeStatement) values.set(b.account, b.balance);
    for (const [account, amount] of netOf(moved)) if (restartsEachYear(account, chart)) values.set(account, amount);
    return {
      ...period,
      rows: [...values]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([account, value]) => ({
          name: `${account} ${chart.get(account)?.name ?? ''}`.trim(),
          value: money(value),
        })),
    };
  }

  /** The lines of one account in a period, in general-ledger order, and their sum. */
  async accountLines(companyId: number, account: string, period: Period, filter: ReportFilter) {
    const db = this.#ctx.readDb;
    const opening = await store.openingListedIn(db, companyId, period.startDate, filter);
    const query = { start: period.startDate, end: period.endDate, accounts: [account], ...filter, opening };
    const total = await store.countLines(db, companyId, query);
    if (total > MAX_ACCOUNT_LINES)
      throw apiError('REPORT_TOO_LARGE', 'endDate', { count: total, max: MAX_ACCOUNT_LINES });
    const [lines, chart] = await Promise.all([
      store.pageOfLines(db, companyId, query, MAX_ACCOUNT_LINES, 0, this.#lineDetails),
      this.#chart(companyId, [account]),
    ]);
    return {
      id: account,
      name: chart.get(account)?.name ?? '',
      totalAccountingValue: money(lines.reduce((sum, l) => sum + l.amount, 0n)),
      ledgerReceiptTransactions: lines.map((l) => ({
        id: l.receiptId,
        name: l.receiptName,
        receiptNumber: l.receiptNumber,
        receiptDate: l.date,
        type: l.receiptType,
        accountingValue: money(l.amount),
        status: l.receiptStatus,
        ...(l.vatPercent !== null ? { vatPercent: new Decimal(l.vatPercent) } : {}),
        ...(l.vatStatus !== null ? { vatStatus: l.vatStatus } : {}),
        ...(l.description ? { transactionDescription: l.description } : {}),
      })),
    };
  }
}
