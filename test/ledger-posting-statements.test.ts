// The posting path's cost in statements, on the engine the suite runs on: a receipt is checked and written in at
// most three statements (on PostgreSQL two: the checks' reads, then the writes; one once the process knows the
// checks' facts and its writing statement finds them unchanged) (the month totals and, on SQLite, the receipt counters follow by trigger inside them),
// ids come from blocks on SQLite, and what the path writes stays right — numbers gapless across a rollback, ids
// unique, the month totals equal to the lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import type { Db } from '../src/db/index.ts';
import type { PostingLine } from '../src/domain/postings.ts';
import type { ReceiptDraft } from '../src/ledger/posting.ts';
import { OPENING_RECEIPT_TYPE } from '../src/ledger/opening.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
const clock = new ManualClock('2026-10-01T08:00:00Z');
let dimension: { id: number; items: number[] };
let partnerId: number;

beforeAll(async () => {
  svc = await startService({ clock });
  const made = await svc.api('POST', '/dimensions', {
    name: 'Kustannuspaikka',
    items: [
      { codeName: 'HKI', description: 'Helsinki' },
      { codeName: 'TKU', description: 'Turku' },
    ],
  });
  dimension = { id: made.body.id, items: made.body.items.map((i: { id: number }) => i.id) };
  partnerId = (await svc.api('POST', '/businesspartners', { name: 'Toimittaja Oy', type: 'SUPPLIER' })).body.id;
  const active = await svc.app.ctx.db
    .selectFrom('accounts')
    .select('number')
    .where('company_id', '=', svc.demo.companyId)
    .where('active', '=', true)
    .orderBy('number')
    .execute();
  accounts = active.map((a) => a.number).filter((_, i) => i % 7 === 0);
});
afterAll(() => svc.close());

/** Counts the statements run through a handle, and which of them reserve ids (inserts into id_sequences). */
function counting(db: Db) {
  const reserving = new Set<unknown>();
  const seen = { statements: 0, reservations: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const into = (node as RootOperationNode & { into?: { table?: { identifier?: { name?: string } } } }).into;
      if (node.kind === 'InsertQueryNode' && into?.table?.identifier?.name === 'id_sequences') reserving.add(queryId);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      seen.statements++;
      if (reserving.has(queryId)) seen.reservations++;
      return result;
    },
  };
  return { db: db.withPlugin(plugin), seen };
}

let accounts: string[];

function draft(n: number): ReceiptDraft {
  const lines: PostingLine[] = Array.from({ length: 9 }, (_, i) => ({
    account: accounts[(n + i * 3) % accounts.length],
    amountMinor: BigInt(((n * 7919 + i * 104729) % 200_000) - 100_000),
    description: `Rivi ${i}`,
  }));
  const sum = lines.reduce((s, l) => s + l.amountMinor, 0n);
  lines.push({ account: '1910', amountMinor: -sum });
  if (n % 5 === 0) {
    const amount = lines[0].amountMinor;
    lines[0] = {
      ...lines[0],
      dimensions: [
        { dimensionId: dimension.id, itemId: dimension.items[0], amountMinor: amount / 2n },
        { dimensionId: dimension.id, itemId: dimension.items[1], amountMinor: amount - amount / 2n },
      ],
    };
  }
  return {
    type: 'JOURNAL',
    status: n % 11 === 0 ? 'UNFINISHED' : 'APPROVED',
    name: `Tosite ${n}`,
    receiptDate: `2026-${String(1 + (n % 9)).padStart(2, '0')}-15`,
    vatType: 'PURCHASE',
    vatStatus: 1,
    partnerId: n % 7 === 0 ? partnerId : null,
    lines,
  };
}

describe('the posting path', () => {
  it('checks and writes a receipt in at most three statements, ids reserved in blocks', async () => {
    const { ledger } = svc.app.services;
    const companyId = svc.demo.companyId;
    // the first posting of the process fills the caches of SQLite (a partner, dimensions) and reserves blocks
    await svc.app.ctx.db.transaction().execute((trx) => ledger.post(trx, companyId, draft(70)));
    const blocks = svc.app.ctx.engine === 'sqlite'; // PostgreSQL takes the ids in the posting's writing statement
    const perReceipt: number[] = [];
    let reservations = 0;
    const RECEIPTS = 150;
    const posted = await svc.app.ctx.db.transaction().execute(async (trx) => {
      const numbers: number[] = [];
      for (let n = 2; n < 2 + RECEIPTS; n++) {
        const { db, seen } = counting(trx);
        numbers.push((await ledger.post(db, companyId, draft(n))).receiptNumber);
        if (blocks) {
          // a block reservation serves a hundred receipts: it is not the receipt's own cost
          perReceipt.push(seen.statements - seen.reservations);
          reservations += seen.reservations;
        } else {
          perReceipt.push(seen.statements);
        }
      }
      return numbers;
    });
    expect(Math.max(...perReceipt)).toBeLessThanOrEqual(3);
    expect(perReceipt.reduce((a, b) => a + b, 0) + reservations).toBeLessThanOrEqual(3 * RECEIPTS);
    if (blocks) {
      // no reads for the checks; the receipt, its lines and, with dimensions, their allocations
      expect(perReceipt.filter((_, i) => (i + 2) % 5 !== 0).every((s) => s === 2)).toBe(true);
      expect(reservations).toBeLessThanOrEqual(Math.ceil(RECEIPTS / 100) + 1);
    } else {
      // two statements while a date, account, item or partner is new to the process's cache of the checks' facts
      // (the checks' reads, the periods held FOR SHARE; the ids, number and writes), else one that verifies them
      expect(perReceipt.every((s) => s === 1 || s === 2)).toBe(true);
      expect(perReceipt.filter((s) => s === 2).length).toBeLessThanOrEqual(RECEIPTS / 10);
      const again = await svc.app.ctx.db.transaction().execute(async (trx) => {
        const statements: number[] = [];
        for (let n = 2; n < 2 + 20; n++) {
          const { db, seen } = counting(trx);
          await ledger.post(db, companyId, draft(n));
          statements.push(seen.statements);
        }
        return statements;
      });
      expect(again).toEqual(again.map(() => 1));
    }
    expect(posted).toEqual(posted.map((_, i) => posted[0] + i));
  });

  it('keeps the numbers gapless and the ids unique across a rolled-back posting', async () => {
    const { ledger } = svc.app.services;
    // a new company: its first ids are reserved inside the posting that rolls back
    const { companyId } = await otherCompany(svc, 'Lohko Oy');
    const plain = (n: number) => ({ ...draft(n), partnerId: null, status: 'APPROVED' as const });
    const rollbacks = svc.app.ctx.changes.rollbacks;
    await expect(
      svc.app.ctx.db.transaction().execute(async (trx) => {
        await ledger.post(trx, companyId, plain(501));
        throw new Error('the document could not be saved');
      }),
    ).rejects.toThrow('the document could not be saved');
    expect(svc.app.ctx.changes.rollbacks).toBeGreaterThan(rollbacks);
    const first = await svc.app.ctx.db.transaction().execute((trx) => ledger.post(trx, companyId, plain(502)));
    const next = await svc.app.ctx.db.transaction().execute((trx) => ledger.post(trx, companyId, plain(503)));
    expect([first.receiptNumber, next.receiptNumber]).toEqual([1, 2]);
    // the rolled-back reservation is not used: every id in use lies within what the sequences reserved
    for (const table of ['ledger_receipts', 'ledger_entries'] as const) {
      const used = await svc.app.ctx.db
        .selectFrom(table)
        .select(sql<string>`max(id)`.as('id'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      const reserved = await svc.app.ctx.db
        .selectFrom('id_sequences')
        .select('last_id')
        .where('company_id', '=', companyId)
        .where('name', '=', table)
        .executeTakeFirstOrThrow();
      expect(Number(reserved.last_id)).toBeGreaterThanOrEqual(Number(used.id));
    }
    const duplicates = await svc.app.ctx.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('company_id', '=', companyId)
      .groupBy('id')
      .having(sql<boolean>`count(*) > 1`)
      .execute();
    expect(duplicates).toEqual([]);
  });

  it('writes nothing and takes no number for a receipt its checks refuse, reporting every problem', async () => {
    const { ledger } = svc.app.services;
    const { companyId } = await otherCompany(svc, 'Hylätty Oy');
    const db = svc.app.ctx.db;
    const plain = (n: number) => ({ ...draft(n), partnerId: null, status: 'APPROVED' as const });
    const first = await db.transaction().execute((trx) => ledger.post(trx, companyId, plain(701)));
    const refused = { ...plain(702), partnerId: 999_999 };
    refused.lines = refused.lines.map((line, i) => (i === 1 ? { ...line, account: '0000' } : line));
    const error = await db
      .transaction()
      .execute(async (trx) => {
        await ledger.post(trx, companyId, refused).catch(async (err: unknown) => {
          // the caller may go on in its transaction: the refused posting left nothing behind
          await ledger.post(trx, companyId, plain(703));
          throw err;
        });
      })
      .catch((err: unknown) => err);
    expect(JSON.stringify(error)).toContain('LEDGER_PARTNER_NOT_FOUND');
    expect(JSON.stringify(error)).toContain('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE');
    const next = await db.transaction().execute(async (trx) => {
      await ledger.post(trx, companyId, refused).catch(() => undefined);
      return ledger.post(trx, companyId, plain(704));
    });
    expect(next.receiptNumber).toBe(first.receiptNumber + 1);
    const receipts = await db
      .selectFrom('ledger_receipts')
      .select(sql<string>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(receipts.n)).toBe(2);
  });

  it('books many receipts in at most two statements on PostgreSQL, numbered in order within each fiscal year', async () => {
    const { ledger } = svc.app.services;
    const companyId = svc.demo.companyId;
    const db = svc.app.ctx.db;
    const year = await svc.api('POST', '/fiscalyears', { startDate: '2027-01-01', endDate: '2027-12-31' });
    expect(year.status).toBe(200);
    // interleaved: 2026, 2027, 2026, …
    const drafts = Array.from({ length: 40 }, (_, i) => {
      const d = draft(800 + i);
      return i % 2 === 0 ? d : { ...d, receiptDate: d.receiptDate.replace('2026', '2027') };
    });
    const last = async (year: string) =>
      Number(
        (
          await db
            .selectFrom('ledger_receipts as r')
            .innerJoin('fiscal_years as y', (join) =>
              join.onRef('y.id', '=', 'r.fiscal_year_id').on('y.company_id', '=', companyId),
            )
            .select(sql<string>`coalesce(max(r.receipt_number), 0)`.as('n'))
            .where('r.company_id', '=', companyId)
            .where('y.start_date', '=', `${year}-01-01`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // (SQLite reads the new year into its caches with this posting)
    await db.transaction().execute((trx) => ledger.post(trx, companyId, draft(799)));
    const before = { 2026: await last('2026'), 2027: await last('2027') };
    const { posted, seen } = await db.transaction().execute(async (trx) => {
      const counted = counting(trx);
      return { posted: await ledger.postMany(counted.db, companyId, drafts), seen: counted.seen };
    });
    const lines = drafts.reduce((n, d) => n + d.lines.length, 0);
    if (svc.app.ctx.engine === 'postgres') expect(seen.statements).toBeLessThanOrEqual(2);
    // SQLite: an insert a receipt (its number taken in it), the lines and allocations a thousand rows an insert, the
    // partner not seen by the caches yet
    else expect(seen.statements - seen.reservations).toBeLessThanOrEqual(drafts.length + Math.ceil(lines / 1000) + 2);
    expect(posted.filter((_, i) => i % 2 === 0).map((p) => p.receiptNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => before[2026] + 1 + i),
    );
    expect(posted.filter((_, i) => i % 2 === 1).map((p) => p.receiptNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => before[2027] + 1 + i),
    );
    expect(new Set(posted.map((p) => p.id)).size).toBe(drafts.length);

    // each receipt is as `post` would have written it
    const one = await db.transaction().execute((trx) => ledger.post(trx, companyId, drafts[5]));
    const comparable = (receipt: Awaited<ReturnType<typeof ledger.receipt>>) => ({
      ...receipt!,
      id: 0,
      receiptNumber: 0,
      transactions: receipt!.transactions.map((t) => ({ ...t, id: 0 })),
    });
    expect(comparable(await ledger.receipt(db, companyId, posted[5].id))).toEqual(
      comparable(await ledger.receipt(db, companyId, one.id)),
    );
    const stored = await ledger.receipt(db, companyId, posted[7].id);
    expect(stored?.receiptDate).toBe(drafts[7].receiptDate);
    expect(stored?.transactions.map((t) => t.account)).toEqual(drafts[7].lines.map((l) => l.account));
    expect(posted[7].fiscalYearId).not.toBe(posted[6].fiscalYearId);
  });

  it('refuses a batch with the problems of its first refused draft, writing none of it', async () => {
    const { ledger } = svc.app.services;
    const { companyId } = await otherCompany(svc, 'Erä Oy');
    const db = svc.app.ctx.db;
    // (no draft of a number divisible by five: their dimension items are the demo company's)
    const plain = (n: number) => ({ ...draft(n), partnerId: null, status: 'APPROVED' as const });
    const badAccount = plain(902);
    badAccount.lines = badAccount.lines.map((line, i) => (i === 2 ? { ...line, account: '0000' } : line));
    const noYear = { ...plain(903), receiptDate: '2031-05-05' };
    const error = await db
      .transaction()
      .execute((trx) => ledger.postMany(trx, companyId, [plain(901), badAccount, noYear]))
      .catch((err: unknown) => err);
    expect(JSON.stringify(error)).toContain('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE');
    expect(JSON.stringify(error)).toContain('transactions[2].account');
    expect(JSON.stringify(error)).not.toContain('NO_FISCAL_YEAR_FOR_DATE');
    const later = await db.transaction().execute((trx) => ledger.postMany(trx, companyId, [plain(904), plain(906)]));
    expect(later.map((p) => p.receiptNumber)).toEqual([1, 2]);
  });

  it('keeps the month totals equal to the lines in the ledger through every write', async () => {
    const { ledger } = svc.app.services;
    const companyId = svc.demo.companyId;
    const db = svc.app.ctx.db;
    const posted = await db.transaction().execute((trx) => ledger.post(trx, companyId, draft(600)));
    await db.transaction().execute((trx) => ledger.replace(trx, companyId, posted.id, draft(601)));
    await db.transaction().execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'INVALIDATED'));
    await db.transaction().execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'UNFINISHED'));
    await db.transaction().execute((trx) => ledger.setStatus(trx, companyId, posted.id, 'APPROVED'));
    await db.transaction().execute((trx) => ledger.reverse(trx, companyId, posted.id));
    const months = await db
      .selectFrom('ledger_account_months')
      .select(['account_number', sql<string>`sum(debit_minor - credit_minor)`.as('total')])
      .where('company_id', '=', companyId)
      .groupBy('account_number')
      .execute();
    const lines = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_receipts as r', (join) =>
        join.onRef('r.id', '=', 'e.receipt_id').on('r.company_id', '=', companyId),
      )
      .select(['e.account_number', sql<string>`sum(e.amount_minor)`.as('total')])
      .where('e.company_id', '=', companyId)
      .where('e.in_ledger', '=', true)
      .where('r.type', '!=', OPENING_RECEIPT_TYPE)
      .groupBy('e.account_number')
      .execute();
    const byAccount = (rows: { account_number: string; total: string }[]) =>
      Object.fromEntries(rows.map((r) => [r.account_number, BigInt(r.total)]).filter(([, t]) => t !== 0n));
    expect(byAccount(months)).toEqual(byAccount(lines));
    expect(Object.keys(byAccount(lines)).length).toBeGreaterThan(3);
  });
});
