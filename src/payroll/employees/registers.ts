// Rules of the payroll registers: employees (persons with salary info), their tax cards and employments.
import { allocateId, insertOrUpdateTransaction, type Db } from '../../db/index.ts';
import { Decimal } from '../../domain/decimal.ts';
import { identityCodeOf, parseIdentityCode } from '../../domain/payroll/identity-code.ts';
import { pensionPolicyProblem } from '../../domain/payroll/incomes-register.ts';
import { getPartner } from '../../partners/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { apiError, notFound } from '../../platform/errors.ts';
import { staleUnlessWritten } from '../../platform/lock.ts';
import { checkReadOnly } from '../../platform/resource.ts';
import { isoDateTime, nextVersion } from '../../platform/clock.ts';
import { paged, pageRequest, type Paged } from '../../platform/paging.ts';
import { parseJson, stringifyJson } from '../../platform/json.ts';
import type { EmployeeQueryWire, EmployeeWire, EmploymentWire, SalaryInfoWire, TaxCardWire } from './schemas.ts';
import * as store from './store.ts';
import { checkNonResidentFlag } from './non-resident.ts';
import { followSalaryInfo } from '../bases/salary-base.ts';
import type { Database } from '../../db/types.ts';

type Json = Record<string, unknown>;

/** Income types a tax card may name (besides none): 00000, 000024–000040 and 000042. */
const CARD_INCOME_TYPES: ReadonlySet<string> = new Set([
  '00000',
  ...Array.from({ length: 17 }, (_, i) => `0000${24 + i}`),
  '000042',
]);

const read = <T>(text: string | null): T | undefined => (text === null ? undefined : (parseJson(text) as T));

function salaryInfoToWire(row: store.EmployeeRow): SalaryInfoWire {
  const data = parseJson(row.data) as Omit<SalaryInfoWire, 'employeeId' | 'personId'>;
  const id = Number(row.id);
  const stamp = { id, version: row.version };
  return {
    employeeId: id,
    personId: Number(row.person_id),
    incomeConfiguration: { ...data.incomeConfiguration, ...stamp },
    insurancesConfiguration: {
      ...data.insurancesConfiguration,
      pensionInsurance: { ...data.insurancesConfiguration.pensionInsurance, ...stamp },
      accidentInsurance: { ...data.insurancesConfiguration.accidentInsurance, ...stamp },
    },
    internationalSituationsConfiguration: { ...data.internationalSituationsConfiguration, ...stamp },
  };
}

/** The configurations as stored: without the ids and versions the record answers with. */
function salaryInfoData(body: SalaryInfoWire): string {
  const { id: _i, version: _v, ...income } = body.incomeConfiguration;
  const { id: _pi, version: _pv, ...pension } = body.insurancesConfiguration.pensionInsurance;
  const { id: _ai, version: _av, ...accident } = body.insurancesConfiguration.accidentInsurance;
  const { id: _ii, version: _iv, ...international } = body.internationalSituationsConfiguration;
  return stringifyJson({
    incomeConfiguration: income,
    insurancesConfiguration: {
      ...body.insurancesConfiguration,
      pensionInsurance: pension,
      accidentInsurance: accident,
    },
    internationalSituationsConfiguration: international,
  });
}

function taxCardToWire(row: store.TaxCardRow): TaxCardWire {
  const wire: TaxCardWire = {
    id: Number(row.id),
    type: row.type as TaxCardWire['type'],
    revised: Boolean(row.revised),
    incomeType: row.income_type,
    validFrom: row.valid_from,
    basePercent: new Decimal(row.base_percent),
    additionalPercent: new Decimal(row.additional_percent),
    annualIncomeLimit: new Decimal(row.annual_income_limit),
    limitUsed: new Decimal(row.limit_used),
    incomeLimitMethod: row.income_limit_method as NonNullable<TaxCardWire['incomeLimitMethod']>,
    created: row.created,
    version: row.version,
  };
  if (row.comments !== null) wire.comments = row.comments;
  return wire;
}

/** What a record is made of: the parts its table row keeps apart from the body. */
interface RecordBase {
  company_id: number;
  id: number;
  employee_id: number;
  created: string;
  version: string;
}

/** One kind of record of an employee: its table, its wire mapping and its rules. */
export interface RecordKind<T extends store.EmployeeRecordTable, W> {
  table: T;
  resource: string;
  toWire: (row: Database[T]) => W;
  /** The row of a body, its rules checked (an ApiError when one is broken). */
  toRow: (base: RecordBase, body: W) => Database[T];
  /** The order of a listing. */
  compare?: (a: Database[T], b: Database[T]) => number;
  /** Rules of a body that need the database (a record it refers to must exist). */
  check?: (db: Db, companyId: number, body: W) => Promise<void>;
}

const TAX_CARDS: RecordKind<'tax_cards', TaxCardWire> = {
  table: 'tax_cards',
  resource: 'Tax card',
  toWire: taxCardToWire,
  toRow(base, body) {
    const incomeType = body.incomeType ?? null;
    if (incomeType !== null && (body.type === 'TAX_AT_SOURCE' || !CARD_INCOME_TYPES.has(incomeType)))
      throw apiError('INVALID_TAX_CARD_INCOME_TYPE', 'incomeType');
    return {
      ...base,
      type: body.type,
      revised: body.revised,
      income_type: incomeType,
      valid_from: body.validFrom,
      base_percent: body.basePercent.toFixed(),
      additional_percent: body.additionalPercent.toFixed(),
      annual_income_limit: body.annualIncomeLimit.toFixed(),
      limit_used: (body.limitUsed ?? new Decimal(0)).toFixed(),
      income_limit_method: body.incomeLimitMethod ?? 'PER_PERIOD',
      comments: body.comments ?? null,
    };
  },
  compare: (a, b) => a.valid_from.localeCompare(b.valid_from) || Number(a.id) - Number(b.id),
};

const EMPLOYMENTS: RecordKind<'employments', EmploymentWire> = {
  table: 'employments',
  resource: 'Employment',
  toWire: (row) => ({ ...(parseJson(row.data) as EmploymentWire), id: Number(row.id), version: row.version }),
  toRow({ created: _created, ...base }, body) {
    if (body.startDate && body.endDate && body.endDate < body.startDate)
      throw apiError('VALIDATION_FAILED', 'endDate', { detail: "'endDate' must not be before 'startDate'." });
    const { id: _id, version: _version, ...data } = body;
    return { ...base, start_date: body.startDate ?? null, data: stringifyJson(data) };
  },
};

/** The records of one kind of an employee: list, read, add, replace (optimistic lock), delete. */
export class EmployeeRecords<T extends store.EmployeeRecordTable, W> {
  readonly #ctx: AppContext;
  readonly #kind: RecordKind<T, W>;
  constructor(ctx: AppContext, kind: RecordKind<T, W>) {
    this.#ctx = ctx;
    this.#kind = kind;
  }

  async #row(db: Db, companyId: number, employeeId: number, id: number): Promise<Database[T]> {
    const row = await store.getOfEmployee(db, this.#kind.table, companyId, employeeId, id);
    if (!row) throw notFound(this.#kind.resource);
    return row;
  }

  async list(companyId: number, employeeId: number): Promise<W[]> {
    await employeeRow(this.#ctx.db, companyId, employeeId);
    const rows = await store.listOfEmployee(this.#ctx.db, this.#kind.table, companyId, employeeId);
    if (this.#kind.compare) rows.sort(this.#kind.compare);
    return rows.map(this.#kind.toWire);
  }

  async get(companyId: number, employeeId: number, id: number): Promise<W> {
    return this.#kind.toWire(await this.#row(this.#ctx.db, companyId, employeeId, id));
  }

  async create(companyId: number, employeeId: number, body: W): Promise<W> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      await employeeRow(trx, companyId, employeeId);
      await this.#kind.check?.(trx, companyId, body);
      const now = this.#ctx.clock.now();
      const row = this.#kind.toRow(
        {
          company_id: companyId,
          id: await allocateId(trx, companyId, this.#kind.table),
          employee_id: employeeId,
          created: isoDateTime(now).slice(0, 19),
          version: nextVersion(now),
        },
        body,
      );
      await store.insertOfEmployee(trx, this.#kind.table, row);
      return this.#kind.toWire(row);
    });
  }

  /** PUT: the current `version` (required by the route) and the read-only fields must match. */
  async replace(companyId: number, employeeId: number, id: number, body: W): Promise<W> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await this.#row(trx, companyId, employeeId, id);
      const current = this.#kind.toWire(row) as Json;
      checkReadOnly(body as Json, current, ['id', 'created', 'version']);
      await this.#kind.check?.(trx, companyId, body);
      const updated = this.#kind.toRow(
        {
          company_id: companyId,
          id,
          employee_id: employeeId,
          created: typeof current.created === 'string' ? current.created : '',
          version: nextVersion(this.#ctx.clock.now(), row.version),
        },
        body,
      );
      await staleUnlessWritten(store.updateOfEmployee(trx, this.#kind.table, updated, row.version));
      return this.#kind.toWire(updated);
    });
  }

  async remove(companyId: number, employeeId: number, id: number): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      await this.#row(trx, companyId, employeeId, id);
      // deleted by another request meanwhile (PostgreSQL reads it in both): a 404 as on a second delete
      if (!(await store.deleteOfEmployee(trx, this.#kind.table, companyId, id))) throw notFound(this.#kind.resource);
    });
  }
}

/** The pension provider and policy number are the Incomes Register's codes, refused here rather than by it. */
function checkPensionInsurance(body: SalaryInfoWire): void {
  const pension = body.insurancesConfiguration.pensionInsurance;
  const problem = pensionPolicyProblem(pension.pensionProviderCode, pension.pensionPolicyNumber);
  if (problem)
    throw apiError('VALIDATION_FAILED', `insurancesConfiguration.pensionInsurance.${problem.field}`, {
      detail: problem.detail,
    });
}

async function employeeRow(db: Db, companyId: number, id: number): Promise<store.EmployeeRow> {
  const row = await store.getEmployee(db, companyId, id);
  if (!row) throw notFound('Employee');
  return row;
}

export class PayrollRegisters {
  readonly #ctx: AppContext;
  readonly taxCards: EmployeeRecords<'tax_cards', TaxCardWire>;
  readonly employments: EmployeeRecords<'employments', EmploymentWire>;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.taxCards = new EmployeeRecords(ctx, TAX_CARDS);
    this.employments = new EmployeeRecords(ctx, EMPLOYMENTS);
  }

  /** The person must be one of the register; a personal identity code it has must be valid (century sign too). */
  async #checkPerson(db: Db, companyId: number, personId: number): Promise<void> {
    const person = await getPartner(db, companyId, personId);
    if (!person || person.type !== 'PERSON') throw notFound('Person');
    const code = identityCodeOf(person.identifier, person.identifier_type);
    if (code !== undefined && !parseIdentityCode(code))
      throw apiError('INVALID_PERSONAL_IDENTITY_CODE', 'personId', { code });
  }

  async createSalaryInfo(companyId: number, body: SalaryInfoWire): Promise<SalaryInfoWire> {
    checkPensionInsurance(body);
    // salary info of the same person created at the same moment: the run again finds it (EMPLOYEE_EXISTS)
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      await this.#checkPerson(trx, companyId, body.personId);
      if (await store.employeeOfPerson(trx, companyId, body.personId))
        throw apiError('EMPLOYEE_EXISTS', 'personId', { personId: body.personId });
      const row: store.EmployeeRow = {
        company_id: companyId,
        id: await allocateId(trx, companyId, 'employees'),
        person_id: body.personId,
        non_resident: body.internationalSituationsConfiguration.nonResidentTaxPayer,
        salary_channel: body.incomeConfiguration.salaryChannel,
        data: salaryInfoData(body),
        version: nextVersion(this.#ctx.clock.now()),
      };
      await store.insertEmployee(trx, row);
      await followSalaryInfo(this.#ctx, trx, companyId, row, null, body.incomeConfiguration);
      return salaryInfoToWire(row);
    });
  }

  async salaryInfo(companyId: number, id: number): Promise<SalaryInfoWire> {
    return salaryInfoToWire(await employeeRow(this.#ctx.db, companyId, id));
  }

  /** PUT: the person cannot change; a version sent in a configuration must be the current one. */
  async replaceSalaryInfo(companyId: number, id: number, body: SalaryInfoWire): Promise<SalaryInfoWire> {
    checkPensionInsurance(body);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await employeeRow(trx, companyId, id);
      const current = salaryInfoToWire(row);
      checkReadOnly(body, current, ['employeeId', 'personId']);
      for (const part of [
        body.incomeConfiguration,
        body.insurancesConfiguration.pensionInsurance,
        body.insurancesConfiguration.accidentInsurance,
        body.internationalSituationsConfiguration,
      ])
        checkReadOnly(part, { id: Number(row.id), version: row.version }, ['id', 'version']);
      await checkNonResidentFlag(trx, companyId, row, body.internationalSituationsConfiguration.nonResidentTaxPayer);
      const updated: store.EmployeeRow = {
        ...row,
        non_resident: body.internationalSituationsConfiguration.nonResidentTaxPayer,
        salary_channel: body.incomeConfiguration.salaryChannel,
        data: salaryInfoData(body),
        version: nextVersion(this.#ctx.clock.now(), row.version),
      };
      await staleUnlessWritten(store.updateEmployee(trx, updated, row.version));
      await followSalaryInfo(this.#ctx, trx, companyId, updated, current.incomeConfiguration, body.incomeConfiguration);
      return salaryInfoToWire(updated);
    });
  }

  async searchEmployees(companyId: number, query: EmployeeQueryWire): Promise<Paged<EmployeeWire>> {
    const page = pageRequest({ page: query.page, size: query.size, orderById: query.orderById });
    const rows = await store.searchEmployees(this.#ctx.db, companyId, {
      includeInactive: query.includeInactive ?? false,
      salaryChannel: query.salaryChannel,
      personGroupId: query.personGroupId?.toNumber(),
    });
    const employees = rows
      .map((row) => {
        const person = read<{ firstName?: string; lastName?: string; personNumber?: string; dateOfBirth?: string }>(
          row.person,
        );
        const address = read<{ deliveryAddress?: Json }>(row.data)?.deliveryAddress ?? {};
        const ssn = identityCodeOf(row.identifier, row.identifier_type);
        const birthDate = (ssn && parseIdentityCode(ssn)?.birthDate) || person?.dateOfBirth;
        const employeeAddress = Object.fromEntries(
          ['street', 'zip', 'city', 'country'].filter((k) => address[k] !== undefined).map((k) => [k, address[k]]),
        );
        const wire: EmployeeWire = {
          id: Number(row.id),
          lastName: person?.lastName ?? row.name,
          salaryChannel: row.salary_channel,
          automatedTaxCard: false,
          active: Boolean(row.active),
        };
        if (person?.firstName) wire.firstName = person.firstName;
        if (ssn) wire.ssn = ssn;
        if (Object.keys(employeeAddress).length > 0) wire.employeeAddress = employeeAddress;
        if (person?.personNumber) wire.personNumber = person.personNumber;
        if (birthDate) wire.birthDate = birthDate;
        return wire;
      })
      .filter((e) => query.personNumber === undefined || e.personNumber === query.personNumber);
    if (page.order === 'desc') employees.reverse();
    return paged(employees.slice(page.offset, page.offset + page.pageSize), employees.length, page);
  }
}
