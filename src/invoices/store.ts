// SQL of invoices, their rows, search grams, payment events, history, circulation and comments.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
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
