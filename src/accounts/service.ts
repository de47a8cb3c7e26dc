// Rules of the chart of accounts: every new company gets the standard Finnish chart; accounts are activated
// and deactivated (an inactive account cannot be posted to, its history stays).
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { Decimal } from '../domain/decimal.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { checkVersion, lockedWrite } from '../platform/lock.ts';
import { isoDate, nextVersion } from '../platform/clock.ts';
import { findCompany } from '../auth/index.ts';
import { ratesOn, standardRateOn, vatCountry } from '../domain/vat.ts';
import { FINNISH_CHART } from './chart.ts';
import type { LedgerAccountPatchWire, LedgerAccountWire } from './schemas.ts';
import * as store from './store.ts';

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

/**
 * Company setup: seeds the standard chart for a company without accounts; VAT defaults take the rates valid on
 * the day it runs (the creation day of a new company).
 */
export async function seedChart(db: Db, companyId: number, ctx: AppContext): Promise<void> {
  if (await store.hasAccounts(db, companyId)) return;
  const now = ctx.clock.now();
  const today = isoDate(now);
  const company = await findCompany(db, companyId);
  const country = vatCountry(company?.country ?? 'FINLAND');
  const general = country ? standardRateOn(country, today) : undefined;
  const hasZero = country ? ratesOn(country, today).some((r) => new Decimal(r.percent).isZero()) : false;
  const version = nextVersion(now);
  await store.insertAccounts(
    db,
    FINNISH_CHART.map((a) => {
      const percent = a.vat === 'GENERAL' ? general : a.vat === 'ZERO' && hasZero ? new Decimal(0) : undefined;
      return {
        company_id: companyId,
        number: a.number,
        name: a.name,
        type: a.type,
        active: true,
        vat_percent: percent ? percent.toFixed() : null,
        vat_status: percent && a.vatStatus !== undefined ? a.vatStatus : null,
        version,
      };
    }),
  );
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

  /** Activates/deactivates or renames an account. */
  async update(companyId: number, code: string, patch: LedgerAccountPatchWire): Promise<LedgerAccountWire> {
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
      await lockedWrite(store.updateAccount(trx, next, row.version));
      return accountToWire(next);
    });
  }
}
