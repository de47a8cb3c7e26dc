// Rules of the company resource and its settings.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { checkReadOnly, compact } from '../platform/resource.ts';
import { nextVersion } from '../platform/clock.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import type { CirculationSettingsWire, CompanyWire, UsageSettingsWire } from './schemas.ts';
import * as store from './store.ts';
import { CompanyDocuments } from './documents.ts';
import { translationLanguages, CHART_LANGUAGE } from '../accounts/index.ts';
import { isFinnishBusinessId } from '../domain/business-id.ts';

type Json = Record<string, unknown>;

const OPERATION_TYPE: Record<string, CompanyWire['operationType']> = {
  PRODUCTION_USAGE: 'PRODUCTION',
  TESTING: 'TRIAL',
  DEMO: 'DEMONSTRATION',
};

const NO_ACCOUNTING_BY_ROW = {
  salesInvoicePosting: false,
  purchaseInvoicePosting: false,
  travelAndExpenseInvoicePosting: false,
  salaryPosting: false,
};

const DEFAULT_USAGE_SETTINGS: UsageSettingsWire = {
  defaultInvoiceChannel: 'EMAIL',
  cashDiscount: {
    cashDiscountForSales: false,
    cashDiscountForPurchase: false,
    optionList: [],
    cashDiscountsTermType: 'FROM_INV_DATE',
  },
  accountingByRow: NO_ACCOUNTING_BY_ROW,
};

/** Densities stored before the real vocabulary was adopted, by the real value that means the same. */
const FORMER_DENSITIES: Record<string, CompanyWire['currencyRateSearchDensity']> = {
  DAILY: 'DAILY_EXCHANGE_RATE',
  WEEKLY: 'DAILY_EXCHANGE_RATE',
  MONTHLY: 'LAST_DAY_OF_THE_MONTH',
};

/**
 * Usage settings as stored, in the current shape: settings saved before `accountingByRow` became per document
 * kind (one boolean for all) and before the cash discount flags read with the flags filled in.
 */
function usageSettingsOf(stored: Json): UsageSettingsWire {
  const byRow = stored.accountingByRow;
  const accountingByRow =
    typeof byRow === 'boolean'
      ? {
          salesInvoicePosting: byRow,
          purchaseInvoicePosting: byRow,
          travelAndExpenseInvoicePosting: byRow,
          salaryPosting: byRow,
        }
      : { ...NO_ACCOUNTING_BY_ROW, ...(byRow as object) };
  const cashDiscount = { ...DEFAULT_USAGE_SETTINGS.cashDiscount, ...(stored.cashDiscount as object) };
  return { ...(stored as unknown as UsageSettingsWire), cashDiscount, accountingByRow };
}

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

export { isFinnishBusinessId };

export class CompanyService {
  readonly #ctx: AppContext;
  /** Delivery terms, e-invoice addresses, collection settings, invoice templates and verifier lists. */
  readonly documents: CompanyDocuments;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.documents = new CompanyDocuments(ctx);
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
    const currency = ['EUR', 'SEK', 'DKK', 'NOK'].includes(company.currency)
      ? (company.currency as CompanyWire['companyCurrency'])
      : undefined;
    const density = details.currencyRateSearchDensity as string | undefined;
    return compact({
      id: Number(company.company_id),
      name: company.name,
      country: company.country,
      productVersion: details.productVersion as CompanyWire['productVersion'],
      operationType: OPERATION_TYPE[company.contract_type],
      accountingOfficeName: details.accountingOfficeName as string | undefined,
      accountingOfficeId: details.accountingOfficeId as number | undefined,
      companyAddress: details.companyAddress as CompanyWire['companyAddress'],
      billingAddress: details.billingAddress as CompanyWire['billingAddress'],
      mva: details.mva as boolean | undefined,
      inTradeRegister: details.inTradeRegister as boolean | undefined,
      businessIdentifier: company.business_id
        ? (compact({ brnType, code: company.business_id }) as CompanyWire['businessIdentifier'])
        : undefined,
      accountingCoaLanguages: [
        CHART_LANGUAGE,
        ...(await translationLanguages(db, companyId)).filter((l) => l !== CHART_LANGUAGE),
      ],
      companyCurrency: currency,
      currencyRateSearchDensity: density
        ? (FORMER_DENSITIES[density] ?? (density as CompanyWire['currencyRateSearchDensity']))
        : 'DAILY_EXCHANGE_RATE',
    }) as CompanyWire;
  }

  /** PUT /company: overwrites the editable details. The business identifier of a production company cannot change (403). */
  async replace(companyId: number, body: CompanyWire): Promise<{ message: string }> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const { company, settings, details: stored } = await this.#load(trx, companyId);
      const current = await this.get(companyId, trx);
      checkReadOnly(body, current, [
        'id',
        'country',
        'productVersion',
        'operationType',
        'accountingCoaLanguages',
        'companyCurrency',
      ]);
      const code = body.businessIdentifier?.code ?? null;
      if (code !== company.business_id && company.contract_type === 'PRODUCTION_USAGE')
        throw apiError('BUSINESS_IDENTIFIER_CHANGE_NOT_ALLOWED', 'businessIdentifier');
      const violations = new Violations();
      const brnType = body.businessIdentifier?.brnType;
      if (
        code !== null &&
        (brnType === 'YHD' || brnType === 'FI' || (brnType === undefined && company.country === 'FINLAND')) &&
        !isFinnishBusinessId(code)
      ) {
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
        productVersion: stored.productVersion,
      });
      await store.updateCompany(trx, companyId, {
        name: body.name,
        business_id: code,
        version: nextVersion(now, company.version),
      });
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
    return settings?.usage_settings
      ? usageSettingsOf(parseJson(settings.usage_settings) as Json)
      : structuredClone(DEFAULT_USAGE_SETTINGS);
  }

  async replaceUsageSettings(companyId: number, body: UsageSettingsWire): Promise<UsageSettingsWire> {
    const options = [...(body.cashDiscount.optionList ?? [])].sort(
      (a, b) => (a.numberOfDays ?? 0) - (b.numberOfDays ?? 0),
    );
    const normalized: UsageSettingsWire = usageSettingsOf({
      ...body,
      cashDiscount: { ...body.cashDiscount, optionList: options },
    });
    await this.#save(companyId, (row) => ({ ...row, usage_settings: stringifyJson(normalized) }));
    return this.usageSettings(companyId);
  }

  async circulationSettings(companyId: number): Promise<CirculationSettingsWire> {
    const { settings } = await this.#load(this.#ctx.db, companyId);
    const stored = settings?.circulation_settings
      ? { ...DEFAULT_CIRCULATION_SETTINGS, ...(parseJson(settings.circulation_settings) as CirculationSettingsWire) }
      : structuredClone(DEFAULT_CIRCULATION_SETTINGS);
    const users = [...stored.verifiers, ...stored.acceptors].map((v) => v.userId);
    const names = new Map(
      users.length === 0
        ? []
        : (
            await this.#ctx.db
              .selectFrom('users')
              .select(['user_id', 'first_name', 'last_name'])
              .where('user_id', 'in', users)
              .execute()
          ).map((u) => [Number(u.user_id), u]),
    );
    const named = (list: CirculationSettingsWire['verifiers']) =>
      list.map((v) =>
        compact({
          userId: v.userId,
          firstname: names.get(v.userId)?.first_name,
          surname: names.get(v.userId)?.last_name,
          orderNo: v.orderNo,
        }),
      );
    return { ...stored, verifiers: named(stored.verifiers), acceptors: named(stored.acceptors) };
  }

  async replaceCirculationSettings(companyId: number, body: CirculationSettingsWire): Promise<CirculationSettingsWire> {
    const violations = new Violations();
    const members = await store.memberUserIds(
      this.#ctx.db,
      companyId,
      [...body.verifiers, ...body.acceptors].map((v) => v.userId),
    );
    for (const list of ['verifiers', 'acceptors'] as const) {
      body[list].forEach((v, i) => {
        if (!members.has(v.userId))
          violations.add('VALIDATION_FAILED', `${list}[${i}].userId`, { detail: 'not a user of the company' });
      });
    }
    const users = ['userId', 'substituteForVerifying', 'substituteForApproving'] as const;
    const substitutions = body.substitutions ?? [];
    const substituteIds = substitutions.flatMap((s) =>
      users.map((key) => s[key]).filter((id): id is number => id !== undefined),
    );
    const substituteMembers = await store.memberUserIds(this.#ctx.db, companyId, substituteIds);
    substitutions.forEach((s, i) => {
      for (const key of users) {
        if (s[key] !== undefined && !substituteMembers.has(s[key]))
          violations.add('VALIDATION_FAILED', `substitutions[${i}].${key}`, { detail: 'not a user of the company' });
      }
      if (s.start && s.end && s.start > s.end) violations.add('START_DATE_AFTER_END_DATE', `substitutions[${i}].start`);
    });
    if (body.verifiers.length > body.maxVerifiers)
      violations.add('VALIDATION_FAILED', 'verifiers', {
        detail: `at most maxVerifiers (${body.maxVerifiers}) verifiers`,
      });
    if (body.acceptors.length > body.maxAcceptors)
      violations.add('VALIDATION_FAILED', 'acceptors', {
        detail: `at most maxAcceptors (${body.maxAcceptors}) acceptors`,
      });
    violations.throwIfAny();
    const strip = (list: CirculationSettingsWire['verifiers']) =>
      list.map((v) => compact({ userId: v.userId, orderNo: v.orderNo }));
    const stored = { ...body, verifiers: strip(body.verifiers), acceptors: strip(body.acceptors) };
    await this.#save(companyId, (row) => ({ ...row, circulation_settings: stringifyJson(stored) }));
    return this.circulationSettings(companyId);
  }

  async #save(companyId: number, change: (row: store.CompanySettingsRow) => store.CompanySettingsRow): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const { settings } = await this.#load(trx, companyId);
      const row = settings ?? {
        company_id: companyId,
        details: '{}',
        usage_settings: null,
        circulation_settings: null,
        version: '',
      };
      await store.saveSettings(trx, {
        ...change(row),
        version: nextVersion(this.#ctx.clock.now(), row.version || undefined),
      });
    });
  }
}
