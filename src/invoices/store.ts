// SQL of invoices, their rows, search grams, payment events, history, circulation and comments.
import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Engine } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { updateIfVersion } from '../db/versioned.ts';
import { jsonRows } from '../db/bulk.ts';
import type { PageRequest } from '../platform/paging.ts';

export interface InvoiceRecord {
  company_id: number;
  id: number;
  type: string;
  status: string;
  invoice_number: number;
  is_offer: boolean | number;
  invoice_date: string;
  due_date: string;
  partner_id: number | null;
  factoring_contract_id: number | null;
  original_invoice_number: string | null;
  invoice_channel: string;
  currency: string;
  gross_minor: number | string | bigint;
  paid_minor: number | string | bigint;
  payment_date: string | null;
  search_text: string;
  ledger_receipt_id: number | null;
  creator_id: number | null;
  notes: string | null;
  body: string;
  /** What a search item shows, kept with the document (mapping.ts `serializeListing`); null if it could not be. */
  listing: string | null;
  created_at: string;
  version: string;
}

export interface InvoiceRowRecord {
  company_id: number;
  id: number;
  invoice_id: number;
  position: number;
  product_id: number | null;
}

interface InvoiceSearchGramRecord {
  company_id: number;
  gram: string;
  invoice_id: number;
}

export interface PaymentEventRecord {
  company_id: number;
  id: number;
  invoice_id: number;
  type: string;
  payment_date: string;
  amount_minor: number | string | bigint;
  currency: string;
  /** The payment in the company currency at its own rate; null on events recorded before rates were kept. */
  accounting_minor: number | string | bigint | null;
  /** The receivable or payable it cleared, at the invoice's booking rate; null likewise. */
  settled_minor: number | string | bigint | null;
  /** The payment's rate: units of `currency` per one unit of the company currency (decimal text). */
  currency_rate: string | null;
  description: string | null;
  ledger_receipt_id: number | null;
  deleted: boolean | number;
  created_at: string;
}

export interface InvoiceHistoryRecord {
  company_id: number;
  id: number;
  invoice_id: number;
  action: string;
  user_id: number;
  at: string;
  details: string | null;
}

export interface InvoiceCheckerRecord {
  company_id: number;
  id: number;
  invoice_id: number;
  role: string;
  user_id: number;
  position: number;
  performed_on: string | null;
}

export interface InvoiceCommentRecord {
  company_id: number;
  id: number;
  invoice_id: number;
  author_id: number;
  at: string;
  comment: string;
  tagged: string;
}

declare module '../db/types.ts' {
  interface Database {
    invoices: InvoiceRecord;
    invoice_rows: InvoiceRowRecord;
    invoice_search_grams: InvoiceSearchGramRecord;
    invoice_payment_events: PaymentEventRecord;
    invoice_history: InvoiceHistoryRecord;
    invoice_checkers: InvoiceCheckerRecord;
    invoice_comments: InvoiceCommentRecord;
    finvoice_imports: FinvoiceImportRecord;
  }
}

/** A purchase invoice made from a Finvoice message: what makes the message the same, and the message itself. */
export interface FinvoiceImportRecord {
  company_id: number;
  sender: string;
  invoice_number: string;
  message_id: string;
  invoice_id: number;
  /** The message as received (decoded), kept whole: fields cut to the invoice's lengths are whole here. */
  message: string;
  imported: string;
}

export async function findFinvoiceImport(
  db: Db,
  key: Pick<FinvoiceImportRecord, 'company_id' | 'sender' | 'invoice_number' | 'message_id'>,
): Promise<FinvoiceImportRecord | undefined> {
  return db
    .selectFrom('finvoice_imports')
    .selectAll()
    .where('company_id', '=', key.company_id)
    .where('sender', '=', key.sender)
    .where('invoice_number', '=', key.invoice_number)
    .where('message_id', '=', key.message_id)
    .executeTakeFirst();
}

export async function insertFinvoiceImport(db: Db, row: FinvoiceImportRecord): Promise<void> {
  await db.insertInto('finvoice_imports').values(row).execute();
}

export async function getInvoices(db: Db, companyId: number, ids: number[]): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The ids of the company's offers, or of its invoices of a type that are not offers, as a subquery. */
export function invoiceIdsOfKind(db: Db, companyId: number, kind: string) {
  const invoices = db.selectFrom('invoices').select('id').where('company_id', '=', companyId);
  return kind === 'OFFER'
    ? invoices.where('is_offer', '=', true)
    : invoices.where('type', '=', kind).where('is_offer', '=', false);
}

export async function getInvoice(db: Db, companyId: number, id: number): Promise<InvoiceRecord | undefined> {
  return (await getInvoices(db, companyId, [id]))[0];
}

/** The invoice, its row locked until the transaction ends on PostgreSQL (SQLite writes one at a time anyway). */
export async function lockInvoice(
  db: Db,
  companyId: number,
  id: number,
  engine: 'sqlite' | 'postgres',
): Promise<InvoiceRecord | undefined> {
  let query = db.selectFrom('invoices').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Invoices in id order, their rows locked until the transaction ends on PostgreSQL (as `lockInvoice`). */
export async function lockInvoices(
  db: Db,
  companyId: number,
  ids: number[],
  engine: 'sqlite' | 'postgres',
): Promise<InvoiceRecord[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom('invoices').selectAll().where('company_id', '=', companyId).where('id', 'in', ids);
  if (engine === 'postgres') query = query.forUpdate();
  return query.orderBy('id').execute();
}

/** What a payment changes on an invoice, written over the version it was computed from. */
export interface PaymentState {
  id: number;
  status: string;
  paid_minor: string;
  payment_date: string | null;
  version: string;
  expectedVersion: string;
}

/**
 * The paid sums and statuses of invoices in one statement; false when any of them has changed since it was read
 * (the caller refuses the whole change then).
 */
export async function setPaymentStates(db: Db, companyId: number, states: readonly PaymentState[]): Promise<boolean> {
  if (states.length === 0) return true;
  const rows = states.map((s) => ({
    id: s.id,
    status: s.status,
    paid_minor: s.paid_minor,
    payment_date: s.payment_date,
    version: s.version,
    expected_version: s.expectedVersion,
  }));
  const changes = jsonRows(db, rows, {
    id: 'bigint',
    status: 'text',
    paid_minor: 'bigint',
    payment_date: 'text',
    version: 'text',
    expected_version: 'text',
  });
  const result = await sql`with v as materialized ${changes}
    update invoices set status = v.status, paid_minor = v.paid_minor, payment_date = v.payment_date, version = v.version
    from v
    where invoices.company_id = ${companyId} and invoices.id in (select id from v) and invoices.id = v.id
      and invoices.version = v.expected_version`.execute(db);
  return Number(result.numAffectedRows) === states.length;
}

/**
 * Whitespace a reference may be written with (what `\s` matches in JavaScript, as compactReference takes it out),
 * by code point. Fixed: the index of migration 0623 is built on the expression below, which must stay the same.
 */
const REFERENCE_SPACES = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007,
  0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

/**
 * An invoice's reference (`paymentInfo.bankReferenceCode`) without spaces, upper-case: equal to compactReference
 * of it for every valid reference (letters and digits of ASCII). Invoices are indexed by it (`invoices_by_reference`).
 */
export function referenceKey(engine: 'sqlite' | 'postgres'): RawBuilder<string | null> {
  if (engine === 'postgres') {
    const spaces = String.fromCodePoint(...REFERENCE_SPACES);
    return sql`upper(translate((body::json) #>> '{paymentInfo,bankReferenceCode}', ${sql.lit(spaces)}, ''))`;
  }
  let key = sql`json_extract(body, '$.paymentInfo.bankReferenceCode')`;
  for (const space of REFERENCE_SPACES) key = sql`replace(${key}, char(${sql.lit(space)}), '')`;
  return sql`upper(${key})`;
}

/** Open sales invoices (oldest first) whose reference (`referenceKey`) is one of `references`. */
export async function openSalesInvoicesByReference(
  db: Db,
  companyId: number,
  engine: 'sqlite' | 'postgres',
  references: string[],
): Promise<(Pick<InvoiceRecord, 'currency' | 'gross_minor' | 'paid_minor'> & { id: number; reference: string })[]> {
  if (references.length === 0) return [];
  const key = referenceKey(engine);
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'currency', 'gross_minor', 'paid_minor', key.as('reference')])
    .where('company_id', '=', companyId)
    .where(key, 'in', references)
    .where('type', '=', 'SALES_INVOICE')
    .where('status', 'in', ['NOT_SENT', 'SENT', 'PARTLY_PAID'])
    .execute();
  // sorted here: asked for in id order, SQLite would walk the company's sales invoices by id instead of the index
  return rows
    .map((row) => ({ ...row, id: Number(row.id), reference: row.reference ?? '' }))
    .sort((a, b) => a.id - b.id);
}

export async function insertInvoice(db: Db, row: InvoiceRecord): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

export function updateInvoice(db: Db, row: InvoiceRecord, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'invoices', row, expectedVersion);
}

export async function rowsOf(db: Db, companyId: number, invoiceId: number): Promise<InvoiceRowRecord[]> {
  return db
    .selectFrom('invoice_rows')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

/** Writes an invoice's rows and search grams anew. */
export async function replaceRowsAndGrams(
  db: Db,
  companyId: number,
  invoiceId: number,
  rows: InvoiceRowRecord[],
  grams: string[],
): Promise<void> {
  await db.deleteFrom('invoice_rows').where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).execute();
  await db
    .deleteFrom('invoice_search_grams')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('invoice_rows')
      .values(rows.slice(i, i + 200))
      .execute();
  for (let i = 0; i < grams.length; i += 500)
    await db
      .insertInto('invoice_search_grams')
      .values(grams.slice(i, i + 500).map((gram) => ({ company_id: companyId, gram, invoice_id: invoiceId })))
      .execute();
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

/** PostgreSQL: the statements of this transaction are planned for their own parameter values. */
export async function planForTheseValues(db: Db): Promise<void> {
  await sql`set local plan_cache_mode = force_custom_plan`.execute(db);
}

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
export async function searchInvoices(
  db: Db,
  engine: Engine,
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
    const intersect =
      engine === 'postgres' && grams.length >= 2 && (await fewEntries(db, companyId, judged.slice(0, 2)));
    const others = grams.slice(intersect ? 2 : 1);
    const eb = expressionBuilder<Database, 'invoices'>();
    const fenced = <Q extends { offset(n: number): Q }>(lookup: Q) =>
      engine === 'postgres' ? lookup.offset(0) : lookup;
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

// ---- payment events ----

export async function insertPaymentEvents(db: Db, rows: PaymentEventRecord[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('invoice_payment_events').values(rows).execute();
}

export async function paymentEventsOf(
  db: Db,
  companyId: number,
  invoiceId: number,
  page?: PageRequest,
): Promise<{ rows: PaymentEventRecord[]; total: number }> {
  const query = db
    .selectFrom('invoice_payment_events')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .where('deleted', '=', false);
  const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll().orderBy('id', page?.order ?? 'asc');
  if (page) {
    if (page.previousId !== undefined) rows = rows.where('id', page.order === 'asc' ? '>' : '<', page.previousId);
    rows = rows.limit(page.pageSize).offset(page.offset);
  }
  return { rows: await rows.execute(), total: Number(totalRow.total) };
}

export async function getPaymentEvent(
  db: Db,
  companyId: number,
  invoiceId: number,
  id: number,
): Promise<PaymentEventRecord | undefined> {
  return db
    .selectFrom('invoice_payment_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export async function markPaymentEventDeleted(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .updateTable('invoice_payment_events')
    .set({ deleted: true })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

// ---- history, circulation, comments ----

export async function insertHistory(db: Db, row: InvoiceHistoryRecord | InvoiceHistoryRecord[]): Promise<void> {
  await db.insertInto('invoice_history').values(row).execute();
}

/** What was done to invoices, in the order it was done, each row naming its invoice. */
export async function historyOf(db: Db, companyId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('invoice_history')
    .leftJoin('users', 'users.user_id', 'invoice_history.user_id')
    .select([
      'invoice_history.invoice_id',
      'invoice_history.action',
      'invoice_history.at',
      'invoice_history.details',
      'users.first_name',
      'users.last_name',
    ])
    .where('invoice_history.company_id', '=', companyId)
    .where('invoice_history.invoice_id', 'in', invoiceIds)
    .orderBy('invoice_history.id')
    .execute();
}

export async function checkersOf(db: Db, companyId: number, invoiceId: number): Promise<InvoiceCheckerRecord[]> {
  return db
    .selectFrom('invoice_checkers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('role')
    .orderBy('position')
    .execute();
}

export async function replaceCheckers(
  db: Db,
  companyId: number,
  invoiceId: number,
  rows: InvoiceCheckerRecord[],
): Promise<void> {
  await db
    .deleteFrom('invoice_checkers')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (rows.length > 0) await db.insertInto('invoice_checkers').values(rows).execute();
}

export async function markChecked(db: Db, companyId: number, id: number, on: string): Promise<void> {
  await db
    .updateTable('invoice_checkers')
    .set({ performed_on: on })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/**
 * Invoices of the given types waiting for the user: in `statuses`, with the user a checker of `role` who has not
 * acted yet.
 */
export async function waitingFor(
  db: Db,
  companyId: number,
  userId: number,
  role: 'VERIFIER' | 'ACCEPTOR',
  types: string[],
  statuses: string[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('invoice_checkers')
    .innerJoin('invoices', (join) =>
      join
        .onRef('invoices.company_id', '=', 'invoice_checkers.company_id')
        .onRef('invoices.id', '=', 'invoice_checkers.invoice_id'),
    )
    .select('invoices.id')
    .where('invoice_checkers.company_id', '=', companyId)
    .where('invoice_checkers.user_id', '=', userId)
    .where('invoice_checkers.role', '=', role)
    .where('invoice_checkers.performed_on', 'is', null)
    .where('invoices.type', 'in', types)
    .where('invoices.status', 'in', statuses)
    .orderBy('invoices.id')
    .execute();
  return [...new Set(rows.map((r) => Number(r.id)))];
}

export async function insertComment(db: Db, row: InvoiceCommentRecord): Promise<void> {
  await db.insertInto('invoice_comments').values(row).execute();
}

export async function commentsOf(db: Db, companyId: number, invoiceId: number, commentId?: number) {
  let query = db
    .selectFrom('invoice_comments')
    .leftJoin('users', 'users.user_id', 'invoice_comments.author_id')
    .select([
      'invoice_comments.id',
      'invoice_comments.at',
      'invoice_comments.comment',
      'invoice_comments.tagged',
      'invoice_comments.author_id',
      'users.first_name',
      'users.last_name',
    ])
    .where('invoice_comments.company_id', '=', companyId)
    .where('invoice_comments.invoice_id', '=', invoiceId);
  if (commentId !== undefined) query = query.where('invoice_comments.id', '=', commentId);
  return query.orderBy('invoice_comments.id').execute();
}

export async function updateCommentTags(db: Db, companyId: number, id: number, tagged: string): Promise<void> {
  await db
    .updateTable('invoice_comments')
    .set({ tagged })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Users of the company (members), by name, for tagging in comments. */
export async function companyUsers(db: Db, companyId: number) {
  return db
    .selectFrom('company_users')
    .innerJoin('users', 'users.user_id', 'company_users.user_id')
    .select(['users.user_id', 'users.first_name', 'users.last_name', 'users.username'])
    .where('company_users.company_id', '=', companyId)
    .orderBy('users.user_id')
    .execute();
}
