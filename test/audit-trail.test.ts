// The audit trail of vouchers over real HTTP: every change to an approved receipt (reopen, edit, dimensions,
// invalidate, approve again) kept with who, when, before and after; and the changed rows in the SIE export
// (#BTRANS for removed rows, #RTRANS + #TRANS for added ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { parseSie } from '../src/domain/sie-parse.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-03-15T10:00:00Z');
let userId = 0;

const tx = (account: string, accountingValue: number, extra: Record<string, unknown> = {}) => ({
  transactionType: 'ENTRY',
  account,
  accountingValue,
  vatPercent: 0,
  ...extra,
});
const journal = (transactions: unknown[]) => ({
  type: 'JOURNAL',
  name: 'Bank fees March',
  receiptDate: '2026-03-10',
  vatType: 'PURCHASE',
  vatStatus: 1,
  transactions,
});

async function ok(method: string, path: string, body?: unknown) {
  const answer = await svc.api(method, path, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const history = async (id: number) => ok('GET', `/ledgerreceipts/${id}/history`);
const lines = (snapshot: { transactions: { account: string; accountingValue: number }[] }) =>
  snapshot.transactions.map((t) => [t.account, t.accountingValue]);

beforeAll(async () => {
  svc = await startService({ clock });
  userId = (await svc.api('GET', '/users')).body.id;
});
afterAll(() => svc.close());

describe('GET /ledgerreceipts/{id}/history', () => {
  it('is empty while a receipt was never approved, and 404 for a missing one', async () => {
    const receipt = await ok('POST', '/ledgerreceipts', journal([tx('7900', 10), tx('1910', -10)]));
    await ok('PUT', `/ledgerreceipts/${receipt.id}`, { ...receipt, name: 'Bank fees, draft edited' });
    expect(await history(receipt.id)).toEqual({ receiptId: receipt.id, changes: [] });
    expect((await svc.api('GET', '/ledgerreceipts/999999/history')).status).toBe(404);
  });

  it('keeps approve, reopen, edit, dimensions, approve again and invalidate with who, when, before and after', async () => {
    const receipt = await ok('POST', '/ledgerreceipts', journal([tx('7900', 12.5), tx('1910', -12.5)]));
    clock.set(new Date('2026-03-15T10:01:00Z'));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    clock.set(new Date('2026-03-15T10:02:00Z'));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/unfinished`);
    const reopened = await ok('GET', `/ledgerreceipts/${receipt.id}`);
    clock.set(new Date('2026-03-15T10:03:00Z'));
    const edited = await ok('PUT', `/ledgerreceipts/${receipt.id}`, {
      ...reopened,
      transactions: [
        { ...reopened.transactions[0], accountingValue: 15 },
        { ...reopened.transactions[1], accountingValue: -15 },
      ],
    });
    clock.set(new Date('2026-03-15T10:04:00Z'));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    const dimension = await ok('POST', '/dimensions', { name: 'Audit cost centre', items: [{ codeName: 'A1' }] });
    clock.set(new Date('2026-03-15T10:05:00Z'));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/transactions/${edited.transactions[0].id}/dimensions`, {
      dimensionItemValues: [{ dimensionId: dimension.id, itemId: dimension.items[0].id, value: 15 }],
    });
    clock.set(new Date('2026-03-15T10:06:00Z'));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/invalidate`);

    const trail = await history(receipt.id);
    expect(trail.receiptId).toBe(receipt.id);
    expect(
      trail.changes.map((c: { action: string; userId: number; changedAt: string }) => [
        c.action,
        c.userId,
        c.changedAt.slice(11, 16),
      ]),
    ).toEqual([
      ['APPROVE', userId, '10:01'],
      ['REOPEN', userId, '10:02'],
      ['EDIT', userId, '10:03'],
      ['APPROVE', userId, '10:04'],
      ['EDIT', userId, '10:05'],
      ['INVALIDATE', userId, '10:06'],
    ]);
    const [approve, reopen, edit, , dims, invalidate] = trail.changes;
    expect([approve.before.status, approve.after.status]).toEqual(['UNFINISHED', 'APPROVED']);
    expect([reopen.before.status, reopen.after.status]).toEqual(['APPROVED', 'UNFINISHED']);
    expect(lines(edit.before)).toEqual([
      ['7900', 12.5],
      ['1910', -12.5],
    ]);
    expect(lines(edit.after)).toEqual([
      ['7900', 15],
      ['1910', -15],
    ]);
    expect(dims.before.transactions[0].dimensionItemValues).toBeUndefined();
    expect(dims.after.transactions[0].dimensionItemValues).toEqual([
      { dimensionId: dimension.id, itemId: dimension.items[0].id, value: 15 },
    ]);
    expect([invalidate.before.status, invalidate.after.status]).toEqual(['APPROVED', 'INVALIDATED']);
    // the versions chain: each change starts from the state the previous one left
    for (let i = 1; i < trail.changes.length; i++)
      expect(trail.changes[i].before.version).toBe(trail.changes[i - 1].after.version);
    clock.set(new Date('2026-03-15T10:00:00Z'));
  });

  it('is append-only: earlier entries never change', async () => {
    const receipt = await ok('POST', '/ledgerreceipts', journal([tx('7900', 1), tx('1910', -1)]));
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    const first = (await history(receipt.id)).changes;
    await ok('PUT', `/ledgerreceipts/${receipt.id}/unfinished`);
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    const later = (await history(receipt.id)).changes;
    expect(later.slice(0, first.length)).toEqual(first);
    expect(later).toHaveLength(3);
  });

  it('answers 404 for another company’s receipt', async () => {
    const receipt = await ok('POST', '/ledgerreceipts', journal([tx('7900', 2), tx('1910', -2)]));
    const other = await otherCompany(svc);
    const answer = await svc.request('GET', `/api/ledgerreceipts/${receipt.id}/history`, { token: other.token });
    expect(answer.status).toBe(404);
  });
});

describe('SIE export of changed vouchers', () => {
  it('writes rows removed after approval as #BTRANS and added ones as #RTRANS followed by #TRANS', async () => {
    const receipt = await ok(
      'POST',
      '/ledgerreceipts',
      journal([tx('7900', 20, { description: 'Fee' }), tx('1910', -20)]),
    );
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);
    await ok('PUT', `/ledgerreceipts/${receipt.id}/unfinished`);
    const reopened = await ok('GET', `/ledgerreceipts/${receipt.id}`);
    await ok('PUT', `/ledgerreceipts/${receipt.id}`, {
      ...reopened,
      transactions: [
        { ...reopened.transactions[0], accountingValue: 25 },
        { ...reopened.transactions[1], accountingValue: -25 },
      ],
    });
    await ok('PUT', `/ledgerreceipts/${receipt.id}/approve`);

    const response = await fetch(`${svc.base}/api/sie/file?accountingPeriodStart=2026-01-01`, {
      headers: { authorization: `Bearer ${await svc.token()}` },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const doc = parseSie(bytes);
    const voucher = doc.vouchers.find((v) => Number(v.number) === reopened.receiptNumber)!;
    expect(voucher.transactions.map((t) => [t.account, t.amountMinor])).toEqual([
      ['7900', 2500n],
      ['1910', -2500n],
    ]);
    expect((voucher.changes ?? []).map((c) => [c.change, c.account, c.amountMinor, c.sign])).toEqual([
      ['ADDED', '7900', 2500n, String(userId)],
      ['ADDED', '1910', -2500n, String(userId)],
      ['REMOVED', '7900', 2000n, String(userId)],
      ['REMOVED', '1910', -2000n, String(userId)],
    ]);
    const text = bytes.toString('latin1');
    expect(text).toContain(
      `#RTRANS 7900 {} 25.00 20260310 "Fee" "" "${userId}"\r\n#TRANS 7900 {} 25.00 20260310 "Fee"`,
    );
    expect(text).toContain(`#BTRANS 7900 {} 20.00 20260310 "Fee" "" "${userId}"`);
    // an approved voucher never changed has no change rows
    const untouched = doc.vouchers.filter((v) => Number(v.number) !== reopened.receiptNumber);
    expect(untouched.every((v) => v.changes === undefined)).toBe(true);
  });
});
