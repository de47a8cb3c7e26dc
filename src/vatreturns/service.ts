// The periodic VAT return (kausiveroilmoitus): computed from the ledger's VAT postings and statuses
// (src/domain/vat-return.ts), and filed. Filing books the VAT settlement (a VAT_SUMMARY receipt through the
// posting interface), closes the fiscal periods of the VAT period and records the figures as filed, all in one
// transaction; from then on those periods cannot be reopened (the fiscal area asks `filedOverlapping`), so the
// filed figures stay those of the ledger and a correction is a new voucher in an open period.
//
// The Tax Administration wants an error in a filed period corrected by a corrected (replacing) return of the
// period the error belongs to, with every figure of the period given again ("Ilmoituksessa oleva virhe korjataan
// antamalla korvaava ilmoitus sille verokaudelle, jonka tiedoissa virhe on", vero.fi, "Miten oma-aloitteisten
// verojen ilmoituksessa oleva virhe korjataan?", corrections of self-assessed taxes). So a voucher booked in an
// open period can name the filed period it corrects (`putCorrection`): from then on it counts in that period's
// figures and in no other return, and filing the corrected return (`fileCorrection`) keeps the versions filed
// before, books the settlement of the difference and rewrites nothing of the filed period.
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { ApiError, apiError, notFound } from '../platform/errors.ts';
import { isoDateTime, parseDateTime } from '../platform/clock.ts';
import { Decimal, fromMinorUnits, minor } from '../domain/decimal.ts';
import {
  RECEIPT_TYPES_OUTSIDE_VAT_RETURN,
  vatPeriodEnd,
  vatReturnFigures,
  type VatPeriodType,
  type VatReturnFigures,
} from '../domain/vat-return.ts';
import { vatReturnFile, type CorrectionReason } from '../domain/vat-return-file.ts';
import { vatPeriodClosePostings } from '../domain/postings.ts';
import type { Posting } from '../ledger/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type {
  VatCorrectionTargetWire,
  VatCorrectionWire,
  VatReturnCorrectionFilingWire,
  VatReturnFilingWire,
  VatReturnWire,
} from './schemas.ts';
import * as store from './store.ts';
import { recordAuditEvent } from '../audit/index.ts';

interface Period {
  periodType: VatPeriodType;
  startDate: string;
  endDate: string;
}

const MONEY_FIELDS = [
  'euGoodsPurchaseTax',
  'euServicesPurchaseTax',
  'importTax',
  'constructionPurchaseTax',
  'deductibleTax',
  'taxPayable',
  'zeroRatedSales',
  'euGoodsSales',
  'euServicesSales',
  'constructionSales',
  'euGoodsPurchases',
  'euServicesPurchases',
  'imports',
  'constructionPurchases',
  'outputVat',
  'inputVat',
] as const satisfies readonly (keyof VatReturnFigures)[];

/** Figures as stored: every amount as its integer minor units in text. */
function figuresToJson(figures: VatReturnFigures): string {
  return JSON.stringify(figures, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

function figuresFromJson(text: string): VatReturnFigures {
  const raw = JSON.parse(text) as Record<string, unknown> & {
    domesticSalesTax: { vatPercent: string; field: string | null; taxBase: string; tax: string }[];
  };
  const figures = Object.fromEntries(MONEY_FIELDS.map((key) => [key, minor(raw[key])])) as Omit<
    VatReturnFigures,
    'domesticSalesTax'
  >;
  return {
    ...figures,
    domesticSalesTax: raw.domesticSalesTax.map((r) => ({
      vatPercent: new Decimal(r.vatPercent),
      field: r.field,
      taxBase: minor(r.taxBase),
      tax: minor(r.tax),
    })),
  };
}

function toWire(period: Period, figures: VatReturnFigures): VatReturnWire {
  const { outputVat: _o, inputVat: _i, domesticSalesTax, ...amounts } = figures;
  return {
    status: 'DRAFT',
    ...period,
    domesticSalesTax: domesticSalesTax.map((r) => ({
      vatPercent: r.vatPercent,
      field: r.field,
      taxBase: fromMinorUnits(r.taxBase),
      tax: fromMinorUnits(r.tax),
    })),
    ...(Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, fromMinorUnits(v)])) as Record<
      Exclude<(typeof MONEY_FIELDS)[number], 'outputVat' | 'inputVat'>,
      Decimal
    >),
  };
}

function filedToWire(row: store.VatReturnRow, corrections: readonly store.VatCorrectionRow[]): VatReturnWire {
  const period = {
    periodType: row.period_type as VatPeriodType,
    startDate: row.start_date,
    endDate: row.end_date,
  };
  return {
    ...toWire(period, figuresFromJson(row.figures)),
    id: Number(row.id),
    status: 'FILED',
    version: Number(row.version),
    correctionReason: row.correction_reason as CorrectionReason | null,
    replacesVatReturnId: row.replaces_id === null ? null : Number(row.replaces_id),
    correctionReceiptIds: corrections
      .filter((c) => c.vat_return_id !== null && Number(c.vat_return_id) === Number(row.id))
      .map((c) => Number(c.receipt_id)),
    filedAt: row.filed_at,
    filedBy: row.filed_by === null ? null : Number(row.filed_by),
    settlementReceiptId: row.settlement_receipt_id === null ? null : Number(row.settlement_receipt_id),
  };
}

function correctionToWire(row: store.VatCorrectionRow, receiptDate: string): VatCorrectionWire {
  return {
    receiptId: Number(row.receipt_id),
    receiptDate,
    periodType: row.period_type as VatPeriodType,
    startDate: row.start_date,
    endDate: row.end_date,
    vatReturnId: row.vat_return_id === null ? null : Number(row.vat_return_id),
    createdAt: row.created_at,
    createdBy: row.created_by === null ? null : Number(row.created_by),
  };
}

/** Whether two returns have the same figures (a rate with neither base nor tax counts as absent). */
function sameFigures(a: VatReturnFigures, b: VatReturnFigures): boolean {
  const domestic = (f: VatReturnFigures) =>
    JSON.stringify(
      f.domesticSalesTax
        .filter((r) => r.taxBase !== 0n || r.tax !== 0n)
        .map((r) => [r.vatPercent.toFixed(), r.taxBase.toString(), r.tax.toString()]),
    );
  return MONEY_FIELDS.every((key) => a[key] === b[key]) && domestic(a) === domestic(b);
}

/** An error of the settlement receipt, told of the request's `settlementDate` (the receipt's date). */
function ofSettlementDate(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  return new ApiError(err.items.map((i) => (i.field === 'receiptDate' ? { ...i, field: 'settlementDate' } : i)));
}

export class VatReturnService {
  readonly #ctx: AppContext;
  readonly #ledger: Posting;
  readonly #fiscal: FiscalService;

  constructor(ctx: AppContext, ledger: Posting, fiscal: FiscalService) {
    this.#ctx = ctx;
    this.#ledger = ledger;
    this.#fiscal = fiscal;
  }

  /** The figures of a period as the ledger has them now. */
  async preview(companyId: number, periodType: VatPeriodType, startDate: string): Promise<VatReturnWire> {
    const period = periodOf(periodType, startDate);
    const db = this.#ctx.db;
    const draft = toWire(period, await this.#figures(db, companyId, period));
    const filed = await store.latestOfPeriod(db, companyId, period.startDate, period.endDate);
    if (!filed) return draft;
    // the period is filed: this is the corrected return that filing a correction would make
    const pending = await store.correctionsOfPeriod(db, companyId, period.startDate, period.endDate);
    return {
      ...draft,
      version: Number(filed.version) + 1,
      correctionReceiptIds: pending.filter((c) => c.vat_return_id === null).map((c) => Number(c.receipt_id)),
    };
  }

  async list(companyId: number): Promise<{ vatReturns: VatReturnWire[] }> {
    const corrections = await store.listCorrections(this.#ctx.db, companyId);
    return {
      vatReturns: (await store.listReturns(this.#ctx.db, companyId)).map((row) => filedToWire(row, corrections)),
    };
  }

  async get(companyId: number, id: number): Promise<VatReturnWire> {
    const row = await store.getReturn(this.#ctx.db, companyId, id);
    if (!row) throw notFound('VAT return');
    return filedToWire(row, await store.correctionsOfPeriod(this.#ctx.db, companyId, row.start_date, row.end_date));
  }

  /**
   * Files the return of a period: books the VAT settlement (VAT_SUMMARY, dated the last day of the period unless
   * told otherwise, in an open period), closes the fiscal periods the VAT period overlaps (refused while
   * unfinished receipts are dated in them) and records the figures. A period overlapping a filed one is refused.
   */
  async file(companyId: number, userId: number | null, input: VatReturnFilingWire): Promise<VatReturnWire> {
    const period = periodOf(input.periodType, input.startDate);
    return this.#ctx.db.transaction().execute(async (trx) => {
      // the id first: its counter row stays locked until commit, so filings of a company run one at a time and
      // a second filing of the same period sees the first one's return
      const id = await allocateId(trx, companyId, 'vat_returns');
      const filed = await store.overlapping(trx, companyId, period.startDate, period.endDate);
      if (filed)
        throw apiError('VAT_RETURN_ALREADY_FILED', 'startDate', { start: filed.start_date, end: filed.end_date });
      await this.#fiscal.lockPeriodsIn(trx, companyId, period.startDate, period.endDate);
      const figures = await this.#figures(trx, companyId, period);
      // Dr output VAT / Cr input VAT / the difference to the VAT payable (src/domain/postings.ts)
      const lines = vatPeriodClosePostings(
        figures.outputVat,
        figures.inputVat,
        `VAT ${period.startDate} – ${period.endDate}`,
      );
      const settlement =
        lines.length === 0
          ? null
          : await this.#ledger.post(trx, companyId, {
              type: 'VAT_SUMMARY',
              status: 'APPROVED',
              name: `VAT settlement ${period.startDate} – ${period.endDate}`,
              receiptDate: input.settlementDate ?? period.endDate,
              vatType: 'SALES',
              vatStatus: 1,
              lines,
            });
      await this.#fiscal.closePeriodsIn(trx, companyId, period.startDate, period.endDate, userId);
      const row = this.#filedRow(companyId, id, userId, period, figures, settlement);
      await store.insertReturn(trx, row);
      const wire = filedToWire(row, []);
      await recordAuditEvent(trx, companyId, {
        subject: 'VAT_RETURN',
        subjectId: id,
        action: 'FILE',
        userId,
        at: this.#ctx.clock.now(),
        before: null,
        after: wire,
      });
      return wire;
    });
  }

  /**
   * Files the corrected return of a filed period: its figures as the ledger has them now, with the correction
   * vouchers naming it, as version n + 1 beside the versions filed before. The difference of the VAT balances
   * from version n is settled to the VAT payable (a VAT_SUMMARY receipt in an open period); nothing of the
   * filed period is rewritten. Refused when the figures are those of version n.
   */
  async fileCorrection(
    companyId: number,
    userId: number | null,
    input: VatReturnCorrectionFilingWire,
  ): Promise<VatReturnWire> {
    const period = periodOf(input.periodType, input.startDate);
    return this.#ctx.db.transaction().execute(async (trx) => {
      // the id first: it takes the register's lock (see store.lockRegister)
      const id = await allocateId(trx, companyId, 'vat_returns');
      const latest = await store.latestOfPeriod(trx, companyId, period.startDate, period.endDate);
      if (!latest || latest.period_type !== period.periodType)
        throw apiError('VAT_RETURN_NOT_FILED', 'startDate', { start: period.startDate, end: period.endDate });
      const corrections = await store.correctionsOfPeriod(trx, companyId, period.startDate, period.endDate);
      const pending = corrections.filter((c) => c.vat_return_id === null);
      // a voucher not yet approved is not in the figures, and filed as taken in it never would be
      const unfinished = await store.unfinishedReceipts(
        trx,
        companyId,
        pending.map((c) => Number(c.receipt_id)),
      );
      if (unfinished.length > 0)
        throw apiError('VAT_CORRECTION_UNFINISHED', 'startDate', { receiptIds: unfinished.join(', ') });
      const version = Number(latest.version) + 1;
      const before = figuresFromJson(latest.figures);
      const figures = await this.#figures(trx, companyId, period);
      if (sameFigures(figures, before))
        throw apiError('VAT_RETURN_NO_DIFFERENCE', 'startDate', {
          start: period.startDate,
          end: period.endDate,
          version: version - 1,
        });
      const lines = vatPeriodClosePostings(
        figures.outputVat - before.outputVat,
        figures.inputVat - before.inputVat,
        `VAT ${period.startDate} – ${period.endDate}, corrected return ${version}`,
      );
      let settlement: { id: number } | null = null;
      if (lines.length > 0) {
        const latestVoucher = await store.latestReceiptDate(
          trx,
          companyId,
          pending.map((c) => Number(c.receipt_id)),
        );
        const receiptDate = input.settlementDate ?? latestVoucher ?? isoDateTime(this.#ctx.clock.now()).slice(0, 10);
        settlement = await this.#ledger
          .post(trx, companyId, {
            type: 'VAT_SUMMARY',
            status: 'APPROVED',
            name: `VAT settlement ${period.startDate} – ${period.endDate}, corrected return ${version}`,
            receiptDate,
            vatType: 'SALES',
            vatStatus: 1,
            lines,
          })
          .catch((err: unknown) => {
            throw ofSettlementDate(err);
          });
      }
      const row = this.#filedRow(companyId, id, userId, period, figures, settlement, {
        version,
        correction_reason: input.correctionReason,
        replaces_id: Number(latest.id),
      });
      await store.insertReturn(trx, row);
      const taken = pending.map((c) => Number(c.id));
      await store.markCorrectionsFiled(trx, companyId, taken, id);
      const wire = filedToWire(
        row,
        corrections.map((c) => (c.vat_return_id === null ? { ...c, vat_return_id: id } : c)),
      );
      await recordAuditEvent(trx, companyId, {
        subject: 'VAT_RETURN',
        subjectId: id,
        action: 'CORRECT',
        userId,
        at: this.#ctx.clock.now(),
        before: filedToWire(latest, []),
        after: wire,
      });
      return wire;
    });
  }

  /**
   * Names the filed VAT period a voucher corrects. The voucher is booked in an open period (a receipt dated in a
   * filed one is part of that return already); while its corrected return is not filed it may name another
   * period or be let go.
   */
  async putCorrection(
    companyId: number,
    userId: number | null,
    receiptId: number,
    input: VatCorrectionTargetWire,
  ): Promise<VatCorrectionWire> {
    const period = periodOf(input.periodType, input.startDate);
    return this.#ctx.db.transaction().execute(async (trx) => {
      await store.lockRegister(trx, companyId);
      const receipt = await store.receiptOf(trx, companyId, receiptId);
      if (!receipt) throw notFound('Receipt');
      if ((RECEIPT_TYPES_OUTSIDE_VAT_RETURN as readonly string[]).includes(receipt.type))
        throw apiError('VAT_CORRECTION_NOT_TAXABLE', 'receiptId', { type: receipt.type });
      const existing = await store.getCorrection(trx, companyId, receiptId);
      if (existing && existing.vat_return_id !== null)
        throw apiError('VAT_CORRECTION_FILED', 'receiptId', { receiptId, vatReturnId: Number(existing.vat_return_id) });
      const filed = await store.latestOfPeriod(trx, companyId, period.startDate, period.endDate);
      if (!filed || filed.period_type !== period.periodType)
        throw apiError('VAT_RETURN_NOT_FILED', 'startDate', { start: period.startDate, end: period.endDate });
      const dated = await store.overlapping(trx, companyId, receipt.receipt_date, receipt.receipt_date);
      if (dated)
        throw apiError('VAT_CORRECTION_IN_FILED_PERIOD', 'receiptId', {
          date: receipt.receipt_date,
          start: dated.start_date,
          end: dated.end_date,
        });
      const target = { period_type: period.periodType, start_date: period.startDate, end_date: period.endDate };
      if (existing) {
        await store.retargetCorrection(trx, companyId, receiptId, target);
        return correctionToWire({ ...existing, ...target }, receipt.receipt_date);
      }
      const row: store.VatCorrectionRow = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'vat_return_corrections'),
        receipt_id: receiptId,
        ...target,
        vat_return_id: null,
        created_at: isoDateTime(this.#ctx.clock.now()),
        created_by: userId,
      };
      await store.insertCorrection(trx, row);
      return correctionToWire(row, receipt.receipt_date);
    });
  }

  /** Lets a voucher go as a correction before its corrected return is filed: it counts in its own period again. */
  async deleteCorrection(companyId: number, receiptId: number): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      await store.lockRegister(trx, companyId);
      const existing = await store.getCorrection(trx, companyId, receiptId);
      if (!existing) throw notFound('VAT correction');
      if (existing.vat_return_id !== null)
        throw apiError('VAT_CORRECTION_FILED', 'receiptId', { receiptId, vatReturnId: Number(existing.vat_return_id) });
      // let go, the voucher would count in the return of its own period, which must not be filed already
      const receipt = await store.receiptOf(trx, companyId, receiptId);
      const dated = receipt && (await store.overlapping(trx, companyId, receipt.receipt_date, receipt.receipt_date));
      if (receipt && dated)
        throw apiError('VAT_CORRECTION_IN_FILED_PERIOD', 'receiptId', {
          date: receipt.receipt_date,
          start: dated.start_date,
          end: dated.end_date,
        });
      await store.deleteCorrection(trx, companyId, receiptId);
    });
  }

  async listCorrections(companyId: number): Promise<{ vatCorrections: VatCorrectionWire[] }> {
    const db = this.#ctx.db;
    const rows = await store.listCorrections(db, companyId);
    const wire: VatCorrectionWire[] = [];
    for (const row of rows) {
      const receipt = await store.receiptOf(db, companyId, Number(row.receipt_id));
      wire.push(correctionToWire(row, receipt?.receipt_date ?? row.start_date));
    }
    return { vatCorrections: wire };
  }

  /**
   * A filed version as the Tax Administration's file (VSRALVKV), made from the figures as filed, stamped with
   * the time of filing: the same version always gives the same file. A corrected return carries its reason.
   */
  async filingFile(companyId: number, id: number): Promise<{ fileName: string; body: string }> {
    const db = this.#ctx.db;
    const row = await store.getReturn(db, companyId, id);
    if (!row) throw notFound('VAT return');
    const businessId = await store.businessIdOf(db, companyId);
    if (!businessId) throw apiError('BUSINESS_ID_MISSING');
    const body = vatReturnFile({
      businessId,
      periodType: row.period_type as VatPeriodType,
      startDate: row.start_date,
      figures: figuresFromJson(row.figures),
      createdAt: parseDateTime(row.filed_at),
      producer: `${businessId}_TASE`,
      correctionReason: row.correction_reason as CorrectionReason | null,
    });
    return { fileName: `VSRALVKV_${row.start_date}_${row.end_date}_v${Number(row.version)}.txt`, body };
  }

  /** The filed return overlapping a range of days (the fiscal area keeps its periods closed). */
  async filedOverlapping(
    trx: Db,
    companyId: number,
    start: string,
    end: string,
  ): Promise<{ start: string; end: string } | undefined> {
    const row = await store.overlapping(trx, companyId, start, end);
    return row ? { start: row.start_date, end: row.end_date } : undefined;
  }

  /** The row of a return filed now: version 1, or the corrected version `correction` names. */
  #filedRow(
    companyId: number,
    id: number,
    userId: number | null,
    period: Period,
    figures: VatReturnFigures,
    settlement: { id: number } | null,
    correction: Pick<store.VatReturnRow, 'version' | 'correction_reason' | 'replaces_id'> = {
      version: 1,
      correction_reason: null,
      replaces_id: null,
    },
  ): store.VatReturnRow {
    return {
      company_id: companyId,
      id,
      period_type: period.periodType,
      start_date: period.startDate,
      end_date: period.endDate,
      figures: figuresToJson(figures),
      settlement_receipt_id: settlement?.id ?? null,
      filed_at: isoDateTime(this.#ctx.clock.now()),
      filed_by: userId,
      ...correction,
    };
  }

  async #figures(db: Db, companyId: number, period: Period): Promise<VatReturnFigures> {
    const rows = await store.ledgerLines(db, companyId, period.startDate, period.endDate);
    return vatReturnFigures(
      rows.map((r) => ({
        account: r.account_number,
        amountMinor: minor(r.amount_minor),
        vatPercent: r.vat_percent === null ? null : new Decimal(r.vat_percent),
        vatType: r.vat_type as 'SALES' | 'PURCHASE' | null,
        vatStatus: r.vat_status === null ? null : Number(r.vat_status),
        accountType: r.account_type ?? '',
        header: { vatType: r.header_vat_type as 'SALES' | 'PURCHASE', vatStatus: Number(r.header_vat_status) },
      })),
    );
  }
}

function periodOf(periodType: VatPeriodType, startDate: string): Period {
  const endDate = vatPeriodEnd(periodType, startDate);
  if (!endDate) throw apiError('VAT_PERIOD_INVALID', 'startDate', { periodType, startDate });
  return { periodType, startDate, endDate };
}
