// SQL of invoices, their rows, search words, payment events, history, circulation and comments.
import type { Db } from '../db/index.ts';
import { updateIfVersion } from '../db/versioned.ts';
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

interface InvoiceSearchWordRecord {
  company_id: number;
  word: string;
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
    invoice_search_words: InvoiceSearchWordRecord;
    invoice_payment_events: PaymentEventRecord;
    invoice_history: InvoiceHistoryRecord;
    invoice_checkers: InvoiceCheckerRecord;
    invoice_comments: InvoiceCommentRecord;
  }
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

/** Writes an invoice's rows and search words anew. */
export async function replaceRowsAndWords(
  db: Db,
  companyId: number,
  invoiceId: number,
  rows: InvoiceRowRecord[],
  words: string[],
): Promise<void> {
  await db.deleteFrom('invoice_rows').where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).execute();
  await db
    .deleteFrom('invoice_search_words')
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('invoice_rows')
      .values(rows.slice(i, i + 200))
      .execute();
  if (words.length > 0)
    await db
      .insertInto('invoice_search_words')
      .values(words.map((word) => ({ company_id: companyId, word, invoice_id: invoiceId })))
      .execute();
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
  /** Folded words; each must begin a word of the invoice's searchable text. */
  words?: string[];
  isOffer?: boolean;
  channels?: string[];
  orderByDate?: 'asc' | 'desc';
  orderByCreated?: 'asc' | 'desc';
  orderByVersion?: 'asc' | 'desc';
}

/**
 * The first string after every string that begins with `prefix`, for words of [0-9a-z]: an index range scan
 * that orders the same under any collation (digits before letters). Undefined when there is none (z…z).
 */
function prefixEnd(prefix: string): string | undefined {
  const trimmed = prefix.replace(/z+$/, '');
  if (trimmed === '') return undefined;
  const last = trimmed.at(-1)!;
  const next = last === '9' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1);
  return trimmed.slice(0, -1) + next;
}

/** How many invoices a word begins a word of, counted up to a cap: cheap index range counts to order by. */
const SELECTIVITY_CAP = 20_000;

async function bySelectivity(db: Db, companyId: number, words: string[]): Promise<string[]> {
  if (words.length < 2) return words;
  const counted = await Promise.all(
    words.map(async (word) => {
      const end = prefixEnd(word);
      let range = db
        .selectFrom('invoice_search_words')
        .select('invoice_id')
        .where('company_id', '=', companyId)
        .where('word', '>=', word);
      if (end) range = range.where('word', '<', end);
      const row = await db
        .selectFrom(range.limit(SELECTIVITY_CAP).as('hits'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { word, n: Number(row.n) };
    }),
  );
  return counted.sort((a, b) => a.n - b.n).map((c) => c.word);
}

export async function searchInvoices(
  db: Db,
  companyId: number,
  search: InvoiceSearch,
  page: PageRequest,
): Promise<{ rows: InvoiceRecord[]; total: number }> {
  let query = db.selectFrom('invoices').where('company_id', '=', companyId);
  if (search.statuses?.length) query = query.where('status', 'in', search.statuses);
  if (search.types?.length) query = query.where('type', 'in', search.types);
  if (search.startDate) query = query.where('invoice_date', '>=', search.startDate);
  if (search.endDate) query = query.where('invoice_date', '<=', search.endDate);
  if (search.dueStart) query = query.where('due_date', '>=', search.dueStart);
  if (search.dueEnd) query = query.where('due_date', '<=', search.dueEnd);
  if (search.createdStart) query = query.where('created_at', '>=', search.createdStart);
  if (search.createdEnd) query = query.where('created_at', '<=', search.createdEnd);
  if (search.versionStart) query = query.where('version', '>=', search.versionStart);
  if (search.versionEnd) query = query.where('version', '<=', search.versionEnd);
  if (search.partnerId !== undefined) query = query.where('partner_id', '=', search.partnerId);
  if (search.factoringContractId !== undefined)
    query = query.where('factoring_contract_id', '=', search.factoringContractId);
  if (search.originalInvoiceNumber !== undefined)
    query = query.where('original_invoice_number', '=', search.originalInvoiceNumber);
  if (search.invoiceNumber !== undefined) query = query.where('invoice_number', '=', search.invoiceNumber);
  if (search.isOffer !== undefined) query = query.where('is_offer', '=', search.isOffer);
  if (search.channels?.length) query = query.where('invoice_channel', 'in', search.channels);
  if (search.productIds?.length) {
    const productIds = search.productIds;
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('invoice_rows')
        .select('invoice_id')
        .where('company_id', '=', companyId)
        .where('product_id', 'in', productIds),
    );
  }
  const words = await bySelectivity(db, companyId, search.words ?? []);
  if (words.length > 0) {
    // the rarest word drives through the word index; every other word is checked on the candidate's own words
    const [drive, ...others] = words;
    const driveEnd = prefixEnd(drive);
    query = query.where('id', 'in', (eb) => {
      let range = eb
        .selectFrom('invoice_search_words')
        .select('invoice_id')
        .where('company_id', '=', companyId)
        .where('word', '>=', drive);
      if (driveEnd) range = range.where('word', '<', driveEnd);
      return range;
    });
    for (const word of others) {
      const end = prefixEnd(word);
      query = query.where((eb) => {
        let own = eb
          .selectFrom('invoice_search_words as w')
          .select('w.invoice_id')
          .where('w.company_id', '=', companyId)
          .whereRef('w.invoice_id', '=', 'invoices.id')
          .where('w.word', '>=', word);
        if (end) own = own.where('w.word', '<', end);
        return eb.exists(own);
      });
    }
  }
  const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll();
  if (page.previousId !== undefined) rows = rows.where('id', page.order === 'asc' ? '>' : '<', page.previousId);
  if (search.orderByDate) rows = rows.orderBy('invoice_date', search.orderByDate);
  if (search.orderByCreated) rows = rows.orderBy('created_at', search.orderByCreated);
  if (search.orderByVersion) rows = rows.orderBy('version', search.orderByVersion);
  rows = rows.orderBy('id', page.order).limit(page.pageSize).offset(page.offset);
  return { rows: await rows.execute(), total: Number(totalRow.total) };
}

// ---- payment events ----

export async function insertPaymentEvent(db: Db, row: PaymentEventRecord): Promise<void> {
  await db.insertInto('invoice_payment_events').values(row).execute();
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

export async function insertHistory(db: Db, row: InvoiceHistoryRecord): Promise<void> {
  await db.insertInto('invoice_history').values(row).execute();
}

export async function historyOf(db: Db, companyId: number, invoiceId: number) {
  return db
    .selectFrom('invoice_history')
    .leftJoin('users', 'users.user_id', 'invoice_history.user_id')
    .select([
      'invoice_history.action',
      'invoice_history.at',
      'invoice_history.details',
      'users.first_name',
      'users.last_name',
    ])
    .where('invoice_history.company_id', '=', companyId)
    .where('invoice_history.invoice_id', '=', invoiceId)
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
