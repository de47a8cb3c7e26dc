// Bank files in: camt.053 statements become bank statements with their events, camt.054 notifications become
// reference payments, and so do a statement's credits that carry a creditor reference. An import is one database transaction: a file refused anywhere adds nothing, and a file
// imported again adds nothing either (statements by their id, entries by the bank's archive id).
import { electronicFormatIBAN, extractIBAN } from 'ibantools';
import type { Db } from '../db/index.ts';
import { allocateIds } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { fromMinorUnits, jsonDecimal, minor, type MinorUnits } from '../domain/decimal.ts';
import { schemaProblems } from '../domain/xsd.ts';
import { canonicalReference, referenceLookupKeys } from '../domain/reference-codes.ts';
import {
  CamtFormatError,
  checkCamtShape,
  readCamt,
  type CamtEntry,
  type CamtReport,
  type CamtTransaction,
} from './camt.ts';
import { schemaOfNamespace } from './camt-schema.ts';
import type {
  BankFileImportResultWire,
  BankStatementEventWire,
  BankStatementWire,
  ReferencePaymentWire,
} from './schemas.ts';
import * as store from './store.ts';
import type { BankAllocations } from './allocation.ts';
import { ReferenceMatching, type MatchCounts } from './matching.ts';
import { withoutUndefined } from '../domain/objects.ts';

/** Files up to this size are validated against the ISO 20022 schema before they are read; larger ones are read in flat memory. */
const SCHEMA_VALIDATION_LIMIT = 16 * 2 ** 20;
const BATCH = 500;
/** The largest file taken (a camt.054 of a million reference payments is about 300 MB). */
export const MAX_FILE_BYTES = 2 ** 30;

/**
 * A booking of a statement carrying an end-to-end id: a debit settles a payment sent to the bank; one with a
 * return reason (RtrInf) is that payment coming back, rejected by the receiving bank.
 */
interface BookedDebit {
  endToEndId: string;
  /** Minor units, as booked: negative for a debit. */
  amount: bigint;
  payDate: string;
  /** The ISO 20022 return reason code, on a returned payment only. */
  returnReason?: string;
}

type DebitListener = (trx: Db, companyId: number, debits: BookedDebit[]) => Promise<void>;

export interface ImportProgress {
  bytes: number;
  entries: number;
}

const money = (value: MinorUnits | number | null) => fromMinorUnits(minor(value));
const optionalMoney = (value: MinorUnits | number | null) => (value === null ? undefined : money(value));
const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/** The first 3 digits of a Finnish (FFFS) bank transaction code, e.g. 710 of 710TILISIIRTO. */
function explanationCode(entry: CamtEntry): number | null {
  const code = entry.proprietaryCode;
  if (!code || !/^\d{3}/.test(code)) return null;
  return Number(code.slice(0, 3));
}

/** Reads the chunks of a source, counting bytes; the first ones may have been read ahead. */
async function* counted(
  head: Uint8Array[],
  rest: AsyncIterator<Uint8Array> | undefined,
  onBytes: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  for (const chunk of head) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
  if (!rest) return;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    onBytes(next.value.byteLength);
    yield next.value;
  }
}

class Importer {
  readonly result: BankFileImportResultWire = {
    message: '',
    format: '',
    schemaValidated: false,
    statements: { imported: 0, skipped: 0 },
    events: { imported: 0, skipped: 0 },
    referencePayments: { imported: 0, skipped: 0 },
    ignoredTransactions: 0,
  };
  entries = 0;
  readonly debits: BookedDebit[] = [];
  /** Return reasons by entry key: kept apart, as the stored event has the reason only inside its message. */
  readonly #returnReasons = new Map<string, string>();
  #accounts: store.CompanyAccount[] | undefined;
  #account: store.CompanyAccount | undefined;
  #statementId = 0;
  #reportId = '';
  #skipReport = false;
  #kind: CamtReport['kind'] = 'statement';
  #events: store.BankStatementEventRow[] = [];
  #payments: store.ReferencePaymentRow[] = [];
  /** The position in #events of the statement event a payment read from a statement is part of. */
  #eventOf = new Map<store.ReferencePaymentRow, number>();
  /** Positions in #payments of the payments without a transaction archive id. */
  #keyless = new Set<number>();
  #totals = { deposit_count: 0, deposit_sum: 0n, withdrawal_count: 0, withdrawal_sum: 0n };
  readonly #trx: Db;
  readonly #companyId: number;
  readonly #now: string;

  constructor(trx: Db, companyId: number, now: string) {
    this.#trx = trx;
    this.#companyId = companyId;
    this.#now = now;
  }

  async report(report: CamtReport): Promise<void> {
    this.#accounts ??= await store.companyAccounts(this.#trx, this.#companyId);
    const iban = electronicFormatIBAN(report.iban) ?? report.iban;
    const account = this.#accounts.find((a) => a.iban === iban);
    if (!account)
      throw new CamtFormatError(`account ${iban} of report ${report.id} is not a bank account of the company`);
    if (report.currency && report.currency !== account.currency)
      throw new CamtFormatError(
        `report ${report.id} is in ${report.currency}; the account ${iban} is in ${account.currency}`,
      );
    this.#account = account;
    this.#kind = report.kind;
    this.#reportId = report.id;
    this.#totals = { deposit_count: 0, deposit_sum: 0n, withdrawal_count: 0, withdrawal_sum: 0n };
    const kind = report.kind === 'statement' ? 'STATEMENT' : 'NOTIFICATION';
    this.#skipReport = await store.findReport(this.#trx, this.#companyId, account.id, kind, report.id);
    if (this.#skipReport) {
      this.result.statements.skipped++;
      return;
    }
    this.#statementId = await allocateIds(this.#trx, this.#companyId, 'bank_statements');
    const sign = (amount: CamtReport['openingBalance']) => {
      if (amount && amount.currency !== account.currency)
        throw new CamtFormatError(`a balance of report ${report.id} is in ${amount.currency}, not ${account.currency}`);
      return amount?.minor ?? null;
    };
    await store.insertStatement(this.#trx, {
      company_id: this.#companyId,
      id: this.#statementId,
      bank_account_id: account.id,
      kind,
      message_id: report.messageId,
      report_id: report.id,
      format: this.result.format,
      statement_number: report.sequenceNumber ?? null,
      currency: account.currency,
      start_date: report.fromDate ?? null,
      end_date: report.toDate ?? null,
      start_balance: sign(report.openingBalance),
      end_balance: sign(report.closingBalance),
      deposit_count: 0,
      deposit_sum: 0n,
      withdrawal_count: 0,
      withdrawal_sum: 0n,
      imported: this.#now,
    });
    this.result.statements.imported++;
  }

  async entry(entry: CamtEntry): Promise<void> {
    this.entries++;
    const account = this.#account!;
    if (entry.amount.currency !== account.currency)
      throw new CamtFormatError(
        `entry ${entry.index} of report ${this.#reportId} is in ${entry.amount.currency}; the account is in ${account.currency}`,
      );
    if (this.#skipReport) return;
    if (entry.status !== 'BOOK') {
      this.result.ignoredTransactions++;
      return;
    }
    if (entry.amount.minor >= 0n) {
      this.#totals.deposit_count++;
      this.#totals.deposit_sum += entry.amount.minor;
    } else {
      this.#totals.withdrawal_count++;
      this.#totals.withdrawal_sum -= entry.amount.minor;
    }
    const entryKey = entry.archiveId ?? entry.entryRef ?? `${this.#reportId}#${entry.index}`;
    const payDate = (entry.bookingDate ?? entry.valueDate)!;
    const valueDate = (entry.valueDate ?? entry.bookingDate)!;
    if (this.#isNotification()) {
      entry.transactions.forEach((tx, i) =>
        this.#referencePayment(entry, tx, `${entryKey}/${i + 1}`, payDate, valueDate),
      );
      if (entry.transactions.length === 0) this.result.ignoredTransactions++;
      if (this.#payments.length >= BATCH) await this.#flush();
      return;
    }
    // a statement's credits that carry a creditor reference are reference payments as a camt.054 would notify
    // them: a company whose bank sends only statements has its invoices matched all the same
    if (entry.amount.minor > 0n && !entry.reversal)
      entry.transactions.forEach((t, i) => {
        // a statement is taken whole as before: a transaction it cannot read as a payment is only an event
        const amount = t.amount ?? (entry.transactions.length === 1 ? entry.amount : undefined);
        if (t.reference && amount && amount.minor > 0n && amount.currency === this.#account!.currency)
          this.#referencePayment(entry, t, `${entryKey}/${i + 1}`, payDate, valueDate);
      });
    const tx: CamtTransaction | undefined = entry.transactions.length === 1 ? entry.transactions[0] : undefined;
    const credit = entry.amount.minor >= 0n;
    const message = tx?.message ?? entry.additionalInfo;
    const original = tx?.instructed && tx.instructed.currency !== account.currency ? tx.instructed : undefined;
    if (tx?.returnReason) this.#returnReasons.set(entryKey, tx.returnReason);
    this.#events.push({
      company_id: this.#companyId,
      id: 0,
      statement_id: this.#statementId,
      bank_account_id: account.id,
      entry_key: entryKey,
      pay_date: payDate,
      value_date: valueDate,
      amount: entry.amount.minor,
      currency: account.currency,
      original_amount: original ? (credit ? original.minor : -original.minor) : null,
      original_currency: original?.currency ?? null,
      name: (credit ? (tx?.debtorName ?? tx?.creditorName) : (tx?.creditorName ?? tx?.debtorName)) ?? null,
      counterparty_account: (credit ? tx?.debtorAccount : tx?.creditorAccount) ?? null,
      explanation_code: explanationCode(entry),
      bank_transaction_code: entry.proprietaryCode ?? entry.domainCode ?? null,
      archive_code: entry.archiveId ?? null,
      message: tx?.returnReason ? `${message ?? ''} (returned: ${tx.returnReason})`.trim() : (message ?? null),
      reference: tx?.reference ?? null,
      end_to_end_id: tx?.endToEndId && tx.endToEndId !== 'NOTPROVIDED' ? tx.endToEndId : null,
      transaction_count: Math.max(1, entry.transactions.length),
      reversal: entry.reversal,
    });
    if (this.#events.length >= BATCH || this.#payments.length >= BATCH) await this.#flush();
  }

  #isNotification() {
    return this.#kind === 'notification';
  }

  #referencePayment(entry: CamtEntry, tx: CamtTransaction, fallbackKey: string, payDate: string, valueDate: string) {
    const account = this.#account!;
    if (!tx.reference) {
      this.result.ignoredTransactions++;
      return;
    }
    const amount = tx.amount ?? (entry.transactions.length === 1 ? entry.amount : undefined);
    if (!amount)
      throw new CamtFormatError(
        `entry ${entry.index} of report ${this.#reportId} batches transactions without their amounts`,
      );
    if (amount.currency !== account.currency)
      throw new CamtFormatError(
        `a transaction of entry ${entry.index} of report ${this.#reportId} is in ${amount.currency}, not ${account.currency}`,
      );
    // without the bank's archive id of the transaction, the same payment in the other kind of file (statement or
    // notification) is known by its reference, amount and date only (#sameInOtherFile)
    if (!tx.archiveId) this.#keyless.add(this.#payments.length);
    this.#payments.push({
      company_id: this.#companyId,
      id: 0,
      statement_id: this.#statementId,
      bank_account_id: account.id,
      entry_key: tx.archiveId ?? fallbackKey,
      payment_date: payDate,
      value_date: valueDate,
      amount: amount.minor,
      currency: account.currency,
      name: tx.debtorName ?? null,
      payer_account: tx.debtorAccount ?? null,
      reference: tx.reference,
      archive_id: tx.archiveId ?? entry.archiveId ?? null,
      end_to_end_id: tx.endToEndId && tx.endToEndId !== 'NOTPROVIDED' ? tx.endToEndId : null,
      message: tx.message ?? null,
      match_status: null,
      matched_invoice_id: null,
      event_id: null,
    });
    if (!this.#isNotification()) this.#eventOf.set(this.#payments.at(-1)!, this.#events.length);
  }

  /**
   * The payments less those the other kind of file (a notification for a statement, and the other way round)
   * already brought without a common archive id: the same account, canonical reference, amount and payment date,
   * each stored one standing for one payment of this file. Payments with the transaction's archive id are the same
   * by their key, which the unique index keeps once.
   */
  async #withoutOtherFiles(rows: store.ReferencePaymentRow[]): Promise<store.ReferencePaymentRow[]> {
    const keyless = this.#keyless;
    this.#keyless = new Set();
    if (keyless.size === 0) return rows;
    const candidates = rows.filter((_, i) => keyless.has(i));
    const kind = this.#kind === 'statement' ? 'NOTIFICATION' : 'STATEMENT';
    // looked up by reference (its index), in every form a stored one may have kept
    const references = new Set(candidates.map((r) => r.reference));
    for (const r of candidates) {
      const canonical = canonicalReference(r.reference);
      if (canonical) for (const key of referenceLookupKeys(canonical)) references.add(key);
    }
    const stored = await store.referencePaymentsOfKind(this.#trx, this.#companyId, this.#account!.id, kind, {
      dates: [...new Set(candidates.map((r) => r.payment_date))],
      references: [...references],
    });
    const sameness = (r: Pick<store.ReferencePaymentRow, 'reference' | 'amount' | 'payment_date'>) =>
      `${canonicalReference(r.reference) ?? r.reference}|${minor(r.amount)}|${r.payment_date}`;
    const left = new Map<string, number>();
    for (const r of stored) left.set(sameness(r), (left.get(sameness(r)) ?? 0) + 1);
    return rows.filter((row, i) => {
      if (!keyless.has(i)) return true;
      const n = left.get(sameness(row)) ?? 0;
      if (n === 0) return true;
      left.set(sameness(row), n - 1);
      return false;
    });
  }

  async reportEnd(): Promise<void> {
    await this.#flush();
    if (this.#skipReport) return;
    await store.updateStatementTotals(this.#trx, this.#companyId, this.#statementId, this.#totals);
  }

  /**
   * Writes the rows gathered: those already stored (or twice in the file) are skipped. Ids are allocated for the
   * whole batch, so a skipped row leaves a gap in the sequence.
   */
  async #flush(): Promise<void> {
    const events = this.#events.splice(0);
    let eventKeys = new Set<string>();
    for (const [table, rows, count] of [
      ['bank_statement_events', events, this.result.events],
      ['reference_payments', this.#payments.splice(0), this.result.referencePayments],
    ] as const) {
      if (table === 'reference_payments') {
        const kept = await this.#withoutOtherFiles(rows);
        count.skipped += rows.length - kept.length;
        rows.splice(0, rows.length, ...kept);
        for (const row of rows) {
          const event = events[this.#eventOf.get(row) ?? -1];
          if (event && eventKeys.has(event.entry_key)) row.event_id = event.id;
        }
        this.#eventOf.clear();
      }
      if (rows.length === 0) continue;
      const first = await allocateIds(this.#trx, this.#companyId, table, rows.length);
      rows.forEach((row, i) => (row.id = first + i));
      const keys = await store.insertNew(this.#trx, table, rows);
      if (table === 'bank_statement_events') eventKeys = keys;
      count.imported += keys.size;
      count.skipped += rows.length - keys.size;
      if (table === 'bank_statement_events')
        for (const row of rows) {
          if (!row.end_to_end_id || !keys.has(row.entry_key)) continue;
          const returnReason = this.#returnReasons.get(row.entry_key);
          if (returnReason)
            this.debits.push({
              endToEndId: row.end_to_end_id,
              amount: minor(row.amount),
              payDate: row.pay_date,
              returnReason,
            });
          else if (minor(row.amount) < 0n && !row.reversal)
            this.debits.push({ endToEndId: row.end_to_end_id, amount: minor(row.amount), payDate: row.pay_date });
        }
      this.#returnReasons.clear();
    }
  }
}

/** The namespace of a camt file's root, from its first bytes. */
function camtFormatOf(head: string): string | undefined {
  return /urn:iso:std:iso:20022:tech:xsd:(camt\.05[34]\.001\.\d\d)/.exec(head)?.[1];
}

export class BankService {
  readonly #ctx: AppContext;
  readonly #debitListeners: DebitListener[] = [];
  readonly allocations: BankAllocations;
  readonly #matching: ReferenceMatching;
  constructor(ctx: AppContext, allocations: BankAllocations) {
    this.#ctx = ctx;
    this.allocations = allocations;
    this.#matching = new ReferenceMatching(ctx, allocations);
  }

  /** Matches the reference payments not looked at yet to open sales invoices (src/bank/matching.ts). */
  matchReferencePayments(companyId: number): Promise<MatchCounts> {
    return this.#matching.run(companyId);
  }

  /** Registers work run in an import's transaction with the new debits that carry an end-to-end id. */
  onDebits(listener: DebitListener): void {
    this.#debitListeners.push(listener);
  }

  /**
   * Imports a camt.053 or camt.054 file from its bytes. A file of at most SCHEMA_VALIDATION_LIMIT bytes in a
   * .001.08 version is first validated against the schema; then it is read as a stream in one transaction.
   */
  async importFile(
    companyId: number,
    source: AsyncIterable<Uint8Array>,
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<BankFileImportResultWire> {
    const iterator = source[Symbol.asyncIterator]();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size <= SCHEMA_VALIDATION_LIMIT) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      head.push(chunk);
      size += chunk.byteLength;
    }
    if (size === 0) throw apiError('BANK_FILE_INVALID', undefined, { detail: 'the file is empty' });
    const start = Buffer.concat(head.length === 1 ? head : head.slice(0, 4))
      .subarray(0, 4096)
      .toString('utf8');
    const format = camtFormatOf(start);
    let schemaValidated = false;
    const schema = format ? schemaOfNamespace(format) : undefined;
    if (ended && schema) {
      try {
        checkCamtShape(Buffer.concat(head).toString('utf8'));
      } catch (err) {
        if (err instanceof CamtFormatError) throw apiError('BANK_FILE_INVALID', undefined, { detail: err.message });
        throw err;
      }
      const problems = await schemaProblems(Buffer.concat(head), schema);
      if (problems.length > 0)
        throw apiError('BANK_FILE_INVALID', undefined, { detail: `${format} schema: ${problems[0]}` });
      schemaValidated = true;
    }
    const result = await this.#import(
      companyId,
      head,
      ended ? undefined : iterator,
      format,
      schemaValidated,
      onProgress,
    );
    // after the import's commit: a payment the ledger refuses to book stays unallocated, the import stands
    if (result.referencePayments.imported > 0) result.matching = await this.#matching.run(companyId);
    return result;
  }

  async #import(
    companyId: number,
    head: Uint8Array[],
    rest: AsyncIterator<Uint8Array> | undefined,
    format: string | undefined,
    schemaValidated: boolean,
    onProgress: ((progress: ImportProgress) => void) | undefined,
  ): Promise<BankFileImportResultWire> {
    try {
      return await this.#ctx.db.transaction().execute(async (trx) => {
        // Imports of a company one after the other: taking no statement id locks the sequence's row until the commit
        // (PostgreSQL), so the same file sent twice at once is imported once and found "already imported" the
        // second time, rather than meeting the first one's rows in a unique key.
        await allocateIds(trx, companyId, 'bank_statements', 0);
        const importer = new Importer(trx, companyId, isoDateTime(this.#ctx.clock.now()).slice(0, 19));
        importer.result.format = format ?? '';
        importer.result.schemaValidated = schemaValidated;
        let bytes = 0;
        const chunks = counted(head, rest, (n) => {
          bytes += n;
          if (bytes > MAX_FILE_BYTES) throw new CamtFormatError(`the file is larger than ${MAX_FILE_BYTES} bytes`);
          onProgress?.({ bytes, entries: importer.entries });
        });
        await readCamt(chunks, {
          report: (report) => importer.report(report),
          entry: (entry) => importer.entry(entry),
          reportEnd: () => importer.reportEnd(),
        });
        onProgress?.({ bytes, entries: importer.entries });
        if (importer.debits.length > 0)
          for (const listener of this.#debitListeners) await listener(trx, companyId, importer.debits);
        const r = importer.result;
        r.message =
          `Imported ${r.statements.imported} ${format?.startsWith('camt.054') ? 'notification(s)' : 'statement(s)'}, ` +
          `${r.events.imported} event(s) and ${r.referencePayments.imported} reference payment(s); ` +
          `${r.statements.skipped + r.events.skipped + r.referencePayments.skipped} already imported.`;
        return r;
      });
    } catch (err) {
      if (err instanceof CamtFormatError) throw apiError('BANK_FILE_INVALID', undefined, { detail: err.message });
      throw err;
    }
  }

  /** The account a request's `accountNumber` header names (IBAN or BBAN); -1 when it is none of the company's. */
  async #accountFilter(companyId: number, accountNumber: string | undefined): Promise<number | undefined> {
    if (accountNumber === undefined || accountNumber.trim() === '') return undefined;
    const wanted = accountNumber.replace(/[\s-]/g, '').toUpperCase();
    const accounts = await store.companyAccounts(this.#ctx.db, companyId);
    const match = accounts.find(
      (a) => a.iban === (electronicFormatIBAN(wanted) ?? wanted) || extractIBAN(a.iban).bban === wanted,
    );
    return match?.id ?? -1;
  }

  async #ibans(companyId: number): Promise<Map<number, string>> {
    return new Map((await store.companyAccounts(this.#ctx.db, companyId)).map((a) => [a.id, a.iban]));
  }

  async listStatements(
    companyId: number,
    page: PageRequest,
    query: { startDate?: string; endDate?: string; orderByStartDate?: 'ASC' | 'DESC' },
    accountNumber: string | undefined,
  ): Promise<Paged<BankStatementWire>> {
    const { rows, total } = await store.listStatements(
      this.#ctx.db,
      companyId,
      {
        accountId: await this.#accountFilter(companyId, accountNumber),
        startDate: query.startDate,
        endDate: query.endDate,
        previousId: page.previousId,
        order: page.order,
        offset: page.offset,
        limit: page.pageSize,
      },
      query.orderByStartDate?.toLowerCase() as 'asc' | 'desc' | undefined,
    );
    const events = await store.eventsOf(
      this.#ctx.db,
      companyId,
      rows.map((r) => Number(r.id)),
    );
    const allocated = await store.allocationsOf(
      this.#ctx.db,
      companyId,
      'EVENT',
      events.map((e) => Number(e.id)),
    );
    const byStatement = new Map<number, BankStatementEventWire[]>();
    for (const event of events) {
      const list = byStatement.get(Number(event.statement_id)) ?? [];
      list.push(eventWire(event, allocated.get(Number(event.id))));
      byStatement.set(Number(event.statement_id), list);
    }
    const ibans = await this.#ibans(companyId);
    const results = rows.map((row) =>
      withoutUndefined<BankStatementWire>({
        id: Number(row.id),
        accountNumber: ibans.get(Number(row.bank_account_id)) ?? '',
        startDate: orUndefined(row.start_date),
        endDate: orUndefined(row.end_date),
        currency: row.currency as BankStatementWire['currency'],
        numberOfDeposits: Number(row.deposit_count),
        depositSum: money(row.deposit_sum),
        numberOfWithdrawals: Number(row.withdrawal_count),
        withdrawalSum: money(row.withdrawal_sum),
        startBalance: optionalMoney(row.start_balance),
        endBalance: optionalMoney(row.end_balance),
        statementNumber:
          row.statement_number && /^\d{1,9}$/.test(row.statement_number) ? Number(row.statement_number) : undefined,
        events: byStatement.get(Number(row.id)) ?? [],
      }),
    );
    return paged(results, total, page);
  }

  async listReferencePayments(
    companyId: number,
    page: PageRequest,
    query: { startDate?: string; endDate?: string; matchStatus?: string },
    accountNumber: string | undefined,
  ): Promise<Paged<ReferencePaymentWire>> {
    const { rows, total } = await store.listReferencePayments(this.#ctx.db, companyId, {
      matchStatus: query.matchStatus,
      accountId: await this.#accountFilter(companyId, accountNumber),
      startDate: query.startDate,
      endDate: query.endDate,
      previousId: page.previousId,
      order: page.order,
      offset: page.offset,
      limit: page.pageSize,
    });
    const ibans = await this.#ibans(companyId);
    const allocated = await store.allocationsOf(
      this.#ctx.db,
      companyId,
      'REFERENCE_PAYMENT',
      rows.map((r) => Number(r.id)),
    );
    const results = rows.map((row) =>
      withoutUndefined<ReferencePaymentWire>({
        id: Number(row.id),
        accountNumber: ibans.get(Number(row.bank_account_id)) ?? '',
        valueDate: row.value_date,
        paymentDate: row.payment_date,
        sum: money(row.amount),
        name: orUndefined(row.name),
        bankReference: row.reference,
        archiveId: orUndefined(row.archive_id),
        attachments: [],
        ...allocationWire(allocated.get(Number(row.id))),
        matchStatus: orUndefined(row.match_status),
        matchedInvoiceId: row.matched_invoice_id === null ? undefined : Number(row.matched_invoice_id),
      }),
    );
    return paged(results, total, page);
  }
}

/** What the listings say of an entry's allocation. */
function allocationWire(allocation: store.BankAllocationRow | undefined) {
  if (!allocation) return { allocated: false, allocationMetadataRows: [] };
  const rows = allocation.metadata
    ? (JSON.parse(allocation.metadata) as { vatPercentage: string; sum: string }[]).map((row) => ({
        ...row,
        vatPercentage: jsonDecimal(row.vatPercentage),
        sum: jsonDecimal(row.sum),
      }))
    : [];
  return {
    allocated: true,
    invoiceId: allocation.invoice_id === null ? undefined : Number(allocation.invoice_id),
    allocationMetadataRows: rows,
  };
}

function eventWire(
  row: store.BankStatementEventRow,
  allocation: store.BankAllocationRow | undefined,
): BankStatementEventWire {
  return withoutUndefined<BankStatementEventWire>({
    id: Number(row.id),
    payDate: row.pay_date,
    valueDate: row.value_date,
    sum: money(row.amount),
    accountNumber: orUndefined(row.counterparty_account),
    name: orUndefined(row.name),
    explanationCode: row.explanation_code === null ? undefined : Number(row.explanation_code),
    archiveCode: orUndefined(row.archive_code),
    message: orUndefined(row.message),
    reference: orUndefined(row.reference),
    attachments: [],
    ...allocationWire(allocation),
    productId: allocation?.product_id == null ? undefined : Number(allocation.product_id),
    endToEndReference: orUndefined(row.end_to_end_id),
    bankTransactionCode: orUndefined(row.bank_transaction_code),
    originalSum: optionalMoney(row.original_amount),
    originalCurrency: orUndefined(row.original_currency) as BankStatementEventWire['originalCurrency'],
    transactionCount: Number(row.transaction_count),
  });
}
