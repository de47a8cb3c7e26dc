// Reports of approved salary slips: the Incomes Register earnings payment report of a slip (JSON) and the batch
// message of a payday (XML), the employee's year summary, and the company's monthly employer contributions.
// Every figure is one the slip's approval stored (its `figures`) or a sum of its rows, so each ties to the slip
// and to its postings to the cent.
import type { Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import {
  ageExceptions,
  earningsPaymentReport,
  incomesRegisterCancellationXml,
  incomesRegisterXml,
  type CarBenefitFacts,
  type EarningsPaymentReport,
  type IncomeEarner,
  type Insurance,
  type InsuranceException,
  type PensionInsuranceFacts,
} from '../../domain/payroll/incomes-register.ts';
import { identityCodeOf, parseIdentityCode } from '../../domain/payroll/identity-code.ts';
import { parseJson } from '../../platform/json.ts';
import {
  contactPerson,
  deliveredReports,
  liveReportsOf,
  markReported,
  type DeliveredReport,
} from '../incomes-register/settings.ts';
import type { SalaryInfoWire } from '../employees/schemas.ts';
import { ratesFor } from '../../domain/payroll/rates.ts';
import { calculateSlip, type SlipCalculation } from '../../domain/payroll/slip.ts';
import { payrollYearSummary, type PayrollYearSummary } from '../../domain/payroll/year-summary.ts';
import type { AppContext } from '../../platform/context.ts';
import { apiError, notFound } from '../../platform/errors.ts';
import type { SalarySlipWire, SlipRowWire } from '../pay-runs/schemas.ts';
import * as payStore from '../pay-runs/store.ts';
import { slipData } from '../lists/salary-lists.ts';
import {
  CALCULATED_CODES,
  dec,
  domainRowsOf,
  figuresOf,
  isCalculatedRow,
  salaryTypeTerms,
  type TypeTerms,
} from '../slips/calculation.ts';
import * as store from '../employees/store.ts';

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
  /** The slips whose delivered reports this batch cancels (with the ids the register knows them by). */
  cancelled: number[];
  /** The cancellation record of those reports; null when none is cancelled. */
  cancellationXml: string | null;
  /** What the delivery of the batch notes: each report with its id and payday, each cancellation. */
  deliveries: {
    reports: { slipId: number; reportId: string; paymentDate: string }[];
    cancellations: { slipId: number; reportId: string }[];
  };
}

/**
 * The payer's report id of a slip's report: the slip's own, and after each cancellation of its report a new one
 * (the register keeps a cancelled report's reference; a new report under it would be taken as its replacement).
 */
const reportIdOf = (companyId: number, slipId: number, cancellations: number) =>
  cancellations === 0 ? `${companyId}-${slipId}` : `${companyId}-${slipId}-${cancellations}`;

/**
 * How a slip paid on `payday` is reported, given its report delivered before: as the replacement of a report the
 * register still has for the same payday; otherwise as a new report, under a new id if an earlier one exists,
 * whose report (still live, of another payday) is then cancelled.
 */
function reportingOf(companyId: number, slipId: number, payday: string, before: DeliveredReport | undefined) {
  if (!before) return { reportId: reportIdOf(companyId, slipId, 0), replaces: false, cancels: null };
  if (!before.cancelled && (before.paymentDate === null || before.paymentDate === payday))
    return { reportId: before.reportId, replaces: true, cancels: null };
  return {
    reportId: reportIdOf(companyId, slipId, before.cancellations + 1),
    replaces: false,
    cancels: before.cancelled ? null : before.reportId,
  };
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

const EXCEPTION_INSURANCE: Record<string, Insurance> = {
  EARNINGS_RELATED_PENSION_INSURANCE: 'PENSION',
  HEALTH_INSURANCE: 'HEALTH',
  UNEMPLOYMENT_INSURANCE: 'UNEMPLOYMENT',
  ACCIDENT_AND_OCCUPATIONAL_DISEASE_INSURANCE: 'ACCIDENT',
};

/** The exceptions to insurance a salary info or a slip's settings name. */
function exceptionsOf(settings: {
  noObligationExceptionTypes?: readonly string[];
  notSubjectExceptionTypes?: readonly string[];
}): InsuranceException[] {
  const of = (types: readonly string[] | undefined, prefix: string, reason: InsuranceException['reason']) =>
    (types ?? []).map((t) => ({ insurance: EXCEPTION_INSURANCE[t.slice(prefix.length)], reason }));
  return [
    ...of(settings.noObligationExceptionTypes, 'NO_OBLIGATION_TO_PROVIDE_INSURANCE_', 'NO_OBLIGATION'),
    ...of(settings.notSubjectExceptionTypes, 'NOT_SUBJECT_TO_FINNISH_SOCIAL_SEC_', 'NOT_SUBJECT'),
  ].filter((e) => e.insurance !== undefined);
}

type CarBenefitDetails = NonNullable<SlipRowWire['carBenefitDetails']>;
// the odometer reading is no count of the kilometres driven privately: those of a benefit valued by them are
// given with the benefit (its `kilometers`)
const carBenefitOf = (d: CarBenefitDetails): CarBenefitFacts => ({
  limited: d.benefitLimited,
  ageGroup: d.carAgeGroup,
  ...(d.valuationMethod === 'PER_KILOMETRE' && d.kilometers !== undefined ? { kilometers: d.kilometers } : {}),
  ...(d.emissionValue ? { emissionValue: new Decimal(d.emissionValue) } : {}),
});

/**
 * The register's pension insurances: an employee's earnings-related pension insurance (TyEL, JuEL…), the farmer's
 * (MYEL) and the self-employed person's (YEL), in the order of vero.fi's "Työeläkevakuutuksen tietojen
 * ilmoittaminen tulorekisteriin", which also says to leave the insurance out when none is needed.
 */
const PENSION_ACTS: Partial<Record<string, number>> = { TYEL: 1, MYEL: 2, YEL: 3 };

interface EarnerFacts {
  earner: IncomeEarner;
  /** The birth date the slip's insurances were calculated by. */
  birthDate: string | null;
  pension: PensionInsuranceFacts | null;
  exceptions: InsuranceException[];
}

/** Who the employees are as the register knows them, and their insurances by their salary info. */
async function earnersOf(db: Db, companyId: number, ids: number[]): Promise<Map<number, EarnerFacts>> {
  const out = new Map<number, EarnerFacts>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('employees as e')
      .innerJoin('business_partners as p', (join) =>
        join.onRef('p.company_id', '=', 'e.company_id').onRef('p.id', '=', 'e.person_id'),
      )
      .select(['e.id', 'e.data', 'p.name', 'p.identifier', 'p.identifier_type', 'p.person'])
      .where('e.company_id', '=', companyId)
      .where('e.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const code = identityCodeOf(row.identifier, row.identifier_type) ?? null;
      const person = (row.person === null ? {} : parseJson(row.person)) as {
        firstName?: string;
        lastName?: string;
        dateOfBirth?: string;
      };
      // the insurances follow the birth date the calculation knew (the identity code's); the register is told
      // the one of the person register too
      const insuredBirthDate = (code && parseIdentityCode(code)?.birthDate) || null;
      const birthDate = insuredBirthDate ?? person.dateOfBirth ?? null;
      const info = parseJson(row.data) as Pick<SalaryInfoWire, 'insurancesConfiguration'>;
      const insurances = info.insurancesConfiguration;
      const pension = insurances.pensionInsurance;
      const exceptions = exceptionsOf(insurances);
      const actCode = PENSION_ACTS[pension.type];
      // wages of a YEL or MYEL insured self-employed person carry no TyEL (vero.fi, Incomes Register: "If there
      // is no obligation to take out insurance"); the report still names the person's own pension insurance
      if (pension.type === 'YEL' || pension.type === 'MYEL')
        exceptions.push({ insurance: 'PENSION', reason: 'NO_OBLIGATION' });
      out.set(Number(row.id), {
        earner: {
          personalIdentityCode: code,
          name: row.name,
          ...(code === null
            ? {
                lastName: person.lastName ?? row.name,
                ...(person.firstName ? { firstName: person.firstName } : {}),
                birthDate,
              }
            : {}),
        },
        birthDate: insuredBirthDate,
        pension:
          actCode !== undefined
            ? {
                actCode,
                ...(pension.pensionProviderCode !== undefined ? { providerCode: pension.pensionProviderCode } : {}),
                ...(pension.pensionPolicyNumber !== undefined ? { policyNumber: pension.pensionPolicyNumber } : {}),
              }
            : null,
        exceptions,
      });
    }
  }
  return out;
}

export class PayrollReports {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** `cancels` gathers, by slip, the live reports of other paydays that the slips' new reports take the place of. */
  async #reports(
    db: Db,
    companyId: number,
    rows: payStore.SalarySlipRow[],
    cancels?: Map<number, string>,
  ): Promise<SlipIncomesReport[]> {
    if (rows.length === 0) return [];
    const employeeIds = [...new Set(rows.map((r) => Number(r.employee_id)))];
    const [types, catalogue, company, earners, delivered] = await Promise.all([
      salaryTypeTerms(db, companyId),
      store.listSalaryTypes(db, companyId),
      this.#ctx.companies.company(db, companyId),
      earnersOf(db, companyId, employeeIds),
      deliveredReports(
        db,
        companyId,
        rows.map((r) => Number(r.id)),
      ),
    ]);
    const incomeType = new Map(catalogue.map((t) => [Number(t.code), t.income_type_code]));
    const lists = new Map<number, payStore.SalaryListRow | undefined>();
    const out: SlipIncomesReport[] = [];
    for (const row of rows) {
      const listId = Number(row.list_id);
      if (!lists.has(listId)) lists.set(listId, await payStore.getList(db, companyId, listId));
      const list = lists.get(listId);
      const data = slipData(row);
      const earner = earners.get(Number(row.employee_id));
      const entered = data.rows.filter((r) => types.has(r.salaryTypeCode) && !isCalculatedRow(types, r.salaryTypeCode));
      const exceptions = [
        ...exceptionsOf(data.settings),
        ...(earner?.exceptions ?? []),
        ...ageExceptions(ratesFor(row.payday), earner?.birthDate ?? null, row.payday),
      ];
      const pensionExcepted = exceptions.some((e) => e.insurance === 'PENSION');
      const pension = earner?.pension ?? null;
      // the report of an earner insured under TyEL names the pension policy number, in full, and its provider
      // (vero.fi, Incomes Register: "Fill in the data correctly", "the payer must enter the pension policy number
      // on the earnings payment report if the income earner is insured under TyEL"; "Pension policy number"): a
      // report without them is refused here, naming the salary info's field, before the register refuses it
      if (
        data.incomesRegisterReportingSetting === REPORTED_HERE &&
        pension?.actCode === 1 &&
        !pensionExcepted &&
        (pension.providerCode === undefined || pension.policyNumber === undefined)
      )
        throw apiError(
          'VALIDATION_FAILED',
          `employees[${Number(row.employee_id)}].insurancesConfiguration.pensionInsurance.` +
            (pension.providerCode === undefined ? 'pensionProviderCode' : 'pensionPolicyNumber'),
          {
            detail:
              `${row.employee_name} is insured under TyEL: the Incomes Register report of salary slip ${Number(row.id)} ` +
              'needs the pension provider code and the pension policy number of the salary info.',
          },
        );
      const reporting = reportingOf(companyId, Number(row.id), row.payday, delivered.get(Number(row.id)));
      const report = earningsPaymentReport({
        reportId: reporting.reportId,
        replaces: reporting.replaces,
        payer: { businessId: company?.business_id ?? '', name: company?.name ?? '' },
        incomeEarner: earner?.earner ?? { personalIdentityCode: null, name: row.employee_name },
        paymentDate: row.payday,
        payPeriod: {
          start: list?.payment_period_start ?? row.payday,
          end: list?.payment_period_end ?? row.payday,
        },
        // an employee's TyEL not due (by age, or outside Finnish social security): no pension insurance to name
        pensionInsurance: pensionExcepted && pension?.actCode === 1 ? null : pension,
        insuranceExceptions: exceptions,
        rows: entered.map((r) => ({
          salaryType: types.get(r.salaryTypeCode)!,
          incomeTypeCode: incomeType.get(r.salaryTypeCode) ?? null,
          ...(r.carBenefitDetails ? { carBenefit: carBenefitOf(r.carBenefitDetails) } : {}),
          ...(r.allowanceKind ? { dailyAllowance: r.allowanceKind } : {}),
        })),
        calculation: approvedCalculation(row, types),
      });
      out.push({
        salarySlipId: Number(row.id),
        incomesRegisterReportingSetting: data.incomesRegisterReportingSetting,
        ...report,
      });
      if (reporting.cancels !== null) cancels?.set(Number(row.id), reporting.cancels);
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
   * `FORM_BOTH_REPORTS`; those reported elsewhere or not at all are left out. Beside it, the cancellation of the
   * reports the register has that no approved slip stands behind any more: a report of this payday whose slip's
   * approval was cancelled (or whose slip is now reported elsewhere), and a report of another payday whose slip is
   * now paid on this one (the register corrects a payment date only by a cancellation and a new report).
   */
  async incomesRegisterBatch(companyId: number, payday: string): Promise<IncomesRegisterBatch> {
    const db = this.#ctx.db;
    const rows = (await payStore.searchSlips(db, companyId, { from: payday, to: payday })).filter(
      (r) => r.status === 'APPROVED',
    );
    const moved = new Map<number, string>();
    const reports = await this.#reports(db, companyId, rows, moved);
    const reported = reports.filter((r) => r.incomesRegisterReportingSetting === REPORTED_HERE);
    const reportedIds = new Set(reported.map((r) => r.salarySlipId));
    const cancellations = [...moved]
      .filter(([slipId]) => reportedIds.has(slipId))
      .map(([slipId, reportId]) => ({ slipId, reportId }));
    const live = await liveReportsOf(db, companyId, payday);
    const standing = new Map(
      (
        await payStore.getSlips(
          db,
          companyId,
          live.map((r) => r.slipId),
        )
      ).map((r) => [Number(r.id), r]),
    );
    for (const report of live) {
      if (reportedIds.has(report.slipId)) continue;
      const slip = standing.get(report.slipId);
      // a slip approved for another payday and reported here is cancelled by that payday's batch
      const reportedElsewhen =
        slip?.status === 'APPROVED' &&
        slip.payday !== payday &&
        slipData(slip).incomesRegisterReportingSetting === REPORTED_HERE;
      if (!reportedElsewhen) cancellations.push({ slipId: report.slipId, reportId: report.reportId });
    }
    const now = this.#ctx.clock.now();
    const production = this.#ctx.config.mode === 'production';
    const batch: IncomesRegisterBatch = {
      companyId,
      payday,
      reported: reported.map((r) => r.salarySlipId),
      leftOut: reports.filter((r) => r.incomesRegisterReportingSetting !== REPORTED_HERE).map((r) => r.salarySlipId),
      xml: null,
      cancelled: cancellations.map((c) => c.slipId),
      cancellationXml: null,
      deliveries: {
        reports: reported.map((r) => ({ slipId: r.salarySlipId, reportId: r.reportId, paymentDate: r.paymentDate })),
        cancellations,
      },
    };
    const company = cancellations.length > 0 ? await this.#ctx.companies.company(db, companyId) : undefined;
    if (cancellations.length > 0)
      batch.cancellationXml = incomesRegisterCancellationXml({
        deliveryId: `${companyId}-${payday}-${now.getTime()}-C`,
        timestamp: now.toISOString(),
        production,
        payerBusinessId: company?.business_id ?? '',
        reportIds: cancellations.map((c) => c.reportId),
      });
    if (reported.length === 0) return batch;
    const contact = await contactPerson(db, companyId);
    if (!contact)
      throw apiError('VALIDATION_FAILED', 'contactPerson', {
        detail:
          `Company ${companyId} has no payroll contact person, which the Incomes Register requires: set one with ` +
          'PUT /payrolls/salariesbasicinfo/incomesregistercontact or `tase admin payroll contact-person`.',
      });
    batch.xml = incomesRegisterXml({
      deliveryId: `${companyId}-${payday}-${now.getTime()}`,
      timestamp: now.toISOString(),
      production,
      contactPerson: contact,
      reports: reported,
    });
    return batch;
  }

  /**
   * Notes a batch as delivered: its cancelled reports as gone from the register, and its reports as the ones a
   * later report of the same slip and payday replaces.
   */
  async markDelivered(batch: IncomesRegisterBatch): Promise<void> {
    if (batch.xml === null && batch.cancellationXml === null) return;
    await markReported(this.#ctx.db, batch.companyId, batch.deliveries, this.#ctx.clock.now().toISOString());
  }

  /** The batch messages of every company with approved slips paid on a day, a company at a time. */
  async incomesRegisterBatches(payday: string): Promise<IncomesRegisterBatch[]> {
    const batches: IncomesRegisterBatch[] = [];
    for (let after = 0; ;) {
      const ids = await this.#ctx.companies.ids(this.#ctx.db, after, 500);
      if (ids.length === 0) return batches;
      for (const id of ids) {
        const batch = await this.incomesRegisterBatch(id, payday);
        if (batch.reported.length + batch.leftOut.length + batch.cancelled.length > 0) batches.push(batch);
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
