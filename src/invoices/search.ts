// The invoice search planner: which index drives a search, the chain of checks each candidate passes, and the
// page and count read from it. What differs by engine is behind SearchTactics (search-sqlite.ts,
// search-postgres.ts), chosen once when the area is built (queries.ts).
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import type { PageRequest } from '../platform/paging.ts';
import type { InvoiceRecord } from './store.ts';

/** What the planner does differently on each engine. */
export interface SearchTactics {
  /** Whether the two rarest grams are intersected in one pass each when both are short lists. */
  readonly intersects: boolean;
  /** A correlated lookup kept a lookup, not turned by the planner into a hash built before the first candidate. */
  fenced<Q extends { offset(n: number): Q }>(lookup: Q): Q;
  /** Runs `find` with its statements planned for their own parameter values, not a generic plan. */
  planForTheseValues<T>(db: Db, find: (db: Db) => Promise<T>): Promise<T>;
}

/** A word of a search term: the grams that must all be indexed, and the word itself when it may be anywhere. */
interface SearchTermWord {
  grams: string[];
  /** Set when the text must hold this (folded) word as a substring: the grams alone don't place it. */
  substring?: string;
}

export interface InvoiceSearch {
  statuses?: string[];
  types?: string[];
  startDate?: string;
  endDate?: string;
  createdStart?: string;
  createdEnd?: string;
  versionStart?: string;
  versionEnd?: string;
  dueStart?: string;
  dueEnd?: string;
  partnerId?: number;
  factoringContractId?: number;
  originalInvoiceNumber?: string;
  invoiceNumber?: number;
  productIds?: number[];
  /** The words of the search term; each must match (see mapping.ts `termGrams`). */
  words?: SearchTermWord[];
  isOffer?: boolean;
  channels?: string[];
  orderByDate?: 'asc' | 'desc';
  orderByCreated?: 'asc' | 'desc';
  orderByVersion?: 'asc' | 'desc';
}

/** Entries of each gram read to judge how rare it is. */
const GRAM_SAMPLE = 1_000;

/** A gram of a search and what its sample tells of it. */
interface JudgedGram {
  gram: string;
  /** Entries in its sample: its number of entries when below GRAM_SAMPLE. */
  n: number;
  /** The span of invoice ids its sample covers. */
  span: number;
  /** Its number of entries: exact below GRAM_SAMPLE, else its sample's density over the company's invoice ids. */
  entries: number;
}

/**
 * The grams, rarest first, judged in one statement from each gram's first GRAM_SAMPLE entries in the page's order:
 * a gram with fewer is counted exactly; among those with more, the wider the span of invoice ids its sample
 * covers, the sparser it is where the page starts reading (ids grow with time, so the span estimates the whole
 * list too). Reading a thousand entries a gram, not every entry, keeps this cheap for common grams.
 */
async function bySelectivity(db: Db, companyId: number, grams: string[], order: 'asc' | 'desc'): Promise<JudgedGram[]> {
  if (grams.length < 2) return grams.map((gram) => ({ gram, n: 0, span: 0, entries: 0 }));
  const samples = grams.map((gram, i) =>
    db
      .selectFrom(
        db
          .selectFrom('invoice_search_grams')
          .select('invoice_id')
          .where('company_id', '=', companyId)
          .where('gram', '=', gram)
          .orderBy('invoice_id', order)
          .limit(GRAM_SAMPLE)
          .as(`sample${i}`),
      )
      .select((eb) => [
        sql.lit(i).as('i'),
        eb.fn.countAll<number>().as('n'),
        sql<number>`max(invoice_id) - min(invoice_id)`.as('span'),
      ]),
  );
  // the span of the company's invoice ids (row -1), over which a sampled gram's density is spread
  // (each end by its own seek: SQLite seeks for a lone min or max only)
  const end = (fn: 'min' | 'max') =>
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn[fn]('id').as('id'))
      .where('company_id', '=', companyId);
  const ids = db.selectNoFrom([
    sql.lit(-1).as('i'),
    sql.lit(0).as('n'),
    sql<number>`(${end('max')}) - (${end('min')})`.as('span'),
  ]);
  const judged = await samples.reduce((all, one) => all.unionAll(one), ids).execute();
  const of = new Map(judged.map((j) => [Number(j.i), { n: Number(j.n), span: Number(j.span ?? 0) }]));
  const range = of.get(-1)?.span ?? 0;
  return grams
    .map((gram, i) => {
      const { n, span } = of.get(i) ?? { n: 0, span: 0 };
      return { gram, n, span, entries: n < GRAM_SAMPLE ? n : Math.ceil((n * (range + 1)) / (span + 1)) };
    })
    .sort((a, b) => a.n - b.n || b.span - a.span);
}

/**
 * Entries of a gram that PostgreSQL intersects with another's in one pass, at most. Reading an entry in a pass over
 * the index costs a few dozen times less than looking one up: the two rarest grams of a customer's name and number
 * (a few thousand entries each at a million invoices) are intersected for the price of a few hundred lookups.
 */
const INTERSECTED = 20_000;

/**
 * Whether both grams have at most INTERSECTED entries: known from their samples, or, when their density says they
 * may, counted that far.
 */
async function fewEntries(db: Db, companyId: number, grams: readonly JudgedGram[]): Promise<boolean> {
  if (grams.every((g) => g.n < GRAM_SAMPLE)) return true;
  if (grams.some((g) => g.entries > INTERSECTED)) return false;
  const counts = grams.map((g) =>
    db
      .selectFrom(
        db
          .selectFrom('invoice_search_grams')
          .select('invoice_id')
          .where('company_id', '=', companyId)
          .where('gram', '=', g.gram)
          .limit(INTERSECTED + 1)
          .as('entries'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
  const rows = await counts.reduce((all, one) => all.unionAll(one)).execute();
  return rows.every((r) => Number(r.n) <= INTERSECTED);
}

/** Invoices as a page of search results lists them: the document only of those without a listing. */
async function listedInvoices(db: Db, companyId: number, ids: number[]): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(LISTED)
    .select(sql<string>`case when listing is null then body else '' end`.as('body'))
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

const LISTED = [
  'company_id',
  'id',
  'type',
  'status',
  'invoice_number',
  'is_offer',
  'invoice_date',
  'due_date',
  'partner_id',
  'factoring_contract_id',
  'original_invoice_number',
  'invoice_channel',
  'currency',
  'gross_minor',
  'paid_minor',
  'payment_date',
  'search_text',
  'ledger_receipt_id',
  'creator_id',
  'notes',
  'listing',
  'created_at',
  'version',
] as const satisfies readonly Exclude<keyof InvoiceRecord, 'body'>[];

/** Matches counted for `totalCount` at most; past it the count is left out (InvoiceSearchResult). */
const COUNT_CAP = 1_000;

/** `%` and `_` of a searched word are never wildcards (words are [0-9a-z], so this is a safeguard). */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, '')}%`;

/** The conditions of a search on the invoice's own columns (qualified: the query may join the grams). */
function invoiceConditions(companyId: number, search: InvoiceSearch): Expression<SqlBool>[] {
  const eb = expressionBuilder<Database, 'invoices'>();
  const c: Expression<SqlBool>[] = [eb('invoices.company_id', '=', companyId)];
  if (search.statuses?.length) c.push(eb('invoices.status', 'in', search.statuses));
  if (search.types?.length) c.push(eb('invoices.type', 'in', search.types));
  if (search.startDate) c.push(eb('invoices.invoice_date', '>=', search.startDate));
  if (search.endDate) c.push(eb('invoices.invoice_date', '<=', search.endDate));
  if (search.dueStart) c.push(eb('invoices.due_date', '>=', search.dueStart));
  if (search.dueEnd) c.push(eb('invoices.due_date', '<=', search.dueEnd));
  if (search.createdStart) c.push(eb('invoices.created_at', '>=', search.createdStart));
  if (search.createdEnd) c.push(eb('invoices.created_at', '<=', search.createdEnd));
  if (search.versionStart) c.push(eb('invoices.version', '>=', search.versionStart));
  if (search.versionEnd) c.push(eb('invoices.version', '<=', search.versionEnd));
  if (search.partnerId !== undefined) c.push(eb('invoices.partner_id', '=', search.partnerId));
  if (search.factoringContractId !== undefined)
    c.push(eb('invoices.factoring_contract_id', '=', search.factoringContractId));
  if (search.originalInvoiceNumber !== undefined)
    c.push(eb('invoices.original_invoice_number', '=', search.originalInvoiceNumber));
  if (search.invoiceNumber !== undefined) c.push(eb('invoices.invoice_number', '=', search.invoiceNumber));
  if (search.isOffer !== undefined) c.push(eb('invoices.is_offer', '=', search.isOffer));
  if (search.channels?.length) c.push(eb('invoices.invoice_channel', 'in', search.channels));
  if (search.productIds?.length)
    c.push(
      eb(
        'invoices.id',
        'in',
        eb
          .selectFrom('invoice_rows')
          .select('invoice_rows.invoice_id')
          .where('invoice_rows.company_id', '=', companyId)
          .where('invoice_rows.product_id', 'in', search.productIds),
      ),
    );
  for (const word of search.words ?? [])
    if (word.substring !== undefined) c.push(sql<SqlBool>`invoices.search_text like ${containing(word.substring)}`);
  return c;
}

/**
 * One page of the invoices a search finds, and their number when it is known cheaply: counted on the first page
 * up to COUNT_CAP matches, and on any page that is the last (a short page ends the list).
 *
 * A search term is driven through the gram index by its rarest gram, in id order, so a page reads only as many
 * index entries as it needs. Each candidate then passes a chain of checks in a fixed order, cheapest and most
 * selective first: its other grams rarest first (an index lookup each), and only then the invoice's own row (the
 * search conditions, and each word of three or more characters confirmed on the folded text). The chain is a
 * CASE, which both engines evaluate in the order written: as plain conditions, SQLite read the invoice before the
 * grams (its EXISTS became a join after the invoices table) and PostgreSQL merge-joined a common gram's whole
 * posting list, hundreds of milliseconds at a million invoices. The plan thus depends on no statistics.
 * On PostgreSQL each lookup is fenced (OFFSET 0): otherwise the planner may turn it into a hash of every entry of
 * the gram, or of every invoice, built before the first candidate is checked. When the two rarest grams both have
 * at most INTERSECTED entries, PostgreSQL reads both lists in one pass each and intersects them (a lookup costs it
 * far more than an entry read in a pass), and the chain checks their common entries in order: a customer's name
 * and number no longer look up every entry of the number's rarest gram to count the matches.
 * The first page is found in one pass: the matches' ids up to the count's cap, the page their head.
 */
async function searchInvoices(
  db: Db,
  tactics: SearchTactics,
  companyId: number,
  search: InvoiceSearch,
  page: PageRequest,
): Promise<{ rows: InvoiceRecord[]; total: number | undefined }> {
  const conditions = invoiceConditions(companyId, search);
  const terms = [...new Set((search.words ?? []).flatMap((w) => w.grams))];
  const judged = await bySelectivity(db, companyId, terms, page.order);
  const grams = judged.map((g) => g.gram);
  const ordered = search.orderByDate ?? search.orderByCreated ?? search.orderByVersion;
  /** The ids of the matches in the page's order, from `offset` on, at most `limit`. */
  let idsOf: (limit: number, offset: number) => Promise<{ id: number }[]>;
  if (grams.length > 0 && !ordered) {
    // PostgreSQL: the two rarest grams are intersected in one pass when both are short lists, and their common
    // entries sorted, before the rest of the chain checks them in order
    const intersect = tactics.intersects && grams.length >= 2 && (await fewEntries(db, companyId, judged.slice(0, 2)));
    const others = grams.slice(intersect ? 2 : 1);
    const eb = expressionBuilder<Database, 'invoices'>();
    const fenced = <Q extends { offset(n: number): Q }>(lookup: Q) => tactics.fenced(lookup);
    let check: Expression<SqlBool> = eb.exists(
      fenced(
        db
          .selectFrom('invoices')
          .select(sql.lit(1).as('one'))
          .where((w) => w.and(conditions))
          .where('invoices.id', '=', sql.ref<number>('g.invoice_id')),
      ),
    );
    for (const gram of others.reverse()) {
      const has = eb.exists(
        fenced(
          db
            .selectFrom('invoice_search_grams as o')
            .select('o.invoice_id')
            .where('o.company_id', '=', companyId)
            .where('o.gram', '=', gram)
            .where('o.invoice_id', '=', sql.ref<number>('g.invoice_id')),
        ),
      );
      check = sql<SqlBool>`case when ${has} then ${check} else ${sql.lit(false)} end`;
    }
    const entries = (gram: string) => {
      const of = db
        .selectFrom('invoice_search_grams')
        .select('invoice_id')
        .where('company_id', '=', companyId)
        .where('gram', '=', gram);
      return page.previousId === undefined
        ? of
        : of.where('invoice_id', page.order === 'asc' ? '>' : '<', page.previousId);
    };
    const inOrder = db
      .selectFrom(
        intersect
          ? entries(grams[0]).intersect(entries(grams[1])).orderBy('invoice_id', page.order).offset(0).as('g')
          : entries(grams[0]).as('g'),
      )
      .select('g.invoice_id as id')
      .where(check)
      .orderBy('g.invoice_id', page.order);
    idsOf = (limit, offset) => inOrder.limit(limit).offset(offset).execute();
  } else {
    let rows;
    if (grams.length > 0) {
      // an order of the invoice's own columns reads every match anyway: the grams narrow, the invoices sort
      const [drive, ...others] = grams;
      let driven = db
        .selectFrom('invoice_search_grams as g')
        .innerJoin('invoices', (j) =>
          j.onRef('invoices.company_id', '=', 'g.company_id').onRef('invoices.id', '=', 'g.invoice_id'),
        )
        .where('g.company_id', '=', companyId)
        .where('g.gram', '=', drive);
      for (const gram of others)
        driven = driven.where((eb) =>
          eb.exists(
            eb
              .selectFrom('invoice_search_grams as o')
              .select('o.invoice_id')
              .where('o.company_id', '=', companyId)
              .where('o.gram', '=', gram)
              .whereRef('o.invoice_id', '=', 'g.invoice_id'),
          ),
        );
      rows = driven.where((eb) => eb.and(conditions)).select('invoices.id');
    } else
      rows = db
        .selectFrom('invoices')
        .where((eb) => eb.and(conditions))
        .select('invoices.id');
    if (page.previousId !== undefined)
      rows = rows.where('invoices.id', page.order === 'asc' ? '>' : '<', page.previousId);
    if (search.orderByDate) rows = rows.orderBy('invoices.invoice_date', search.orderByDate);
    if (search.orderByCreated) rows = rows.orderBy('invoices.created_at', search.orderByCreated);
    if (search.orderByVersion) rows = rows.orderBy('invoices.version', search.orderByVersion);
    const inOrder = rows.orderBy('invoices.id', page.order);
    idsOf = (limit, offset) => inOrder.limit(limit).offset(offset).execute();
  }
  const inPageOrder = async (ids: number[]) => {
    const byId = new Map((await listedInvoices(db, companyId, ids)).map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  if (page.offset > 0 || page.previousId !== undefined) {
    const ids = await idsOf(page.pageSize, page.offset);
    // a short page ends the list: its count is known (but not after a keyset cursor, which skipped an unknown number)
    const last = page.previousId === undefined && ids.length < page.pageSize && ids.length > 0;
    return {
      rows: await inPageOrder(ids.map((r) => Number(r.id))),
      total: last ? page.offset + ids.length : undefined,
    };
  }
  const matches = await idsOf(COUNT_CAP + 1, 0);
  const found = await inPageOrder(matches.slice(0, page.pageSize).map((r) => Number(r.id)));
  return { rows: found, total: matches.length > COUNT_CAP ? undefined : matches.length };
}

/**
 * A search, planned for its own values when it searches by term in an order of the invoices' own columns: that
 * search joins the grams to the invoices, and a generic plan (made without the grams' frequencies) may hash every
 * entry of each gram. A search in id order has one plan whatever its grams, so it needs no transaction.
 */
export function findInvoices(
  db: Db,
  tactics: SearchTactics,
  companyId: number,
  search: InvoiceSearch,
  page: PageRequest,
): Promise<{ rows: InvoiceRecord[]; total: number | undefined }> {
  const find = (on: Db) => searchInvoices(on, tactics, companyId, search, page);
  return search.words && (search.orderByDate ?? search.orderByCreated ?? search.orderByVersion)
    ? tactics.planForTheseValues(db, find)
    : find(db);
}
