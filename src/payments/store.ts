// SQL of payments out, their groups (direct salary payment lists) and payment files.
import type { Db } from '../db/index.ts';
import type { MinorUnits } from '../domain/decimal.ts';

/** An amount column: written as a bigint, read back as the engine gives it (see `minor`). */
type Amount = MinorUnits | number | string;

/** The states of a payment out (see service.ts). */
export type PaymentStatus = 'PAYMENT_QUEUED' | 'PAYMENT_SENT_TO_BANK' | 'PAID' | 'PAYMENT_TRANSACTION_REMOVED';

export interface PaymentRow {
  company_id: number;
  id: number;
  kind: 'INVOICE' | 'TRANSFER' | 'SALARY';
  invoice_id: number | null;
  group_id: number | null;
  custom_id: string | null;
  status: PaymentStatus;
  payment_date: string;
  amount: Amount;
  currency: string;
  payer_account_id: number;
  payment_method: string;
  receiver_name: string;
  receiver_account: string;
  receiver_bic: string | null;
  reference: string | null;
  reference_type: string | null;
  message: string | null;
  service_charge: string | null;
  details: string;
  end_to_end_id: string;
  file_id: number | null;
  created_by: string;
  created: string;
}

export interface PaymentGroupRow {
  company_id: number;
  id: number;
  list_name: string;
  custom_id: string | null;
  payment_method: string;
  payment_date: string;
  payer_account_id: number;
  status: string;
  total: Amount;
  created: string;
}

export interface PaymentFileRow {
  company_id: number;
  id: number;
  message_id: string;
  payer_account_id: number;
  payment_date: string;
  transactions: number;
  control_sum: Amount;
  xml: string;
  created: string;
}

/** A payment the bank returned (see the migration `0631_payment_errors`). */
export interface PaymentErrorRow {
  company_id: number;
  id: number;
  payment_id: number;
  error_code: string;
  /** The booking date of the return, YYYY-MM-DD. */
  created: string;
}

declare module '../db/types.ts' {
  interface Database {
    payments: PaymentRow;
    payment_groups: PaymentGroupRow;
    payment_files: PaymentFileRow;
    payment_errors: PaymentErrorRow;
  }
}

export async function insertPayments(db: Db, rows: PaymentRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('payments').values(rows).execute();
}

export async function getPayment(db: Db, companyId: number, id: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setStatus(
  db: Db,
  companyId: number,
  ids: number[],
  status: PaymentStatus,
  fileId?: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payments')
    .set(fileId === undefined ? { status } : { status, file_id: fileId })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Moves the payments still in one of the statuses `from` to `to`; answers the ids moved. A payment another
 * transaction moved meanwhile (a payment file took it, a cancellation removed it) is left out, not overwritten:
 * on PostgreSQL the update waits for that transaction and then checks the status it committed.
 */
export async function moveStatus(
  db: Db,
  companyId: number,
  ids: number[],
  from: readonly PaymentStatus[],
  to: PaymentStatus,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const moved = await db
    .updateTable('payments')
    .set({ status: to })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', 'in', from)
    .returning('id')
    .execute();
  return moved.map((r) => Number(r.id));
}

/** Deletes the payment if it is still in one of the statuses `from` (as `moveStatus`); false when it was not. */
export async function deletePayment(
  db: Db,
  companyId: number,
  id: number,
  from: readonly PaymentStatus[],
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('payments')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Sum of the amounts of the live payments (queued, sent or paid) of each invoice. */
export async function pendingByInvoice(db: Db, companyId: number, invoiceIds: number[]): Promise<Map<number, bigint>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['invoice_id', 'amount'])
    .where('company_id', '=', companyId)
    .where('invoice_id', 'in', invoiceIds)
    .where('status', 'in', ['PAYMENT_QUEUED', 'PAYMENT_SENT_TO_BANK'])
    .execute();
  const sums = new Map<number, bigint>();
  for (const row of rows) {
    const id = Number(row.invoice_id);
    sums.set(id, (sums.get(id) ?? 0n) + BigInt(row.amount));
  }
  return sums;
}

export interface PaymentFilter {
  startDate?: string;
  endDate?: string;
  invoiceIds?: number[];
  kinds?: PaymentRow['kind'][];
  previousId?: number;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export async function listPayments(
  db: Db,
  companyId: number,
  filter: PaymentFilter,
): Promise<{ rows: PaymentRow[]; total: number }> {
  let query = db.selectFrom('payments').where('company_id', '=', companyId);
  if (filter.startDate) query = query.where('payment_date', '>=', filter.startDate);
  if (filter.endDate) query = query.where('payment_date', '<=', filter.endDate);
  if (filter.invoiceIds) query = query.where('invoice_id', 'in', filter.invoiceIds);
  if (filter.kinds) query = query.where('kind', 'in', filter.kinds);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let page = query.selectAll();
  if (filter.previousId !== undefined) page = page.where('id', filter.order === 'desc' ? '<' : '>', filter.previousId);
  const rows = await page.orderBy('id', filter.order).limit(filter.limit).offset(filter.offset).execute();
  return { rows, total: Number(total.n) };
}

/** The payments of a direct salary payment list, in order. */
export async function paymentsOfGroup(db: Db, companyId: number, groupId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .orderBy('id')
    .execute();
}

export async function insertGroup(db: Db, row: PaymentGroupRow): Promise<void> {
  await db.insertInto('payment_groups').values(row).execute();
}

export async function getGroup(db: Db, companyId: number, id: number): Promise<PaymentGroupRow | undefined> {
  return db
    .selectFrom('payment_groups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setGroupStatus(db: Db, companyId: number, ids: number[], status: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_groups')
    .set({ status })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export interface GroupFilter {
  startDate?: string;
  endDate?: string;
  name?: string;
  customId?: string;
  previousId?: number;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export async function listGroups(
  db: Db,
  companyId: number,
  filter: GroupFilter,
): Promise<{ rows: PaymentGroupRow[]; total: number }> {
  let query = db.selectFrom('payment_groups').where('company_id', '=', companyId);
  if (filter.startDate) query = query.where('payment_date', '>=', filter.startDate);
  if (filter.endDate) query = query.where('payment_date', '<=', filter.endDate);
  if (filter.name) query = query.where('list_name', '=', filter.name);
  if (filter.customId) query = query.where('custom_id', '=', filter.customId);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let page = query.selectAll();
  if (filter.previousId !== undefined) page = page.where('id', filter.order === 'desc' ? '<' : '>', filter.previousId);
  const rows = await page.orderBy('id', filter.order).limit(filter.limit).offset(filter.offset).execute();
  return { rows, total: Number(total.n) };
}

/** Queued payments, oldest first: what the next payment files carry. */
export async function queuedPayments(db: Db, companyId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '=', 'PAYMENT_QUEUED')
    .orderBy('id')
    .execute();
}

/** Payments sent to the bank whose end-to-end id is one of `ids`. */
export async function sentByEndToEndId(db: Db, companyId: number, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('end_to_end_id', 'in', ids)
    .where('status', '=', 'PAYMENT_SENT_TO_BANK')
    .execute();
}

export async function insertFile(db: Db, row: PaymentFileRow): Promise<void> {
  await db.insertInto('payment_files').values(row).execute();
}

export async function getFile(db: Db, companyId: number, id: number): Promise<PaymentFileRow | undefined> {
  return db
    .selectFrom('payment_files')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listFiles(
  db: Db,
  companyId: number,
  page: { offset: number; limit: number; order: 'asc' | 'desc'; previousId?: number },
): Promise<{ rows: Omit<PaymentFileRow, 'xml'>[]; total: number }> {
  const query = db.selectFrom('payment_files').where('company_id', '=', companyId);
  const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let rows = query.select([
    'company_id',
    'id',
    'message_id',
    'payer_account_id',
    'payment_date',
    'transactions',
    'control_sum',
    'created',
  ]);
  if (page.previousId !== undefined) rows = rows.where('id', page.order === 'desc' ? '<' : '>', page.previousId);
  return {
    rows: await rows.orderBy('id', page.order).limit(page.limit).offset(page.offset).execute(),
    total: Number(total.n),
  };
}

/** Payments of any status whose end-to-end id is one of `ids`. */
export async function byEndToEndId(db: Db, companyId: number, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('end_to_end_id', 'in', ids)
    .execute();
}

export async function insertErrors(db: Db, rows: PaymentErrorRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('payment_errors').values(rows).execute();
}

export interface ErrorFilter {
  createdStart?: string;
  createdEnd?: string;
  /** The kinds of payment whose errors are wanted (those the caller may view); never empty. */
  kinds: PaymentRow['kind'][];
  previousId?: number;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export type PaymentErrorListed = PaymentErrorRow &
  Pick<PaymentRow, 'kind' | 'invoice_id'> & { invoice_type: string | null };

function errorQuery(db: Db, companyId: number, filter: ErrorFilter) {
  let query = db
    .selectFrom('payment_errors as e')
    .innerJoin('payments as p', (j) => j.onRef('p.company_id', '=', 'e.company_id').onRef('p.id', '=', 'e.payment_id'))
    .where('e.company_id', '=', companyId)
    .where('p.kind', 'in', filter.kinds);
  if (filter.createdStart) query = query.where('e.created', '>=', filter.createdStart);
  if (filter.createdEnd) query = query.where('e.created', '<=', filter.createdEnd);
  return query;
}

/** A page of payment errors by id, with their payments' kinds and the types of their invoices. */
export async function listErrors(db: Db, companyId: number, filter: ErrorFilter): Promise<PaymentErrorListed[]> {
  let query = errorQuery(db, companyId, filter)
    .leftJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'p.company_id').onRef('i.id', '=', 'p.invoice_id'))
    .select([
      'e.company_id',
      'e.id',
      'e.payment_id',
      'e.error_code',
      'e.created',
      'p.kind',
      'p.invoice_id',
      'i.type as invoice_type',
    ]);
  if (filter.previousId !== undefined)
    query = query.where('e.id', filter.order === 'desc' ? '<' : '>', filter.previousId);
  return query.orderBy('e.id', filter.order).limit(filter.limit).offset(filter.offset).execute();
}

/** The number of matching errors, counting no further than `limit`. */
export async function countErrors(db: Db, companyId: number, filter: ErrorFilter, limit: number): Promise<number> {
  const row = await db
    .selectFrom(errorQuery(db, companyId, filter).select('e.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
