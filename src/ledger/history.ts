// The audit trail of vouchers (Kirjanpitolaki 2:6–7 §: a voucher once entered is changed only traceably).
// Every change to a receipt that is or has been APPROVED — approval, reopening, an edit of its lines or
// dimensions, invalidation — appends one row: who, when, the action, and the receipt before and after as a
// snapshot. Rows are never changed. The SIE export reads the lines as first approved from here (#BTRANS/#RTRANS).
import { allocateId, type Db } from '../db/index.ts';
import { Decimal, toMinorUnits } from '../domain/decimal.ts';
import type { LedgerReceiptWire } from './schemas.ts';
import * as history from './history-store.ts';

export type HistoryAction = 'APPROVE' | 'REOPEN' | 'EDIT' | 'INVALIDATE';

/** A receipt as the trail keeps it: the header fields that matter to the books and every line. */
interface ReceiptSnapshot {
  status: string;
  name: string;
  receiptDate: string;
  vatType: string;
  vatStatus: number;
  version: string;
  transactions: SnapshotLine[];
}

interface SnapshotLine {
  id: number;
  account: string;
  accountingValue: Decimal;
  vatPercent: Decimal;
  vatType?: string;
  vatStatus?: number;
  description?: string;
  dimensionItemValues?: { dimensionId: number; itemId: number; value: Decimal }[];
}

function snapshotOf(wire: LedgerReceiptWire): ReceiptSnapshot {
  return {
    status: wire.status ?? 'UNFINISHED',
    name: wire.name,
    receiptDate: wire.receiptDate,
    vatType: wire.vatType,
    vatStatus: wire.vatStatus,
    version: wire.version ?? '',
    transactions: wire.transactions.map((t) => ({
      id: t.id ?? 0,
      account: t.account,
      accountingValue: t.accountingValue,
      vatPercent: t.vatPercent,
      ...(t.vatType ? { vatType: t.vatType } : {}),
      ...(t.vatStatus !== undefined ? { vatStatus: t.vatStatus } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.dimensionItemValues ? { dimensionItemValues: t.dimensionItemValues } : {}),
    })),
  };
}

/** A stored snapshot read back: its decimals (stored as their digits) become Decimals again. */
function parseSnapshot(text: string): ReceiptSnapshot {
  const raw = JSON.parse(text) as ReceiptSnapshot;
  return {
    ...raw,
    transactions: raw.transactions.map((t) => ({
      ...t,
      accountingValue: new Decimal(t.accountingValue),
      vatPercent: new Decimal(t.vatPercent),
      ...(t.dimensionItemValues
        ? { dimensionItemValues: t.dimensionItemValues.map((d) => ({ ...d, value: new Decimal(d.value) })) }
        : {}),
    })),
  };
}

/** Whether a change to a receipt belongs in the trail: it is or was approved, or is being approved now. */
export async function isTracked(
  db: Db,
  companyId: number,
  receiptId: number,
  status: string,
  toStatus?: string,
): Promise<boolean> {
  if (status === 'APPROVED' || toStatus === 'APPROVED') return true;
  return history.hasHistory(db, companyId, receiptId);
}

export async function recordChange(
  db: Db,
  companyId: number,
  change: {
    receiptId: number;
    action: HistoryAction;
    userId: number | null;
    at: string;
    before: LedgerReceiptWire;
    after: LedgerReceiptWire;
  },
): Promise<void> {
  await history.appendHistory(db, {
    company_id: companyId,
    id: await allocateId(db, companyId, 'ledger_receipt_history'),
    receipt_id: change.receiptId,
    action: change.action,
    user_id: change.userId,
    changed_at: change.at,
    before: JSON.stringify(snapshotOf(change.before)),
    after: JSON.stringify(snapshotOf(change.after)),
  });
}

export interface HistoryEntry {
  id: number;
  action: HistoryAction;
  userId: number | null;
  changedAt: string;
  before: ReceiptSnapshot;
  after: ReceiptSnapshot;
}

export async function receiptHistory(
  db: Db,
  companyId: number,
  receiptIds: number[],
): Promise<Map<number, HistoryEntry[]>> {
  const byReceipt = new Map<number, HistoryEntry[]>();
  for (const row of await history.historyOf(db, companyId, receiptIds)) {
    const receiptId = Number(row.receipt_id);
    const entries = byReceipt.get(receiptId) ?? [];
    entries.push({
      id: Number(row.id),
      action: row.action as HistoryAction,
      userId: row.user_id === null ? null : Number(row.user_id),
      changedAt: row.changed_at,
      before: parseSnapshot(row.before),
      after: parseSnapshot(row.after),
    });
    byReceipt.set(receiptId, entries);
  }
  return byReceipt;
}

/** The lines of a receipt as it was first approved (the trail's first approved snapshot), if it ever was. */
function firstApproved(entries: readonly HistoryEntry[]): ReceiptSnapshot | undefined {
  const first = entries[0];
  if (!first) return undefined;
  if (first.before.status === 'APPROVED') return first.before;
  return entries.find((e) => e.after.status === 'APPROVED')?.after;
}

/** The lines of a voucher as first approved, and who changed them last (the SIE export's #BTRANS/#RTRANS). */
export interface OriginalLines {
  lines: { account: string; amountMinor: bigint; description: string | null }[];
  changedBy: number | null;
}

/** For the receipts among `receiptIds` whose lines were edited after their first approval: the original lines. */
export async function editedSinceApproval(
  db: Db,
  companyId: number,
  receiptIds: number[],
): Promise<Map<number, OriginalLines>> {
  const edited = new Map<number, OriginalLines>();
  for (const [receiptId, entries] of await receiptHistory(db, companyId, receiptIds)) {
    const original = firstApproved(entries);
    const lastEdit = entries.findLast((e) => e.action === 'EDIT');
    if (!original || !lastEdit) continue;
    edited.set(receiptId, {
      lines: original.transactions.map((t) => ({
        account: t.account,
        amountMinor: toMinorUnits(t.accountingValue),
        description: t.description ?? null,
      })),
      changedBy: lastEdit.userId,
    });
  }
  return edited;
}
