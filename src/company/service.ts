// Rules of the company resource and its settings.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { checkReadOnly, compact } from '../platform/resource.ts';
import { nextVersion } from '../platform/clock.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import type { CirculationSettingsWire, CompanyWire, UsageSettingsWire } from './schemas.ts';
import * as store from './store.ts';

type Json = Record<string, unknown>;

const OPERATION_TYPE: Record<string, CompanyWire['operationType']> = { PRODUCTION_USAGE: 'PRODUCTION', TESTING: 'TRIAL', DEMO: 'DEMONSTRATION' };

const DEFAULT_USAGE_SETTINGS: UsageSettingsWire = {
  defaultInvoiceChannel: 'EMAIL',
  cashDiscount: { optionList: [], cashDiscountsTermType: 'FROM_INV_DATE' },
  accountingByRow: false,
};

const DEFAULT_CIRCULATION_SETTINGS: CirculationSettingsWire = {
  useForPurchaseInvoices: false,
  useForTravelAndExpenseInvoices: false,
  reminderInterval: 'ONCE_A_DAY',
  forceNotifications: false,
  useDeterminedOrder: false,
  allowPaymentOnlyWhenApproved: false,
  preventPayeeInformationChange: false,
  allowInvoiceSpecificDiscussion: false,
  allowExtendedTaggingInDiscussion: false,
  allocatePurchaseOrdersAndInvoicesInChecking: false,
  maxVerifiers: 5,
  maxAcceptors: 5,
  verifiers: [],
  acceptors: [],
  allowPersonalSubstitution: false,
};

/** Finnish business ID (Y-tunnus) `NNNNNNN-C`: weights 7,9,10,5,8,4,2; remainder 0 → 0, 1 → invalid, else 11 − r. */
export function isFinnishBusinessId(code: string): boolean {
  const match = /^(\d{6,7})-(\d)$/.exec(code);
  if (!match) return false;
  const digits = match[1].padStart(7, '0');
  const sum = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const r = sum % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(match[2]);
}

export class CompanyService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #load(db: Db, companyId: number) {
    const company = await store.getCompany(db, companyId);
    if (!company) throw notFound('Company');
    const settings = await store.getSettings(db, companyId);
    return { company, settings, details: settings ? (parseJson(settings.details) as Json) : ({} as Json) };
  }

  async get(companyId: number, db: Db = this.#ctx.db): Promise<CompanyWire> {
    const { company, details } = await this.#load(db, companyId);
    const brnType = (details.brnType as string | undefined) ?? (company.country === 'FINLAND' ? 'YHD' : undefined);
    const currency = ['EUR', 'SEK', 'DKK', 'NOK'].includes(company.currency) ? (company.currency as CompanyWire['companyCurrency']) : undefined;
    return compact({
      id: Number(company.company_id),
      name: company.name,
      country: company.country,
      operationType: OPERATION_TYPE[company.contract_type],
      accountingOfficeName: details.accountingOfficeName as string | undefined,
      accountingOfficeId: details.accountingOfficeId as number | undefined,
      companyAddress: details.companyAddress as CompanyWire['companyAddress'],
      billingAddress: details.billingAddress as CompanyWire['billingAddress'],
      mva: details.mva as boolean | undefined,
      inTradeRegister: details.inTradeRegister as boolean | undefined,
      businessIdentifier: company.business_id ? (compact({ brnType, code: company.business_id }) as CompanyWire['businessIdentifier']) : undefined,
      companyCurrency: currency,
      currencyRateSearchDensity: (details.currencyRateSearchDensity as CompanyWire['currencyRateSearchDensity']) ?? 'DAILY',
    }) as CompanyWire;
  }

  /** PUT /company: overwrites the editable details. The business identifier of a production company cannot change (403). */
  async replace(companyId: number, body: CompanyWire): Promise<{ message: string }> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const { company, settings } = await this.#load(trx, companyId);
      const current = await this.get(companyId, trx);
      checkReadOnly(body, current, ['id', 'country', 'operationType', 'companyCurrency']);
      const code = body.businessIdentifier?.code ?? null;
      if (code !== company.business_id && company.contract_type === 'PRODUCTION_USAGE') throw apiError('BUSINESS_IDENTIFIER_CHANGE_NOT_ALLOWED', 'businessIdentifier');
      const violations = new Violations();
      const brnType = body.businessIdentifier?.brnType;
      if (code !== null && (brnType === 'YHD' || brnType === 'FI' || (brnType === undefined && company.country === 'FINLAND')) && !isFinnishBusinessId(code)) {
        violations.add('ERROR_BRN_CODE', 'businessIdentifier.code');
      }
      violations.throwIfAny();
      const now = this.#ctx.clock.now();
      const details = compact({
        accountingOfficeName: body.accountingOfficeName,
        accountingOfficeId: body.accountingOfficeId,
        companyAddress: body.companyAddress,
        billingAddress: body.billingAddress,
        mva: body.mva,
        inTradeRegister: body.inTradeRegister,
        brnType,
        currencyRateSearchDensity: body.currencyRateSearchDensity,
      });
      await store.updateCompany(trx, companyId, { name: body.name, business_id: code, version: nextVersion(now, company.version) });
      await store.saveSettings(trx, {
        company_id: companyId,
        details: stringifyJson(details),
        usage_settings: settings?.usage_settings ?? null,
        circulation_settings: settings?.circulation_settings ?? null,
        version: nextVersion(now, settings?.version),
      });
    });
    return { message: 'Company information updated.' };
  }

  async usageSettings(companyId: number): Promise<UsageSettingsWire> {
    const { settings } = await this.#load(this.#ctx.db, companyId);
    return settings?.usage_settings ? (parseJson(settings.usage_settings) as UsageSettingsWire) : structuredClone(DEFAULT_USAGE_SETTINGS);
  }

  async replaceUsageSettings(companyId: number, body: UsageSettingsWire): Promise<UsageSettingsWire> {
    const options = [...(body.cashDiscount.optionList ?? [])].sort((a, b) => (a.numberOfDays ?? 0) - (b.numberOfDays ?? 0));
    const normalized: UsageSettingsWire = { ...body, cashDiscount: { ...body.cashDiscount, optionList: options } };
    await this.#save(companyId, (row) => ({ ...row, usage_settings: stringifyJson(normalized) }));
    return this.usageSettings(companyId);
  }

  async circulationSettings(companyId: number): Promise<CirculationSettingsWire> {
    const { settings } = await this.#load(this.#ctx.db, companyId);
    const stored = settings?.circulation_settings ? (parseJson(settings.circulation_settings) as CirculationSettingsWire) : structuredClone(DEFAULT_CIRCULATION_SETTINGS);
    const users = [...stored.verifiers, ...stored.acceptors].map((v) => v.userId);
    const names = new Map(
      users.length === 0
        ? []
        : (await this.#ctx.db.selectFrom('users').select(['user_id', 'first_name', 'last_name']).where('user_id', 'in', users).execute()).map((u) => [Number(u.user_id), u]),
    );
    const named = (list: CirculationSettingsWire['verifiers']) =>
      list.map((v) => compact({ userId: v.userId, firstname: names.get(v.userId)?.first_name, surname: names.get(v.userId)?.last_name, orderNo: v.orderNo }));
    return { ...stored, verifiers: named(stored.verifiers), acceptors: named(stored.acceptors) };
  }

  async replaceCirculationSettings(companyId: number, body: CirculationSettingsWire): Promise<CirculationSettingsWire> {
    const violations = new Violations();
    const members = await store.memberUserIds(this.#ctx.db, companyId, [...body.verifiers, ...body.acceptors].map((v) => v.userId));
    for (const list of ['verifiers', 'acceptors'] as const) {
      body[list].forEach((v, i) => {
        if (!members.has(v.userId)) violations.add('VALIDATION_FAILED', `${list}[${i}].userId`, { detail: 'not a user of the company' });
      });
    }
    if (body.verifiers.length > body.maxVerifiers) violations.add('VALIDATION_FAILED', 'verifiers', { detail: `at most maxVerifiers (${body.maxVerifiers}) verifiers` });
    if (body.acceptors.length > body.maxAcceptors) violations.add('VALIDATION_FAILED', 'acceptors', { detail: `at most maxAcceptors (${body.maxAcceptors}) acceptors` });
    violations.throwIfAny();
    const strip = (list: CirculationSettingsWire['verifiers']) => list.map((v) => compact({ userId: v.userId, orderNo: v.orderNo }));
    const stored = { ...body, verifiers: strip(body.verifiers), acceptors: strip(body.acceptors) };
    await this.#save(companyId, (row) => ({ ...row, circulation_settings: stringifyJson(stored) }));
    return this.circulationSettings(companyId);
  }

  async #save(companyId: number, change: (row: store.CompanySettingsRow) => store.CompanySettingsRow): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const { settings } = await this.#load(trx, companyId);
      const row = settings ?? { company_id: companyId, details: '{}', usage_settings: null, circulation_settings: null, version: '' };
      await store.saveSettings(trx, { ...change(row), version: nextVersion(this.#ctx.clock.now(), row.version || undefined) });
    });
  }
}

