// SIE 4 export of a fiscal year: the head (company, chart, dimensions, opening and closing balances, results)
// computed by the database, then every approved receipt as a #VER, read by keyset in chunks and encoded as it
// goes, so that memory stays flat however large the ledger is.
//
// Where an export reads (one snapshot of the books, or chunk by chunk) is chosen once for the engine: export-reads.ts.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AppContext } from '../platform/context.ts';
import type { Database } from '../db/types.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDate } from '../platform/clock.ts';
import { LATEST_VERSION } from '../platform/versions.ts';
import {
  changedRows,
  SIE_FIRST_FREE_DIMENSION,
  sieFileChunks,
  splitByObjects,
  type SieAccountType,
  type SieBalance,
  type SieHead,
  type SieTransaction,
  type SieVoucher,
} from '../domain/sie.ts';
import * as reports from '../reports/index.ts';
import { isIncomeStatement } from '../reports/index.ts';
import { balanceSheetBefore, hasOpeningBalances, OPENING_RECEIPT_TYPE } from '../ledger/index.ts';
import type { MinorUnits } from '../domain/decimal.ts';
import { editedSinceApproval } from '../ledger/index.ts';
import * as store from './store.ts';
import type { ExportReads } from './export-reads.ts';

/** Receipts read per query while streaming vouchers. */
const SIE_RECEIPTS_PER_CHUNK = 500;
/** All vouchers go in one series: receipt numbers run per fiscal year across receipt types. */
const SIE_SERIES = 'A';

const ACCOUNT_TYPES: Record<string, SieAccountType> = {
  ASSET: 'T',
  LIABILITY: 'S',
  EQUITY: 'S',
  INCOME: 'I',
  EXPENSE: 'K',
};

/** SIE dimension number of a dimension of the register (1–19 are reserved by the standard). */
const sieDimension = (dimensionId: number): number => SIE_FIRST_FREE_DIMENSION - 1 + dimensionId;

function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9-]+/g, '');
}

export interface SieFile {
  fileName: string;
  body: Readable;
}

export class SieService {
  readonly #ctx: AppContext;
  /** Receipts read per query while streaming vouchers. */
  receiptsPerChunk = SIE_RECEIPTS_PER_CHUNK;

  readonly #reads: ExportReads;

  constructor(ctx: AppContext, reads: ExportReads) {
    this.#ctx = ctx;
    this.#reads = reads;
  }

  async availability(companyId: number) {
    const years = await reports.fiscalYears(this.#ctx.readDb, companyId);
    return {
      ...(years.length > 0 ? { lastValidEndDate: years.at(-1)!.end } : {}),
      accountingPeriodStart: years.map((y) => y.start),
      available: years.length > 0,
      accountingPeriods: years.map((y) => ({
        accountingPeriodStart: y.start,
        accountingPeriodEnd: y.end,
        closed: y.closed,
      })),
    };
  }

  /** Checks the request, computes the head, and answers the file as a stream of CP437 bytes. */
  async file(companyId: number, accountingPeriodStart: string, exportEndDate: string | undefined): Promise<SieFile> {
    const years = await reports.fiscalYears(this.#ctx.readDb, companyId);
    const year = years.find((y) => y.start === accountingPeriodStart);
    if (!year) throw apiError('SIE_ACCOUNTING_PERIOD_NOT_FOUND', 'accountingPeriodStart');
    const end = exportEndDate ?? year.end;
    if (end < year.start || end > year.end) throw apiError('SIE_EXPORT_END_DATE_OUTSIDE_PERIOD', 'exportEndDate');
    const previous = years.filter((y) => y.end < year.start).at(-1);

    const reading = await this.#reads.open(this.#ctx.readDb);
    const db = reading.db;
    let head: SieHead;
    let itemCodes: Map<number, string>;
    try {
      ({ head, itemCodes } = await this.#head(db, companyId, year, end, previous));
    } catch (err) {
      await reading.fail();
      throw err;
    }
    const vouchers = this.#vouchers(db, companyId, year.id, end, itemCodes);
    // The reads end with the generator (written out, failed, or returned early because the client left); a
    // stream closed before its first read never enters the generator, so closing releases them then.
    let started = false;
    async function* chunks(): AsyncGenerator<Buffer> {
      started = true;
      try {
        yield* sieFileChunks(head, vouchers);
      } finally {
        await reading.close();
      }
    }
    const body = Readable.from(chunks(), { objectMode: false });
    body.once('close', () => {
      if (!started) void reading.close().catch(() => undefined);
    });
    const org = safeFileName(head.orgNumber ?? '') || `company${companyId}`;
    return { fileName: `SIE4_${org}_${year.start}_${end}.se`, body };
  }

  async #head(
    db: Kysely<Database>,
    companyId: number,
    year: reports.FiscalYear,
    end: string,
    previous: reports.FiscalYear | undefined,
  ) {
    const company = await store.company(db, companyId);
    if (!company) throw notFound('Company');
    const chart = await reports.chart(db, companyId);
    const types = new Map(chart.map((a) => [a.number, a.type]));
    const register = await store.dimensionRegister(db, companyId);
    const opening: SieBalance[] = [];
    const closing: SieBalance[] = [];
    const results: SieBalance[] = [];
    const add = (list: SieBalance[], index: number, account: string, amountMinor: MinorUnits) => {
      if (amountMinor !== 0n) list.push({ year: index, account, amountMinor });
    };
    // A year opens with its opening-balance receipt; a year without one carries the running balances of the
    // years before it (the ledger's balance rule, src/ledger/year-end.ts). Income-statement accounts start at zero.
    const balancesOf = async (index: number, y: reports.FiscalYear, through: string) => {
      const sums = await store.yearSums(db, companyId, y, through, OPENING_RECEIPT_TYPE);
      const carried = (await hasOpeningBalances(db, companyId, y.id))
        ? new Map<string, MinorUnits>()
        : await balanceSheetBefore(db, companyId, y.start);
      const accounts = new Set([...carried.keys(), ...sums.map((s) => s.account)]);
      const byAccount = new Map(sums.map((s) => [s.account, s]));
      for (const account of [...accounts].sort()) {
        const s = byAccount.get(account);
        const ib = (carried.get(account) ?? 0n) + (s?.opening ?? 0n);
        if (isIncomeStatement(types.get(account))) add(results, index, account, ib + (s?.movement ?? 0n));
        else {
          add(opening, index, account, ib);
          add(closing, index, account, ib + (s?.movement ?? 0n));
        }
      }
    };
    await balancesOf(0, year, end);
    if (previous) await balancesOf(-1, previous, previous.end);
    const byYear = (a: SieBalance, b: SieBalance) =>
      b.year - a.year || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);
    const head: SieHead = {
      program: { name: 'Tase', version: LATEST_VERSION },
      generated: isoDate(this.#ctx.clock.now()),
      companyName: company.name,
      orgNumber: company.businessId ?? undefined,
      fiscalYears: [
        { index: 0, start: year.start, end: year.end },
        ...(previous ? [{ index: -1, start: previous.start, end: previous.end }] : []),
      ],
      balancesUntil: end !== year.end ? end : undefined,
      currency: company.currency,
      accounts: chart.map((a) => ({ number: a.number, name: a.name, type: ACCOUNT_TYPES[a.type] })),
      dimensions: register.dimensions.map((d) => ({ number: sieDimension(d.id), name: d.name })),
      objects: register.items.map((i) => ({
        dimension: sieDimension(i.dimensionId),
        id: i.codeName,
        name: i.description || i.codeName,
      })),
      openingBalances: opening.sort(byYear),
      closingBalances: closing.sort(byYear),
      results: results.sort(byYear),
    };
    return { head, itemCodes: new Map(register.items.map((i) => [i.id, i.codeName])) };
  }

  async *#vouchers(
    db: Kysely<Database>,
    companyId: number,
    fiscalYearId: number,
    through: string,
    itemCodes: Map<number, string>,
  ): AsyncGenerator<SieVoucher> {
    let after = 0;
    for (;;) {
      const receipts = await store.approvedReceipts(
        db,
        companyId,
        fiscalYearId,
        through,
        after,
        this.receiptsPerChunk,
        OPENING_RECEIPT_TYPE,
      );
      if (receipts.length === 0) return;
      const ids = receipts.map((r) => r.id);
      const lines = await store.linesOf(db, companyId, ids);
      const allocations = await store.allocationsOf(db, companyId, ids);
      const edited = await editedSinceApproval(db, companyId, ids);
      const linesByReceipt = new Map<number, store.EntryLine[]>();
      for (const l of lines) {
        const list = linesByReceipt.get(l.receiptId);
        if (list) list.push(l);
        else linesByReceipt.set(l.receiptId, [l]);
      }
      const allocationsByLine = new Map<string, store.EntryAllocation[]>();
      for (const a of allocations) {
        const key = `${a.receiptId}/${a.entryId}`;
        const list = allocationsByLine.get(key);
        if (list) list.push(a);
        else allocationsByLine.set(key, [a]);
      }
      for (const receipt of receipts) {
        const transactions: SieTransaction[] = [];
        const receiptLines = linesByReceipt.get(receipt.id) ?? [];
        // rows changed after the first approval (the audit trail): added ones as #RTRANS, removed as #BTRANS
        const original = edited.get(receipt.id);
        const sign = original?.changedBy == null ? undefined : String(original.changedBy);
        const changes = original
          ? changedRows(
              receiptLines.map((l) => ({ account: l.account, amountMinor: l.amount, text: l.description })),
              original.lines.map((l) => ({ account: l.account, amountMinor: l.amountMinor, text: l.description })),
            )
          : undefined;
        for (const [index, line] of receiptLines.entries()) {
          const objects = (allocationsByLine.get(`${receipt.id}/${line.id}`) ?? [])
            .filter((a) => itemCodes.has(a.itemId))
            .map((a) => ({
              dimension: sieDimension(a.dimensionId),
              object: itemCodes.get(a.itemId)!,
              amountMinor: a.amount,
            }));
          for (const split of splitByObjects(line.amount, objects)) {
            transactions.push({
              account: line.account,
              objects: split.objects,
              amountMinor: split.amountMinor,
              date: receipt.date,
              text: line.description ?? undefined,
              ...(changes?.added.has(index) ? { change: 'ADDED' as const, sign } : {}),
            });
          }
        }
        for (const removed of changes?.removed ?? [])
          transactions.push({
            account: removed.account,
            amountMinor: removed.amountMinor,
            date: receipt.date,
            text: removed.text ?? undefined,
            change: 'REMOVED',
            sign,
          });
        if (transactions.length === 0) continue;
        yield {
          series: SIE_SERIES,
          number: receipt.number,
          date: receipt.date,
          text: receipt.name,
          registered: receipt.createdAt.slice(0, 10),
          transactions,
        };
      }
      after = receipts.at(-1)!.number;
    }
  }
}
