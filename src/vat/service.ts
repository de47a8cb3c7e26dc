// VAT data of a company: the rates valid on a day (dated data, src/domain/vat.ts), the VAT status codes the
// company uses, and whether its unit prices include VAT.
import type { Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { Decimal } from '../domain/decimal.ts';
import { apiError } from '../platform/errors.ts';
import { isoDate, nextVersion } from '../platform/clock.ts';
import { FINNISH_VAT_STATUSES, isRateValidOn, ratesOn, vatCountry, type CountryVat } from '../domain/vat.ts';
import type { Static } from '../platform/schema.ts';
import type { VatDefaultsWire, VatSettings } from './schemas.ts';
import * as store from './store.ts';

/** Company setup: a company without VAT settings gets the defaults and the Finnish VAT status codes. */
export async function setUpVat(db: Db, companyId: number, ctx: AppContext): Promise<void> {
  if (await store.getSettings(db, companyId)) return;
  await store.insertDefaults(
    db,
    {
      company_id: companyId,
      unit_prices_include_vat_sales: false,
      unit_prices_include_vat_purchase: false,
      version: nextVersion(ctx.clock.now()),
    },
    FINNISH_VAT_STATUSES.map((s) => ({
      company_id: companyId,
      vat_status: s.vatStatus,
      description: s.description,
      sales: s.sales,
      purchase: s.purchase,
      active: true,
    })),
  );
}

export class VatService {
  readonly #ctx: AppContext;
  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  #today(): string {
    return isoDate(this.#ctx.clock.now());
  }

  /** The VAT country of a company (its own country), when we hold VAT data for it. */
  async companyCountry(db: Db, companyId: number): Promise<CountryVat | undefined> {
    const company = await this.#ctx.companies.company(db, companyId);
    return vatCountry(company?.country ?? 'FINLAND');
  }

  async defaults(companyId: number, date = this.#today()): Promise<VatDefaultsWire> {
    const country = await this.companyCountry(this.#ctx.db, companyId);
    const statuses = await store.listStatuses(this.#ctx.db, companyId);
    return {
      vatInformation: country
        ? [
            {
              country: country.name,
              percentages: ratesOn(country, date).map((r) => ({
                vatPercent: new Decimal(r.percent),
                sales: r.sales,
                purchase: r.purchase,
              })),
            },
          ]
        : [],
      vatStatuses: statuses.map((s) => ({
        vatStatus: s.vat_status,
        description: s.description,
        sales: Boolean(s.sales),
        purchase: Boolean(s.purchase),
      })),
    };
  }

  async settings(companyId: number): Promise<Static<typeof VatSettings>> {
    const row = await store.getSettings(this.#ctx.db, companyId);
    const sales = Boolean(row?.unit_prices_include_vat_sales);
    const purchase = Boolean(row?.unit_prices_include_vat_purchase);
    return {
      unitPricesIncludeVatSales: sales,
      unitPricesIncludeVatPurchase: purchase,
      isUnitPricesIncludeVatSales: sales,
      isUnitPricesIncludeVatPurchase: purchase,
    };
  }

  country(countryCode: string, date = this.#today()): { vatPercentages: Decimal[] } {
    const country = vatCountry(countryCode);
    if (!country) throw apiError('UNKNOWN_VAT_COUNTRY', 'countryCode', { countryCode });
    return { vatPercentages: ratesOn(country, date).map((r) => new Decimal(r.percent)) };
  }

  /** Checks a VAT status is in use by the company for the given side (sales or purchase). */
  async statusInUse(db: Db, companyId: number, vatStatus: number, vatType: 'SALES' | 'PURCHASE'): Promise<boolean> {
    const statuses = await store.listStatuses(db, companyId);
    return statuses.some((s) => s.vat_status === vatStatus && Boolean(vatType === 'SALES' ? s.sales : s.purchase));
  }

  /** The VAT status codes the company uses. */
  async statuses(db: Db, companyId: number): Promise<store.CompanyVatStatusRow[]> {
    return store.listStatuses(db, companyId);
  }

  isRateValid(country: CountryVat, date: string, percent: Decimal): boolean {
    return isRateValidOn(country, date, percent);
  }
}
