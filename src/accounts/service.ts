// Rules of the chart of accounts: every new company gets the standard Finnish chart of its form (limited company
// or sole trader); a company adds accounts of its own, renames and translates accounts, activates and deactivates
// them (an inactive account cannot be posted to, its history stays).
import { insertOrUpdateTransaction, type Db } from '../db/index.ts';
import { allowedAccountTypes } from '../domain/financial-statements.ts';
import type { AppContext } from '../platform/context.ts';
import { Decimal } from '../domain/decimal.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { checkVersion, staleUnlessWritten } from '../platform/lock.ts';
import { isoDate, nextVersion } from '../platform/clock.ts';
import { ratesOn, standardRateOn, vatCountry } from '../domain/vat.ts';
import { CHART_LANGUAGE, CHARTS, TRANSLATION_LANGUAGE, type BusinessForm } from './chart.ts';
import type { LedgerAccountPatchWire, LedgerAccountWire } from './schemas.ts';
import * as store from './store.ts';
import { recordAuditEvent } from '../audit/index.ts';

/** Every field of the wire type is named, so a field added to the schema fails to compile until it is mapped. */
function accountToWire(row: store.AccountRow): LedgerAccountWire {
  return {
    ledgerAccountCode: row.number,
    name: row.name,
    active: Boolean(row.active),
    type: row.type as store.AccountType,
    vatPercent: row.vat_percent !== null ? new Decimal(row.vat_percent) : undefined,
    vatStatus: row.vat_status ?? undefined,
    translations: row.translations ? (JSON.parse(row.translations) as LedgerAccountWire['translations']) : undefined,
    version: row.version,
  } satisfies Record<keyof LedgerAccountWire, unknown>;
}

/** An account a company adds to its chart. */
export interface NewAccount {
  number: string;
  name: string;
  type: store.AccountType;
  /** Names in other languages, by ISO 639-1 code. */
  translations?: Record<string, string>;
  vatPercent?: string;
  vatStatus?: number;
}

const translationsJson = (names: Record<string, string> | undefined): string | null => {
  const list = Object.entries(names ?? {}).map(([languageCode, translation]) => ({ languageCode, translation }));
  return list.length > 0 ? JSON.stringify(list) : null;
};

/**
 * Company setup: seeds the standard chart of the company's form (a limited company's unless told) for a company
 * without accounts; VAT defaults take the rates valid on the day it runs (the creation day of a new company).
 */
export async function seedChart(
  db: Db,
  companyId: number,
  ctx: AppContext,
  form: BusinessForm = 'LIMITED_COMPANY',
): Promise<void> {
  if (await store.hasAccounts(db, companyId)) return;
  const now = ctx.clock.now();
  const today = isoDate(now);
  const company = await ctx.companies.company(db, companyId);
  const country = vatCountry(company?.country ?? 'FINLAND');
  const general = country ? standardRateOn(country, today) : undefined;
  const hasZero = country ? ratesOn(country, today).some((r) => new Decimal(r.percent).isZero()) : false;
  const version = nextVersion(now);
  await store.insertAccounts(
    db,
    CHARTS[form].map((a) => {
      const percent = a.vat === 'GENERAL' ? general : a.vat === 'ZERO' && hasZero ? new Decimal(0) : undefined;
      return {
        company_id: companyId,
        number: a.number,
        name: a.name,
        type: a.type,
        active: true,
        vat_percent: percent ? percent.toFixed() : null,
        vat_status: percent && a.vatStatus !== undefined ? a.vatStatus : null,
        translations: translationsJson({ [TRANSLATION_LANGUAGE]: a.nameSv }),
        version,
      };
    }),
  );
}

/** An account's type must be one its number's range allows in the decree's statements (financial-statements.ts). */
function checkTypeInRange(number: string, type: store.AccountType): void {
  const allowed = allowedAccountTypes(number);
  if (allowed && !allowed.includes(type))
    throw apiError('ACCOUNT_TYPE_NOT_IN_RANGE', 'type', { number, type, allowed: allowed.join(' or ') });
}

export class AccountService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async list(companyId: number, filter: { active?: boolean } = {}): Promise<{ ledgerAccounts: LedgerAccountWire[] }> {
    const rows = await store.listAccounts(this.#ctx.db, companyId, filter);
    return { ledgerAccounts: rows.map(accountToWire) };
  }

  async get(companyId: number, code: string): Promise<LedgerAccountWire> {
    const row = await store.getAccount(this.#ctx.db, companyId, code);
    if (!row) throw notFound('Ledger account');
    return accountToWire(row);
  }

  /**
   * Adds an account of the company's own. The number is 1 to 10 letters or digits, not in use yet; the VAT
   * default, when given, is a percent and a status together.
   */
  async add(companyId: number, input: NewAccount, actor: number | null = null): Promise<LedgerAccountWire> {
    if (!/^[0-9A-Za-z]{1,10}$/.test(input.number))
      throw apiError('VALIDATION_FAILED', 'ledgerAccountCode', { detail: '1 to 10 letters or digits' });
    if (input.name.trim() === '' || input.name.length > 255)
      throw apiError('VALIDATION_FAILED', 'name', { detail: 'name: 1 to 255 characters' });
    if ((input.vatPercent === undefined) !== (input.vatStatus === undefined))
      throw apiError('VALIDATION_FAILED', 'vatPercent', { detail: 'a VAT default is a percent and a status' });
    if (input.vatPercent !== undefined && !/^\d{1,3}(\.\d{1,2})?$/.test(input.vatPercent))
      throw apiError('VALIDATION_FAILED', 'vatPercent', { detail: 'a percent such as 25.5' });
    checkTypeInRange(input.number, input.type);
    return insertOrUpdateTransaction(this.#ctx.db, async (trx) => {
      if (await store.getAccount(trx, companyId, input.number))
        throw apiError('LEDGER_ACCOUNT_EXISTS', 'ledgerAccountCode', { number: input.number });
      const row: store.AccountRow = {
        company_id: companyId,
        number: input.number,
        name: input.name.trim(),
        type: input.type,
        active: true,
        vat_percent: input.vatPercent !== undefined ? new Decimal(input.vatPercent).toFixed() : null,
        vat_status: input.vatStatus ?? null,
        translations: translationsJson(input.translations),
        version: nextVersion(this.#ctx.clock.now()),
      };
      await store.insertAccounts(trx, [row]);
      return this.#recorded(trx, companyId, 'CREATE', actor, null, row);
    });
  }

  /** Renames an account, or names it in another language (`language`, e.g. `sv`), keeping its other names. */
  async rename(companyId: number, code: string, name: string, language?: string): Promise<LedgerAccountWire> {
    if (language === undefined || language === CHART_LANGUAGE) return this.update(companyId, code, { name });
    const row = await store.getAccount(this.#ctx.db, companyId, code);
    if (!row) throw notFound('Ledger account');
    const current = row.translations
      ? (JSON.parse(row.translations) as { languageCode: string; translation: string }[])
      : [];
    const translations = [
      ...current.filter((t) => t.languageCode !== language),
      { languageCode: language, translation: name },
    ];
    return this.update(companyId, code, { translations, version: row.version });
  }

  /**
   * Changes an account's type, within the types its number's range allows. The reports read the type to decide
   * whether an account carries its balance across fiscal years, so a retyped account's balances follow its new
   * type from then on, for every year.
   */
  async retype(companyId: number, code: string, type: store.AccountType): Promise<LedgerAccountWire> {
    checkTypeInRange(code, type);
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getAccount(trx, companyId, code);
      if (!row) throw notFound('Ledger account');
      const next: store.AccountRow = { ...row, type, version: nextVersion(this.#ctx.clock.now(), row.version) };
      await staleUnlessWritten(store.updateAccount(trx, next, row.version));
      return this.#recorded(trx, companyId, 'UPDATE', null, row, next);
    });
  }

  /** Activates/deactivates or renames an account. */
  async update(
    companyId: number,
    code: string,
    patch: LedgerAccountPatchWire,
    actor: number | null = null,
  ): Promise<LedgerAccountWire> {
    return this.#ctx.db.transaction().execute(async (trx) => {
      const row = await store.getAccount(trx, companyId, code);
      if (!row) throw notFound('Ledger account');
      checkVersion(patch.version, row.version);
      const languages = (patch.translations ?? []).map((t) => t.languageCode);
      const repeated = languages.findIndex((code, i) => languages.indexOf(code) !== i);
      if (repeated >= 0)
        throw apiError('VALIDATION_FAILED', `translations[${repeated}].languageCode`, {
          detail: 'one translation per language',
        });
      const next: store.AccountRow = {
        ...row,
        active: patch.active ?? Boolean(row.active),
        name: patch.name ?? row.name,
        translations:
          patch.translations === undefined
            ? (row.translations ?? null)
            : patch.translations.length > 0
              ? JSON.stringify(patch.translations)
              : null,
        version: nextVersion(this.#ctx.clock.now(), row.version),
      };
      await staleUnlessWritten(store.updateAccount(trx, next, row.version));
      return this.#recorded(trx, companyId, 'UPDATE', actor, row, next);
    });
  }

  /** A change of the chart, recorded in the audit trail of the books; answers the account as it is now. */
  async #recorded(
    trx: Db,
    companyId: number,
    action: 'CREATE' | 'UPDATE',
    actor: number | null,
    before: store.AccountRow | null,
    after: store.AccountRow,
  ): Promise<LedgerAccountWire> {
    const wire = accountToWire(after);
    await recordAuditEvent(trx, companyId, {
      subject: 'LEDGER_ACCOUNT',
      subjectId: after.number,
      action,
      userId: actor,
      at: this.#ctx.clock.now(),
      before: before && accountToWire(before),
      after: wire,
    });
    return wire;
  }
}
