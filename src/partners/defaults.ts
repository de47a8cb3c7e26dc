// Defaults of a business partner or person: dimensions (kept by the dimensions area), products and accounts.
import type { AppContext } from '../platform/context.ts';
import { allocateId, type Db } from '../db/index.ts';
import { notFound, Violations } from '../platform/errors.ts';
import { compact } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { nextVersion } from '../platform/clock.ts';
import { stringifyJson } from '../platform/json.ts';
import type { Rights } from '../platform/rights.ts';
import { getProducts, productToWire, type ProductWire } from '../products/index.ts';
import { type DefaultDimensionWire, type DefaultOwner, type DimensionService } from '../dimensions/index.ts';
import { accountNames, checkAccountRefs, type AccountRef } from '../accounts/index.ts';
import type { DefaultAccountsWire, DefaultProductInputWire } from './schemas.ts';
import { requireAccess, requireLeaf } from './rights.ts';
import { readJson, type Json } from './mapping.ts';
import type { BusinessPartners } from './business-partners.ts';
import * as store from './store.ts';
import type { PartnerType } from './store.ts';

export interface DefaultProductWire {
  id: number;
  productInfo: ProductWire;
  defaultSettings?: Json;
  validityPeriods?: Json[];
}

/** Default dimensions, products and accounts of business partners and persons. */
export class PartnerDefaults {
  readonly #ctx: AppContext;
  readonly #dimensions: DimensionService;
  readonly #partners: BusinessPartners;
  constructor(ctx: AppContext, dimensions: DimensionService, partners: BusinessPartners) {
    this.#ctx = ctx;
    this.#dimensions = dimensions;
    this.#partners = partners;
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  #now(): Date {
    return this.#ctx.clock.now();
  }

  partnerOwner(companyId: number, id: number, rights: Rights, level: 'view' | 'edit'): DefaultOwner {
    return {
      type: 'PARTNER',
      id,
      resource: 'Business partner',
      exists: async (db) => {
        const row = await store.getPartner(db, companyId, id);
        if (!row) return false;
        requireAccess(rights, row.type as PartnerType, level);
        return true;
      },
      // the payroll extension point: salary-base dimensions of an employee linked to this partner
      afterWrite: (trx, dimensionId, items) =>
        this.#dimensions.partnerDefaultsChanged.notify(trx, { companyId, partnerId: id, dimensionId, items }),
    };
  }

  personOwner(companyId: number, id: number): DefaultOwner {
    return {
      type: 'PERSON',
      id,
      resource: 'Person',
      exists: async (db) => (await store.getPartner(db, companyId, id))?.type === 'PERSON',
    };
  }

  listPartnerDefaultDimensions(companyId: number, rights: Rights, id: number): Promise<DefaultDimensionWire[]> {
    return this.#dimensions.listDefaults(companyId, this.partnerOwner(companyId, id, rights, 'view'));
  }

  getPartnerDefaultDimension(
    companyId: number,
    rights: Rights,
    id: number,
    dimensionId: number,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.getDefault(companyId, this.partnerOwner(companyId, id, rights, 'view'), dimensionId);
  }

  putPartnerDefaultDimension(
    companyId: number,
    rights: Rights,
    id: number,
    dimensionId: number,
    body: DefaultDimensionWire,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.putDefault(companyId, this.partnerOwner(companyId, id, rights, 'edit'), dimensionId, body);
  }

  async getDefaultAccounts(companyId: number, rights: Rights, id: number): Promise<DefaultAccountsWire> {
    requireLeaf(rights, 'purchases.supplierRegister', 'view');
    const row = await this.#partners.load(this.#db, companyId, id, rights, 'view');
    if (row.type === 'PERSON') throw notFound('Business partner');
    return this.#namedAccounts(this.#db, companyId, readJson<DefaultAccountsWire>(row.default_accounts) ?? {});
  }

  /** PUT: replaces the default accounts; every account code must be an active account of the chart (all failures together). */
  async putDefaultAccounts(
    companyId: number,
    rights: Rights,
    id: number,
    body: DefaultAccountsWire,
  ): Promise<DefaultAccountsWire> {
    requireLeaf(rights, 'purchases.supplierRegister', 'edit');
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#partners.load(trx, companyId, id, rights, 'edit');
      if (row.type === 'PERSON') throw notFound('Business partner');
      const violations = new Violations();
      await checkAccountRefs(trx, companyId, defaultAccountRefs(body), violations);
      violations.throwIfAny();
      const updated = { ...row, default_accounts: stringifyJson(body), version: nextVersion(this.#now(), row.version) };
      await staleUnlessWritten(store.updatePartner(trx, updated, row.version));
      return this.#namedAccounts(trx, companyId, readJson<DefaultAccountsWire>(updated.default_accounts)!);
    });
  }

  /** Default accounts as answered: each account carries the name it has in the chart (the name sent is not kept). */
  async #namedAccounts(db: Db, companyId: number, accounts: DefaultAccountsWire): Promise<DefaultAccountsWire> {
    const refs = defaultAccountRefs(accounts);
    const names = await accountNames(
      db,
      companyId,
      refs.map((r) => r.number ?? ''),
    );
    for (const group of DEFAULT_ACCOUNT_GROUPS) {
      for (const kind of DEFAULT_ACCOUNT_KINDS) {
        const account = accounts[group]?.[kind];
        const name = account?.code === undefined ? undefined : names.get(account.code);
        if (account && name !== undefined) account.name = name;
      }
    }
    return accounts;
  }

  async #defaultProducts(db: Db, companyId: number, partnerId: number): Promise<DefaultProductWire[]> {
    const rows = await store.defaultProducts(db, companyId, partnerId);
    if (rows.length === 0) return [];
    const products = new Map(
      (
        await getProducts(
          db,
          companyId,
          rows.map((r) => Number(r.product_id)),
        )
      ).map((p) => [Number(p.id), p]),
    );
    return rows.flatMap((r) => {
      const product = products.get(Number(r.product_id));
      if (!product) return []; // the product was deleted since
      return [
        compact({
          id: Number(r.id),
          productInfo: productToWire(product),
          defaultSettings: readJson<Json>(r.settings),
          validityPeriods: readJson<Json[]>(r.validity_periods),
        } satisfies Record<keyof DefaultProductWire, unknown>),
      ];
    });
  }

  async getDefaultProducts(companyId: number, rights: Rights, id: number): Promise<DefaultProductWire[]> {
    await this.#partners.load(this.#db, companyId, id, rights, 'view');
    return this.#defaultProducts(this.#db, companyId, id);
  }

  async putDefaultProducts(
    companyId: number,
    rights: Rights,
    id: number,
    body: DefaultProductInputWire[],
  ): Promise<DefaultProductWire[]> {
    return this.#db.transaction().execute(async (trx) => {
      await this.#partners.load(trx, companyId, id, rights, 'edit');
      const known = new Set(
        body.length === 0
          ? []
          : (
              await getProducts(
                trx,
                companyId,
                body.map((b) => b.productId),
              )
            ).map((p) => Number(p.id)),
      );
      const violations = new Violations();
      body.forEach((item, i) => {
        if (!known.has(item.productId)) violations.add('PRODUCT_NOT_FOUND', `[${i}].productId`);
        for (const [j, period] of (item.validityPeriods ?? []).entries()) {
          if (period.startDate && period.endDate && period.startDate > period.endDate)
            violations.add('START_DATE_AFTER_END_DATE', `[${i}].validityPeriods[${j}].endDate`);
        }
      });
      violations.throwIfAny();
      const rows: store.DefaultProductRow[] = [];
      for (const [position, item] of body.entries()) {
        rows.push({
          company_id: companyId,
          id: await allocateId(trx, companyId, 'partner_default_products'),
          partner_id: id,
          product_id: item.productId,
          position,
          settings: item.defaultSettings ? stringifyJson(item.defaultSettings) : null,
          validity_periods: item.validityPeriods ? stringifyJson(item.validityPeriods) : null,
        } satisfies Record<keyof store.DefaultProductRow, unknown>);
      }
      await store.replaceDefaultProducts(trx, companyId, id, rows);
      return this.#defaultProducts(trx, companyId, id);
    });
  }

  async getPersonDefaultProducts(companyId: number, id: number): Promise<DefaultProductWire[]> {
    const row = await store.getPartner(this.#db, companyId, id);
    if (row?.type !== 'PERSON') throw notFound('Person');
    return this.#defaultProducts(this.#db, companyId, id);
  }

  listPersonDefaultDimensions(companyId: number, id: number): Promise<DefaultDimensionWire[]> {
    return this.#dimensions.listDefaults(companyId, this.personOwner(companyId, id));
  }

  getPersonDefaultDimension(companyId: number, id: number, dimensionId: number): Promise<DefaultDimensionWire> {
    return this.#dimensions.getDefault(companyId, this.personOwner(companyId, id), dimensionId);
  }

  putPersonDefaultDimension(
    companyId: number,
    id: number,
    dimensionId: number,
    body: DefaultDimensionWire,
  ): Promise<DefaultDimensionWire> {
    return this.#dimensions.putDefault(companyId, this.personOwner(companyId, id), dimensionId, body);
  }
}

const DEFAULT_ACCOUNT_GROUPS = [
  'salesInvoiceAccounts',
  'purchaseInvoiceAccounts',
  'travelInvoiceAccounts',
  'expenseClaimAccounts',
  'journalAccounts',
] as const;
const DEFAULT_ACCOUNT_KINDS = ['debitAccount', 'creditAccount', 'reconciliationAccount'] as const;

/** The ledger account codes of a partner's default accounts, each with its request field. */
function defaultAccountRefs(accounts: DefaultAccountsWire): AccountRef[] {
  return DEFAULT_ACCOUNT_GROUPS.flatMap((group) =>
    DEFAULT_ACCOUNT_KINDS.map((kind) => ({ field: `${group}.${kind}.code`, number: accounts[group]?.[kind]?.code })),
  );
}
