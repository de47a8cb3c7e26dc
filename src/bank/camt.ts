// ISO 20022 bank-to-customer files read as a stream: camt.053 (account statements) and camt.054 (debit/credit
// notifications, which Finnish banks use for incoming reference payments), versions .001.02 (what Finnish banks
// deliver under Finance Finland's guidelines) and .001.08. Only one entry is held in memory at a time, so a file
// of any number of entries is read in flat memory; the caller stores each one as it comes.
//
// The reader checks what Tase relies on in every version (the message, report and account identification, each
// entry's amount, currency, credit/debit mark, status and dates); a file that breaks one of them, or is no
// well-formed XML, stops the reading at the first error with its line.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { XmlLimitCheck, XmlLimitError } from '../domain/xml-limits.ts';

export type CamtKind = 'statement' | 'notification';

/** The messages read, by namespace. */
const CAMT_NAMESPACES: Record<string, { kind: CamtKind; version: '02' | '08' }> = {
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02': { kind: 'statement', version: '02' },
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08': { kind: 'statement', version: '08' },
  'urn:iso:std:iso:20022:tech:xsd:camt.054.001.02': { kind: 'notification', version: '02' },
  'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08': { kind: 'notification', version: '08' },
};

/** An amount as minor units (cents) and its currency. */
interface CamtAmount {
  minor: bigint;
  currency: string;
}

/** One account statement (camt.053 `Stmt`) or notification (camt.054 `Ntfctn`), its entries not included. */
export interface CamtReport {
  kind: CamtKind;
  messageId: string;
  id: string;
  iban: string;
  currency?: string;
  /** Legal sequence number, else the electronic one (the statement number). */
  sequenceNumber?: string;
  fromDate?: string;
  toDate?: string;
  /** Opening booked balance (OPBD, or PRCD), signed. */
  openingBalance?: CamtAmount;
  /** Closing booked balance (CLBD), signed. */
  closingBalance?: CamtAmount;
}

/** One transaction of an entry (`NtryDtls/TxDtls`); a batched entry has several. */
export interface CamtTransaction {
  /** Signed: negative for a debit (the entry's mark when the transaction has none). Absent when the bank gives only the entry's amount. */
  amount?: CamtAmount;
  /** The amount as the payer instructed it, in its own currency (foreign payments). */
  instructed?: CamtAmount;
  endToEndId?: string;
  archiveId?: string;
  debtorName?: string;
  debtorAccount?: string;
  creditorName?: string;
  creditorAccount?: string;
  /** Structured creditor reference (`Strd/CdtrRefInf/Ref`): a Finnish or an RF reference. */
  reference?: string;
  message?: string;
  returnReason?: string;
}

export interface CamtEntry {
  /** Position of the entry in its report, from 1. */
  index: number;
  entryRef?: string;
  /** The bank's archive id of the entry (`AcctSvcrRef`). */
  archiveId?: string;
  /** Signed: negative for a debit. */
  amount: CamtAmount;
  reversal: boolean;
  status: string;
  bookingDate?: string;
  valueDate?: string;
  /** ISO bank transaction code as DOMAIN/FAMILY/SUBFAMILY, e.g. PMNT/RCDT/ESCT. */
  domainCode?: string;
  /** Proprietary bank transaction code and its issuer, e.g. 710TILISIIRTO by FFFS. */
  proprietaryCode?: string;
  proprietaryIssuer?: string;
  additionalInfo?: string;
  transactions: CamtTransaction[];
}

export interface CamtReader {
  report(report: CamtReport): Promise<void> | void;
  entry(entry: CamtEntry): Promise<void> | void;
  /** After the last entry of a report. */
  reportEnd?(report: CamtReport): Promise<void> | void;
}

/** A file Tase cannot read: not XML, not a camt message it knows, or a required element missing or malformed. */
export class CamtFormatError extends Error {}

const AMOUNT = /^\d{1,13}(\.\d{1,5})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const SCALE = 2;

/** Exact minor units of an amount text; more decimals than cents is refused rather than rounded. */
function amountToMinor(text: string): bigint {
  if (!AMOUNT.test(text)) throw new Error(`'${text}' is not an amount`);
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > SCALE) throw new Error(`amount ${text} has more than ${SCALE} decimals`);
  return BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(kept.padEnd(SCALE, '0') || '0');
}

function isoDate(text: string): string {
  const date = text.slice(0, 10);
  if (
    !DATE.test(text) ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(date).toISOString().slice(0, 10) !== date
  )
    throw new Error(`'${text}' is not a date`);
  return date;
}

/** An account identification: the IBAN, else the other identification. */
const accountOf = (texts: Map<string, string>, prefix: string) =>
  texts.get(`${prefix}/Id/IBAN`)?.replace(/\s/g, '') ?? texts.get(`${prefix}/Id/Othr/Id`);

/** A party's name in both versions: `Dbtr/Nm` (.02) or `Dbtr/Pty/Nm` (.08). */
const nameOf = (texts: Map<string, string>, party: string) =>
  texts.get(`RltdPties/${party}/Nm`) ?? texts.get(`RltdPties/${party}/Pty/Nm`);

interface Scope {
  /** Element path below the scope's element. */
  texts: Map<string, string>;
  /** Currency attribute of amount elements, by path. */
  currencies: Map<string, string>;
  /** Repeated texts (Ustrd), by path. */
  lists: Map<string, string[]>;
}

const newScope = (): Scope => ({ texts: new Map(), currencies: new Map(), lists: new Map() });

/**
 * The shape of a camt file, checked ahead of the parser: saxes resolves each element's namespace by walking the open
 * elements, so deep nesting costs the square of its depth. Real files nest about 12 deep; a million reference
 * payments are some 40 million elements.
 */
const CAMT_LIMITS = { maxDepth: 32, maxElements: 200_000_000 };

/** Refuses (CamtFormatError) a whole file of a shape beyond the bounds of camt files, before anything else reads it. */
export function checkCamtShape(text: string): void {
  try {
    new XmlLimitCheck(CAMT_LIMITS).write(text);
  } catch (err) {
    throw err instanceof XmlLimitError ? new CamtFormatError(err.message) : err;
  }
}

/**
 * Reads a camt.053 or camt.054 file from its chunks, handing each report and entry to `reader` as soon as it is
 * complete (awaiting it, so a slow store holds the reading back). Throws CamtFormatError at the first problem.
 */
export async function readCamt(chunks: AsyncIterable<Uint8Array | string>, reader: CamtReader): Promise<CamtKind> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const limits = new XmlLimitCheck(CAMT_LIMITS);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stack: string[] = [];
  const pending: (() => Promise<void> | void)[] = [];
  let kind: CamtKind | undefined;
  let namespace = '';
  let messageId: string | undefined;
  let report: CamtReport | undefined;
  let reportScope: Scope | undefined;
  let reportAnnounced = false;
  let balanceScope: Scope | undefined;
  let entryScope: Scope | undefined;
  let entryStart = 0;
  let txScope: Scope | undefined;
  let txStart = 0;
  let transactions: CamtTransaction[] = [];
  /** Transaction amounts without their own credit/debit mark: they take the entry's. */
  const unsigned = new WeakSet<CamtAmount>();
  let entryIndex = 0;
  let text = '';
  const fail = (message: string): never => {
    throw new CamtFormatError(`line ${parser.line}: ${message}`);
  };
  const reportElement = () => (kind === 'statement' ? 'Stmt' : 'Ntfctn');
  const below = (start: number) => stack.slice(start).join('/');

  const required = (scope: Scope, path: string, where: string): string =>
    scope.texts.get(path) ?? fail(`${where} has no ${path}`);
  const amountAt = (scope: Scope, path: string, sign: string | undefined, where: string): CamtAmount => {
    const raw = required(scope, path, where);
    const currency = scope.currencies.get(path);
    if (!currency || !/^[A-Z]{3}$/.test(currency)) fail(`${where}: ${path} has no valid Ccy`);
    let minor = 0n;
    try {
      minor = amountToMinor(raw);
    } catch (err) {
      fail(`${where}: ${(err as Error).message}`);
    }
    if (sign !== undefined && sign !== 'CRDT' && sign !== 'DBIT')
      fail(`${where}: CdtDbtInd '${sign}' is not CRDT or DBIT`);
    return { minor: sign === 'DBIT' ? -minor : minor, currency: currency! };
  };
  const dateAt = (scope: Scope, paths: string[], where: string): string | undefined => {
    for (const path of paths) {
      const value = scope.texts.get(path);
      if (value === undefined) continue;
      try {
        return isoDate(value);
      } catch (err) {
        fail(`${where}: ${path} ${(err as Error).message}`);
      }
    }
    return undefined;
  };

  const announce = () => {
    if (!report || reportAnnounced) return;
    reportAnnounced = true;
    const announced = report;
    pending.push(() => reader.report(announced));
  };

  const finishReportHeader = () => {
    const scope = reportScope!;
    const where = reportElement();
    const iban = accountOf(scope.texts, 'Acct') ?? fail(`${where} has no Acct/Id`);
    report = {
      kind: kind!,
      messageId: messageId ?? fail('GrpHdr has no MsgId'),
      id: required(scope, 'Id', where),
      iban,
      currency: scope.texts.get('Acct/Ccy'),
      sequenceNumber: scope.texts.get('LglSeqNb') ?? scope.texts.get('ElctrncSeqNb'),
      fromDate: dateAt(scope, ['FrToDt/FrDtTm'], where) ?? report?.fromDate,
      toDate: dateAt(scope, ['FrToDt/ToDtTm'], where) ?? report?.toDate,
      openingBalance: report?.openingBalance,
      closingBalance: report?.closingBalance,
    };
  };

  const finishBalance = (scope: Scope) => {
    const type = scope.texts.get('Tp/CdOrPrtry/Cd') ?? scope.texts.get('Tp/CdOrPrtry/Prtry');
    const amount = amountAt(scope, 'Amt', scope.texts.get('CdtDbtInd') ?? fail('Bal has no CdtDbtInd'), 'Bal');
    const date = dateAt(scope, ['Dt/Dt', 'Dt/DtTm'], 'Bal');
    report ??= { kind: kind!, messageId: '', id: '', iban: '' };
    if (type === 'OPBD' || (type === 'PRCD' && !report.openingBalance)) {
      report.openingBalance = amount;
      report.fromDate ??= date;
    } else if (type === 'CLBD') {
      report.closingBalance = amount;
      report.toDate ??= date;
    }
  };

  const finishTransaction = (scope: Scope) => {
    const t = scope.texts;
    const sign = t.get('CdtDbtInd');
    const amountPath = t.has('Amt') ? 'Amt' : t.has('AmtDtls/TxAmt/Amt') ? 'AmtDtls/TxAmt/Amt' : undefined;
    const ustrd = scope.lists.get('RmtInf/Ustrd') ?? [];
    const reference = t.get('RmtInf/Strd/CdtrRefInf/Ref');
    const amount = amountPath ? amountAt(scope, amountPath, sign, 'TxDtls') : undefined;
    if (amount && sign === undefined) unsigned.add(amount);
    transactions.push({
      amount,
      instructed: t.has('AmtDtls/InstdAmt/Amt')
        ? amountAt(scope, 'AmtDtls/InstdAmt/Amt', undefined, 'TxDtls')
        : undefined,
      endToEndId: t.get('Refs/EndToEndId'),
      archiveId: t.get('Refs/AcctSvcrRef'),
      debtorName: nameOf(t, 'Dbtr'),
      debtorAccount: accountOf(t, 'RltdPties/DbtrAcct'),
      creditorName: nameOf(t, 'Cdtr'),
      creditorAccount: accountOf(t, 'RltdPties/CdtrAcct'),
      reference: reference?.replace(/\s/g, ''),
      message: ustrd.length > 0 ? ustrd.join(' ') : t.get('AddtlTxInf'),
      returnReason: t.get('RtrInf/Rsn/Cd') ?? t.get('RtrInf/Rsn/Prtry'),
    });
  };

  const finishEntry = (scope: Scope) => {
    const t = scope.texts;
    entryIndex++;
    const where = `Ntry ${entryIndex}`;
    const sign = required(scope, 'CdtDbtInd', where);
    const amount = amountAt(scope, 'Amt', sign, where);
    const status = t.get('Sts') ?? t.get('Sts/Cd') ?? fail(`${where} has no Sts`);
    const bookingDate = dateAt(scope, ['BookgDt/Dt', 'BookgDt/DtTm'], where);
    const valueDate = dateAt(scope, ['ValDt/Dt', 'ValDt/DtTm'], where);
    if (!bookingDate && !valueDate) fail(`${where} has neither BookgDt nor ValDt`);
    for (const tx of transactions)
      if (tx.amount && unsigned.has(tx.amount) && sign === 'DBIT') tx.amount.minor = -tx.amount.minor;
    const domain = t.get('BkTxCd/Domn/Cd');
    const entry: CamtEntry = {
      index: entryIndex,
      entryRef: t.get('NtryRef'),
      archiveId: t.get('AcctSvcrRef'),
      amount,
      reversal: t.get('RvslInd') === 'true',
      status,
      bookingDate,
      valueDate,
      domainCode: domain
        ? [domain, t.get('BkTxCd/Domn/Fmly/Cd'), t.get('BkTxCd/Domn/Fmly/SubFmlyCd')].filter(Boolean).join('/')
        : undefined,
      proprietaryCode: t.get('BkTxCd/Prtry/Cd'),
      proprietaryIssuer: t.get('BkTxCd/Prtry/Issr'),
      additionalInfo: t.get('AddtlNtryInf'),
      transactions,
    };
    transactions = [];
    announce();
    pending.push(() => reader.entry(entry));
  };

  parser.on('doctype', () => fail('a DOCTYPE is not allowed'));
  parser.on('opentag', (tag: SaxesTagNS) => {
    text = '';
    const depth = stack.length;
    if (depth === 0) {
      const known = CAMT_NAMESPACES[tag.uri];
      if (tag.local !== 'Document' || !known)
        fail(
          `the root element is not a camt.053 or camt.054 Document (version .001.02 or .001.08), got {${tag.uri}}${tag.local}`,
        );
      kind = known.kind;
      namespace = tag.uri;
    } else if (tag.uri !== namespace) {
      fail(`element ${tag.local} is outside the namespace ${namespace}`);
    } else if (depth === 1) {
      const expected = kind === 'statement' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn';
      if (tag.local !== expected) fail(`expected ${expected}, got ${tag.local}`);
    } else if (depth === 2 && tag.local === reportElement()) {
      if (!messageId) fail('GrpHdr/MsgId must come before the first report');
      report = undefined;
      reportAnnounced = false;
      reportScope = newScope();
      entryIndex = 0;
    } else if (depth === 3 && reportScope && tag.local === 'Bal') {
      balanceScope = newScope();
    } else if (depth === 3 && reportScope && tag.local === 'Ntry') {
      if (!report?.id) finishReportHeader();
      announce();
      entryScope = newScope();
      entryStart = depth + 1;
      transactions = [];
    } else if (entryScope && tag.local === 'TxDtls' && stack[depth - 1] === 'NtryDtls') {
      txScope = newScope();
      txStart = depth + 1;
    }
    stack.push(tag.local);
    const ccy = tag.attributes.Ccy;
    if (ccy) {
      const value = typeof ccy === 'string' ? ccy : ccy.value;
      const scope = txScope ?? entryScope ?? balanceScope ?? reportScope;
      if (scope) scope.currencies.set(pathIn(scope), value);
    }
  });
  const pathIn = (scope: Scope): string => {
    if (scope === txScope) return below(txStart);
    if (scope === entryScope) return below(entryStart);
    if (scope === balanceScope) return below(4);
    return below(3);
  };
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    const value = text.trim();
    text = '';
    const depth = stack.length - 1;
    const scope = txScope ?? entryScope ?? balanceScope ?? reportScope;
    if (depth === 3 && stack[2] === 'GrpHdr' && tag.local === 'MsgId') messageId = value;
    if (scope && value !== '') {
      const path = pathIn(scope);
      if (path.endsWith('Ustrd')) scope.lists.set(path, [...(scope.lists.get(path) ?? []), value]);
      else scope.texts.set(path, value);
    }
    stack.pop();
    if (txScope && depth + 1 === txStart) {
      finishTransaction(txScope);
      txScope = undefined;
    } else if (entryScope && depth + 1 === entryStart) {
      finishEntry(entryScope);
      entryScope = undefined;
    } else if (balanceScope && depth === 3) {
      finishBalance(balanceScope);
      balanceScope = undefined;
    } else if (reportScope && depth === 2) {
      if (!report?.id) finishReportHeader();
      announce();
      const ended = report!;
      if (reader.reportEnd) pending.push(() => reader.reportEnd!(ended));
      reportScope = undefined;
    }
  });

  const drain = async () => {
    for (const work of pending.splice(0)) await work();
  };
  // saxes names a position as "line:column: message"
  const xmlError = (err: unknown) =>
    err instanceof CamtFormatError
      ? err
      : err instanceof XmlLimitError
        ? new CamtFormatError(err.message)
        : new CamtFormatError((err as Error).message.replace(/^(?:undefined:)?(\d+):(\d+): /, 'line $1, column $2: '));
  const write = (chunk: string) => {
    try {
      limits.write(chunk);
      parser.write(chunk);
    } catch (err) {
      throw xmlError(err);
    }
  };
  for await (const chunk of chunks) {
    let decoded: string;
    try {
      decoded = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      fail('the file is not UTF-8');
    }
    write(decoded!);
    await drain();
  }
  write(decoder.decode());
  try {
    parser.close();
  } catch (err) {
    throw xmlError(err);
  }
  await drain();
  if (!kind) fail('the file is empty');
  return kind!;
}
