// Reports of approved salary slips: the Incomes Register earnings payment report of a slip (JSON) and the batch
// message of a payday (XML), the employee's year summary, and the company's monthly employer contributions.
// Every figure is one the slip's approval stored (its `figures`) or a sum of its rows, so each ties to the slip
// and to its postings to the cent.
import { companyIds } from '../db/company-ids.ts';
import type { Db } from '../db/index.ts';
import { Decimal } from '../domain/decimal.ts';
import {
  earningsPaymentReport,
  incomesRegisterXml,
  type EarningsPaymentReport,
} from '../domain/payroll/incomes-register.ts';
import { ratesFor } from '../domain/payroll/rates.ts';
import { calculateSlip, type SlipCalculation } from '../domain/payroll/slip.ts';
import { payrollYearSummary, type PayrollYearSummary } from '../domain/payroll/year-summary.ts';
import type { AppContext } from '../platform/context.ts';
import { notFound } from '../platform/errors.ts';
import type { SalarySlipWire } from './pay-schemas.ts';
import * as payStore from './pay-store.ts';
import { identityCodeOf } from './registers.ts';
import { slipData } from './salary-lists.ts';
import {
  CALCULATED_CODES,
  dec,
  domainRowsOf,
  figuresOf,
  isCalculatedRow,
  salaryTypeTerms,
  type TypeTerms,
} from './slip-calculation.ts';
import * as store from './store.ts';

type ReportingSetting = SalarySlipWire['incomesRegisterReportingSetting'];
/** Slips the company reports to the register through Tase; the others are reported elsewhere or not at all. */
const REPORTED_HERE: ReportingSetting = 'FORM_BOTH_REPORTS';
const ZERO = new Decimal(0);

/**
 * An approved slip's calculation as it was approved: the rows' amounts and the insurance bases from its rows,
 * every figure (withholding, contributions, net pay) as stored at approval.
 */
function approvedCalculation(row: payStore.SalarySlipRow, types: ReadonlyMap<number, TypeTerms>): SlipCalculation {
  const data = slipData(row);
  const entered = data.rows.filter((r) => types.has(r.salaryTypeCode) && !isCalculatedRow(types, r.salaryTypeCode));
  const base = calculateSlip({
    rates: ratesFor(row.payday),
    payday: row.payday,
    birthDate: null,
    period: { unit: 'MONTH', count: 1 },
    taxCard: null,
    rows: domainRowsOf(entered, types),
    employer: { accidentPercent: ZERO, groupLifePercent: ZERO, wageSumBefore: ZERO, unemploymentDue: true },
  });
  const f = figuresOf(row.figures);
  const deduction = data.rows.find((r) => r.salaryTypeCode === CALCULATED_CODES.taxAtSourceDeduction);
  return {
    ...base,
    paidEarnings: f.grossPay,
    taxablePay: f.taxablePay,
    fringeBenefits: f.fringeBenefits,
    taxFreeItems: f.taxFreeItems,
    withholding: {
      kind: f.withholdingKind,
      amount: f.withholding,
      taxAtSourceDeduction: dec(deduction?.unitValue) ?? ZERO,
      limitUsedAfter: ZERO,
    },
    employeePension: f.employeePension,
    employeeUnemployment: f.employeeUnemployment,
    netPayDeductions: f.netPayDeductions,
    netPay: f.netPay,
    employer: {
      pension: f.employerPension,
      healthInsurance: f.employerHealthInsurance,
      unemployment: f.employerUnemployment,
      accident: f.accidentInsurance,
      groupLife: f.groupLifeInsurance,
    },
  };
}

export interface SlipIncomesReport extends EarningsPaymentReport {
  salarySlipId: number;
  incomesRegisterReportingSetting: ReportingSetting;
}

export interface IncomesRegisterBatch {
  companyId: number;
  payday: string;
  /** The slips of the payday reported here, and those left out by their reporting setting. */
  reported: number[];
  leftOut: number[];
  /** Null when no slip of the payday is reported here. */
  xml: string | null;
}

export interface EmployerContributionMonth {
  /** `YYYY-MM` of the slips' payday. */
  month: string;
  slips: number;
  pension: Decimal;
  healthInsurance: Decimal;
  unemployment: Decimal;
  accident: Decimal;
  groupLife: Decimal;
  total: Decimal;
}

export class PayrollReports {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #reports(db: Db, companyId: number, rows: payStore.SalarySlipRow[]): Promise<SlipIncomesReport[]> {
    if (rows.length === 0) return [];
    const [types, catalogue, company, earners] = await Promise.all([
      salaryTypeTerms(db, companyId),
      store.listSalaryTypes(db, companyId),
      db.selectFrom('companies').select(['name', 'business_id']).where('company_id', '=', companyId).executeTakeFirst(),
      db
        .selectFrom('employees as e')
        .innerJoin('business_partners as p', (join) =>
          join.onRef('p.company_id', '=', 'e.company_id').onRef('p.id', '=', 'e.person_id'),
        )
        .select(['e.id', 'p.identifier', 'p.identifier_type'])
        .where('e.company_id', '=', companyId)
        .where('e.id', 'in', [...new Set(rows.map((r) => Number(r.employee_id)))])
        .execute(),
    ]);
    const incomeType = new Map(catalogue.map((t) => [Number(t.code), t.income_type_code]));
    const codeOf = new Map(earners.map((e) => [Number(e.id), identityCodeOf(e.identifier, e.identifier_type) ?? null]));
    const lists = new Map<number, payStore.SalaryListRow | undefined>();
    const out: SlipIncomesReport[] = [];
    for (const row of rows) {
      const listId = Number(row.list_id);
      if (!lists.has(listId)) lists.set(listId, await payStore.getList(db, companyId, listId));
      const list = lists.get(listId);
      const data = slipData(row);
      const entered = data.rows.filter((r) => types.has(r.salaryTypeCode) && !isCalculatedRow(types, r.salaryTypeCode));
      const report = earningsPaymentReport({
        reportId: `${companyId}-${Number(row.id)}`,
        payer: { businessId: company?.business_id ?? '', name: company?.name ?? '' },
        incomeEarner: { personalIdentityCode: codeOf.get(Number(row.employee_id)) ?? null, name: row.employee_name },
        paymentDate: row.payday,
        payPeriod: {
          start: list?.payment_period_start ?? row.payday,
          end: list?.payment_period_end ?? row.payday,
        },
        rows: entered.map((r) => ({
          salaryType: types.get(r.salaryTypeCode)!,
          incomeTypeCode: incomeType.get(r.salaryTypeCode) ?? null,
        })),
        calculation: approvedCalculation(row, types),
      });
      out.push({
        salarySlipId: Number(row.id),
        incomesRegisterReportingSetting: data.incomesRegisterReportingSetting,
        ...report,
      });
    }
    return out;
  }

  /** The earnings payment report of an approved slip; 404 for a slip not approved. */
  async incomesReport(companyId: number, slipId: number): Promise<SlipIncomesReport> {
    const [row] = await payStore.getSlips(this.#ctx.db, companyId, [slipId]);
    if (!row || row.status !== 'APPROVED') throw notFound('Salary slip incomes register report');
    const [report] = await this.#reports(this.#ctx.db, companyId, [row]);
    return report;
  }

  /**
   * The batch message of a company's approved slips of a payday: the slips whose reporting setting is
   * `FORM_BOTH_REPORTS`; those reported elsewhere or not at all are left out.
   */
  async incomesRegisterBatch(companyId: number, payday: string): Promise<IncomesRegisterBatch> {
    const rows = (await payStore.searchSlips(this.#ctx.db, companyId, { from: payday, to: payday })).filter(
      (r) => r.status === 'APPROVED',
    );
    const reports = await this.#reports(this.#ctx.db, companyId, rows);
    const reported = reports.filter((r) => r.incomesRegisterReportingSetting === REPORTED_HERE);
    const now = this.#ctx.clock.now();
    return {
      companyId,
      payday,
      reported: reported.map((r) => r.salarySlipId),
      leftOut: reports.filter((r) => r.incomesRegisterReportingSetting !== REPORTED_HERE).map((r) => r.salarySlipId),
      xml:
        reported.length === 0
          ? null
          : incomesRegisterXml({
              deliveryId: `${companyId}-${payday}-${now.getTime()}`,
              timestamp: now.toISOString(),
              production: false,
              reports: reported,
            }),
    };
  }

  /** The batch messages of every company with approved slips paid on a day, a company at a time. */
  async incomesRegisterBatches(payday: string): Promise<IncomesRegisterBatch[]> {
    const batches: IncomesRegisterBatch[] = [];
    for (let after = 0; ;) {
      const ids = await companyIds(this.#ctx.db, after, 500);
      if (ids.length === 0) return batches;
      for (const id of ids) {
        const batch = await this.incomesRegisterBatch(id, payday);
        if (batch.reported.length + batch.leftOut.length > 0) batches.push(batch);
      }
      after = ids.at(-1)!;
    }
  }

  /** The employee's year from the approved slips paid in it, by month and for the year. */
  async yearSummary(companyId: number, employeeId: number, year: number): Promise<PayrollYearSummary> {
    const db = this.#ctx.db;
    if (!(await store.getEmployee(db, companyId, employeeId))) throw notFound('Employee');
    const [rows, types] = await Promise.all([
      payStore.approvedSlipsOf(db, companyId, employeeId, `${year}-01-01`, `${year}-12-31`),
      salaryTypeTerms(db, companyId),
    ]);
    return payrollYearSummary(
      year,
      rows.map((row) => ({ payday: row.payday, calculation: approvedCalculation(row, types) })),
    );
  }

  /** The employer contributions of the company's approved slips paid in a year, by month of payday. */
  async employerContributions(companyId: number, year: number): Promise<EmployerContributionMonth[]> {
    const rows = (
      await payStore.searchSlips(this.#ctx.db, companyId, { from: `${year}-01-01`, to: `${year}-12-31` })
    ).filter((r) => r.status === 'APPROVED');
    const months = new Map<string, EmployerContributionMonth>();
    for (const row of rows) {
      const month = row.payday.slice(0, 7);
      const f = figuresOf(row.figures);
      const m = months.get(month) ?? {
        month,
        slips: 0,
        pension: ZERO,
        healthInsurance: ZERO,
        unemployment: ZERO,
        accident: ZERO,
        groupLife: ZERO,
        total: ZERO,
      };
      const add = [
        f.employerPension,
        f.employerHealthInsurance,
        f.employerUnemployment,
        f.accidentInsurance,
        f.groupLifeInsurance,
      ];
      months.set(month, {
        month,
        slips: m.slips + 1,
        pension: m.pension.plus(f.employerPension),
        healthInsurance: m.healthInsurance.plus(f.employerHealthInsurance),
        unemployment: m.unemployment.plus(f.employerUnemployment),
        accident: m.accident.plus(f.accidentInsurance),
        groupLife: m.groupLife.plus(f.groupLifeInsurance),
        total: add.reduce((sum, x) => sum.plus(x), m.total),
      });
    }
    return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  }
}
