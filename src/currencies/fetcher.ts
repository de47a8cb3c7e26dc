// The scheduled fetch of the euro reference rates from TASE_RATES_URL (e.g. the ECB's eurofxref-daily.xml):
// shortly after start and then every TASE_RATES_INTERVAL seconds. A failed fetch is logged and tried again at
// the next interval; storing is idempotent, so several processes may fetch the same file.
import type { BackgroundTask } from '../platform/area.ts';
import type { CurrencyService, RatesImport } from './service.ts';

type Logger = { warn(data: object, message: string): void };

/** Wall-clock time from start to the first fetch (at most the interval). */
const FIRST_FETCH_MS = 5_000;

export class RatesFetcher implements BackgroundTask {
  readonly #rates: CurrencyService;
  readonly #url: string;
  readonly #intervalMs: number;
  #logger: Logger | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #fetch: Promise<RatesImport | undefined> | undefined;

  constructor(rates: CurrencyService, url: string, intervalMs: number) {
    this.#rates = rates;
    this.#url = url;
    this.#intervalMs = intervalMs;
  }

  start(logger: Logger): void {
    this.#logger = logger;
    if (this.#running || this.#intervalMs <= 0) return;
    this.#running = true;
    this.#schedule(Math.min(FIRST_FETCH_MS, this.#intervalMs));
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#fetch;
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#fetch = this.#rates.fetchRates(this.#url).catch((err: unknown) => {
        if (this.#running) this.#logger?.warn({ err, url: this.#url }, 'fetching exchange rates failed');
        return undefined;
      });
      void this.#fetch.finally(() => {
        this.#fetch = undefined;
        if (this.#running) this.#schedule(this.#intervalMs);
      });
    }, delayMs);
    this.#timer.unref();
  }
}
