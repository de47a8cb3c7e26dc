// The same seeded random drafts posted on either engine, between random changes of the facts the checks read (a
// period closed or reopened, an account deactivated or activated again, a dimension item made passive or active, a
// partner deleted), made by SQL behind the service's back: every refusal must be exactly what the rules of
// src/ledger/posting-checks.ts answer on the facts as they are (kept here by the test itself), and every receipt
// they pass must be written as drafted, numbered next in its fiscal year. On PostgreSQL the process's cache of those
// facts (src/ledger/posting-facts-cache.ts) is then stale after each change, and the writing statement must see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { ApiError } from '../src/platform/errors.ts';
import type { PeriodOfDate } from '../src/fiscal/index.ts';
import type { PostingLine } from '../src/domain/postings.ts';
import type { ReceiptDraft } from '../src/ledger/posting.ts';
import { draftProblems, refusedOrPeriods, type PostingFacts } from '../src/ledger/posting-checks.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { testEngine } from './support/database.ts';

let svc: TestService;
const clock = new ManualClock('2026-10-01T08:00:00Z');
const UNKNOWN = 999_999;

/** The facts as the test keeps them, apart from the service: changed only by the test's own writes. */
interface Model {
  periods: (PeriodOfDate & { period_start: string; period_end: string })[];
  accounts: Map<string, boolean>;
  items: Map<number, { dimensionId: number; active: boolean }>;
  partners: Set<number>;
  /** The last receipt number of each fiscal year. */
  numbers: Map<number, number>;
}

let companyId: number;
let model: Model;
let accountPool: string[];
let dimensions: { id: number; items: number[] }[];
let partnerPool: number[];
/** Partners deleted by the test. */
const deleted: number[] = [];

const db = () => svc.app.ctx.db;

beforeAll(async () => {
  svc = await startService({ clock });
  companyId = svc.demo.companyId;
  dimensions = [];
  for (const [name, codes] of [
    ['Kustannuspaikka', ['HKI', 'TKU', 'OUL']],
    ['Projekti', ['P1']],
  ] as const) {
    const made = await svc.api('POST', '/dimensions', {
      name,
      items: codes.map((codeName) => ({ codeName, description: codeName })),
    });
    expect(made.status).toBe(200);
    dimensions.push({ id: made.body.id, items: made.body.items.map((i: { id: number }) => i.id) });
  }
  partnerPool = [];
  for (const name of ['Toimittaja Oy', 'Asiakas Oy', 'Kumppani Oy']) {
    const made = await svc.api('POST', '/businesspartners', { name, type: 'SUPPLIER' });
    expect(made.status).toBe(200);
    partnerPool.push(made.body.id);
  }
  const accounts = await db()
    .selectFrom('accounts')
    .select(['number', 'active'])
    .where('company_id', '=', companyId)
    .orderBy('number')
    .execute();
  const active = accounts.filter((a) => a.active).map((a) => a.number);
  accountPool = [...active.filter((_, i) => i % 40 === 0).slice(0, 8), '1910', '0000'];
  const periods = await db()
    .selectFrom('fiscal_periods as p')
    .innerJoin('fiscal_years as y', (join) =>
      join.onRef('y.id', '=', 'p.fiscal_year_id').on('y.company_id', '=', companyId),
    )
    .select([
      'p.id as period_id',
      'p.closed as period_closed',
      'y.id as year_id',
      'y.closed as year_closed',
      'y.start_date',
      'y.end_date',
      'p.start_date as period_start',
      'p.end_date as period_end',
    ])
    .where('p.company_id', '=', companyId)
    .execute();
  const items = await db()
    .selectFrom('dimension_items')
    .select(['id', 'dimension_id', 'status'])
    .where('company_id', '=', companyId)
    .execute();
  model = {
    periods: periods.map((p) => ({
      ...p,
      period_id: Number(p.period_id),
      year_id: Number(p.year_id),
      period_closed: Boolean(p.period_closed),
      year_closed: Boolean(p.year_closed),
    })),
    accounts: new Map(accounts.map((a) => [a.number, Boolean(a.active)])),
    items: new Map(
      items.map((i) => [Number(i.id), { dimensionId: Number(i.dimension_id), active: i.status === 'ACTIVE' }]),
    ),
    partners: new Set(partnerPool),
    numbers: new Map(),
  };
  for (const p of model.periods) model.numbers.set(p.year_id, await lastNumber(p.year_id));
});
afterAll(() => svc.close());

async function lastNumber(fiscalYearId: number): Promise<number> {
  const row = await db()
    .selectFrom('ledger_receipts')
    .select((eb) => eb.fn.max('receipt_number').as('n'))
    .where('company_id', '=', companyId)
    .where('fiscal_year_id', '=', fiscalYearId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The facts of the model, as the posting checks take them. */
function modelFacts(drafts: readonly ReceiptDraft[]): PostingFacts {
  const periods = new Map<string, PeriodOfDate | undefined>();
  for (const { receiptDate } of drafts) {
    const found = model.periods.find((p) => p.period_start <= receiptDate && p.period_end >= receiptDate);
    periods.set(receiptDate, found && { ...found });
  }
  return { periods, accounts: model.accounts, items: model.items, partners: model.partners };
}

// ------------------------------------------------------------------------------------------------ random steps
type Change =
  | { kind: 'period'; month: number; closed: boolean }
  | { kind: 'account'; index: number; active: boolean }
  | { kind: 'item'; index: number; active: boolean }
  | { kind: 'partner'; index: number };

interface DraftShape {
  month: number;
  day: number;
  noYear: boolean;
  status: 'APPROVED' | 'UNFINISHED';
  lines: { account: number; cents: number; item?: { item: number; ownDimension: boolean } }[];
  unbalancedBy: number;
  partner: number;
  linePartner: number;
  emptyName: boolean;
}

const draftShape = fc.record({
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  noYear: fc.integer({ min: 0, max: 14 }).map((k) => k === 0),
  status: fc.constantFrom('APPROVED' as const, 'UNFINISHED' as const),
  lines: fc.array(
    fc.record({
      account: fc.integer({ min: 0, max: 30 }),
      cents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      // an allocation on one line in five, to the wrong dimension one time in six
      item: fc
        .record({
          present: fc.integer({ min: 0, max: 4 }),
          item: fc.integer({ min: 0, max: 4 }),
          dimension: fc.integer({ min: 0, max: 5 }),
        })
        .map((k) => (k.present === 0 ? { item: k.item, ownDimension: k.dimension > 0 } : undefined)),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  unbalancedBy: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1),
  partner: fc.integer({ min: 0, max: 6 }),
  linePartner: fc.integer({ min: 0, max: 12 }),
  emptyName: fc.constantFrom(false, false, false, false, false, false, false, false, false, true),
});

// changes that close or deactivate a third of the time, so that most facts stay usable
const rarely = fc.integer({ min: 0, max: 2 }).map((k) => k === 0);
const mostly = rarely.map((b) => !b);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('period' as const), month: fc.integer({ min: 1, max: 12 }), closed: rarely }),
  fc.record({ kind: fc.constant('account' as const), index: fc.integer({ min: 0, max: 8 }), active: mostly }),
  fc.record({ kind: fc.constant('item' as const), index: fc.integer({ min: 0, max: 3 }), active: mostly }),
  fc.record({ kind: fc.constant('partner' as const), index: fc.integer({ min: 0, max: 2 }) }),
);

type Step = { kind: 'post'; drafts: DraftShape[] } | { kind: 'change'; change: Change };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: draftShape.map((d): Step => ({ kind: 'post', drafts: [d] })) },
  {
    weight: 1,
    arbitrary: fc.array(draftShape, { minLength: 2, maxLength: 4 }).map((drafts): Step => ({ kind: 'post', drafts })),
  },
  { weight: 2, arbitrary: change.map((c): Step => ({ kind: 'change', change: c })) },
);

/** The draft of a shape: mostly valid, wrong in the ways the shape says. */
function draftOf(shape: DraftShape, n: number): ReceiptDraft {
  const allItems = [...dimensions[0].items, dimensions[1].items[0]];
  const lines: PostingLine[] = shape.lines.map((l, i) => {
    // mostly accounts of the pool that are active; '0000' does not exist
    const account = accountPool[l.account < accountPool.length ? l.account : l.account % (accountPool.length - 1)];
    const amountMinor = BigInt(l.cents);
    const line: PostingLine = { account, amountMinor, description: `Rivi ${i}` };
    if (l.item) {
      const itemId = l.item.item < allItems.length ? allItems[l.item.item] : UNKNOWN;
      const item = model.items.get(itemId);
      // the item's own dimension, or the other one (a wrong pairing)
      const own = item?.dimensionId ?? dimensions[0].id;
      const dimensionId = l.item.ownDimension ? own : own === dimensions[0].id ? dimensions[1].id : dimensions[0].id;
      line.dimensions = [{ dimensionId, itemId, amountMinor }];
    }
    return line;
  });
  const sum = lines.reduce((s, l) => s + l.amountMinor, 0n);
  lines.push({ account: '1910', amountMinor: -sum + BigInt(shape.unbalancedBy) });
  const partnerOf = (k: number) =>
    k < partnerPool.length ? partnerPool[k] : k === partnerPool.length ? UNKNOWN : null;
  if (shape.linePartner < partnerPool.length + 1) lines[0].partnerId = partnerOf(shape.linePartner);
  const year = shape.noYear ? 2031 : 2026;
  return {
    type: 'JOURNAL',
    status: shape.status,
    name: shape.emptyName ? '' : `Tosite ${n}`,
    receiptDate: `${year}-${String(shape.month).padStart(2, '0')}-${String(shape.day).padStart(2, '0')}`,
    vatType: 'PURCHASE',
    vatStatus: 1,
    partnerId: partnerOf(shape.partner),
    lines,
  };
}

async function apply(c: Change): Promise<void> {
  if (c.kind === 'period') {
    const period = model.periods.find((p) => p.period_start.startsWith(`2026-${String(c.month).padStart(2, '0')}`));
    if (!period) return;
    await db()
      .updateTable('fiscal_periods')
      .set({ closed: c.closed })
      .where('company_id', '=', companyId)
      .where('id', '=', period.period_id)
      .execute();
    period.period_closed = c.closed;
  } else if (c.kind === 'account') {
    const number = accountPool[c.index];
    await db()
      .updateTable('accounts')
      .set({ active: c.active })
      .where('company_id', '=', companyId)
      .where('number', '=', number)
      .execute();
    if (model.accounts.has(number)) model.accounts.set(number, c.active);
  } else if (c.kind === 'item') {
    const id = [...dimensions[0].items, dimensions[1].items[0]][c.index];
    await db()
      .updateTable('dimension_items')
      .set({ status: c.active ? 'ACTIVE' : 'PASSIVE' })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
    model.items.get(id)!.active = c.active;
  } else {
    const id = partnerPool[c.index];
    await db().deleteFrom('business_partners').where('company_id', '=', companyId).where('id', '=', id).execute();
    model.partners.delete(id);
    // a new partner takes its place in the pool; drafts still name the deleted one now and then (below)
    const made = await svc.api('POST', '/businesspartners', { name: `Kumppani ${id}`, type: 'SUPPLIER' });
    partnerPool[c.index] = made.body.id;
    model.partners.add(made.body.id);
    deleted.push(id);
  }
}

/** The lines of a receipt as written, in order, with their allocations. */
async function writtenLines(receiptId: number) {
  const entries = await db()
    .selectFrom('ledger_entries')
    .select(['id', 'account_number', 'amount_minor', 'description', 'partner_id'])
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .orderBy('id')
    .execute();
  const allocations = await db()
    .selectFrom('ledger_entry_dimensions')
    .select(['entry_id', 'dimension_id', 'item_id', 'amount_minor'])
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .execute();
  return entries.map((e) => ({
    account: e.account_number,
    amountMinor: BigInt(e.amount_minor),
    description: e.description,
    partnerId: e.partner_id === null ? null : Number(e.partner_id),
    dimensions: allocations
      .filter((a) => Number(a.entry_id) === Number(e.id))
      .map((a) => ({
        dimensionId: Number(a.dimension_id),
        itemId: Number(a.item_id),
        amountMinor: BigInt(a.amount_minor),
      })),
  }));
}

describe('posting seeded random drafts between changes of the facts', () => {
  it('refuses exactly as the rules do on the facts as they are, and writes what they pass as drafted', async () => {
    const steps = fc.sample(fc.array(step, { minLength: 200, maxLength: 200 }), { seed: 2026, numRuns: 1 })[0];
    const { ledger } = svc.app.services;
    let n = 0;
    const outcomes = { written: 0, refused: 0, changes: 0 };
    const reasons = new Map<string, number>();
    for (const s of steps) {
      if (s.kind === 'change') {
        await apply(s.change);
        outcomes.changes++;
        continue;
      }
      const drafts = s.drafts.map((shape) => draftOf(shape, ++n));
      let expected: ApiError | number[];
      try {
        expected = refusedOrPeriods(drafts, drafts.map(draftProblems), modelFacts(drafts)).map((p) => p.fiscalYearId);
      } catch (err) {
        expected = err as ApiError;
      }
      const got = await db()
        .transaction()
        .execute((trx) =>
          drafts.length === 1
            ? ledger.post(trx, companyId, drafts[0]).then((p) => [p])
            : ledger.postMany(trx, companyId, drafts),
        )
        .catch((err: unknown) => err);
      if (expected instanceof ApiError) {
        expect(
          got,
          JSON.stringify(drafts, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
        ).toBeInstanceOf(ApiError);
        expect((got as ApiError).items).toEqual(expected.items);
        outcomes.refused++;
        for (const { message } of expected.items) {
          const code = message.split(/[: ]/)[0];
          reasons.set(code, (reasons.get(code) ?? 0) + 1);
        }
        continue;
      }
      expect(got).not.toBeInstanceOf(Error);
      const posted = got as { id: number; receiptNumber: number; fiscalYearId: number }[];
      expect(posted.map((p) => p.fiscalYearId)).toEqual(expected);
      for (const [i, p] of posted.entries()) {
        const number = model.numbers.get(p.fiscalYearId)! + 1;
        model.numbers.set(p.fiscalYearId, number);
        expect(p.receiptNumber).toBe(number);
        const receipt = await db()
          .selectFrom('ledger_receipts')
          .select(['receipt_date', 'status', 'name', 'partner_id', 'fiscal_year_id', 'receipt_number'])
          .where('company_id', '=', companyId)
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow();
        const draft = drafts[i];
        expect({
          ...receipt,
          partner_id: receipt.partner_id === null ? null : Number(receipt.partner_id),
          fiscal_year_id: Number(receipt.fiscal_year_id),
          receipt_number: Number(receipt.receipt_number),
        }).toEqual({
          receipt_date: draft.receiptDate,
          status: draft.status,
          name: draft.name,
          partner_id: draft.partnerId ?? null,
          fiscal_year_id: p.fiscalYearId,
          receipt_number: number,
        });
        expect(await writtenLines(p.id)).toEqual(
          draft.lines.map((l) => ({
            account: l.account,
            amountMinor: l.amountMinor,
            description: l.description ?? null,
            partnerId: l.partnerId ?? null,
            dimensions: l.dimensions ?? [],
          })),
        );
        outcomes.written++;
      }
    }
    console.log(`random postings: ${JSON.stringify(outcomes)}`, [...reasons]);
    // every kind of step happened, and a refused posting left nothing: the receipts are those written
    expect(outcomes.written).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
    expect(outcomes.changes).toBeGreaterThan(10);
    for (const [year, number] of model.numbers) expect(await lastNumber(year)).toBe(number);
  });
});

describe('a fact changed behind the cache of the checks', () => {
  // a company of its own: no receipt of the random steps stands in the way of closing its periods
  let other: number;
  let token: string;
  let accounts: string[];
  const valid = (n: number, partnerId: number | null): ReceiptDraft => ({
    type: 'JOURNAL',
    status: 'APPROVED',
    name: `Tosite ${n}`,
    receiptDate: '2026-05-12',
    vatType: 'PURCHASE',
    vatStatus: 1,
    partnerId,
    lines: [
      { account: accounts[0], amountMinor: 12_345n },
      { account: '1910', amountMinor: -12_345n },
    ],
  });

  beforeAll(async () => {
    ({ companyId: other, token } = await otherCompany(svc, 'Välimuisti Oy'));
    accounts = (
      await db()
        .selectFrom('accounts')
        .select('number')
        .where('company_id', '=', other)
        .where('active', '=', true)
        .where('number', '<>', '1910')
        .orderBy('number')
        .limit(1)
        .execute()
    ).map((a) => a.number);
  });

  /** The statements each posting ran: on PostgreSQL, however stale the cache, at most three. */
  const statements: number[] = [];
  const counted = (trx: ReturnType<typeof db>) => {
    statements.push(0);
    return trx.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: ({ result }) => {
        statements[statements.length - 1]++;
        return Promise.resolve(result);
      },
    });
  };
  // (SQLite's book reserves id blocks and fills its exact caches in statements of their own: not counted there)
  afterAll(() => {
    if (testEngine === 'postgres') expect(Math.max(...statements)).toBeLessThanOrEqual(3);
  });

  /** Posts in a transaction of its own: the receipt number, or the error items. */
  const post = (draft: ReceiptDraft) =>
    db()
      .transaction()
      .execute((trx) => svc.app.services.ledger.post(counted(trx), other, draft))
      .then(
        (p) => p.receiptNumber,
        (err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
          return err.items;
        },
      );

  it('refuses what the facts as they are refuse, and books again once they allow it', async () => {
    const period = await db()
      .selectFrom('fiscal_periods')
      .select(['id', 'fiscal_year_id'])
      .where('company_id', '=', other)
      .where('start_date', '<=', '2026-05-12')
      .where('end_date', '>=', '2026-05-12')
      .executeTakeFirstOrThrow();
    let number = await post(valid(1, null));
    expect(typeof number).toBe('number');
    const next = async (draft: ReceiptDraft) => {
      const got = await post(draft);
      expect(got).toBe((number as number) + 1);
      number = got;
    };

    // the period closed by SQL, then opened again
    const setPeriod = (closed: boolean) =>
      db()
        .updateTable('fiscal_periods')
        .set({ closed })
        .where('company_id', '=', other)
        .where('id', '=', period.id)
        .execute();
    await setPeriod(true);
    expect(await post(valid(2, null))).toEqual([
      { status: 400, message: expect.stringContaining('CLOSED_FISCAL_PERIOD'), field: 'receiptDate' },
    ]);
    await setPeriod(false);
    await next(valid(3, null));

    // the year closed by SQL, then opened again
    const setYear = (closed: boolean) =>
      db()
        .updateTable('fiscal_years')
        .set({ closed })
        .where('company_id', '=', other)
        .where('id', '=', period.fiscal_year_id)
        .execute();
    await setYear(true);
    expect(await post(valid(4, null))).toEqual([
      { status: 400, message: expect.stringContaining('CLOSED_FISCAL_PERIOD'), field: 'receiptDate' },
    ]);
    await setYear(false);
    await next(valid(5, null));

    // the account deactivated, then activated
    const setAccount = (active: boolean) =>
      db()
        .updateTable('accounts')
        .set({ active })
        .where('company_id', '=', other)
        .where('number', '=', accounts[0])
        .execute();
    await setAccount(false);
    expect(await post(valid(6, null))).toEqual([
      {
        status: 400,
        message: expect.stringContaining('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE'),
        field: 'transactions[0].account',
      },
    ]);
    await setAccount(true);
    await next(valid(7, null));

    // a partner named, then deleted
    const own = await otherCompanyPartner(token);
    await next(valid(8, own));
    await db().deleteFrom('business_partners').where('company_id', '=', other).where('id', '=', own).execute();
    expect(await post(valid(9, own))).toEqual([
      { status: 400, message: expect.stringContaining('LEDGER_PARTNER_NOT_FOUND'), field: 'partnerId' },
    ]);

    // a dimension item of the company: passive, then active, then deleted
    const ownItem = await otherCompanyItem(token);
    const allocated = (n: number) => {
      const draft = valid(n, null);
      draft.lines[0].dimensions = [{ dimensionId: ownItem.dimensionId, itemId: ownItem.id, amountMinor: 12_345n }];
      return draft;
    };
    await next(allocated(10));
    const setItem = (status: string) =>
      db()
        .updateTable('dimension_items')
        .set({ status })
        .where('company_id', '=', other)
        .where('id', '=', ownItem.id)
        .execute();
    const refusedItem = [
      {
        status: 400,
        message: expect.stringContaining('DIMENSION_ITEM_IS_PASSIVE_OR_DOES_NOT_EXIST_IN_DIMENSION'),
        field: 'transactions[0].dimensionItemValues[0]',
      },
    ];
    await setItem('PASSIVE');
    expect(await post(allocated(11))).toEqual(refusedItem);
    await setItem('ACTIVE');
    await next(allocated(12));
    await db().deleteFrom('dimension_items').where('company_id', '=', other).where('id', '=', ownItem.id).execute();
    expect(await post(allocated(13))).toEqual(refusedItem);
  });

  it.runIf(testEngine === 'postgres')(
    'sees a period closed by another service process on the same database',
    async () => {
      const url = svc.app.ctx.config.databaseUrl;
      const database = openDatabase({ url, globalTables: globalTables() });
      const second = await buildApp({ config: svc.app.ctx.config, clock, database });
      try {
        await next2(second);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  async function next2(second: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
    const draft = { ...valid(20, null), receiptDate: '2026-06-10' };
    expect(typeof (await post(draft))).toBe('number');
    const period = await db()
      .selectFrom('fiscal_periods')
      .select(['id', 'fiscal_year_id'])
      .where('company_id', '=', other)
      .where('start_date', '<=', '2026-06-10')
      .where('end_date', '>=', '2026-06-10')
      .executeTakeFirstOrThrow();
    await second.services.fiscal.closePeriod(other, Number(period.fiscal_year_id), Number(period.id));
    expect(await post({ ...draft, name: 'Tosite 21' })).toEqual([
      { status: 400, message: expect.stringContaining('CLOSED_FISCAL_PERIOD'), field: 'receiptDate' },
    ]);
    await second.services.fiscal.openPeriod(other, Number(period.fiscal_year_id), Number(period.id));
    expect(typeof (await post({ ...draft, name: 'Tosite 22' }))).toBe('number');
  }
});

/** A partner of a company, made over HTTP with its token. */
async function otherCompanyPartner(token: string): Promise<number> {
  const made = await svc.request('POST', '/api/businesspartners', {
    token,
    body: { name: 'Poistuva Oy', type: 'SUPPLIER' },
  });
  expect(made.status).toBe(200);
  return made.body.id;
}

/** A dimension item of a company, made over HTTP with its token. */
async function otherCompanyItem(token: string): Promise<{ id: number; dimensionId: number }> {
  const made = await svc.request('POST', '/api/dimensions', {
    token,
    body: { name: 'Kohde', items: [{ codeName: 'K1', description: 'Kohde 1' }] },
  });
  expect(made.status).toBe(200);
  return { id: made.body.items[0].id, dimensionId: made.body.id };
}
