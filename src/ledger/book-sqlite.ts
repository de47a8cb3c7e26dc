// The receipt book of the embedded engine (SQLite), where writers are serialised: the checks' facts come from
// per-process caches of the company's periods (read through the fiscal area), accounts and dimension items and of
// the partners seen, exact there (src/db/read-cache.ts: another process's commit is noticed, and a rollback forgets
// what was read since), read again only after one of their tables was written; the ids come from this process's
// blocks; then the inserts of store.insertPostedReceipts (a single receipt: its lines', its allocations' if any,
// then its own).
import { allocateIds, type Db } from '../db/index.ts';
import { IdBlocks } from '../db/id-blocks.ts';
import { ReadCache } from '../db/read-cache.ts';
import type { FiscalService, PeriodOfDate, PeriodWithDates } from '../fiscal/index.ts';
import type { AppContext } from '../platform/context.ts';
import type { DimensionItemFact, FactsWanted, PostingFacts } from './posting-checks.ts';
import { newReceipts, type BookingHeader, type ReceiptBook, type WrittenReceipt } from './book.ts';
import type { ReceiptDraft } from './mapping.ts';
import * as store from './store.ts';

interface CompanyFacts {
  periods: PeriodWithDates[];
  accounts: Map<string, boolean>;
  items: Map<number, DimensionItemFact>;
}

const COMPANY_TABLES = ['fiscal_periods', 'fiscal_years', 'accounts', 'dimension_items'];

export class SqliteReceiptBook implements ReceiptBook {
  readonly #company: ReadCache<CompanyFacts>;
  readonly #partners: ReadCache<true>;
  readonly #ids: IdBlocks;
  readonly #fiscal: FiscalService;

  constructor(ctx: AppContext, fiscal: FiscalService) {
    this.#fiscal = fiscal;
    this.#company = new ReadCache(ctx.changes, COMPANY_TABLES, 1_000);
    this.#partners = new ReadCache(ctx.changes, ['business_partners'], 100_000);
    this.#ids = new IdBlocks(ctx.changes, { ledger_receipts: 100, ledger_entries: 1_000 });
  }

  async facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    const company = (await this.#company.get(String(companyId), () => companyFacts(trx, companyId, this.#fiscal)))!;
    const partners = new Set<number>();
    const unknown: number[] = [];
    for (const id of wanted.partners) {
      if (this.#partners.peek(`${companyId}:${id}`)) partners.add(id);
      else unknown.push(id);
    }
    if (unknown.length > 0) {
      const found = await trx
        .selectFrom('business_partners')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', unknown)
        .execute();
      for (const { id } of found) {
        partners.add(Number(id));
        await this.#partners.get(`${companyId}:${Number(id)}`, () => Promise.resolve(true));
      }
    }
    const periods = new Map<string, PeriodOfDate | undefined>();
    for (const date of wanted.dates)
      periods.set(
        date,
        company.periods.find((p) => p.period_start <= date && p.period_end >= date),
      );
    return { periods, accounts: company.accounts, items: company.items, partners };
  }

  async write(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
  ): Promise<WrittenReceipt[]> {
    const [firstId, firstEntryId] = await this.#ids.take(trx, header.companyId, [
      { name: 'ledger_receipts', count: drafts.length },
      { name: 'ledger_entries', count: drafts.reduce((n, d) => n + d.lines.length, 0) },
    ]);
    const receipts = newReceipts(drafts, fiscalYearIds, header, firstId, firstEntryId);
    // the numbers are taken as they are inserted
    const numbers = await store.insertPostedReceipts(trx, receipts);
    return receipts.map(({ row }, i) => ({ id: row.id, receiptNumber: numbers[i] }));
  }

  async writeYearEnd(
    trx: Db,
    draft: ReceiptDraft,
    fiscalYearId: number,
    header: BookingHeader,
  ): Promise<WrittenReceipt> {
    const firstId = await allocateIds(trx, header.companyId, 'ledger_receipts', 1);
    const firstEntryId = await allocateIds(trx, header.companyId, 'ledger_entries', draft.lines.length);
    const receipts = newReceipts([draft], [fiscalYearId], header, firstId, firstEntryId);
    // the receipts' trigger advances the year's counter and the company's receipt count
    const [receiptNumber] = await store.insertPostedReceipts(trx, receipts);
    return { id: firstId, receiptNumber };
  }

  /** Writers are serialised by the engine: a read holds the receipt as well as a lock would. */
  lock(trx: Db, companyId: number, receiptId: number): Promise<store.LedgerReceiptRow | undefined> {
    return store.getReceipt(trx, companyId, receiptId);
  }
}

async function companyFacts(trx: Db, companyId: number, fiscal: FiscalService): Promise<CompanyFacts> {
  const [periods, accounts, items] = await Promise.all([
    fiscal.periodsOf(trx, companyId),
    trx.selectFrom('accounts').select(['number', 'active']).where('company_id', '=', companyId).execute(),
    trx
      .selectFrom('dimension_items')
      .select(['id', 'dimension_id', 'status'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  return {
    periods,
    accounts: new Map(accounts.map((a) => [a.number, Boolean(a.active)])),
    items: new Map(
      items.map((i) => [Number(i.id), { dimensionId: Number(i.dimension_id), active: i.status === 'ACTIVE' }]),
    ),
  };
}
