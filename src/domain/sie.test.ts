import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import {
  encodeSieLines,
  sieAmount,
  sieField,
  sieFileChunks,
  sieHeaderLines,
  sieText,
  sieVoucherLines,
  splitByObjects,
  type SieHead,
  type SieVoucher,
} from './sie.ts';
import { parseSie, parseSieAmount, tokenize } from './sie-parse.ts';

const head: SieHead = {
  program: { name: 'Tilitoimisto', version: '1.0' },
  generated: '2026-01-31',
  companyName: 'Övningsbolaget AB',
  orgNumber: '555555-5555',
  fiscalYears: [{ index: 0, start: '2026-01-01', end: '2026-12-31' }],
  chartType: 'EUBAS97',
  currency: 'SEK',
  accounts: [
    { number: '1930', name: 'Företagskonto' },
    { number: '3001', name: 'Försäljning 25 %' },
    { number: '2611', name: 'Utgående moms 25 %' },
  ],
  openingBalances: [{ year: 0, account: '1930', amountMinor: 100000n }],
  closingBalances: [{ year: 0, account: '1930', amountMinor: 225000n }],
  results: [{ year: 0, account: '3001', amountMinor: -100000n }],
};

const voucher: SieVoucher = {
  series: 'A',
  number: 1,
  date: '2026-01-15',
  text: 'Faktura 1',
  transactions: [
    { account: '1930', amountMinor: 125000n },
    { account: '3001', amountMinor: -100000n },
    { account: '2611', amountMinor: -25000n },
  ],
};

// The minimal example of the format description, as CP437 bytes with CRLF line ends.
const EXPECTED = [
  '#FLAGGA 0',
  '#FORMAT PC8',
  '#SIETYP 4',
  '#PROGRAM "Tilitoimisto" 1.0',
  '#GEN 20260131',
  '#FNAMN "Övningsbolaget AB"',
  '#ORGNR 555555-5555',
  '#RAR 0 20260101 20261231',
  '#KPTYP EUBAS97',
  '#VALUTA SEK',
  '#KONTO 1930 "Företagskonto"',
  '#KONTO 3001 "Försäljning 25 %"',
  '#KONTO 2611 "Utgående moms 25 %"',
  '#IB 0 1930 1000.00',
  '#UB 0 1930 2250.00',
  '#RES 0 3001 -1000.00',
  '#VER A 1 20260115 "Faktura 1"',
  '{',
  '#TRANS 1930 {} 1250.00',
  '#TRANS 3001 {} -1000.00',
  '#TRANS 2611 {} -250.00',
  '}',
  '',
].join('\r\n');

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

describe('SIE 4 writer', () => {
  it('writes the example of the format description byte for byte, in CP437 with CRLF', async () => {
    const bytes = await collect(sieFileChunks(head, [voucher]));
    expect(bytes.equals(iconv.encode(EXPECTED, 'cp437'))).toBe(true);
    // the byte check of the format description: Ö=0x99, ö=0x94, å=0x86
    expect(bytes.includes(Buffer.from([0x22, 0x99, 0x76]))).toBe(true); // "Öv
    expect(bytes.includes(Buffer.from([0x46, 0x94, 0x72]))).toBe(true); // För
    expect(bytes.indexOf(Buffer.from('Utg\x86ende', 'latin1'))).toBeGreaterThan(0);
  });

  it('formats amounts exactly from minor units', () => {
    expect(sieAmount(0n)).toBe('0.00');
    expect(sieAmount(5n)).toBe('0.05');
    expect(sieAmount(-5n)).toBe('-0.05');
    expect(sieAmount(-100050n)).toBe('-1000.50');
    expect(sieAmount(123456789012345678901234567890n)).toBe('1234567890123456789012345678.90');
    expect(sieAmount(7n, 0)).toBe('7');
  });

  it('quotes fields with spaces, quotes or nothing, and escapes quotes and backslashes', () => {
    expect(sieField('1910')).toBe('1910');
    expect(sieField('')).toBe('""');
    expect(sieField('a b')).toBe('"a b"');
    expect(sieField('say "hi"')).toBe('"say \\"hi\\""');
    expect(sieField('C:\\x')).toBe('"C:\\\\x"');
    expect(tokenize(sieField('say "hi" \\ {x}'))).toEqual([{ kind: 'text', value: 'say "hi" \\ {x}', quoted: true }]);
  });

  it('keeps CP437 letters and transliterates the Windows-1252 characters CP437 lacks', () => {
    expect(sieText('Åäö ÉÑü')).toBe('Åäö ÉÑü');
    expect(sieText('5 € – “ok” Œuvre Søren Õun')).toBe('5 EUR - "ok" OEuvre Soren Oun');
    expect(sieText('line\nbreak\ttab')).toBe('line break tab');
    expect(iconv.decode(iconv.encode(sieText('Ÿ š ž ™ ‰'), 'cp437'), 'cp437')).toBe('Y s z TM o/oo');
  });

  it('refuses an unbalanced voucher', () => {
    expect(() => sieVoucherLines({ ...voucher, transactions: voucher.transactions.slice(1) })).toThrow(
      /does not balance/,
    );
  });

  it('writes object lists, transaction dates and texts, and registration dates', () => {
    const lines = sieVoucherLines({
      series: 'A',
      number: 7,
      date: '2026-03-01',
      text: 'Rent "March"',
      registered: '2026-03-02',
      transactions: [
        {
          account: '4000',
          objects: [
            [20, '3'],
            [21, 'X 1'],
          ],
          amountMinor: 1000n,
          date: '2026-03-01',
          text: 'office',
        },
        { account: '1910', amountMinor: -1000n, date: '2026-03-01' },
      ],
    });
    expect(lines).toEqual([
      '#VER A 7 20260301 "Rent \\"March\\"" 20260302',
      '{',
      '#TRANS 4000 {20 "3" 21 "X 1"} 10.00 20260301 "office"',
      '#TRANS 1910 {} -10.00 20260301',
      '}',
    ]);
  });

  it('encodes vouchers in chunks of about the asked number of lines', async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ ...voucher, number: i + 1 }));
    const chunks: Buffer[] = [];
    for await (const c of sieFileChunks(head, many, 12)) chunks.push(c);
    expect(chunks.length).toBe(1 + Math.ceil((50 * 6) / 12));
    expect(parseSie(Buffer.concat(chunks)).vouchers.length).toBe(50);
  });
});

describe('SIE 4 reader', () => {
  it('reads the example back', async () => {
    const doc = parseSie(await collect(sieFileChunks(head, [voucher])));
    expect(doc).toMatchObject({
      flag: '0',
      format: 'PC8',
      sieType: '4',
      companyName: 'Övningsbolaget AB',
      orgNumber: '555555-5555',
      currency: 'SEK',
      chartType: 'EUBAS97',
    });
    expect(doc.program).toEqual(['Tilitoimisto', '1.0']);
    expect(doc.fiscalYears).toEqual([{ index: 0, start: '2026-01-01', end: '2026-12-31' }]);
    expect(doc.accounts.get('3001')).toEqual({ name: 'Försäljning 25 %' });
    expect(doc.results).toEqual([{ year: 0, account: '3001', amountMinor: -100000n }]);
    expect(doc.vouchers).toEqual([
      {
        series: 'A',
        number: '1',
        date: '2026-01-15',
        text: 'Faktura 1',
        transactions: [
          { account: '1930', objects: [], amountMinor: 125000n },
          { account: '3001', objects: [], amountMinor: -100000n },
          { account: '2611', objects: [], amountMinor: -25000n },
        ],
      },
    ]);
  });

  it('accepts LF line ends and tabs, and refuses malformed records', () => {
    const doc = parseSie('#FLAGGA 0\n#VER\tA 1 20260101 ""\n{\n   #TRANS 1910 {} 1.5\n#TRANS 3000 {1 "a"} -1.50\n}\n');
    expect(doc.vouchers[0].transactions.map((t) => t.amountMinor)).toEqual([150n, -150n]);
    expect(doc.vouchers[0].transactions[1].objects).toEqual([['1', 'a']]);
    expect(() => parseSie('#VER A 1 20260101 "x"\n#TRANS 1 {} 1\n')).toThrow(/not followed/);
    expect(() => parseSie('#VER A 1 20260101 "x"\n{\n#TRANS 1 {} 1\n')).toThrow(/inside a voucher/);
    expect(() => parseSie('#FNAMN "open\n')).toThrow(/unterminated/);
    expect(() => parseSieAmount('1.234')).toThrow(/not an amount/);
  });
});

// Random vouchers: text from the Windows-1252 range the API accepts, amounts up to 10^12 cents.
const win1252Char = fc.constantFrom(...' abcxyzABC019 "\\{}#åäöÅÄÖéü€–“”Œšø'.split(''));
const text = fc.array(win1252Char, { maxLength: 30 }).map((cs) => cs.join(''));
const accountNumber = fc.integer({ min: 1000, max: 9999 }).map(String);
const amount = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
const voucherArb = fc
  .record({
    number: fc.integer({ min: 1, max: 1_000_000 }),
    day: fc.integer({ min: 1, max: 28 }),
    text,
    rows: fc.array(
      fc.record({
        account: accountNumber,
        amount,
        text: fc.option(text, { nil: undefined }),
        objects: fc.array(fc.tuple(fc.integer({ min: 20, max: 40 }), text), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ number, day, text: t, rows }): SieVoucher => {
    const date = `2026-02-${String(day).padStart(2, '0')}`;
    const transactions = rows.map((r) => ({
      account: r.account,
      amountMinor: r.amount,
      text: r.text,
      objects: r.objects,
      date,
    }));
    const sum = transactions.reduce((s, r) => s + r.amountMinor, 0n);
    transactions.push({ account: '1910', amountMinor: -sum, text: undefined, objects: [], date });
    return { series: 'A', number, date, text: t, transactions };
  });

describe('SIE 4 round trip (property)', () => {
  it('re-reads every voucher exactly: amounts, accounts, objects and (transliterated) texts', () => {
    fc.assert(
      fc.property(fc.array(voucherArb, { maxLength: 5 }), (vouchers) => {
        const bytes = encodeSieLines([...sieHeaderLines(head), ...vouchers.flatMap(sieVoucherLines)]);
        const doc = parseSie(bytes);
        expect(doc.vouchers.length).toBe(vouchers.length);
        doc.vouchers.forEach((parsed, i) => {
          const source = vouchers[i];
          expect(parsed.number).toBe(String(source.number));
          expect(parsed.text).toBe(sieText(source.text));
          expect(parsed.transactions.reduce((s, t) => s + t.amountMinor, 0n)).toBe(0n);
          parsed.transactions.forEach((t, j) => {
            const s = source.transactions[j];
            expect(t.account).toBe(s.account);
            expect(t.amountMinor).toBe(s.amountMinor);
            expect(t.date).toBe(s.date);
            expect(t.text).toBe(s.text ? sieText(s.text) : undefined);
            expect(t.objects).toEqual((s.objects ?? []).map(([d, o]) => [String(d), sieText(o)]));
          });
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('splitting a transaction by dimension objects', () => {
  it('keeps a single full allocation per dimension as one row', () => {
    expect(
      splitByObjects(1000n, [
        { dimension: 20, object: '1', amountMinor: 1000n },
        { dimension: 21, object: '7', amountMinor: 1000n },
      ]),
    ).toEqual([
      {
        objects: [
          [20, '1'],
          [21, '7'],
        ],
        amountMinor: 1000n,
      },
    ]);
  });

  it('splits partial and divided allocations so that every object keeps its amount', () => {
    const rows = splitByObjects(-1000n, [
      { dimension: 20, object: 'a', amountMinor: -600n },
      { dimension: 20, object: 'b', amountMinor: -400n },
      { dimension: 21, object: 'x', amountMinor: -300n },
    ]);
    expect(rows).toEqual([
      {
        objects: [
          [20, 'a'],
          [21, 'x'],
        ],
        amountMinor: -300n,
      },
      { objects: [[20, 'a']], amountMinor: -300n },
      { objects: [[20, 'b']], amountMinor: -400n },
    ]);
  });

  it('keeps sums per object for random allocations (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.boolean(),
        fc.array(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (size, negative, dims) => {
          const total = negative ? -size : size;
          const allocations = dims.flatMap((weights, d) => {
            const sum = weights.reduce((a, b) => a + b, 0) + 1; // leaves part unallocated
            return weights.map((w, k) => ({
              dimension: 20 + d,
              object: `o${k}`,
              amountMinor: (total * BigInt(w)) / BigInt(sum),
            }));
          });
          const rows = splitByObjects(total, allocations);
          expect(rows.reduce((s, r) => s + r.amountMinor, 0n)).toBe(total);
          for (const a of allocations) {
            const got = rows
              .filter((r) => r.objects.some(([d, o]) => d === a.dimension && o === a.object))
              .reduce((s, r) => s + r.amountMinor, 0n);
            const expected = allocations
              .filter((b) => b.dimension === a.dimension && b.object === a.object)
              .reduce((s, b) => s + b.amountMinor, 0n);
            expect(got).toBe(expected);
          }
        },
      ),
    );
  });

  it('leaves out a dimension whose allocations exceed the amount', () => {
    expect(splitByObjects(100n, [{ dimension: 20, object: 'a', amountMinor: 150n }])).toEqual([
      { objects: [], amountMinor: 100n },
    ]);
  });
});
