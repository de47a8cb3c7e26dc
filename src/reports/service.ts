// Reports over the general ledger: trial balance, general ledger (paged lines with running balances) and account
// balances on a date. The database sums; this service only combines a handful of per-account figures.
import type { AppContext } from '../platform/context.ts';
import { apiError } from '../platform/errors.ts';
import { isoDate } from '../platform/clock.ts';
import { paged, type PageRequest } from '../platform/paging.ts';
import { Decimal, fromMinorUnits, type MinorUnits } from '../domain/decimal.ts';
import { BEGINNING, balancesOn, fiscalYearStartOn, trialBalance } from './balances.ts';
import * as store from './store.ts';
import type { ChartAccount } from './store.ts';

const MAX_ACCOUNTS = 200;

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

function checkRange(startDate: string, endDate: string): void {
  if (startDate > endDate) throw apiError('START_DATE_AFTER_END_DATE', 'startDate');
}

export class ReportService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #chart(companyId: number, numbers?: string[]): Promise<Map<string, ChartAccount>> {
    return new Map((await store.chart(this.#ctx.db, companyId, numbers)).map((a) => [a.number, a]));
  }

  async #yearStart(companyId: number, date: string): Promise<string | undefined> {
    return fiscalYearStartOn(await store.fiscalYears(this.#ctx.db, companyId), date);
  }

  async trialBalance(companyId: number, startDate: string, endDate: string) {
    checkRange(startDate, endDate);
    const yearStart = await this.#yearStart(companyId, startDate);
    const sums = await store.sumsByAccount(this.#ctx.db, companyId, {
      cutoffs: [yearStart ?? BEGINNING, startDate],
      from: startDate,
      through: endDate,
    });
    const chart = await this.#chart(companyId);
    const report = trialBalance(sums, chart);
    return {
      startDate,
      endDate,
      fiscalYearStartDate: yearStart ?? null,
      accounts: report.rows.map((r) => ({
        ...accountFields(r.account, chart.get(r.account)),
        openingBalance: money(r.opening),
        debit: money(r.debit),
        credit: money(r.credit),
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
    const db = this.#ctx.db;
    const query = { start: startDate, end: endDate, accounts };
    const [total, lines] = await Promise.all([
      store.countLines(db, companyId, query),
      store.pageOfLines(db, companyId, query, page.pageSize, page.offset),
    ]);
    const onPage = [...new Set(lines.map((l) => l.account))];
    const yearStart = await this.#yearStart(companyId, startDate);
    const sums =
      onPage.length === 0
        ? []
        : await store.sumsByAccount(db, companyId, {
            cutoffs: [yearStart ?? BEGINNING, startDate],
            from: startDate,
            through: endDate,
            accounts: onPage,
          });
    const chart = await this.#chart(companyId, onPage);
    const summary = new Map(trialBalance(sums, chart).rows.map((r) => [r.account, r]));

    // Running balances: each account on the page starts from its opening balance, except the first one, which
    // may continue from the previous page: add its lines of the period that sort before this page.
    const running = new Map<string, MinorUnits>();
    for (const account of onPage) running.set(account, summary.get(account)?.opening ?? 0n);
    if (lines.length > 0 && page.offset > 0) {
      const first = lines[0];
      const before = await store.sumBeforeLine(db, companyId, first.account, startDate, first);
      running.set(first.account, running.get(first.account)! + before);
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
    const accountsOut = onPage.map((account) => {
      const r = summary.get(account);
      return {
        ...accountFields(account, chart.get(account)),
        openingBalance: money(r?.opening ?? 0n),
        debit: money(r?.debit ?? 0n),
        credit: money(r?.credit ?? 0n),
        closingBalance: money(r?.closing ?? 0n),
      };
    });
    return { startDate, endDate, accounts: accountsOut, ...paged(results, total, page) };
  }

  async balances(companyId: number, date: string | undefined, accounts: string[] | undefined) {
    const on = date ?? isoDate(this.#ctx.clock.now());
    const yearStart = await this.#yearStart(companyId, on);
    const sums = await store.sumsByAccount(this.#ctx.db, companyId, {
      cutoffs: [yearStart ?? BEGINNING],
      from: yearStart ?? BEGINNING,
      through: on,
      accounts,
    });
    const chart = await this.#chart(
      companyId,
      sums.map((s) => s.account),
    );
    return {
      date: on,
      fiscalYearStartDate: yearStart ?? null,
      balances: balancesOn(sums, chart).map((b) => ({
        ...accountFields(b.account, chart.get(b.account)),
        balance: money(b.balance),
      })),
    };
  }
}
