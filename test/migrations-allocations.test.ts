// The migrations that make ledger transactions' `allocations` allocation ids, on a database of the version
// before: the amounts clients stored there go, and the lines a payment event of an invoice posted (and the
// reversal of that posting) get the event's id; other lines keep none.
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type DatabaseHandle } from '../src/db/index.ts';
import { allMigrations } from '../src/modules.ts';
import { runMigrations } from '../src/db/migration-runner.ts';
import { freshDatabase } from './support/database.ts';

const LATER = ['0356_ledger_allocations_are_ids', '0511_invoice_payment_allocations'];

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

const receipt = (id: number, extra: Record<string, unknown> = {}) => ({
  company_id: 1,
  id,
  fiscal_year_id: 1,
  receipt_number: id,
  type: 'JOURNAL',
  status: 'APPROVED',
  name: `Receipt ${id}`,
  receipt_date: '2026-03-10',
  vat_type: 'SALES',
  vat_status: 1,
  version: 'v1',
  created_at: '2026-03-10T10:00:00',
  ...extra,
});

const entry = (receiptId: number, id: number, amount: number, allocations: string | null) => ({
  company_id: 1,
  receipt_id: receiptId,
  id,
  fiscal_year_id: 1,
  entry_date: '2026-03-10',
  account_number: id === 1 ? '1910' : '1700',
  amount_minor: BigInt(amount),
  transaction_type: 'ENTRY',
  allocations,
  in_ledger: true,
});

describe('allocations as ids, on a database of the version before', () => {
  it('clears stored amounts and gives the lines of payment events (and their reversals) the event id', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const { db } = handle;
    const all = allMigrations();
    await runMigrations(db, Object.fromEntries(Object.entries(all).filter(([name]) => !LATER.includes(name))));

    // 1: a journal with amounts a client sent; 2: a payment's posting; 3: its reversal; 4: another payment's
    await db
      .insertInto('ledger_receipts')
      .values([
        receipt(1),
        receipt(2, { invoice_id: 7 }),
        receipt(3, { invoice_id: 7, reverses_receipt_id: 2 }),
        receipt(4, { invoice_id: 8 }),
      ])
      .execute();
    await db
      .insertInto('ledger_entries')
      .values([
        entry(1, 1, 150, '["1.5","-0.01"]'),
        entry(1, 2, -150, null),
        entry(2, 1, 100, '[12.3]'),
        entry(2, 2, -100, null),
        entry(3, 1, -100, null),
        entry(3, 2, 100, null),
        entry(4, 1, 40, null),
        entry(4, 2, -40, null),
      ])
      .execute();
    const event = (id: number, invoiceId: number, receiptId: number, deleted: boolean) => ({
      company_id: 1,
      id,
      invoice_id: invoiceId,
      type: 'BANKTRANSFERELSEWHERE',
      payment_date: '2026-03-10',
      amount_minor: '100',
      currency: 'EUR',
      ledger_receipt_id: receiptId,
      deleted,
      created_at: '2026-03-10T10:00:00',
    });
    await db
      .insertInto('invoice_payment_events')
      .values([event(21, 7, 2, true), event(22, 8, 4, false)])
      .execute();

    expect(await migrate(db, all)).toEqual(LATER);
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['receipt_id', 'id', 'allocations'])
      .where('company_id', '=', 1)
      .orderBy('receipt_id')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.receipt_id), Number(r.id), r.allocations])).toEqual([
      [1, 1, null],
      [1, 2, null],
      [2, 1, '[21]'],
      [2, 2, '[21]'],
      [3, 1, '[21]'],
      [3, 2, '[21]'],
      [4, 1, '[22]'],
      [4, 2, '[22]'],
    ]);
  });
});
