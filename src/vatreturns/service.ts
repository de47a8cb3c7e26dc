// The periodic VAT return (kausiveroilmoitus): computed from the ledger's VAT postings and statuses
// (src/domain/vat-return.ts), and filed. Filing books the VAT settlement (a VAT_SUMMARY receipt through the
// posting interface), closes the fiscal periods of the VAT period and records the figures as filed, all in one
// transaction; from then on those periods cannot be reopened (the fiscal area asks `filedOverlapping`), so the
// filed figures stay those of the ledger and a correction is a new voucher in an open period.
import { allocateId, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { Decimal, fromMinorUnits, minor } from '../domain/decimal.ts';
import { vatPeriodEnd, vatReturnFigures, type VatPeriodType, type VatReturnFigures } from '../domain/vat-return.ts';
import { vatPeriodClosePostings } from '../domain/postings.ts';
import type { Posting } from '../ledger/index.ts';
import type { FiscalService } from '../fiscal/index.ts';
import type { VatReturnFilingWire, VatReturnWire } from './schemas.ts';
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

function filedToWire(row: store.VatReturnRow): VatReturnWire {
  const period = {
    periodType: row.period_type as VatPeriodType,
    startDate: row.start_date,
    endDate: row.end_date,
  };
  return {
    ...toWire(period, figuresFromJson(row.figures)),
    id: Number(row.id),
    status: 'FILED',
    filedAt: row.filed_at,
    filedBy: row.filed_by === null ? null : Number(row.filed_by),
    settlementReceiptId: row.settlement_receipt_id === null ? null : Number(row.settlement_receipt_id),
  };
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
    return toWire(period, await this.#figures(this.#ctx.db, companyId, period));
  }

  async list(companyId: number): Promise<{ vatReturns: VatReturnWire[] }> {
    return { vatReturns: (await store.listReturns(this.#ctx.db, companyId)).map(filedToWire) };
  }

  async get(companyId: number, id: number): Promise<VatReturnWire> {
    const row = await store.getReturn(this.#ctx.db, companyId, id);
    if (!row) throw notFound('VAT return');
    return filedToWire(row);
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
      const row: store.VatReturnRow = {
        company_id: companyId,
        id,
        period_type: period.periodType,
        start_date: period.startDate,
        end_date: period.endDate,
        figures: figuresToJson(figures),
        settlement_receipt_id: settlement?.id ?? null,
        filed_at: isoDateTime(this.#ctx.clock.now()),
        filed_by: userId,
      };
      await store.insertReturn(trx, row);
      const wire = filedToWire(row);
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
