// The payslip of a salary slip, drawn from what the slip stored when it was calculated: its rows with their
// amounts, its figures, and the approved slips of the year before it (ARCHITECTURE.md, "Growing an area", rule 4).
// Nothing is recalculated here, so the payslip says what the ledger was told.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import type { Payslip, PayslipLine } from '../../domain/payroll/payslip-pdf.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { parseJson } from '../../platform/json.ts';
import * as store from '../employees/store.ts';
import { slipData } from '../lists/salary-lists.ts';
import * as payStore from '../pay-runs/store.ts';
import type { SlipFiguresWire } from '../pay-runs/schemas.ts';
import { renderPayslip } from '../payslip-render.ts';
import type { PayrollTerms } from '../terms/terms.ts';
import { dec, figuresOf } from './calculation.ts';

/**
 * The amount of each row of a stored slip, in row order, as its calculation stored them. A slip calculated before
 * the amounts were stored has them worked out once more as that calculation did (quantity × unit value × payment
 * percent, to the cent, half up), its payment percent the one stored on the row.
 */
function storedRowAmounts(row: payStore.SalarySlipRow): Decimal[] {
  const stored = (parseJson(row.data) as { rowAmounts?: string[] }).rowAmounts;
  const rows = slipData(row).rows;
  if (stored && stored.length === rows.length) return stored.map((a) => new Decimal(a));
  return rows.map((r) =>
    (dec(r.quantity) ?? new Decimal(1))
      .times(dec(r.unitValue) ?? 0)
      .times(dec(r.paymentPercent) ?? 100)
      .dividedBy(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
}

const TAX_LABEL = {
  CARD: 'Withholding tax',
  NO_CARD: 'Withholding tax (no tax card, 60 %)',
  TAX_AT_SOURCE: 'Tax at source',
};
const HOLIDAY_PAY = 1510;
const HOLIDAY_BONUS = 1520;

export class Payslips {
  readonly #ctx: AppContext;
  readonly #terms: PayrollTerms;
  constructor(ctx: AppContext, terms: PayrollTerms) {
    this.#ctx = ctx;
    this.#terms = terms;
  }

  async #slip(db: Db, companyId: number, id: number): Promise<payStore.SalarySlipRow> {
    const [row] = await payStore.getSlips(db, companyId, [id]);
    if (!row) throw notFound('Salary slip');
    return row;
  }

  /** The payslip of a slip as a PDF: earnings, deductions, employer contributions, the year to date. */
  async pdf(companyId: number, id: number): Promise<Buffer> {
    return renderPayslip(await this.payslip(companyId, id), this.#ctx.config.renderTimeoutMs);
  }

  /** What the payslip of a slip says, from the slip and the approved slips of its year as they were stored. */
  async payslip(companyId: number, id: number): Promise<Payslip> {
    const db = this.#ctx.db;
    const row = await this.#slip(db, companyId, id);
    const [types, list, company, approved, accrual] = await Promise.all([
      store.listSalaryTypes(db, companyId),
      payStore.getList(db, companyId, Number(row.list_id)),
      this.#ctx.companies.company(db, companyId),
      payStore.approvedSlipsOf(db, companyId, Number(row.employee_id), `${row.payday.slice(0, 4)}-01-01`, row.payday),
      this.#terms.holidayPay(companyId, Number(row.employee_id), row.payday),
    ]);
    const names = new Map(types.map((t) => [Number(t.code), t]));
    const f = figuresOf(row.figures);
    const label = (code: number, custom?: string) => custom ?? `${code} ${names.get(code)?.name_en ?? ''}`.trim();
    const rows = slipData(row).rows;
    const amounts = storedRowAmounts(row);
    const money = (label: string, amount: Decimal) => ({ label, amount });
    const earnings: PayslipLine[] = [];
    const netDeductions: PayslipLine[] = [];
    rows.forEach((r, i) => {
      const type = names.get(r.salaryTypeCode);
      if (!type || type.calculated || ['TAX', 'INFORMATIVE_ITEMS'].includes(type.category)) return;
      if (type.category === 'DEDUCTIONS_FROM_NET_PAY')
        return void netDeductions.push(money(label(r.salaryTypeCode, r.customName), amounts[i]));
      earnings.push({
        label: label(r.salaryTypeCode, r.customName) + (type.category === 'FRINGE_BENEFITS' ? ' (not paid out)' : ''),
        quantity: dec(r.quantity) ?? new Decimal(1),
        unitValue: dec(r.unitValue) ?? new Decimal(0),
        amount: amounts[i],
      });
    });
    const counted = approved.some((s) => Number(s.id) === Number(row.id)) ? approved : [...approved, row];
    const sum = (pick: (x: SlipFiguresWire) => Decimal) =>
      counted.reduce((total, s) => total.plus(pick(figuresOf(s.figures))), new Decimal(0));
    const holidayPaid = (code: number) =>
      counted.reduce((total, s) => {
        const paid = storedRowAmounts(s);
        return slipData(s).rows.reduce((n, r, i) => (r.salaryTypeCode === code ? n.plus(paid[i]) : n), total);
      }, new Decimal(0));
    return {
      companyName: company?.name ?? '',
      employeeName: row.employee_name,
      slipNumber: Number(row.slip_number),
      payday: row.payday,
      paymentPeriod: list ? { start: list.payment_period_start, end: list.payment_period_end } : null,
      earnings,
      deductions: [
        money(TAX_LABEL[f.withholdingKind], f.withholding),
        money('Employee pension contribution (TyEL)', f.employeePension),
        money('Employee unemployment insurance', f.employeeUnemployment),
        ...netDeductions,
      ],
      netPay: f.netPay,
      employerContributions: [
        money('Employer pension contribution (TyEL)', f.employerPension),
        money('Health insurance contribution', f.employerHealthInsurance),
        money('Unemployment insurance', f.employerUnemployment),
        money('Accident insurance', f.accidentInsurance),
        money('Group life insurance', f.groupLifeInsurance),
      ].filter((l) => !l.amount.isZero()),
      yearToDate: [
        money(
          'Paid earnings',
          sum((x) => x.grossPay),
        ),
        money(
          'Taxable pay',
          sum((x) => x.taxablePay),
        ),
        money(
          'Withholding and tax at source',
          sum((x) => x.withholding),
        ),
        money(
          'Employee pension contributions',
          sum((x) => x.employeePension),
        ),
        money(
          'Employee unemployment insurance',
          sum((x) => x.employeeUnemployment),
        ),
        money(
          'Net pay',
          sum((x) => x.netPay),
        ),
      ],
      holidays: [
        ...[
          money('Holiday pay paid', holidayPaid(HOLIDAY_PAY)),
          money('Holiday bonus paid', holidayPaid(HOLIDAY_BONUS)),
        ].filter((l) => !l.amount.isZero()),
        // the accrual as of the payday: the days earned and not yet taken, by credit year, and their pay
        ...(accrual.yearlyRemainings ?? []).map((year) => ({
          label: `Holidays left, credit year ${year.holidayCreditYear ?? ''}–${(year.holidayCreditYear ?? 0) + 1} (days)`,
          quantity: new Decimal(year.remainingHolidayDays ?? 0),
          amount: year.remainingHolidayPay ?? new Decimal(0),
        })),
      ],
    };
  }
}
