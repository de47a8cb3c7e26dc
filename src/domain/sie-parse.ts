// A SIE 4 reader written from the format description ("SIE filformat ver 4B"), independent of the writer, so
// that tests can re-read what Tase exports: CP437 bytes, one record per line (CRLF or LF), fields separated by
// spaces or tabs, quoted fields with `\"` and `\\` escapes, `{…}` object lists, `{`/`}` lines around the
// transactions of a voucher. Amounts are kept exact as minor units (bigint).
import iconv from 'iconv-lite';
import type { MinorUnits } from './decimal.ts';

interface ParsedSieTransaction {
  account: string;
  objects: [string, string][];
  amountMinor: MinorUnits;
  date?: string;
  text?: string;
}

interface ParsedSieVoucher {
  series: string;
  number: string;
  date: string;
  text: string;
  registered?: string;
  transactions: ParsedSieTransaction[];
}

interface ParsedSieBalance {
  year: number;
  account: string;
  amountMinor: MinorUnits;
}

export interface ParsedSie {
  flag?: string;
  format?: string;
  sieType?: string;
  program?: string[];
  generated?: string;
  companyName?: string;
  orgNumber?: string;
  fiscalYears: { index: number; start: string; end: string }[];
  balancesUntil?: string;
  chartType?: string;
  currency?: string;
  accounts: Map<string, { name: string; type?: string }>;
  dimensions: Map<string, string>;
  objects: Map<string, string>;
  openingBalances: ParsedSieBalance[];
  closingBalances: ParsedSieBalance[];
  results: ParsedSieBalance[];
  vouchers: ParsedSieVoucher[];
  /** Labels in the order they first appear. */
  labels: string[];
}

class SieParseError extends Error {
  override name = 'SieParseError';
  constructor(lineNumber: number, message: string) {
    super(`line ${lineNumber}: ${message}`);
  }
}

/** A field token: text, or an object list (`{…}`) as its inner tokens. */
export type SieToken = { kind: 'text'; value: string; quoted: boolean } | { kind: 'list'; items: string[] };

/** Splits one record into tokens. */
export function tokenize(text: string, lineNumber = 0): SieToken[] {
  const tokens: SieToken[] = [];
  let i = 0;
  const isSpace = (c: string) => c === ' ' || c === '\t';
  const readQuoted = (): string => {
    let value = '';
    i++; // opening quote
    for (;;) {
      if (i >= text.length) throw new SieParseError(lineNumber, 'unterminated quoted field');
      const c = text[i];
      if (c === '\\' && i + 1 < text.length) {
        value += text[i + 1];
        i += 2;
      } else if (c === '"') {
        i++;
        return value;
      } else {
        value += c;
        i++;
      }
    }
  };
  const readBare = (stops: string): string => {
    let value = '';
    while (i < text.length && !isSpace(text[i]) && !stops.includes(text[i])) value += text[i++];
    return value;
  };
  while (i < text.length) {
    const c = text[i];
    if (isSpace(c)) {
      i++;
    } else if (c === '"') {
      tokens.push({ kind: 'text', value: readQuoted(), quoted: true });
    } else if (c === '{') {
      i++;
      const items: string[] = [];
      for (;;) {
        while (i < text.length && isSpace(text[i])) i++;
        if (i >= text.length) throw new SieParseError(lineNumber, 'unterminated object list');
        if (text[i] === '}') {
          i++;
          break;
        }
        items.push(text[i] === '"' ? readQuoted() : readBare('}"'));
      }
      tokens.push({ kind: 'list', items });
    } else {
      tokens.push({ kind: 'text', value: readBare(''), quoted: false });
    }
  }
  return tokens;
}

function isoDate(value: string, lineNumber: number): string {
  if (!/^\d{8}$/.test(value)) throw new SieParseError(lineNumber, `not a date: '${value}'`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

/** An amount with at most two decimals to minor units, exactly. */
export function parseSieAmount(value: string, lineNumber = 0): MinorUnits {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new SieParseError(lineNumber, `not an amount: '${value}'`);
  const units = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -units : units;
}

/** Reads a SIE file (CP437 bytes, or already decoded text). Throws SieParseError on malformed records. */
export function parseSie(input: Buffer | Uint8Array | string): ParsedSie {
  const text = typeof input === 'string' ? input : iconv.decode(Buffer.from(input), 'cp437');
  const doc: ParsedSie = {
    fiscalYears: [],
    accounts: new Map(),
    dimensions: new Map(),
    objects: new Map(),
    openingBalances: [],
    closingBalances: [],
    results: [],
    vouchers: [],
    labels: [],
  };
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  let voucher: ParsedSieVoucher | undefined;
  let inBlock = false;
  lines.forEach((raw, index) => {
    const n = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    if (trimmed === '{') {
      if (!voucher || inBlock) throw new SieParseError(n, "'{' without a #VER");
      inBlock = true;
      return;
    }
    if (trimmed === '}') {
      if (!inBlock) throw new SieParseError(n, "'}' without '{'");
      inBlock = false;
      voucher = undefined;
      return;
    }
    if (!trimmed.startsWith('#')) throw new SieParseError(n, `not a record: '${trimmed}'`);
    const space = trimmed.search(/[ \t]/);
    const label = (space < 0 ? trimmed : trimmed.slice(0, space)).slice(1);
    const tokens = space < 0 ? [] : tokenize(trimmed.slice(space + 1), n);
    const text = (i: number): string => {
      const t = tokens[i];
      if (!t || t.kind !== 'text') throw new SieParseError(n, `#${label}: field ${i + 1} missing`);
      return t.value;
    };
    const optional = (i: number): string | undefined => {
      const t = tokens[i];
      return t && t.kind === 'text' && t.value !== '' ? t.value : undefined;
    };
    if (!doc.labels.includes(label)) doc.labels.push(label);
    if (inBlock) {
      if (label !== 'TRANS') throw new SieParseError(n, `#${label} inside a voucher`);
      const list = tokens[1];
      if (!list || list.kind !== 'list') throw new SieParseError(n, '#TRANS without an object list');
      if (list.items.length % 2 !== 0) throw new SieParseError(n, 'object list of odd length');
      const objects: [string, string][] = [];
      for (let i = 0; i < list.items.length; i += 2) objects.push([list.items[i], list.items[i + 1]]);
      const date = optional(3);
      voucher!.transactions.push({
        account: text(0),
        objects,
        amountMinor: parseSieAmount(text(2), n),
        ...(date ? { date: isoDate(date, n) } : {}),
        ...(optional(4) !== undefined ? { text: text(4) } : {}),
      });
      return;
    }
    if (voucher) throw new SieParseError(n, `#VER not followed by '{'`);
    switch (label) {
      case 'FLAGGA':
        doc.flag = text(0);
        break;
      case 'FORMAT':
        doc.format = text(0);
        break;
      case 'SIETYP':
        doc.sieType = text(0);
        break;
      case 'PROGRAM':
        doc.program = tokens.map((t) => (t.kind === 'text' ? t.value : ''));
        break;
      case 'GEN':
        doc.generated = isoDate(text(0), n);
        break;
      case 'FNAMN':
        doc.companyName = text(0);
        break;
      case 'ORGNR':
        doc.orgNumber = text(0);
        break;
      case 'RAR':
        doc.fiscalYears.push({ index: Number(text(0)), start: isoDate(text(1), n), end: isoDate(text(2), n) });
        break;
      case 'OMFATTN':
        doc.balancesUntil = isoDate(text(0), n);
        break;
      case 'KPTYP':
        doc.chartType = text(0);
        break;
      case 'VALUTA':
        doc.currency = text(0);
        break;
      case 'KONTO':
        doc.accounts.set(text(0), { ...doc.accounts.get(text(0)), name: text(1) });
        break;
      case 'KTYP': {
        const account = doc.accounts.get(text(0));
        if (!account) throw new SieParseError(n, `#KTYP of an account without #KONTO: ${text(0)}`);
        account.type = text(1);
        break;
      }
      case 'DIM':
        doc.dimensions.set(text(0), text(1));
        break;
      case 'OBJEKT':
        doc.objects.set(`${text(0)}/${text(1)}`, text(2));
        break;
      case 'IB':
      case 'UB':
      case 'RES': {
        const balance = { year: Number(text(0)), account: text(1), amountMinor: parseSieAmount(text(2), n) };
        (label === 'IB' ? doc.openingBalances : label === 'UB' ? doc.closingBalances : doc.results).push(balance);
        break;
      }
      case 'VER': {
        const registered = optional(4);
        voucher = {
          series: text(0),
          number: text(1),
          date: isoDate(text(2), n),
          text: optional(3) ?? '',
          ...(registered ? { registered: isoDate(registered, n) } : {}),
          transactions: [],
        };
        doc.vouchers.push(voucher);
        break;
      }
      default:
        // other records of the standard (#ADRESS, #SRU, #PSALDO, …) are not needed by the tests
        break;
    }
  });
  if (inBlock || voucher) throw new SieParseError(lines.length, 'file ends inside a voucher');
  return doc;
}
