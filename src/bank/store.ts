// SQL of imported bank statements, their events and reference payments.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { deleteRow } from '../db/rows.ts';
import { jsonRows } from '../db/bulk.ts';
import type { MinorUnits } from '../domain/decimal.ts';

/** An amount column: written as a bigint, read back as the engine gives it (see `minor`). */
type Amount = MinorUnits | number;

export interface BankStatementRow {
  company_id: number;
  id: number;
  bank_account_id: number;
  kind: 'STATEMENT' | 'NOTIFICATION';
  message_id: string;
  report_id: string;
  format: string;
  statement_number: string | null;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  start_balance: Amount | null;
  end_balance: Amount | null;
  deposit_count: number;
  deposit_sum: Amount;
  withdrawal_count: number;
  withdrawal_sum: Amount;
  imported: string;
}

export interface BankStatementEventRow {
  company_id: number;
  id: number;
  statement_id: number;
  bank_account_id: number;
  entry_key: string;
  pay_date: string;
  value_date: string;
  amount: Amount;
  currency: string;
  original_amount: Amount | null;
  original_currency: string | null;
  name: string | null;
  counterparty_account: string | null;
  explanation_code: number | null;
  bank_transaction_code: string | null;
  archive_code: string | null;
  message: string | null;
  reference: string | null;
  end_to_end_id: string | null;
  transaction_count: number;
  reversal: boolean | number;
}

export interface ReferencePaymentRow {
  company_id: number;
  id: number;
  statement_id: number;
  bank_account_id: number;
  entry_key: string;
  payment_date: string;
  value_date: string;
  amount: Amount;
  currency: string;
  name: string | null;
  payer_account: string | null;
  reference: string;
  archive_id: string | null;
  end_to_end_id: string | null;
  message: string | null;
  /** What the automatic matching found (src/bank/matching.ts); null until it has looked. */
  match_status: string | null;
  matched_invoice_id: number | null;
  /** The statement event whose credit this payment is, for a payment read from a camt.053. */
  event_id: number | null;
}

declare module '../db/types.ts' {
  interface Database {
    bank_statements: BankStatementRow;
    bank_statement_events: BankStatementEventRow;
    reference_payments: ReferencePaymentRow;
  }
}

export interface CompanyAccount {
  id: number;
  iban: string;
  currency: string;
}

/** The company's bank accounts (a handful), read from the bank accounts' register. */
export async function companyAccounts(db: Db, companyId: number): Promise<CompanyAccount[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'iban', 'currency'])
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), iban: row.iban, currency: row.currency }));
}

export async function findReport(
  db: Db,
  companyId: number,
  accountId: number,
  kind: BankStatementRow['kind'],
  reportId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('bank_statements')
    .select('id')
    .where('company_id', '=', companyId)
    .where('bank_account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStatement(db: Db, row: BankStatementRow): Promise<void> {
  await db.insertInto('bank_statements').values(row).execute();
}

export async function updateStatementTotals(
  db: Db,
  companyId: number,
  id: number,
  totals: Pick<BankStatementRow, 'deposit_count' | 'deposit_sum' | 'withdrawal_count' | 'withdrawal_sum'>,
): Promise<void> {
  await db
    .updateTable('bank_statements')
    .set(totals)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/**
 * Inserts the rows whose entry key the account does not have yet (each one is a probe of the unique index, whatever
 * the table's statistics say in the middle of a large import); returns the keys inserted.
 */
export async function insertNew(
  db: Db,
  table: 'bank_statement_events' | 'reference_payments',
  rows: BankStatementEventRow[] | ReferencePaymentRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto(table)
    .values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'bank_account_id', 'entry_key']).doNothing())
    .returning('entry_key')
    .execute();
  return new Set(inserted.map((row) => row.entry_key));
}

export interface ListFilter {
  accountId?: number;
  startDate?: string;
  endDate?: string;
  previousId?: number;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Statements (not notifications) whose period meets [startDate, endDate]; with the total count. */
export async function listStatements(
  db: Db,
  companyId: number,
  filter: ListFilter,
  orderByStartDate?: 'asc' | 'desc',
): Promise<{ rows: BankStatementRow[]; total: number }> {
  let query = db.selectFrom('bank_statements').where('company_id', '=', companyId).where('kind', '=', 'STATEMENT');
  if (filter.accountId !== undefined) query = query.where('bank_account_id', '=', filter.accountId);
  if (filter.startDate)
    query = query.where((eb) => eb.or([eb('end_date', '>=', filter.startDate!), eb('end_date', 'is', null)]));
  if (filter.endDate)
    query = query.where((eb) => eb.or([eb('start_date', '<=', filter.endDate!), eb('start_date', 'is', null)]));
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let page = query.selectAll();
  if (filter.previousId !== undefined) page = page.where('id', filter.order === 'desc' ? '<' : '>', filter.previousId);
  if (orderByStartDate) page = page.orderBy('start_date', orderByStartDate);
  const rows = await page.orderBy('id', filter.order).limit(filter.limit).offset(filter.offset).execute();
  return { rows, total: Number(total.n) };
}

export async function eventsOf(db: Db, companyId: number, statementIds: number[]): Promise<BankStatementEventRow[]> {
  if (statementIds.length === 0) return [];
  return db
    .selectFrom('bank_statement_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('statement_id', 'in', statementIds)
    .orderBy('id')
    .execute();
}

export async function listReferencePayments(
  db: Db,
  companyId: number,
  filter: ListFilter & { matchStatus?: string },
): Promise<{ rows: ReferencePaymentRow[]; total: number }> {
  let query = db.selectFrom('reference_payments').where('company_id', '=', companyId);
  if (filter.matchStatus !== undefined) query = query.where('match_status', '=', filter.matchStatus);
  if (filter.accountId !== undefined) query = query.where('bank_account_id', '=', filter.accountId);
  if (filter.startDate) query = query.where('payment_date', '>=', filter.startDate);
  if (filter.endDate) query = query.where('payment_date', '<=', filter.endDate);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let page = query.selectAll();
  if (filter.previousId !== undefined) page = page.where('id', filter.order === 'desc' ? '<' : '>', filter.previousId);
  const rows = await page.orderBy('id', filter.order).limit(filter.limit).offset(filter.offset).execute();
  return { rows, total: Number(total.n) };
}

/** Whether the company has bank statement event or reference payment `id` (files attach to them). */
export async function hasDocument(
  db: Db,
  companyId: number,
  table: 'bank_statement_events' | 'reference_payments',
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BankAllocationRow {
  company_id: number;
  id: number;
  source: 'EVENT' | 'REFERENCE_PAYMENT';
  source_id: number;
  kind: 'INVOICE' | 'PRODUCT' | 'METADATA';
  invoice_id: number | null;
  product_id: number | null;
  payment_event_id: number | null;
  ledger_receipt_id: number | null;
  metadata: string | null;
  created: string;
}

declare module '../db/types.ts' {
  interface Database {
    bank_allocations: BankAllocationRow;
  }
}

export async function getEvent(db: Db, companyId: number, id: number): Promise<BankStatementEventRow | undefined> {
  return db
    .selectFrom('bank_statement_events')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getStatement(db: Db, companyId: number, id: number): Promise<BankStatementRow | undefined> {
  return db
    .selectFrom('bank_statements')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getReferencePayment(
  db: Db,
  companyId: number,
  id: number,
): Promise<ReferencePaymentRow | undefined> {
  return db
    .selectFrom('reference_payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function allocationOf(
  db: Db,
  companyId: number,
  source: BankAllocationRow['source'],
  sourceId: number,
): Promise<BankAllocationRow | undefined> {
  return db
    .selectFrom('bank_allocations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

export async function allocationsOf(
  db: Db,
  companyId: number,
  source: BankAllocationRow['source'],
  sourceIds: number[],
): Promise<Map<number, BankAllocationRow>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bank_allocations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source', '=', source)
    .where('source_id', 'in', sourceIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.source_id), row]));
}

export async function insertAllocations(db: Db, rows: BankAllocationRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('bank_allocations').values(rows).execute();
}

/** Deletes the allocation; false when there was none (another request deleted it first). */
export function deleteAllocation(db: Db, companyId: number, id: number): Promise<boolean> {
  return deleteRow(db, 'bank_allocations', companyId, id);
}

/** The ledger account of a bank account of the company (its register's `ledgerAccount`). */
export async function bankLedgerAccount(db: Db, companyId: number, bankAccountId: number): Promise<string> {
  const row = await db
    .selectFrom('bank_accounts')
    .select('data')
    .where('company_id', '=', companyId)
    .where('id', '=', bankAccountId)
    .executeTakeFirst();
  const account = row ? (JSON.parse(row.data) as { ledgerAccount?: unknown }).ledgerAccount : undefined;
  return typeof account === 'string' ? account : '1910';
}

/** Whether a statement event's credit was taken as reference payments (matched by their references). */
export async function eventHasReferencePayments(db: Db, companyId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reference_payments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The reference payments of an account, from its files of `kind`, with one of `references`, paid on one of `dates`. */
export async function referencePaymentsOfKind(
  db: Db,
  companyId: number,
  accountId: number,
  kind: 'STATEMENT' | 'NOTIFICATION',
  { dates, references }: { dates: string[]; references: string[] },
): Promise<Pick<ReferencePaymentRow, 'reference' | 'amount' | 'payment_date'>[]> {
  if (dates.length === 0 || references.length === 0) return [];
  return db
    .selectFrom('reference_payments as p')
    .innerJoin('bank_statements as s', (join) =>
      join.onRef('s.company_id', '=', 'p.company_id').onRef('s.id', '=', 'p.statement_id'),
    )
    .select(['p.reference', 'p.amount', 'p.payment_date'])
    .where('p.company_id', '=', companyId)
    .where('p.bank_account_id', '=', accountId)
    .where('p.reference', 'in', references)
    .where('s.kind', '=', kind)
    .where('p.payment_date', 'in', dates)
    .execute();
}

/** Reference payments the matching has not looked at yet, after id `after`, in id order. */
export async function unmatchedPayments(
  db: Db,
  companyId: number,
  after: number,
  limit: number,
): Promise<ReferencePaymentRow[]> {
  return db
    .selectFrom('reference_payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('match_status', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The match status of payments (and the invoice each was matched to) in one statement. */
export async function setMatchStatuses(
  db: Db,
  companyId: number,
  payments: readonly { id: number; status: string; invoiceId?: number }[],
): Promise<void> {
  if (payments.length === 0) return;
  const rows = payments.map((p) => ({ id: p.id, status: p.status, invoice_id: p.invoiceId ?? null }));
  const statuses = jsonRows(db, rows, { id: 'bigint', status: 'text', invoice_id: 'bigint' });
  await sql`with v as materialized ${statuses}
    update reference_payments set match_status = v.status, matched_invoice_id = v.invoice_id
    from v
    where reference_payments.company_id = ${companyId} and reference_payments.id in (select id from v)
      and reference_payments.id = v.id`.execute(db);
}
