// SQL of the SIE export: the company's identity, its dimension register, and the approved receipts of a fiscal
// year read in chunks by keyset (receipt number), each chunk with its lines and dimension allocations. It reads
// other areas' tables (identity, dimensions, ledger) and writes none.
import type { Db } from '../db/index.ts';
import { minor, type MinorUnits } from '../domain/decimal.ts';
import { sumsByAccount } from '../reports/index.ts';
import { entriesOf } from '../ledger/index.ts';
import { getCompany } from '../company/index.ts';

export interface CompanyIdentity {
  name: string;
  businessId: string | null;
  currency: string;
}

export async function company(db: Db, companyId: number): Promise<CompanyIdentity | undefined> {
  const row = await getCompany(db, companyId);
  return row ? { name: row.name, businessId: row.business_id, currency: row.currency } : undefined;
}

export async function dimensionRegister(db: Db, companyId: number) {
  const dimensions = await db
    .selectFrom('dimensions')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('dimension_items')
    .select(['id', 'dimension_id', 'code_name', 'description'])
    .where('company_id', '=', companyId)
    .orderBy('dimension_id')
    .orderBy('code_name')
    .execute();
  return {
    dimensions: dimensions.map((d) => ({ id: Number(d.id), name: d.name })),
    items: items.map((i) => ({
      id: Number(i.id),
      dimensionId: Number(i.dimension_id),
      codeName: i.code_name,
      description: i.description,
    })),
  };
}

export interface ReceiptHead {
  id: number;
  number: number;
  date: string;
  name: string;
  createdAt: string;
}

export interface YearSums {
  account: string;
  /** The year's opening-balance receipts (and their reversals). */
  opening: MinorUnits;
  /** Every other line of the year. */
  movement: MinorUnits;
}

/**
 * Per-account sums of a fiscal year's approved lines dated up to `through`, opening balances apart. Every line of
 * a fiscal year is dated within it (a receipt cannot move out of the year that numbered it), so the movements are
 * the reports' movements of [year start, through] — whole months from the ledger's month totals, only the days of
 * a partial month from the lines — and the opening balances the lines of the year's few opening receipts.
 */
export async function yearSums(
  db: Db,
  companyId: number,
  year: { id: number; start: string },
  through: string,
  openingType: string,
): Promise<YearSums[]> {
  const [moved, openingReceipts] = await Promise.all([
    sumsByAccount(db, companyId, { cutoffs: [], from: year.start, through }),
    db
      .selectFrom('ledger_receipts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('type', '=', openingType)
      .where('fiscal_year_id', '=', year.id)
      .execute(),
  ]);
  // their lines by key (a few hundred at most), summed here
  const opening = new Map<string, MinorUnits>();
  const ids = openingReceipts.map((r) => Number(r.id));
  for (const line of await entriesOf(db, companyId, ids)) {
    if (!line.in_ledger || line.entry_date > through) continue;
    opening.set(line.account_number, (opening.get(line.account_number) ?? 0n) + line.amount_minor);
  }
  const sums = new Map<string, YearSums>();
  for (const m of moved) sums.set(m.account, { account: m.account, opening: 0n, movement: m.debit - m.credit });
  for (const [account, total] of opening) {
    const sum = sums.get(account) ?? { account, opening: 0n, movement: 0n };
    sum.opening += total;
    sums.set(account, sum);
  }
  return [...sums.values()].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}

/**
 * Approved receipts of a fiscal year dated up to `through`, numbered after `afterNumber`, in number order; the
 * opening balances are the file's #IB, not a voucher.
 */
export async function approvedReceipts(
  db: Db,
  companyId: number,
  fiscalYearId: number,
  through: string,
  afterNumber: number,
  limit: number,
  openingType: string,
): Promise<ReceiptHead[]> {
  const rows = await db
    .selectFrom('ledger_receipts')
    .select(['id', 'receipt_number', 'receipt_date', 'name', 'created_at'])
    .where('company_id', '=', companyId)
    .where('fiscal_year_id', '=', fiscalYearId)
    .where('receipt_number', '>', afterNumber)
    .where('status', '=', 'APPROVED')
    .where('type', '!=', openingType)
    .where('receipt_date', '<=', through)
    .orderBy('receipt_number')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    number: Number(r.receipt_number),
    date: r.receipt_date,
    name: r.name,
    createdAt: r.created_at,
  }));
}

export interface EntryLine {
  receiptId: number;
  id: number;
  account: string;
  amount: MinorUnits;
  description: string | null;
}

/**
 * How a chunk's rows are found: by the range of ids its receipts span, and by the list of ids too only when that
 * range is much wider than the chunk (ids of other years' or unapproved receipts in between); rows of receipts
 * outside the chunk are then left out here. Both engines read the range by key. A long list alone makes
 * PostgreSQL estimate it to match much of the company and read all its lines for every chunk (the export of
 * 100 000 receipts took 40 s), and planning a list costs a few milliseconds a chunk.
 */
function chunkOf(receiptIds: number[]) {
  const low = Math.min(...receiptIds);
  const high = Math.max(...receiptIds);
  const ids = new Set(receiptIds);
  return {
    low,
    high,
    list: high - low < 4 * receiptIds.length ? undefined : receiptIds,
    has: (id: unknown) => ids.has(Number(id)),
  };
}

/** The in-ledger lines of some receipts, ordered by receipt and line. */
export async function linesOf(db: Db, companyId: number, receiptIds: number[]): Promise<EntryLine[]> {
  if (receiptIds.length === 0) return [];
  const chunk = chunkOf(receiptIds);
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['receipt_id', 'id', 'account_number', 'amount_minor', 'description'])
    .where('company_id', '=', companyId)
    .where('receipt_id', '>=', chunk.low)
    .where('receipt_id', '<=', chunk.high)
    .$if(chunk.list !== undefined, (q) => q.where('receipt_id', 'in', receiptIds))
    .where('in_ledger', '=', true)
    .orderBy('receipt_id')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => chunk.has(r.receipt_id))
    .map((r) => ({
      receiptId: Number(r.receipt_id),
      id: Number(r.id),
      account: r.account_number,
      amount: minor(r.amount_minor),
      description: r.description,
    }));
}

export interface EntryAllocation {
  receiptId: number;
  entryId: number;
  dimensionId: number;
  itemId: number;
  amount: MinorUnits;
}

export async function allocationsOf(db: Db, companyId: number, receiptIds: number[]): Promise<EntryAllocation[]> {
  if (receiptIds.length === 0) return [];
  const chunk = chunkOf(receiptIds);
  const rows = await db
    .selectFrom('ledger_entry_dimensions')
    .select(['receipt_id', 'entry_id', 'dimension_id', 'item_id', 'amount_minor'])
    .where('company_id', '=', companyId)
    .where('receipt_id', '>=', chunk.low)
    .where('receipt_id', '<=', chunk.high)
    .$if(chunk.list !== undefined, (q) => q.where('receipt_id', 'in', receiptIds))
    .orderBy('receipt_id')
    .orderBy('entry_id')
    .orderBy('dimension_id')
    .orderBy('item_id')
    .execute();
  return rows
    .filter((r) => chunk.has(r.receipt_id))
    .map((r) => ({
      receiptId: Number(r.receipt_id),
      entryId: Number(r.entry_id),
      dimensionId: Number(r.dimension_id),
      itemId: Number(r.item_id),
      amount: minor(r.amount_minor),
    }));
}
