// Rules of payroll: the company's salary type catalogue.
import type { Db } from '../db/index.ts';
import { Decimal } from '../domain/decimal.ts';
import type { SalaryCategory } from '../domain/payroll/slip.ts';
import type { AppContext } from '../platform/context.ts';
import { paged, pageRequest, type Paged } from '../platform/paging.ts';
import { SALARY_TYPE_CATALOGUE } from './salary-types/catalogue.ts';
import type { SalaryTypeQueryWire, SalaryTypeWire } from './employees/schemas.ts';
import * as store from './employees/store.ts';
import { PayrollRegisters } from './employees/registers.ts';
import type { Posting } from '../ledger/index.ts';
import type { PayRuns } from './pay-runs/routes.ts';
import { SalaryBases } from './bases/salary-base.ts';
import { SalaryLists } from './lists/salary-lists.ts';
import { SalarySlips } from './slips/salary-slips.ts';
import { Payslips } from './slips/payslip.ts';
import { PayrollTerms } from './terms/terms.ts';
import { approvedSlipHolidays } from './holidays/worked-months.ts';

/** Company setup: the Finnish salary type catalogue, once. */
export async function seedSalaryTypes(db: Db, companyId: number): Promise<void> {
  if (await store.hasSalaryTypes(db, companyId)) return;
  await store.insertSalaryTypes(
    db,
    SALARY_TYPE_CATALOGUE.map((t) => ({
      company_id: companyId,
      code: t.code,
      category: t.category,
      unit: t.unit,
      unit_value: null,
      payment_percent: t.paymentPercent,
      payment_percent_editable: t.paymentPercentEditable,
      income_type_code: t.incomeTypeCode,
      income_type: t.incomeType,
      affects_withholding: t.affects.withholding,
      affects_pension: t.affects.pension,
      affects_unemployment: t.affects.unemployment,
      affects_health: t.affects.health,
      affects_accident_group_life: t.affects.accidentAndGroupLife,
      withheld_at_base_percent: t.withheldAtBasePercent,
      calculated: t.calculated,
      account: t.account,
      contra_account: t.contraAccount,
      name_fi: t.names.fi,
      name_sv: t.names.sv,
      name_en: t.names.en,
    })),
  );
}

function toWire(row: store.SalaryTypeRow): SalaryTypeWire {
  const wire: SalaryTypeWire = {
    name: row.name_fi,
    code: Number(row.code),
    category: row.category as SalaryCategory,
    paymentPercent: new Decimal(row.payment_percent),
    paymentPercentEditable: Boolean(row.payment_percent_editable),
    affectsHealthInsurance: Boolean(row.affects_health),
    affectsPensionInsurance: Boolean(row.affects_pension),
    affectsUnemploymentInsurance: Boolean(row.affects_unemployment),
    affectsAccidentAndGroupLifeInsurance: Boolean(row.affects_accident_group_life),
    translations: [
      { languageCode: 'sv', translation: row.name_sv },
      { languageCode: 'en', translation: row.name_en },
    ],
    affectsWithholding: Boolean(row.affects_withholding),
    withheldAtBasePercent: Boolean(row.withheld_at_base_percent),
    calculated: Boolean(row.calculated),
    defaultAccount: row.account,
  };
  if (row.unit !== null) wire.unit = row.unit as 'HOUR' | 'PIECE';
  if (row.unit_value !== null) wire.unitValue = new Decimal(row.unit_value);
  if (row.income_type !== null) wire.incomeType = row.income_type;
  if (row.income_type_code !== null) wire.incomeTypeCode = Number(row.income_type_code);
  if (row.contra_account !== null) wire.defaultContraAccount = row.contra_account;
  return wire;
}

const contains = (text: string | null, part: string) =>
  text !== null && text.toLowerCase().includes(part.toLowerCase());

export class PayrollService {
  readonly #ctx: AppContext;
  readonly registers: PayrollRegisters;
  /** Salary bases, lists and slips. */
  readonly payRuns: PayRuns;
  constructor(ctx: AppContext, ledger: Posting) {
    this.#ctx = ctx;
    this.registers = new PayrollRegisters(ctx);
    this.payRuns = {
      bases: new SalaryBases(ctx),
      lists: new SalaryLists(ctx),
      slips: new SalarySlips(ctx, ledger),
      payslips: new Payslips(ctx, new PayrollTerms(ctx, approvedSlipHolidays)),
    };
  }

  /** The catalogue is a few dozen types: filtered, ordered and paged in memory. */
  async salaryTypes(companyId: number, query: SalaryTypeQueryWire): Promise<Paged<SalaryTypeWire>> {
    const page = pageRequest({ page: query.page, size: query.size });
    const { name, code, category, incomeType, incomeTypeCode } = query;
    const rows = (await store.listSalaryTypes(this.#ctx.db, companyId)).filter(
      (row) =>
        (name === undefined || [row.name_fi, row.name_sv, row.name_en].some((n) => contains(n, name))) &&
        (code === undefined || code.equals(Number(row.code))) &&
        (category === undefined || row.category === category) &&
        (incomeType === undefined || contains(row.income_type, incomeType)) &&
        (incomeTypeCode === undefined ||
          (row.income_type_code !== null && incomeTypeCode.equals(Number(row.income_type_code)))),
    );
    if (query.orderByCode === 'DESC') rows.reverse();
    return paged(rows.slice(page.offset, page.offset + page.pageSize).map(toWire), rows.length, page);
  }
}
