// SIE 4 (the Swedish accounting export format, "SIE filformat ver 4B"): a pure writer, no I/O.
//
// A file is one record per line, `#LABEL field field …`, fields separated by spaces. A field holding a space, a
// quote or nothing is quoted; inside quotes `"` and `\` are escaped with a backslash. Object lists (dimension
// objects of a transaction) are written `{dim "object" dim "object"}`. Amounts have a `.` decimal point and exactly
// two decimals here; dates are YYYYMMDD. `#FORMAT PC8` means the bytes are IBM code page 437, and lines end in
// CRLF. Characters that CP437 cannot hold are transliterated (é stays é, õ becomes o, € becomes EUR), never lost
// silently as `?` when a close ASCII form exists.
//
// The writer is built for streaming: `sieHeaderLines` yields the head (identification, chart, balances) and
// `sieVoucherLines` the lines of one voucher, so a caller can encode vouchers chunk by chunk (`encodeSieLines`)
// without ever holding the whole ledger.
import iconv from 'iconv-lite';
import type { MinorUnits } from './decimal.ts';

const SIE_ENCODING = 'cp437';
const SIE_LINE_END = '\r\n';
/** SIE dimension numbers 1–19 are reserved by the standard; user-defined dimensions start at 20. */
export const SIE_FIRST_FREE_DIMENSION = 20;

/** SIE account types (#KTYP): T asset, S liability or equity, K cost, I income. */
export type SieAccountType = 'T' | 'S' | 'K' | 'I';

interface SieFiscalYear {
  /** 0 = the exported year, -1 = the year before. */
  index: number;
  /** YYYY-MM-DD. */
  start: string;
  end: string;
}

interface SieAccount {
  number: string;
  name: string;
  type?: SieAccountType;
}

interface SieDimension {
  number: number;
  name: string;
}

interface SieObject {
  dimension: number;
  id: string;
  name: string;
}

/** A balance in minor units (cents): debit positive, credit negative. */
export interface SieBalance {
  /** Year index of #RAR. */
  year: number;
  account: string;
  amountMinor: MinorUnits;
}

export interface SieHead {
  program: { name: string; version: string };
  /** Date the file was generated, YYYY-MM-DD. */
  generated: string;
  companyName: string;
  /** Organisation number (business id); left out when unknown. */
  orgNumber?: string;
  fiscalYears: SieFiscalYear[];
  /** Last date the balances (#UB, #RES) cover, when the export ends before the year does: #OMFATTN. */
  balancesUntil?: string;
  /** Chart of accounts type (#KPTYP); left out when unknown. */
  chartType?: string;
  /** ISO 4217 code of the amounts (#VALUTA). */
  currency: string;
  accounts: SieAccount[];
  dimensions?: SieDimension[];
  objects?: SieObject[];
  /** Opening balances of balance-sheet accounts. */
  openingBalances: SieBalance[];
  /** Closing balances of balance-sheet accounts. */
  closingBalances: SieBalance[];
  /** Balances of income-statement accounts. */
  results: SieBalance[];
}

export interface SieTransaction {
  account: string;
  /** Dimension objects as pairs [SIE dimension number, object id]. */
  objects?: [number, string][];
  amountMinor: MinorUnits;
  /** YYYY-MM-DD. */
  date?: string;
  text?: string;
  /**
   * A row changed after the voucher was first approved (the audit trail): ADDED is written `#RTRANS` followed by
   * the identical `#TRANS`; REMOVED is written `#BTRANS` alone and does not count in the voucher's balance.
   */
  change?: 'ADDED' | 'REMOVED';
  /** Who made the change (SIE `sign`). */
  sign?: string;
}

export interface SieVoucher {
  series: string;
  number: number | string;
  /** YYYY-MM-DD. */
  date: string;
  text: string;
  /** Registration date, YYYY-MM-DD. */
  registered?: string;
  transactions: SieTransaction[];
}

// ---------------------------------------------------------------------------------------------- characters

const BYTES = Buffer.alloc(256);
for (let i = 0; i < 256; i++) BYTES[i] = i;
const CP437_TEXT = iconv.decode(BYTES, SIE_ENCODING);
/** Printable characters CP437 holds: 0x20–0x7E and 0x80–0xFF. */
const ENCODABLE = new Set([...CP437_TEXT.slice(0x20, 0x7f), ...CP437_TEXT.slice(0x80)]);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Close forms of the Windows-1252 characters CP437 lacks that do not decompose into a base letter. */
const TRANSLITERATIONS: Record<string, string> = {
  '€': 'EUR',
  '‚': ',',
  '„': '"',
  '…': '...',
  '†': '+',
  '‡': '+',
  ˆ: '^',
  '‰': 'o/oo',
  '‹': '<',
  '›': '>',
  Œ: 'OE',
  œ: 'oe',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '•': '*',
  '–': '-',
  '—': '-',
  '˜': '~',
  '™': 'TM',
  Ø: 'O',
  ø: 'o',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  '×': 'x',
  '©': '(c)',
  '®': '(R)',
  '¦': '|',
  '¨': '"',
  '¯': '-',
  '´': "'",
  '¸': ',',
  '¹': '1',
  '³': '3',
  '¾': '3/4',
};

/** Text made writable in CP437 without control characters: unknown characters become their closest form. */
export function sieText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    if (ENCODABLE.has(ch)) out += ch;
    else if (ch < ' ' || ch === '\u007f' || (ch >= '\u0080' && ch <= '\u009f')) out += ' ';
    else if (TRANSLITERATIONS[ch] !== undefined) out += TRANSLITERATIONS[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => ENCODABLE.has(c)) && base !== '' ? base : '?';
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- fields

/** One field: quoted when it holds a space, a quote, a brace or nothing; `"` and `\` escaped inside quotes. */
export function sieField(value: string): string {
  const text = sieText(value);
  if (text !== '' && !/[\s"{}\\]/.test(text)) return text;
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A text field: always quoted, as the standard's examples write names and texts. */
function sieQuoted(value: string): string {
  return `"${sieText(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** YYYY-MM-DD to YYYYMMDD. */
function sieDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`not a date: ${isoDate}`);
  return isoDate.replaceAll('-', '');
}

/** Minor units to an amount with `scale` decimals and a `.` point: -100050n → "-1000.50". */
export function sieAmount(amountMinor: MinorUnits, scale = 2): string {
  const units = amountMinor;
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

function sieObjectList(objects: readonly [number, string][] | undefined): string {
  if (!objects || objects.length === 0) return '{}';
  return `{${objects.map(([dimension, id]) => `${dimension} ${sieQuoted(id)}`).join(' ')}}`;
}

function line(label: string, ...fields: string[]): string {
  return fields.length > 0 ? `#${label} ${fields.join(' ')}` : `#${label}`;
}

// ---------------------------------------------------------------------------------------------- records

/** The head of a SIE 4 file, in the standard's order: identification, chart, dimensions, balances. */
export function* sieHeaderLines(head: SieHead): Generator<string> {
  yield line('FLAGGA', '0');
  yield line('FORMAT', 'PC8');
  yield line('SIETYP', '4');
  yield line('PROGRAM', sieQuoted(head.program.name), sieField(head.program.version));
  yield line('GEN', sieDate(head.generated));
  yield line('FNAMN', sieQuoted(head.companyName));
  if (head.orgNumber) yield line('ORGNR', sieField(head.orgNumber));
  for (const year of [...head.fiscalYears].sort((a, b) => b.index - a.index)) {
    yield line('RAR', String(year.index), sieDate(year.start), sieDate(year.end));
  }
  if (head.balancesUntil) yield line('OMFATTN', sieDate(head.balancesUntil));
  if (head.chartType) yield line('KPTYP', sieField(head.chartType));
  yield line('VALUTA', sieField(head.currency));
  for (const account of head.accounts) {
    yield line('KONTO', sieField(account.number), sieQuoted(account.name));
    if (account.type) yield line('KTYP', sieField(account.number), account.type);
  }
  for (const dimension of head.dimensions ?? []) yield line('DIM', String(dimension.number), sieQuoted(dimension.name));
  for (const object of head.objects ?? [])
    yield line('OBJEKT', String(object.dimension), sieQuoted(object.id), sieQuoted(object.name));
  const balance = (label: string, b: SieBalance) =>
    line(label, String(b.year), sieField(b.account), sieAmount(b.amountMinor));
  for (const b of head.openingBalances) yield balance('IB', b);
  for (const b of head.closingBalances) yield balance('UB', b);
  for (const b of head.results) yield balance('RES', b);
}

/** The lines of one voucher: `#VER` then its `#TRANS` rows in braces. A voucher must balance. */
export function sieVoucherLines(voucher: SieVoucher): string[] {
  let sum = 0n;
  for (const t of voucher.transactions) if (t.change !== 'REMOVED') sum += t.amountMinor;
  if (sum !== 0n)
    throw new RangeError(`voucher ${voucher.series} ${voucher.number} does not balance (${sieAmount(sum)})`);
  const head = [
    sieField(voucher.series),
    sieField(String(voucher.number)),
    sieDate(voucher.date),
    sieQuoted(voucher.text),
  ];
  if (voucher.registered) head.push(sieDate(voucher.registered));
  const lines = [line('VER', ...head), '{'];
  let lastDate = '';
  let lastSieDate = '';
  for (const t of voucher.transactions) {
    const fields = [sieField(t.account), sieObjectList(t.objects), sieAmount(t.amountMinor)];
    if (t.date && t.date !== lastDate) {
      lastDate = t.date;
      lastSieDate = sieDate(t.date);
    }
    if (t.change) {
      // #RTRANS/#BTRANS kontonr {objekt} belopp transdat transtext kvantitet sign
      const changed = [...fields, t.date ? lastSieDate : '""', sieQuoted(t.text ?? ''), '""', sieQuoted(t.sign ?? '')];
      lines.push(line(t.change === 'ADDED' ? 'RTRANS' : 'BTRANS', ...changed));
      if (t.change === 'REMOVED') continue;
    }
    if (t.date || t.text) fields.push(t.date ? lastSieDate : '""');
    if (t.text) fields.push(sieQuoted(t.text));
    lines.push(line('TRANS', ...fields));
  }
  lines.push('}');
  return lines;
}

/** A row of a voucher as the change comparison sees it. */
interface ComparedRow {
  account: string;
  amountMinor: bigint;
  text: string | null;
}

/**
 * Rows changed since a voucher was first registered, compared by account, amount and text (as multisets): the
 * indexes of the current rows that were added, and the original rows that were removed.
 */
export function changedRows(
  current: readonly ComparedRow[],
  original: readonly ComparedRow[],
): { added: Set<number>; removed: ComparedRow[] } {
  const key = (r: ComparedRow) => `${r.account}\u0000${r.amountMinor}\u0000${r.text ?? ''}`;
  const unmatched = new Map<string, ComparedRow[]>();
  for (const row of original) unmatched.set(key(row), [...(unmatched.get(key(row)) ?? []), row]);
  const added = new Set<number>();
  current.forEach((row, i) => {
    const same = unmatched.get(key(row));
    if (same && same.length > 0) same.pop();
    else added.add(i);
  });
  return { added, removed: [...unmatched.values()].flat() };
}

/** Lines to CP437 bytes, each ended by CRLF. */
export function encodeSieLines(lines: readonly string[]): Buffer {
  const text = lines.length === 0 ? '' : lines.join(SIE_LINE_END) + SIE_LINE_END;
  // text all ASCII (most chunks) is the same bytes in CP437: copied as it is, without the code page's table
  return BEYOND_ASCII.test(text) ? iconv.encode(text, SIE_ENCODING) : Buffer.from(text, 'latin1');
}

/** A character other than printable ASCII and line ends (sieText leaves no other control character). */
const BEYOND_ASCII = /[^\r\n\x20-\x7e]/;

/**
 * A whole SIE 4 file as a stream of CP437 chunks: the head, then the vouchers as they come. Vouchers are
 * encoded in groups of about `chunkLines` lines, so memory holds one group at a time.
 */
export async function* sieFileChunks(
  head: SieHead,
  vouchers: AsyncIterable<SieVoucher> | Iterable<SieVoucher>,
  chunkLines = 4000,
): AsyncGenerator<Buffer> {
  yield encodeSieLines([...sieHeaderLines(head)]);
  let pending: string[] = [];
  for await (const voucher of vouchers) {
    for (const l of sieVoucherLines(voucher)) pending.push(l);
    if (pending.length >= chunkLines) {
      yield encodeSieLines(pending);
      pending = [];
    }
  }
  if (pending.length > 0) yield encodeSieLines(pending);
}

// ---------------------------------------------------------------------------------------------- dimensions

export interface ObjectAllocation {
  dimension: number;
  object: string;
  /** Part of the transaction's amount, same sign as the transaction. */
  amountMinor: MinorUnits;
}

export interface ObjectSplit {
  objects: [number, string][];
  amountMinor: MinorUnits;
}

/**
 * Splits one transaction into SIE transaction rows so that every dimension's allocations are kept: a SIE row
 * names at most one object per dimension, while a ledger transaction may split its amount between several
 * objects of a dimension (and leave part of it unallocated). The split walks all dimensions together
 * (north-west corner): each row carries the current object of every dimension for the largest amount none of
 * them has used up. Rows sum to the amount, and per dimension the rows of each object sum to its allocation.
 * A dimension whose allocations do not fit the amount (wrong sign, more than the amount) is left out.
 */
export function splitByObjects(amountMinor: MinorUnits, allocations: readonly ObjectAllocation[]): ObjectSplit[] {
  if (allocations.length === 0 || amountMinor === 0n) return [{ objects: [], amountMinor }];
  const sign = amountMinor < 0n ? -1n : 1n;
  const total = amountMinor * sign;
  const byDimension = new Map<number, { object: string | null; left: MinorUnits }[]>();
  for (const a of allocations) {
    const parts = byDimension.get(a.dimension) ?? [];
    parts.push({ object: a.object, left: a.amountMinor * sign });
    byDimension.set(a.dimension, parts);
  }
  const queues: { dimension: number; parts: { object: string | null; left: MinorUnits }[] }[] = [];
  for (const [dimension, parts] of [...byDimension].sort((a, b) => a[0] - b[0])) {
    const used = parts.reduce((s, p) => s + p.left, 0n);
    if (parts.some((p) => p.left < 0n) || used > total) continue;
    const kept = parts.filter((p) => p.left > 0n);
    if (used < total) kept.push({ object: null, left: total - used });
    queues.push({ dimension, parts: kept });
  }
  if (queues.length === 0) return [{ objects: [], amountMinor }];
  const rows: ObjectSplit[] = [];
  let remaining = total;
  const at = queues.map(() => 0);
  while (remaining > 0n) {
    let step = remaining;
    queues.forEach((q, i) => {
      if (q.parts[at[i]].left < step) step = q.parts[at[i]].left;
    });
    const objects: [number, string][] = [];
    queues.forEach((q, i) => {
      const part = q.parts[at[i]];
      if (part.object !== null) objects.push([q.dimension, part.object]);
      part.left -= step;
      if (part.left === 0n && at[i] < q.parts.length - 1) at[i]++;
    });
    rows.push({ objects, amountMinor: step * sign });
    remaining -= step;
  }
  return rows;
}
