// A per-process cache of the facts the posting checks read (the period of each date, accounts, dimension items,
// partners), as a decorator around a receipt book that can verify facts in its writing statement (book-postgres.ts):
// a posting whose drafts pass on the cached facts is written by that statement, one round trip instead of two. A
// company's periods, accounts and dimension items are read whole with its first posting (a chart is a few hundred
// accounts), its partners one by one as postings name them.
//
// The cache needs no notice of other writers, and no rollback of its own: every fact the checks used is compared
// with the database's in the statement that writes (the periods held FOR SHARE there, as a read of the facts holds
// them), and when any differs — a period or year closed, an account deactivated, a dimension item or partner
// deleted, by this process, another one or a tool, or a fact learnt from a transaction that rolled back — nothing
// is written, the facts are read afresh (and learnt), and the drafts are judged on those, as without the cache. A
// stale entry costs a round trip, never a wrong receipt; a refusal always comes from facts read in its transaction.
import type { Db } from '../db/index.ts';
import type { PeriodOfDate, PeriodWithDates } from '../fiscal/index.ts';
import type { BookingHeader, ReceiptBook, WrittenReceipt } from './book.ts';
import type { ReceiptDraft } from './mapping.ts';
import type { DimensionItemFact, FactsWanted, PostingFacts } from './posting-checks.ts';
import type { LedgerReceiptRow } from './store.ts';

/** What a company's first posting reads of it, besides the facts it wants. */
export interface CompanyFacts {
  periods: PeriodWithDates[];
  accounts: Map<string, boolean>;
  items: Map<number, DimensionItemFact>;
}

interface KnownFacts extends CompanyFacts {
  /** The partners found by postings so far. */
  partners: Set<number>;
}

/** Facts kept over all companies (a hundred bytes or so each); past it the cache starts again, empty. */
const MAX_FACTS = 500_000;

type VerifyingBook = ReceiptBook &
  Required<Pick<ReceiptBook, 'writeIfFacts'>> & {
    companyFacts(trx: Db, companyId: number): Promise<CompanyFacts>;
  };

const sizeOf = (known: KnownFacts) =>
  known.periods.length + known.accounts.size + known.items.size + known.partners.size;

const samePeriod = (a: PeriodOfDate | undefined, b: PeriodOfDate | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    Number(a.period_id) === Number(b.period_id) &&
    Boolean(a.period_closed) === Boolean(b.period_closed) &&
    Number(a.year_id) === Number(b.year_id) &&
    Boolean(a.year_closed) === Boolean(b.year_closed) &&
    a.start_date === b.start_date &&
    a.end_date === b.end_date);

export class CachedFactsBook implements ReceiptBook {
  readonly #book: VerifyingBook;
  readonly #companies = new Map<number, KnownFacts>();
  #size = 0;

  constructor(book: VerifyingBook) {
    this.#book = book;
  }

  async facts(trx: Db, companyId: number, wanted: FactsWanted): Promise<PostingFacts> {
    const facts = await this.#book.facts(trx, companyId, wanted);
    const known = this.#companies.get(companyId);
    if (known) this.#learn(companyId, known, wanted, facts);
    else
      this.#know(companyId, { ...(await this.#book.companyFacts(trx, companyId)), partners: new Set(facts.partners) });
    return facts;
  }

  knownFacts(companyId: number, wanted: FactsWanted): PostingFacts | undefined {
    const known = this.#companies.get(companyId);
    if (!known) return undefined;
    const facts: PostingFacts = { periods: new Map(), accounts: new Map(), items: new Map(), partners: new Set() };
    for (const date of wanted.dates) {
      const period = periodOf(known, date);
      if (!period) return undefined;
      facts.periods.set(date, period);
    }
    for (const number of wanted.accounts) {
      const active = known.accounts.get(number);
      if (active === undefined) return undefined;
      facts.accounts.set(number, active);
    }
    for (const id of wanted.items) {
      const item = known.items.get(id);
      if (!item) return undefined;
      facts.items.set(id, item);
    }
    for (const id of wanted.partners) {
      if (!known.partners.has(id)) return undefined;
      facts.partners.add(id);
    }
    return facts;
  }

  writeIfFacts(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
    facts: PostingFacts,
  ): Promise<WrittenReceipt[] | undefined> {
    // when a fact changed, the posting reads the facts afresh next (`facts`), which corrects what is kept of them:
    // the company is not read whole again with it, so that no posting costs more than three statements
    return this.#book.writeIfFacts(trx, drafts, fiscalYearIds, header, facts);
  }

  write(
    trx: Db,
    drafts: readonly ReceiptDraft[],
    fiscalYearIds: readonly number[],
    header: BookingHeader,
  ): Promise<WrittenReceipt[]> {
    return this.#book.write(trx, drafts, fiscalYearIds, header);
  }

  writeYearEnd(trx: Db, draft: ReceiptDraft, fiscalYearId: number, header: BookingHeader): Promise<WrittenReceipt> {
    return this.#book.writeYearEnd(trx, draft, fiscalYearId, header);
  }

  lock(trx: Db, companyId: number, receiptId: number): Promise<LedgerReceiptRow | undefined> {
    return this.#book.lock(trx, companyId, receiptId);
  }

  #know(companyId: number, known: KnownFacts): void {
    if (this.#size > MAX_FACTS) {
      this.#companies.clear();
      this.#size = 0;
    }
    this.#companies.set(companyId, known);
    this.#size += sizeOf(known);
  }

  /** Keeps the facts read for `wanted`; a period changed since the company was read has it read whole again. */
  #learn(companyId: number, known: KnownFacts, wanted: FactsWanted, facts: PostingFacts): void {
    if (wanted.dates.some((date) => !samePeriod(periodOf(known, date), facts.periods.get(date)))) {
      this.#forget(companyId);
      return;
    }
    const before = sizeOf(known);
    for (const number of wanted.accounts) {
      const active = facts.accounts.get(number);
      if (active !== undefined) known.accounts.set(number, active);
      else known.accounts.delete(number);
    }
    for (const id of wanted.items) {
      const item = facts.items.get(id);
      if (item) known.items.set(id, item);
      else known.items.delete(id);
    }
    for (const id of wanted.partners) {
      if (facts.partners.has(id)) known.partners.add(id);
      else known.partners.delete(id);
    }
    this.#size += sizeOf(known) - before;
    if (this.#size > MAX_FACTS) {
      this.#companies.clear();
      this.#size = 0;
    }
  }

  #forget(companyId: number): void {
    const known = this.#companies.get(companyId);
    if (!known) return;
    this.#size -= sizeOf(known);
    this.#companies.delete(companyId);
  }
}

/** The period holding `date`, as the facts of the checks give it. */
function periodOf(known: KnownFacts, date: string): PeriodOfDate | undefined {
  const found = known.periods.find((p) => p.period_start <= date && p.period_end >= date);
  if (!found) return undefined;
  const { period_start: _, period_end: __, ...period } = found;
  return period;
}
