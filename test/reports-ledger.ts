// Ledger data for the report and SIE tests, created through the ledger's HTTP API: POST /ledgerreceipts, then
// PUT /ledgerreceipts/{id}/approve.
import { expect } from 'vitest';
import type { TestService } from './support/service.ts';

interface TestLine {
  account: string;
  /** Decimal text, debit positive: '1000.00', '-12.5'. */
  amount: string;
  description?: string;
  dimensions?: { dimensionId: number; itemId: number; value: string }[];
}

export interface TestReceipt {
  date: string;
  name: string;
  lines: TestLine[];
  /** Default true: the receipt is approved (its lines count in the ledger). */
  approve?: boolean;
}

/** Posts a JOURNAL receipt (and approves it unless told not to) as the holder of `token` (default: demo company). */
export async function postReceipt(
  svc: TestService,
  receipt: TestReceipt,
  token?: string,
): Promise<{ id: number; receiptNumber: number }> {
  const auth = token ?? (await svc.token());
  const body = {
    type: 'JOURNAL',
    name: receipt.name,
    receiptDate: receipt.date,
    vatType: 'PURCHASE',
    vatStatus: 1,
    transactions: receipt.lines.map((l) => ({
      transactionType: 'ENTRY',
      account: l.account,
      accountingValue: Number(l.amount),
      vatPercent: 0,
      ...(l.description !== undefined ? { description: l.description } : {}),
      ...(l.dimensions ? { dimensionItemValues: l.dimensions.map((d) => ({ ...d, value: Number(d.value) })) } : {}),
    })),
  };
  // two-decimal amounts are written by JSON.stringify with exactly their digits
  const created = await svc.request('POST', '/api/ledgerreceipts', { token: auth, body });
  expect(created.status, created.text).toBe(200);
  const id = created.body.id as number;
  if (receipt.approve !== false) {
    const approved = await svc.request('PUT', `/api/ledgerreceipts/${id}/approve`, { token: auth });
    expect([200, 204], approved.text).toContain(approved.status);
  }
  return { id, receiptNumber: created.body.receiptNumber };
}
