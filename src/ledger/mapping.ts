// The shapes of a ledger receipt and the one mapper between each pair of them:
//
//   wire (the API's JSON, schemas.ts) ──wireToDraft──▶ draft (ReceiptDraft, what callers book) ──draftToRow──▶ row
//   row ──rowToDraft──▶ draft (re-checking on approval, reversing)      row ──receiptToWire / basicInfo / journalOf──▶ wire
//
// and the same for a receipt's lines (transaction ⇄ PostingLine ⇄ ledger_entries row) and their dimension
// allocations. Every mapper names every field of its target (`satisfies Record<keyof …, unknown>` where the
// target has optional fields), so a field added to a shape fails to compile until each mapper handles it.
import type { AttachmentWire } from '../attachments/index.ts';
import { Decimal, fromMinorUnits, toMinorUnits } from '../domain/decimal.ts';
import { parseJson } from '../platform/json.ts';
import { countryName, type Country } from '../domain/countries.ts';
import { vatCountry } from '../domain/vat.ts';
import { compact } from '../platform/resource.ts';
import {
  reconciliationLine,
  STANDARD_ACCOUNTS,
  type DimensionAllocation,
  type PostingLine,
  type TransactionType,
} from '../domain/postings.ts';
import type { PartnerRow } from '../partners/index.ts';
import type {
  DimensionItemValueWire,
  JournalWire,
  LedgerReceiptBasicInfoWire,
  LedgerReceiptWire,
  ReceiptStatus,
  ReceiptType,
  TransactionWire,
} from './schemas.ts';
import type { LedgerEntryDimensionRow, LedgerEntryRow, LedgerReceiptRow } from './store.ts';
import { withoutUndefined } from '../domain/objects.ts';

/** What a caller asks the ledger to book. */
export interface ReceiptDraft {
  type: ReceiptType;
  /** UNFINISHED (a draft, not in balances) or APPROVED (counts at once). */
  status: 'UNFINISHED' | 'APPROVED';
  name: string;
  receiptDate: string;
  vatType: 'SALES' | 'PURCHASE';
  vatStatus: number;
  lines: DraftLine[];
  partnerId?: number | null;
  invoiceId?: number | null;
  invoiceNumber?: number | null;
  vatProcessing?: string | null;
  invoiceNotes?: string | null;
  accountantsNotes?: string | null;
  transactionDescription?: string | null;
  receiptValidity?: string | null;
  periodStartDate?: string | null;
  periodEndDate?: string | null;
  partnerCode?: string | null;
  depreciation?: string | null;
  vatDate?: string | null;
  serialNumber?: { series?: string; number?: number } | null;
}

/** A line of a draft; `id` (from the API) asks to keep an existing line's id when the receipt is replaced. */
export type DraftLine = PostingLine & { id?: number };

/** What the ledger decides about a receipt, beside its draft. */
export interface ReceiptIdentity {
  companyId: number;
  id: number;
  fiscalYearId: number;
  receiptNumber: number;
  reversesReceiptId: number | null;
  version: string;
  createdAt: string;
}

const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const optId = (value: number | null): number | null => (value === null ? null : Number(value));

// ---------------------------------------------------------------------------------------------------------
// Dimension allocations.

export function valueToAllocation(v: DimensionItemValueWire): DimensionAllocation {
  return { dimensionId: v.dimensionId, itemId: v.itemId, amountMinor: toMinorUnits(v.value) };
}

function rowToAllocation(d: LedgerEntryDimensionRow): DimensionAllocation {
  return { dimensionId: Number(d.dimension_id), itemId: Number(d.item_id), amountMinor: d.amount_minor };
}

export function allocationRows(
  companyId: number,
  receiptId: number,
  entryId: number,
  dimensions: readonly DimensionAllocation[],
): LedgerEntryDimensionRow[] {
  return dimensions.map((d) => ({
    company_id: companyId,
    receipt_id: receiptId,
    entry_id: entryId,
    dimension_id: d.dimensionId,
    item_id: d.itemId,
    amount_minor: d.amountMinor,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Lines.

function transactionToLine(t: TransactionWire): DraftLine {
  return {
    id: t.id,
    account: t.account,
    amountMinor: toMinorUnits(t.accountingValue),
    transactionType: t.transactionType,
    description: t.description ?? null,
    vatPercent: t.vatPercent,
    vatStatus: t.vatStatus ?? null,
    vatType: t.vatType ?? null,
    vatDeductionPercent: t.vatDeductionPercent ?? null,
    partnerId: t.partnerId ?? null,
    balanceCode: t.balanceCode ?? null,
    // what a client sends is checked against the stored line and replaced by it (service.ts `ownAllocations`)
    allocations: null,
    startDate: t.startDate ?? null,
    endDate: t.endDate ?? null,
    dimensions: (t.dimensionItemValues ?? []).map(valueToAllocation),
  } satisfies Record<keyof DraftLine, unknown>;
}

/** A line as stored for a receipt; `inLedger` is true exactly while the receipt is APPROVED. */
export function lineToEntry(receipt: LedgerReceiptRow, id: number, line: PostingLine): LedgerEntryRow {
  return {
    company_id: receipt.company_id,
    receipt_id: receipt.id,
    id,
    fiscal_year_id: receipt.fiscal_year_id,
    entry_date: receipt.receipt_date,
    account_number: line.account,
    amount_minor: line.amountMinor,
    description: line.description ?? null,
    vat_percent: line.vatPercent ? line.vatPercent.toFixed() : null,
    vat_status: line.vatStatus ?? null,
    vat_type: line.vatType ?? null,
    vat_deduction_percent: line.vatDeductionPercent ? line.vatDeductionPercent.toFixed() : null,
    partner_id: line.partnerId ?? null,
    transaction_type: line.transactionType ?? 'ENTRY',
    balance_code: line.balanceCode ?? null,
    allocations: line.allocations && line.allocations.length > 0 ? JSON.stringify(line.allocations) : null,
    start_date: line.startDate ?? null,
    end_date: line.endDate ?? null,
    in_ledger: receipt.status === 'APPROVED',
  };
}

/** The allocation ids of a line, stored as a JSON array of whole numbers (anything else in it is no id). */
function storedAllocations(text: string | null): number[] {
  if (text === null) return [];
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.filter((a): a is number => Number.isSafeInteger(a) && a > 0) : [];
}

export function entryToLine(e: LedgerEntryRow, dims: readonly LedgerEntryDimensionRow[]): DraftLine {
  return {
    id: Number(e.id),
    account: e.account_number,
    amountMinor: e.amount_minor,
    transactionType: e.transaction_type as TransactionType,
    description: e.description,
    vatPercent: e.vat_percent === null ? null : new Decimal(e.vat_percent),
    vatStatus: e.vat_status,
    vatType: e.vat_type as PostingLine['vatType'],
    vatDeductionPercent: e.vat_deduction_percent === null ? null : new Decimal(e.vat_deduction_percent),
    partnerId: optId(e.partner_id),
    balanceCode: e.balance_code,
    allocations: e.allocations ? storedAllocations(e.allocations) : null,
    startDate: e.start_date,
    endDate: e.end_date,
    dimensions: dims.map(rowToAllocation),
  } satisfies Record<keyof DraftLine, unknown>;
}

function entryToWire(e: LedgerEntryRow, dims: readonly LedgerEntryDimensionRow[]): TransactionWire {
  const allocations = storedAllocations(e.allocations);
  return withoutUndefined({
    id: Number(e.id),
    transactionType: e.transaction_type as TransactionWire['transactionType'],
    account: e.account_number,
    accountingValue: fromMinorUnits(e.amount_minor),
    vatPercent: new Decimal(e.vat_percent ?? 0),
    vatType: opt(e.vat_type) as TransactionWire['vatType'],
    vatStatus: opt(e.vat_status),
    description: opt(e.description),
    balanceCode: opt(e.balance_code),
    allocations: allocations.length > 0 ? allocations : undefined,
    partnerId: optId(e.partner_id),
    dimensionItemValues:
      dims.length > 0
        ? dims.map((d) => ({
            dimensionId: Number(d.dimension_id),
            itemId: Number(d.item_id),
            value: fromMinorUnits(d.amount_minor),
          }))
        : undefined,
    vatDeductionPercent: e.vat_deduction_percent !== null ? new Decimal(e.vat_deduction_percent) : undefined,
    startDate: opt(e.start_date),
    endDate: opt(e.end_date),
  } satisfies Record<keyof TransactionWire, unknown>);
}

// ---------------------------------------------------------------------------------------------------------
// Receipts.

export function wireToDraft(
  wire: LedgerReceiptWire,
  status: 'UNFINISHED' | 'APPROVED',
  createReconciliation: boolean,
): ReceiptDraft {
  const lines = wire.transactions.map(transactionToLine);
  return {
    type: wire.type,
    status,
    name: wire.name,
    receiptDate: wire.receiptDate,
    vatType: wire.vatType,
    vatStatus: wire.vatStatus,
    lines: createReconciliation ? withReconciliation(lines, wire.vatType) : lines,
    partnerId: wire.partnerId ?? null,
    // invoiceId and invoiceNumber are read-only on the wire: a document's receipt keeps its own
    invoiceId: null,
    invoiceNumber: null,
    vatProcessing: wire.vatProcessing ?? null,
    invoiceNotes: wire.invoiceNotes ?? null,
    accountantsNotes: wire.accountantsNotes ?? null,
    transactionDescription: wire.transactionDescription ?? null,
    receiptValidity: wire.receiptValidity ?? null,
    periodStartDate: wire.periodStartDate ?? null,
    periodEndDate: wire.periodEndDate ?? null,
    partnerCode: wire.partnerCode ?? null,
    depreciation: wire.depreciation ?? null,
    vatDate: wire.vatDate ?? null,
    serialNumber: wire.serialNumber ?? null,
  } satisfies Record<keyof ReceiptDraft, unknown>;
}

/**
 * `createReconciliation=true`: the receipt is balanced by a RECONCILIATION_ENTRY row. When the receipt holds
 * one already, that row takes the difference (it stays on its account); otherwise a row is added on trade
 * receivables (1700, SALES receipts) or trade payables (2871, PURCHASE receipts).
 */
function withReconciliation(lines: DraftLine[], vatType: 'SALES' | 'PURCHASE'): DraftLine[] {
  const index = lines.findIndex((l) => l.transactionType === 'RECONCILIATION_ENTRY');
  if (index >= 0) {
    const others = lines.filter((_, i) => i !== index);
    const balancing = reconciliationLine(others, lines[index].account);
    const copy = [...lines];
    copy[index] = { ...lines[index], amountMinor: balancing ? balancing.amountMinor : 0n };
    return copy;
  }
  const account = vatType === 'SALES' ? STANDARD_ACCOUNTS.tradeReceivables : STANDARD_ACCOUNTS.tradePayables;
  const balancing = reconciliationLine(lines, account, { vatPercent: new Decimal(0) });
  return balancing ? [...lines, balancing] : lines;
}

export function draftToRow(draft: ReceiptDraft, identity: ReceiptIdentity): LedgerReceiptRow {
  return {
    company_id: identity.companyId,
    id: identity.id,
    fiscal_year_id: identity.fiscalYearId,
    receipt_number: identity.receiptNumber,
    type: draft.type,
    status: draft.status,
    name: draft.name,
    receipt_date: draft.receiptDate,
    vat_type: draft.vatType,
    vat_status: draft.vatStatus,
    vat_processing: draft.vatProcessing ?? null,
    invoice_id: draft.invoiceId ?? null,
    invoice_number: draft.invoiceNumber ?? null,
    invoice_notes: draft.invoiceNotes ?? null,
    accountants_notes: draft.accountantsNotes ?? null,
    transaction_description: draft.transactionDescription ?? null,
    receipt_validity: draft.receiptValidity ?? null,
    period_start_date: draft.periodStartDate ?? null,
    period_end_date: draft.periodEndDate ?? null,
    partner_id: draft.partnerId ?? null,
    partner_code: draft.partnerCode ?? null,
    depreciation: draft.depreciation ?? null,
    vat_date: draft.vatDate ?? null,
    serial_series: draft.serialNumber?.series ?? null,
    serial_number: draft.serialNumber?.number ?? null,
    reverses_receipt_id: identity.reversesReceiptId,
    version: identity.version,
    created_at: identity.createdAt,
  };
}

/** A stored receipt as a draft again (to re-check it on approval, or to book its reversal). */
export function rowToDraft(row: LedgerReceiptRow, lines: DraftLine[]): ReceiptDraft {
  const status: ReceiptDraft['status'] = row.status === 'APPROVED' ? 'APPROVED' : 'UNFINISHED';
  return {
    type: row.type as ReceiptType,
    status,
    name: row.name,
    receiptDate: row.receipt_date,
    vatType: row.vat_type as 'SALES' | 'PURCHASE',
    vatStatus: row.vat_status,
    lines,
    partnerId: optId(row.partner_id),
    invoiceId: optId(row.invoice_id),
    invoiceNumber: optId(row.invoice_number),
    vatProcessing: row.vat_processing,
    invoiceNotes: row.invoice_notes,
    accountantsNotes: row.accountants_notes,
    transactionDescription: row.transaction_description,
    receiptValidity: row.receipt_validity,
    periodStartDate: row.period_start_date,
    periodEndDate: row.period_end_date,
    partnerCode: row.partner_code,
    depreciation: row.depreciation,
    vatDate: row.vat_date,
    serialNumber: serialNumberOf(row) ?? null,
  } satisfies Record<keyof ReceiptDraft, unknown>;
}

// A receipt's VAT country was once also taken as an ISO code (SE); the real vocabulary names it (SWEDEN).
function vatCountryName(stored: string | null): Country | undefined {
  if (stored === null) return undefined;
  return countryName(vatCountry(stored)?.name ?? stored);
}

export function receiptToWire(
  r: LedgerReceiptRow,
  entries: readonly LedgerEntryRow[],
  dims: readonly LedgerEntryDimensionRow[],
  attachments: readonly AttachmentWire[] = [],
): LedgerReceiptWire {
  const dimsByEntry = new Map<number, LedgerEntryDimensionRow[]>();
  for (const d of dims) dimsByEntry.set(Number(d.entry_id), [...(dimsByEntry.get(Number(d.entry_id)) ?? []), d]);
  return withoutUndefined({
    id: Number(r.id),
    type: r.type as ReceiptType,
    status: r.status as ReceiptStatus,
    name: r.name,
    receiptDate: r.receipt_date,
    vatType: r.vat_type as 'SALES' | 'PURCHASE',
    vatStatus: r.vat_status,
    vatProcessing: vatCountryName(r.vat_processing),
    invoiceId: optId(r.invoice_id),
    receiptNumber: Number(r.receipt_number),
    invoiceNotes: opt(r.invoice_notes),
    invoiceNumber: r.invoice_number === null ? undefined : Number(r.invoice_number),
    accountantsNotes: opt(r.accountants_notes),
    transactionDescription: opt(r.transaction_description),
    receiptValidity: opt(r.receipt_validity) as LedgerReceiptWire['receiptValidity'],
    periodStartDate: opt(r.period_start_date),
    periodEndDate: opt(r.period_end_date),
    partnerId: optId(r.partner_id),
    partnerCode: opt(r.partner_code),
    version: r.version,
    depreciation: opt(r.depreciation) as LedgerReceiptWire['depreciation'],
    vatDate: opt(r.vat_date),
    serialNumber: serialNumberOf(r),
    // read-only here: files are attached with POST /attachments
    attachments: attachments.length > 0 ? [...attachments] : undefined,
    transactions: entries.map((e) => entryToWire(e, dimsByEntry.get(Number(e.id)) ?? [])),
  } satisfies Record<keyof LedgerReceiptWire, unknown>);
}

export function basicInfo(r: LedgerReceiptRow): LedgerReceiptBasicInfoWire {
  return withoutUndefined({
    id: Number(r.id),
    type: r.type as ReceiptType,
    status: r.status as ReceiptStatus,
    name: r.name,
    receiptDate: r.receipt_date,
    receiptNumber: Number(r.receipt_number),
    invoiceNumber: r.invoice_number === null ? undefined : Number(r.invoice_number),
    serialNumber: serialNumberOf(r),
    created: r.created_at,
    version: r.version,
  } satisfies Record<keyof LedgerReceiptBasicInfoWire, unknown>);
}

/** A JOURNAL receipt as the journal the real interface answers, with its partner as counterparty. */
export function journalOf(r: LedgerReceiptRow, partner: PartnerRow | undefined): JournalWire {
  return withoutUndefined({
    id: Number(r.id),
    ledgerReceiptId: Number(r.id),
    partnerId: optId(r.partner_id),
    type: 'JOURNAL' as const,
    status: r.status as ReceiptStatus,
    receiptNumber: Number(r.receipt_number),
    invoiceNumber: r.invoice_number === null ? undefined : Number(r.invoice_number),
    name: r.name,
    date: r.receipt_date,
    created: r.created_at,
    version: r.version,
    counterParty: partner ? counterPartyOf(partner) : undefined,
  } satisfies Record<keyof JournalWire, unknown>);
}

function serialNumberOf(r: LedgerReceiptRow): LedgerReceiptWire['serialNumber'] {
  if (r.serial_series === null && r.serial_number === null) return undefined;
  const serial: NonNullable<LedgerReceiptWire['serialNumber']> = {};
  if (r.serial_series !== null) serial.series = r.serial_series as NonNullable<typeof serial.series>;
  if (r.serial_number !== null) serial.number = Number(r.serial_number);
  return serial;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A business partner as a journal's counterparty, from its register entry. */
function counterPartyOf(partner: PartnerRow): NonNullable<JournalWire['counterParty']> {
  const data = JSON.parse(partner.data) as Json;
  const address = (data.address ?? {}) as Json;
  const invoicing = (data.invoicingInfo ?? {}) as Json;
  const counterPartyAddress: NonNullable<JournalWire['counterParty']>['counterPartyAddress'] = {
    name: text(address.name) ?? partner.name,
  };
  for (const key of ['specifier', 'street', 'zip', 'city', 'subdivision'] as const) {
    const value = text(address[key]);
    if (value) counterPartyAddress[key] = value;
  }
  const country = countryName(text(address.country));
  if (country) counterPartyAddress.country = country;
  const counterParty: NonNullable<JournalWire['counterParty']> = { counterPartyAddress };
  const fields = {
    contactPersonName: text(invoicing.contactPerson),
    identifier: text(partner.identifier) ?? text(invoicing.identifier),
    taxCode: text(invoicing.taxCode),
    customerNumber: text(partner.customer_number) ?? text(invoicing.customerNumber),
    email: text(invoicing.email),
  };
  for (const [key, value] of Object.entries(fields)) if (value) (counterParty as Json)[key] = value;
  if (Array.isArray(invoicing.bccAddresses) && invoicing.bccAddresses.length > 0)
    counterParty.bccAddresses = invoicing.bccAddresses as string[];
  const payment = (data.paymentInfo ?? {}) as Json;
  const bankAccount = compact({ accountNumber: text(payment.bankAccount), bic: text(payment.bic) });
  if (Object.keys(bankAccount).length > 0) counterParty.bankAccount = bankAccount;
  const einvoiceAddress = compact({
    operator: text(invoicing.einvoiceOperator),
    address: text(invoicing.einvoiceAddress),
    ediId: text(invoicing.ovt),
  });
  if (Object.keys(einvoiceAddress).length > 0) counterParty.einvoiceAddress = einvoiceAddress;
  return counterParty;
}
