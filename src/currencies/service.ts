// Currencies and exchange rates: the currencies Tase knows, the company's own, and conversions from the stored
// euro reference rates (imported from ECB files or fetched from TASE_RATES_URL).
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../db/index.ts';
import type { CompanyService } from '../company/index.ts';
import { apiError } from '../platform/errors.ts';
import { isoDate } from '../platform/clock.ts';
import { CURRENCIES } from '../domain/codes.ts';
import { parseEcbRates, type EuroRatesDay } from './ecb.ts';
import { crossRate, RATE_TYPES, searchWindow, type RateType } from './rates.ts';
import type { CurrencyExchangeRateWire, CurrencyGroupRatesWire } from './schemas.ts';
import * as store from './store.ts';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const EURO = 'EUR';
/** Days of rates written per statement batch of an import (a day is about 30 rates). */
const IMPORT_CHUNK_DAYS = 50;

export interface RatesImport {
  days: number;
  rates: number;
  firstDay: string;
  lastDay: string;
}

interface ExchangeRateQuery {
  baseCurrency: string;
  currency: string;
  day: string;
  rateType: RateType;
}

export class CurrencyService {
  readonly #ctx: AppContext;
  readonly #company: CompanyService;

  constructor(ctx: AppContext, company: CompanyService) {
    this.#ctx = ctx;
    this.#company = company;
  }

  currencies(): { currencies: string[] } {
    return { currencies: [...CURRENCIES].sort() };
  }

  async companyCurrency(companyId: number): Promise<{ companyCurrency?: 'DKK' | 'EUR' | 'NOK' | 'SEK' }> {
    const { companyCurrency } = await this.#company.get(companyId);
    return companyCurrency ? { companyCurrency } : {};
  }

  /**
   * GET /currencies/exchangerate: units of `currency` per one `baseCurrency` on `day`, from the latest day with a
   * rate of both within the company's currencyRateSearchDensity (404 when there is none). Every rate type reads
   * the reference rates. `db` is the caller's transaction when it reads inside one.
   */
  async exchangeRate(
    companyId: number,
    query: ExchangeRateQuery,
    db: Db = this.#ctx.db,
  ): Promise<CurrencyExchangeRateWire> {
    const { baseCurrency, currency, day } = query;
    const { currencyRateSearchDensity } = await this.#company.get(companyId, db);
    const { latest, earliest } = searchWindow(day, currencyRateSearchDensity ?? 'DAILY_EXCHANGE_RATE');
    if (baseCurrency === currency)
      return {
        queryDay: day,
        currency: query.currency as CurrencyExchangeRateWire['currency'],
        day,
        rate: crossRate('1', '1'),
      };
    const foreign = [baseCurrency, currency].filter((c) => c !== EURO);
    const found = await store.ratesOnLatestDay(db, foreign, latest, earliest);
    if (!found)
      throw apiError('CURRENCY_RATE_NOT_FOUND', undefined, {
        currency,
        baseCurrency,
        day,
        from: earliest ?? 'the first day',
        to: latest,
      });
    const euroRate = (code: string) => (code === EURO ? '1' : found.rates.get(code)!);
    return {
      queryDay: day,
      currency: currency as CurrencyExchangeRateWire['currency'],
      day: found.day,
      rate: crossRate(euroRate(baseCurrency), euroRate(currency)),
    };
  }

  /** GET /currencies/latest: every rate against the company's currency on the latest day with rates, up to today. */
  async latest(companyId: number, rateType: number | undefined): Promise<CurrencyGroupRatesWire> {
    if (rateType !== undefined && !(Number.isInteger(rateType) && rateType >= 1 && rateType <= RATE_TYPES.length)) {
      throw apiError('CURRENCY_RATE_TYPE_INVALID', 'rateType', { value: String(rateType) });
    }
    const baseCurrency = (await this.#company.get(companyId)).companyCurrency ?? EURO;
    const day = await store.latestRateDay(this.#ctx.db, isoDate(this.#ctx.clock.now()));
    if (!day) return { baseCurrency, rates: [] };
    const euroRates = new Map((await store.ratesOn(this.#ctx.db, day)).map((r) => [r.currency, r.rate]));
    euroRates.set(EURO, '1');
    const baseRate = euroRates.get(baseCurrency);
    if (!baseRate) return { baseCurrency, rates: [] };
    const rates = [...euroRates.entries()]
      .filter(([code]) => code !== baseCurrency)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currencyCode, rate]) => ({ currencyCode, currencyRate: crossRate(baseRate, rate) }));
    return { baseCurrency, currencyDate: day, rates };
  }

  /**
   * Stores the rates of an ECB reference-rate file (daily or historical) in one transaction; a day already
   * stored is overwritten by the file's figures. `progress` hears the days written so far out of the total.
   */
  async importRates(xml: string, progress?: (done: number, total: number) => void): Promise<RatesImport> {
    return this.storeRates(parseEcbRates(xml), progress);
  }

  async storeRates(days: EuroRatesDay[], progress?: (done: number, total: number) => void): Promise<RatesImport> {
    let rates = 0;
    await this.#ctx.db.transaction().execute(async (trx) => {
      progress?.(0, days.length);
      for (let at = 0; at < days.length; at += IMPORT_CHUNK_DAYS) {
        const chunk = days.slice(at, at + IMPORT_CHUNK_DAYS);
        rates += await store.upsertRates(trx, chunk);
        progress?.(at + chunk.length, days.length);
      }
    });
    return { days: days.length, rates, firstDay: days[0].day, lastDay: days[days.length - 1].day };
  }

  /** Days, first and last day and currencies stored (`tase admin rates status`). */
  coverage() {
    return store.rateCoverage(this.#ctx.db);
  }

  /** Where and how often the rates are fetched (TASE_RATES_URL, TASE_RATES_INTERVAL); undefined: not at all. */
  fetchSchedule(): { url: string; intervalMs: number } | undefined {
    const { ratesUrl, ratesIntervalSeconds } = this.#ctx.config;
    return ratesUrl ? { url: ratesUrl, intervalMs: (ratesIntervalSeconds ?? 3600) * 1000 } : undefined;
  }

  /** The sandbox's month of rates (sandbox-rates.xml beside this file, in the ECB format), for the demo company. */
  async seedSandboxRates(): Promise<RatesImport> {
    return this.importRates(await readFile(sandboxRatesFile(), 'utf8'));
  }

  /** Fetches the ECB file at `url` and stores its rates. */
  async fetchRates(url: string): Promise<RatesImport> {
    // a redirect is not followed: the operator named this address, not wherever its answer points (another
    // host, an internal one); an answer of 3xx is refused as any other failure
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'manual' });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    // read to a bound: a wrong or hostile address must not fill the memory
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      // leaving the loop cancels the download
      if (size > MAX_RATES_FILE_BYTES) throw new Error(`GET ${url} answered more than ${MAX_RATES_FILE_BYTES} bytes`);
      chunks.push(chunk);
    }
    return this.importRates(Buffer.concat(chunks).toString('utf8'));
  }
}

/** The historical file of every day since 1999 is some 6 MB. */
const MAX_RATES_FILE_BYTES = 16 * 2 ** 20;

/**
 * The sandbox rates ship with the sources (src/currencies), found upwards from this module: from src/currencies, or
 * from dist/src/currencies when the service runs built (the compiler copies no data files, and dist/ has a
 * package.json of its own, so the first package.json up is not the repository's).
 */
function sandboxRatesFile(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const candidate = join(dir, 'src', 'currencies', 'sandbox-rates.xml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the sandbox rates file was not found');
    dir = parent;
  }
}
