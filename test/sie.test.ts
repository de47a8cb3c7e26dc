// SIE 4 export over HTTP: the file of a small ledger checked byte for byte, re-read by the test parser, limited
// by an export end date, streamed in chunks, and kept to its company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import pg from 'pg';
import { ManualClock } from '../src/platform/clock.ts';
import { insertFiscalYear } from '../src/fiscal/service.ts';
import { parseSie } from '../src/domain/sie-parse.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { postReceipt } from './reports-ledger.ts';

let svc: TestService;
const clock = new ManualClock('2026-06-15T10:00:00Z');
let dim = 0;
let numbers: number[] = [];
let hki = 0;
let tku = 0;

/** GET of a SIE file: status, headers and raw bytes. */
async function sieFile(query: string, token?: string) {
  const response = await fetch(`${svc.base}/api/sie/file?${query}`, {
    headers: { authorization: `Bearer ${token ?? (await svc.token())}` },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  svc = await startService({ clock });
  await svc.app.ctx.db
    .transaction()
    .execute((trx) => insertFiscalYear(trx, svc.demo.companyId, '2025-01-01', '2025-12-31', clock.now()));
  const dimension = await svc.api('POST', '/dimensions', {
    name: 'Kustannuspaikka',
    items: [
      { codeName: 'HKI', description: 'Helsinki' },
      { codeName: 'TKU', description: 'Turku' },
    ],
  });
  expect(dimension.status, dimension.text).toBe(200);
  dim = dimension.body.id;
  hki = dimension.body.items.find((i: any) => i.codeName === 'HKI').id;
  tku = dimension.body.items.find((i: any) => i.codeName === 'TKU').id;

  await postReceipt(svc, {
    date: '2025-03-01',
    name: 'Osakepääoma',
    lines: [
      { account: '1910', amount: '1000.00' },
      { account: '2000', amount: '-1000.00' },
    ],
  });
  await postReceipt(svc, {
    date: '2025-06-01',
    name: 'Myynti 2025',
    lines: [
      { account: '1910', amount: '500.00' },
      { account: '3000', amount: '-500.00' },
    ],
  });
  const purchase = await postReceipt(svc, {
    date: '2026-01-10',
    name: 'Ostot "tammikuu"',
    lines: [
      {
        account: '4000',
        amount: '200.00',
        description: 'Paperia € 5',
        dimensions: [
          { dimensionId: dim, itemId: hki, value: '120.00' },
          { dimensionId: dim, itemId: tku, value: '80.00' },
        ],
      },
      { account: '1910', amount: '-200.00' },
    ],
  });
  const sale = await postReceipt(svc, {
    date: '2026-02-15',
    name: 'Myynti 1',
    lines: [
      { account: '1910', amount: '300.50' },
      { account: '3000', amount: '-300.50', description: 'Ääniä' },
    ],
  });
  await postReceipt(svc, {
    date: '2026-02-20',
    name: 'Luonnos',
    approve: false,
    lines: [
      { account: '1910', amount: '999.00' },
      { account: '3000', amount: '-999.00' },
    ],
  });
  const rent = await postReceipt(svc, {
    date: '2026-03-05',
    name: 'Vuokra',
    lines: [
      { account: '7000', amount: '50.00' },
      { account: '1910', amount: '-50.00' },
    ],
  });
  numbers = [purchase.receiptNumber, sale.receiptNumber, rent.receiptNumber];
});
afterAll(() => svc.close());

/** The chart records as the format description writes them, from the chart of accounts API. */
async function chartLines(): Promise<string[]> {
  const coa = await svc.api('GET', '/coa');
  const kinds: Record<string, string> = { ASSET: 'T', LIABILITY: 'S', EQUITY: 'S', INCOME: 'I', EXPENSE: 'K' };
  return coa.body.ledgerAccounts
    .map((a: any) => ({ number: a.ledgerAccountCode as string, name: a.name as string, type: a.type as string }))
    .sort((a: any, b: any) => (a.number < b.number ? -1 : 1))
    .flatMap((a: any) => [`#KONTO ${a.number} "${a.name}"`, `#KTYP ${a.number} ${kinds[a.type]}`]);
}

describe('GET /sie/file', () => {
  it('writes the year as a SIE 4 file, byte for byte, in CP437', async () => {
    const file = await sieFile('accountingPeriodStart=2026-01-01');
    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=IBM437');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="SIE4_1234567-1_2026-01-01_2026-12-31.se"',
    );
    const [a, b, c] = numbers;
    const expected = [
      '#FLAGGA 0',
      '#FORMAT PC8',
      '#SIETYP 4',
      '#PROGRAM "Tase" 26.10',
      '#GEN 20260615',
      '#FNAMN "Demo Oy"',
      '#ORGNR 1234567-1',
      '#RAR 0 20260101 20261231',
      '#RAR -1 20250101 20251231',
      '#VALUTA EUR',
      ...(await chartLines()),
      `#DIM ${dim + 19} "Kustannuspaikka"`,
      `#OBJEKT ${dim + 19} "HKI" "Helsinki"`,
      `#OBJEKT ${dim + 19} "TKU" "Turku"`,
      '#IB 0 1910 1500.00',
      '#IB 0 2000 -1000.00',
      '#UB 0 1910 1550.50',
      '#UB 0 2000 -1000.00',
      '#UB -1 1910 1500.00',
      '#UB -1 2000 -1000.00',
      '#RES 0 3000 -300.50',
      '#RES 0 4000 200.00',
      '#RES 0 7000 50.00',
      '#RES -1 3000 -500.00',
      `#VER A ${a} 20260110 "Ostot \\"tammikuu\\"" 20260615`,
      '{',
      `#TRANS 4000 {${dim + 19} "HKI"} 120.00 20260110 "Paperia EUR 5"`,
      `#TRANS 4000 {${dim + 19} "TKU"} 80.00 20260110 "Paperia EUR 5"`,
      '#TRANS 1910 {} -200.00 20260110',
      '}',
      `#VER A ${b} 20260215 "Myynti 1" 20260615`,
      '{',
      '#TRANS 1910 {} 300.50 20260215',
      '#TRANS 3000 {} -300.50 20260215 "Ääniä"',
      '}',
      `#VER A ${c} 20260305 "Vuokra" 20260615`,
      '{',
      '#TRANS 7000 {} 50.00 20260305',
      '#TRANS 1910 {} -50.00 20260305',
      '}',
      '',
    ].join('\r\n');
    expect(iconv.decode(file.bytes, 'cp437')).toBe(expected);
    expect(file.bytes.equals(iconv.encode(expected, 'cp437'))).toBe(true);
    // Ä = 0x8E, ä = 0x84 in CP437
    expect(file.bytes.includes(Buffer.from([0x22, 0x8e, 0x84, 0x6e, 0x69, 0x84]))).toBe(true);
  });

  it('re-reads: vouchers balance, opening balance plus transactions make the closing balance', async () => {
    const doc = parseSie((await sieFile('accountingPeriodStart=2026-01-01')).bytes);
    expect(doc).toMatchObject({ format: 'PC8', sieType: '4', companyName: 'Demo Oy', currency: 'EUR' });
    expect(doc.vouchers.map((v) => Number(v.number))).toEqual(numbers);
    const moved = new Map<string, bigint>();
    for (const v of doc.vouchers) {
      expect(v.transactions.reduce((s, t) => s + t.amountMinor, 0n)).toBe(0n);
      for (const t of v.transactions) moved.set(t.account, (moved.get(t.account) ?? 0n) + t.amountMinor);
    }
    const current = (list: typeof doc.openingBalances) =>
      new Map(list.filter((b) => b.year === 0).map((b) => [b.account, b.amountMinor]));
    const [ib, ub, res] = [current(doc.openingBalances), current(doc.closingBalances), current(doc.results)];
    for (const [account, amount] of moved) {
      const kind = doc.accounts.get(account)?.type;
      if (kind === 'I' || kind === 'K') expect(res.get(account)).toBe(amount);
      else expect((ib.get(account) ?? 0n) + amount).toBe(ub.get(account) ?? 0n);
    }
    expect(doc.objects.get(`${dim + 19}/HKI`)).toBe('Helsinki');
  });

  it('ends at exportEndDate: fewer vouchers, balances on that date (#OMFATTN)', async () => {
    const file = await sieFile('accountingPeriodStart=2026-01-01&exportEndDate=2026-02-28');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('2026-01-01_2026-02-28');
    const doc = parseSie(file.bytes);
    expect(doc.balancesUntil).toBe('2026-02-28');
    expect(doc.fiscalYears[0]).toEqual({ index: 0, start: '2026-01-01', end: '2026-12-31' });
    expect(doc.vouchers.map((v) => Number(v.number))).toEqual(numbers.slice(0, 2));
    expect(doc.closingBalances.filter((b) => b.year === 0)).toEqual([
      { year: 0, account: '1910', amountMinor: 160050n },
      { year: 0, account: '2000', amountMinor: -100000n },
    ]);
    expect(doc.results.filter((b) => b.year === 0).map((b) => [b.account, b.amountMinor])).toEqual([
      ['3000', -30050n],
      ['4000', 20000n],
    ]);
  });

  it('exports the previous year on its own, without a year before it', async () => {
    const doc = parseSie((await sieFile('accountingPeriodStart=2025-01-01')).bytes);
    expect(doc.fiscalYears).toEqual([{ index: 0, start: '2025-01-01', end: '2025-12-31' }]);
    expect(doc.vouchers.map((v) => v.text)).toEqual(['Osakepääoma', 'Myynti 2025']);
    expect(doc.openingBalances).toEqual([]);
    expect(doc.results).toEqual([{ year: 0, account: '3000', amountMinor: -50000n }]);
  });

  it('gives the same bytes however small the chunks it reads', async () => {
    const whole = (await sieFile('accountingPeriodStart=2026-01-01')).bytes;
    svc.app.services.sie.receiptsPerChunk = 1;
    try {
      const chunked = (await sieFile('accountingPeriodStart=2026-01-01')).bytes;
      expect(chunked.equals(whole)).toBe(true);
    } finally {
      svc.app.services.sie.receiptsPerChunk = 500;
    }
  });

  it('ends its snapshot when the download is dropped, before or during reading', async () => {
    const sie = svc.app.services.sie;
    const unread = await sie.file(svc.demo.companyId, '2026-01-01', undefined);
    unread.body.destroy();
    sie.receiptsPerChunk = 1;
    try {
      const partly = await sie.file(svc.demo.companyId, '2026-01-01', undefined);
      for await (const chunk of partly.body) {
        expect(chunk.length).toBeGreaterThan(0);
        break; // leaving the loop destroys the stream
      }
    } finally {
      sie.receiptsPerChunk = 500;
    }
    if (svc.app.ctx.engine === 'postgres') {
      const client = new pg.Client({ connectionString: svc.app.ctx.config.databaseUrl });
      await client.connect();
      try {
        let open = -1;
        for (let i = 0; i < 50 && open !== 0; i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, 50));
          const row = await client.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
          );
          open = row.rows[0].n;
        }
        expect(open).toBe(0);
      } finally {
        await client.end();
      }
    }
    expect((await sieFile('accountingPeriodStart=2026-01-01')).status).toBe(200);
  });

  it('refuses a start that is not a fiscal year start and an end outside the year', async () => {
    const notStart = await svc.api('GET', '/sie/file?accountingPeriodStart=2026-02-01');
    expect(notStart.status).toBe(400);
    expect(notStart.body.errors[0].field).toBe('accountingPeriodStart');
    expect(notStart.body.errors[0].message).toMatch(/^SIE_ACCOUNTING_PERIOD_NOT_FOUND/);
    const outside = await svc.api('GET', '/sie/file?accountingPeriodStart=2026-01-01&exportEndDate=2027-01-01');
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0].field).toBe('exportEndDate');
    const before = await svc.api('GET', '/sie/file?accountingPeriodStart=2026-01-01&exportEndDate=2025-12-31');
    expect(before.status).toBe(400);
    const missing = await svc.api('GET', '/sie/file');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('accountingPeriodStart');
  });
});

describe('GET /sie/availability', () => {
  it('lists the fiscal years that can be exported', async () => {
    const answer = await svc.api('GET', '/sie/availability');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      lastValidEndDate: '2026-12-31',
      accountingPeriodStart: ['2025-01-01', '2026-01-01'],
      available: true,
      accountingPeriods: [
        { accountingPeriodStart: '2025-01-01', accountingPeriodEnd: '2025-12-31', closed: false },
        { accountingPeriodStart: '2026-01-01', accountingPeriodEnd: '2026-12-31', closed: false },
      ],
    });
  });
});

describe('tenants and rights', () => {
  it('exports only the caller company', async () => {
    const other = await otherCompany(svc);
    const availability = await svc.request('GET', '/api/sie/availability', { token: other.token });
    expect(availability.body.accountingPeriods).toEqual([
      { accountingPeriodStart: '2026-01-01', accountingPeriodEnd: '2026-12-31', closed: false },
    ]);
    const file = await sieFile('accountingPeriodStart=2026-01-01', other.token);
    expect(file.status).toBe(200);
    const doc = parseSie(file.bytes);
    expect(doc.companyName).toBe('Other Oy');
    expect(doc.vouchers).toEqual([]);
    expect(doc.closingBalances).toEqual([]);
    expect(doc.dimensions.size).toBe(0);
    const demoYear = await svc.request('GET', '/api/sie/file?accountingPeriodStart=2025-01-01', { token: other.token });
    expect(demoYear.status).toBe(400);
  });

  it('needs the accounting reports right', async () => {
    const user = await svc.admin.createUser({
      username: 'nosie',
      firstName: 'No',
      lastName: 'Sie',
      email: 'nosie@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'ACCOUNTANT', { 'accounting.reports': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/sie/availability', { token })).status).toBe(403);
    const file = await svc.request('GET', '/api/sie/file?accountingPeriodStart=2026-01-01', { token });
    expect(file.status).toBe(403);
    expect(file.body.errors[0].status).toBe(403);
  });
});
