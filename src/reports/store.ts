// SQL of the reports: every figure is an aggregate computed by the database over ledger lines that are in the
// ledger (their receipt is APPROVED). Lines are never loaded into the service to be summed; only one page of a
// general ledger, or one chunk of an export, is ever read as rows.
//
// The aggregates walk the reports index (company_id, in_ledger, account_number, entry_date, receipt_id, id,
// amount_minor; src/reports/migrations.ts) without reading the table: per account, one range of dates.
//
// Reports own no table: they read the ledger's, accounts' and fiscal tables (whose row types their owners'
// stores merge into Database) and write none.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';

export interface AccountSums {
  account: string;
  /** Sum of lines dated before each of the asked cut-off dates, in the asked order. */
  before: MinorUnits[];
  /** Debits (positive lines) and credits (negative lines, as a positive sum) dated within [from, through]. */
  debit: MinorUnits;
  credit: MinorUnits;
  /** Lines counted in any figure (dated up to `through`). */
  lines: number;
}

export interface SumsQuery {
  /** Cut-off dates: `before[i]` sums the lines dated strictly before `cutoffs[i]`. */
  cutoffs: string[];
  /** Start of the debit/credit window (inclusive). */
  from: string;
  /** Last date counted at all (inclusive). */
  through: string;
  /** Only these accounts; all when left out. */
  accounts?: string[];
}

const sumBefore = (date: string, alias: string): RawBuilder<unknown> =>
  sql`coalesce(sum(case when entry_date < ${date} then amount_minor else 0 end), 0)`.as(
    alias,
  ) as unknown as RawBuilder<unknown>;

/** Per account: sums before cut-off dates and debits/credits in a window, in one pass of the index. */
export async function sumsByAccount(db: Db, companyId: number, query: SumsQuery): Promise<AccountSums[]> {
  let q = db
    .selectFrom('ledger_entries')
    .select('account_number')
    .select(
      sql<unknown>`coalesce(sum(case when entry_date >= ${query.from} and amount_minor > 0 then amount_minor else 0 end), 0)`.as(
        'debit',
      ),
    )
    .select(
      sql<unknown>`coalesce(sum(case when entry_date >= ${query.from} and amount_minor < 0 then -amount_minor else 0 end), 0)`.as(
        'credit',
      ),
    )
    .select(sql<unknown>`count(*)`.as('lines'))
    .where('company_id', '=', companyId)
    .where('in_ledger', '=', true)
    .where('entry_date', '<=', query.through);
  query.cutoffs.forEach((date, i) => {
    q = q.select(sumBefore(date, `before_${i}`) as never);
  });
  if (query.accounts) q = q.where('account_number', 'in', query.accounts.length > 0 ? query.accounts : ['']);
  const rows = (await q.groupBy('account_number').orderBy('account_number').execute()) as Record<string, unknown>[];
  return rows.map((r) => ({
    account: String(r.account_number),
    before: query.cutoffs.map((_, i) => minor(r[`before_${i}`])),
    debit: minor(r.debit),
    credit: minor(r.credit),
    lines: Number(r.lines),
  }));
}

export interface ChartAccount {
  number: string;
  name: string;
  type: string;
  active: boolean;
}

export async function chart(db: Db, companyId: number, numbers?: string[]): Promise<ChartAccount[]> {
  let q = db.selectFrom('accounts').select(['number', 'name', 'type', 'active']).where('company_id', '=', companyId);
  if (numbers) q = q.where('number', 'in', numbers.length > 0 ? numbers : ['']);
  const rows = await q.orderBy('number').execute();
  return rows.map((r) => ({ number: r.number, name: r.name, type: r.type, active: Boolean(r.active) }));
}

export interface FiscalYear {
  id: number;
  start: string;
  end: string;
  closed: boolean;
}

export async function fiscalYears(db: Db, companyId: number): Promise<FiscalYear[]> {
  const rows = await db
    .selectFrom('fiscal_years')
    .select(['id', 'start_date', 'end_date', 'closed'])
    .where('company_id', '=', companyId)
    .orderBy('start_date')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), start: r.start_date, end: r.end_date, closed: Boolean(r.closed) }));
}

// ------------------------------------------------------------------------------------------- general ledger

export interface LedgerLine {
  account: string;
  date: string;
  receiptId: number;
  entryId: number;
  amount: MinorUnits;
  description: string | null;
  partnerId: number | null;
  vatPercent: string | null;
  receiptNumber: number;
  receiptName: string;
  receiptType: string;
}

export interface LinesQuery {
  start: string;
  end: string;
  accounts?: string[];
}

function linesBase(db: Db, companyId: number, query: LinesQuery) {
  let q = db
    .selectFrom('ledger_entries as e')
    .where('e.company_id', '=', companyId)
    .where('e.in_ledger', '=', true)
    .where('e.entry_date', '>=', query.start)
    .where('e.entry_date', '<=', query.end);
  if (query.accounts) q = q.where('e.account_number', 'in', query.accounts.length > 0 ? query.accounts : ['']);
  return q;
}

export async function countLines(db: Db, companyId: number, query: LinesQuery): Promise<number> {
  // counted per account: the grouping leads both engines' planners to the reports index (index only)
  const rows = await linesBase(db, companyId, query)
    .select(['e.account_number', sql<unknown>`count(*)`.as('n')])
    .groupBy('e.account_number')
    .execute();
  return rows.reduce((total, r) => total + Number(r.n), 0);
}

/**
 * One page of lines in general-ledger order: account, date, receipt, line. The page is cut from the reports
 * index alone (index-only, so a deep page skips index entries without reading the table); only its lines are
 * then completed with their text and receipt.
 */
export async function pageOfLines(
  db: Db,
  companyId: number,
  query: LinesQuery,
  limit: number,
  offset: number,
): Promise<LedgerLine[]> {
  const keys = await linesBase(db, companyId, query)
    .select(['e.account_number', 'e.entry_date', 'e.receipt_id', 'e.id', 'e.amount_minor'])
    .orderBy('e.account_number')
    .orderBy('e.entry_date')
    .orderBy('e.receipt_id')
    .orderBy('e.id')
    .limit(limit)
    .offset(offset)
    .execute();
  if (keys.length === 0) return [];
  const receiptIds = [...new Set(keys.map((k) => Number(k.receipt_id)))];
  const lineIds = [...new Set(keys.map((k) => Number(k.id)))];
  const [details, receipts] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(['receipt_id', 'id', 'description', 'partner_id', 'vat_percent'])
      .where('company_id', '=', companyId)
      .where('receipt_id', 'in', receiptIds)
      .where('id', 'in', lineIds)
      .execute(),
    db
      .selectFrom('ledger_receipts')
      .select(['id', 'receipt_number', 'name', 'type'])
      .where('company_id', '=', companyId)
      .where('id', 'in', receiptIds)
      .execute(),
  ]);
  const detailOf = new Map(details.map((d) => [`${d.receipt_id}/${d.id}`, d]));
  const receiptOf = new Map(receipts.map((r) => [Number(r.id), r]));
  return keys.map((k) => {
    const d = detailOf.get(`${k.receipt_id}/${k.id}`);
    const r = receiptOf.get(Number(k.receipt_id));
    return {
      account: k.account_number,
      date: k.entry_date,
      receiptId: Number(k.receipt_id),
      entryId: Number(k.id),
      amount: minor(k.amount_minor),
      description: d?.description ?? null,
      partnerId: d?.partner_id == null ? null : Number(d.partner_id),
      vatPercent: d?.vat_percent ?? null,
      receiptNumber: Number(r?.receipt_number ?? 0),
      receiptName: r?.name ?? '',
      receiptType: r?.type ?? '',
    };
  });
}

/** Sum of an account's lines in [start, …) that sort before the given line (date, receipt, line). */
export async function sumBeforeLine(
  db: Db,
  companyId: number,
  account: string,
  start: string,
  line: { date: string; receiptId: number; entryId: number },
): Promise<MinorUnits> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<unknown>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('company_id', '=', companyId)
    .where('in_ledger', '=', true)
    .where('account_number', '=', account)
    .where('entry_date', '>=', start)
    .where('entry_date', '<=', line.date)
    .where((eb) =>
      eb.or([
        // every line of a receipt has the receipt's date, so within the day the receipt and line ids order it
        eb('entry_date', '<', line.date),
        eb('receipt_id', '<', line.receiptId),
        eb.and([eb('receipt_id', '=', line.receiptId), eb('id', '<', line.entryId)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return minor(row.total);
}
