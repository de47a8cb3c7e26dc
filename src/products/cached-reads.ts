// The product register's reads through exact per-process caches (src/db/read-cache.ts), around the plain service:
// GET of one product is the hottest read of the API, and a client polling a list asks the same page again and
// again. Writes go to the plain service; any committed write to `products` makes the cached entries stale.
import { ReadCache } from '../db/read-cache.ts';
import type { AppContext } from '../platform/context.ts';
import { serializedOnce } from '../platform/json.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import type { ProductAnswer, ProductService } from './service.ts';
import * as store from './store.ts';
import { IDS_KEPT_AT_MOST, idsInOrder, pageOfOrder } from './ids-in-order.ts';

/** What the area answers to its routes: the plain service's operations. */
export type Products = { [K in keyof ProductService]: ProductService[K] };

/** The answer without its localizations unless they are asked for (answers are shared: never changed). */
function localized(answer: ProductAnswer, includeLocalizations: boolean): ProductAnswer {
  return includeLocalizations || answer.productLocalizations === undefined
    ? answer
    : { ...answer, productLocalizations: undefined };
}

/**
 * A product's key in the cache of answers: a small integer where the company and the id are small enough to
 * share one (a page looks up 50 of them, and an integer key is neither built nor hashed like a text), else a text.
 */
export function productKey(companyId: number, id: number): number | string {
  return companyId < 1 << 10 && id >= 0 && id < 1 << 20 ? companyId * (1 << 20) + id : `${companyId}:${id}`;
}

export function productIdOfKey(key: number | string): number {
  return typeof key === 'number' ? key % (1 << 20) : Number(key.slice(key.indexOf(':') + 1));
}

/** Orders of searches kept (one per company and search asked): at most 200 × 10 000 ids of 8 bytes, 16 MB. */
const ORDERS_KEPT = 200;

/** Pages kept, and keys of pages asked once remembered. */
const PAGES_KEPT = 1_000;

export class CachedProductReads implements Products {
  readonly #ctx: AppContext;
  readonly #plain: ProductService;
  /** Products as answered (with their localizations) by id. */
  readonly #byId: ReadCache<ProductAnswer, number | string>;
  /**
   * Pages as answered, by company, search and page: a client polling a list (the first page, most often) costs
   * neither its count nor its ids query while no product changed.
   */
  readonly #pages: ReadCache<Paged<ProductAnswer>>;
  /**
   * Pages asked once, by key: a page is kept from its second asking on. A page read once (paging through a list)
   * would live in #pages until pushed out, long enough to be moved to the old generation of the heap with its
   * bytes, whose churn made the collector mark the whole heap every few seconds.
   */
  readonly #askedOnce = new Set<string>();
  /** How many products match a search, by company and search: paging through a list counts its matches once. */
  readonly #totals: ReadCache<number>;
  /**
   * The ids that a search in id order matches (the plain list, or any filters), in order, by company and search;
   * null where there are more than IDS_KEPT_AT_MOST. Any page of the search is then made without a query
   * (ids-in-order.ts), and its count is the order's length.
   */
  readonly #orders: ReadCache<Float64Array | null>;
  /** Searches asked for since the register last changed: an order is read from a search's second asking on. */
  readonly #listedOnce: ReadCache<true>;

  constructor(ctx: AppContext, plain: ProductService) {
    this.#ctx = ctx;
    this.#plain = plain;
    this.#byId = new ReadCache(ctx.changes, ['products']);
    this.#pages = new ReadCache(ctx.changes, ['products'], PAGES_KEPT);
    this.#totals = new ReadCache(ctx.changes, ['products'], 1_000);
    this.#orders = new ReadCache(ctx.changes, ['products'], ORDERS_KEPT);
    this.#listedOnce = new ReadCache(ctx.changes, ['products'], ORDERS_KEPT);
  }

  async get(companyId: number, ids: number[], includeLocalizations: boolean): Promise<ProductAnswer[]> {
    if (ids.length === 1) {
      const key = productKey(companyId, ids[0]);
      // a current answer is taken without the promise of a read
      const current = this.#byId.peek(key);
      if (current) return [localized(current, includeLocalizations)];
      const answer = await this.#byId.get(key, async () => {
        const [loaded] = await this.#plain.get(companyId, ids, true);
        return loaded && serializedOnce(loaded);
      });
      return answer ? [localized(answer, includeLocalizations)] : [];
    }
    return this.#answers(companyId, ids, includeLocalizations);
  }

  /**
   * The products of these ids that exist, in the order of `ids`: each from the cache where it is current, the
   * others read together in one query (a batch or a page costs no mapping of rows already answered).
   */
  async #answers(companyId: number, ids: number[], includeLocalizations: boolean): Promise<ProductAnswer[]> {
    const keys = new Array<number | string>(ids.length);
    for (let i = 0; i < ids.length; i++) keys[i] = productKey(companyId, ids[i]);
    const found = await this.#byId.getMany(keys, async (missing) => {
      const loaded = await this.#plain.get(companyId, missing.map(productIdOfKey), true);
      return new Map(loaded.map((answer) => [productKey(companyId, answer.id!), serializedOnce(answer)]));
    });
    const answers: ProductAnswer[] = [];
    for (const answer of found) if (answer) answers.push(localized(answer, includeLocalizations));
    return answers;
  }

  async search(
    companyId: number,
    search: store.ProductSearch,
    page: PageRequest,
    includeLocalizations = false,
  ): Promise<Paged<ProductAnswer>> {
    // not current (PostgreSQL without its change listener): the plain search
    if (!this.#byId.active) return this.#plain.search(companyId, search, page, includeLocalizations);
    // the page reads only ids from an index and takes the products from the cache
    const searched = `${companyId}:${JSON.stringify(search)}`;
    const key = `${searched}:${includeLocalizations}:${JSON.stringify(page)}`;
    const read = async () => {
      // decided here, not before the page cache is asked: a kept page costs nothing more. In version order a
      // page is not a slice of the ids in order: those searches are paged by queries.
      const order = search.orderByVersion === undefined ? await this.#keptOrder(companyId, search, searched) : null;
      if (order)
        return serializedOnce(
          paged(await this.#answers(companyId, pageOfOrder(order, page), includeLocalizations), order.length, page),
        );
      const [total, ids] = await Promise.all([
        this.#totals.get(searched, () => store.countProducts(this.#ctx.db, companyId, search)),
        store.searchProductIds(this.#ctx.db, companyId, search, page),
      ]);
      return serializedOnce(paged(await this.#answers(companyId, ids, includeLocalizations), total!, page));
    };
    const kept = this.#pages.peek(key);
    if (kept) return kept;
    if (this.#askedOnce.has(key)) return (await this.#pages.get(key, read))!;
    // forgotten all at once when full: one delete per page cost more than the rare page read once more
    if (this.#askedOnce.size >= PAGES_KEPT) this.#askedOnce.clear();
    this.#askedOnce.add(key);
    return read();
  }

  /**
   * The kept order of a search, read at its second asking since the register last changed: a client writing and
   * listing in turn, or searching once by a name it types, costs a page's query each time, not every match's.
   * Null where there is none to use.
   */
  async #keptOrder(companyId: number, search: store.ProductSearch, listed: string): Promise<Float64Array | null> {
    const order = this.#orders.peek(listed);
    if (order !== undefined) return order;
    if (!this.#listedOnce.peek(listed)) {
      this.#listedOnce.put(listed, true);
      return null;
    }
    const read = await this.#orders.get(listed, async () => {
      const all = { pageNumber: 0, pageSize: IDS_KEPT_AT_MOST + 1, offset: 0, order: 'asc' as const };
      const ids = await store.searchProductIds(this.#ctx.db, companyId, search, all);
      return ids.length > IDS_KEPT_AT_MOST ? null : idsInOrder(ids);
    });
    return read ?? null;
  }

  // writes: the plain service's (the caches see them through the change notices of `products`)
  create: Products['create'] = (...args) => this.#plain.create(...args);
  replace: Products['replace'] = (...args) => this.#plain.replace(...args);
  patch: Products['patch'] = (...args) => this.#plain.patch(...args);
  delete: Products['delete'] = (...args) => this.#plain.delete(...args);
  listGroups: Products['listGroups'] = (...args) => this.#plain.listGroups(...args);
  getGroup: Products['getGroup'] = (...args) => this.#plain.getGroup(...args);
  createGroup: Products['createGroup'] = (...args) => this.#plain.createGroup(...args);
  replaceGroup: Products['replaceGroup'] = (...args) => this.#plain.replaceGroup(...args);
  deleteGroup: Products['deleteGroup'] = (...args) => this.#plain.deleteGroup(...args);
}
