// Rules of products and product groups.
import { Decimal, jsonDecimal, type Answered, type WireDecimal } from '../domain/decimal.ts';
import { allocateId, batchedInsert, writeTransaction, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { checkReadOnly, mergePatch } from '../platform/resource.ts';
import { staleUnlessWritten } from '../platform/lock.ts';
import { nextVersion } from '../platform/clock.ts';
import { paged, type PageRequest, type Paged } from '../platform/paging.ts';
import { compileBodyCheck } from '../platform/validation.ts';
import { ApiError } from '../platform/errors.ts';
import { checkAccountRefs } from '../accounts/index.ts';
import { Product, type ProductGroupWire, type ProductType, type ProductWire } from './schemas.ts';
import * as store from './store.ts';
import { IdBlocks } from '../db/id-blocks.ts';

const READ_ONLY = ['id', 'version'] as const;
const TRAVEL_ONLY = ['startDate', 'endDate', 'bookkeepingAccount'] as const;

/**
 * The wire form of a stored product. Unset optional fields are left undefined (JSON leaves them out); every field
 * of the wire type is named, so a field added to the schema fails to compile until it is mapped.
 * `decimal` turns stored decimal text into a value: a Decimal for rules, or `jsonDecimal` for responses.
 */
export function productToWire(row: store.ProductRow, includeLocalizations?: boolean): ProductWire;
export function productToWire(
  row: store.ProductRow,
  includeLocalizations: boolean,
  decimal: (text: string) => WireDecimal,
): ProductAnswer;
export function productToWire(
  row: store.ProductRow,
  includeLocalizations = true,
  decimal: (text: string) => Decimal | WireDecimal = (t) => new Decimal(t),
): ProductWire | ProductAnswer {
  return {
    id: Number(row.id),
    type: row.type as ProductType,
    name: row.name,
    code: row.code ?? undefined,
    unit: (row.unit ?? undefined) as ProductWire['unit'],
    discount: decimal(row.discount),
    price: decimal(row.price),
    vat: row.vat !== null ? decimal(row.vat) : undefined,
    active: Boolean(row.active),
    defaultAccount: row.default_account ?? undefined,
    vatStatus: row.vat_status ?? undefined,
    currency: row.currency as ProductWire['currency'],
    productGroupId: row.product_group_id === null ? null : Number(row.product_group_id),
    startDate: row.start_date ?? undefined,
    endDate: row.end_date ?? undefined,
    bookkeepingAccount: row.bookkeeping_account ?? undefined,
    productLocalizations:
      includeLocalizations && row.localizations
        ? (JSON.parse(row.localizations) as ProductWire['productLocalizations'])
        : undefined,
    version: row.version,
  } satisfies Record<keyof ProductWire, unknown>;
}

/** A product as answered: its decimals are pre-serialised stored text. */
export type ProductAnswer = Answered<ProductWire>;

function productResponse(row: store.ProductRow, includeLocalizations = true): ProductAnswer {
  return productToWire(row, includeLocalizations, jsonDecimal);
}

function productToRow(companyId: number, id: number, wire: ProductWire, version: string): store.ProductRow {
  return {
    company_id: companyId,
    id,
    type: wire.type,
    name: wire.name,
    code: wire.code ?? null,
    unit: wire.unit ?? null,
    price: wire.price.toFixed(),
    discount: wire.discount.toFixed(),
    vat: wire.vat?.toFixed() ?? null,
    vat_status: wire.vatStatus ?? null,
    currency: wire.currency,
    active: wire.active,
    default_account: wire.defaultAccount ?? null,
    product_group_id: wire.productGroupId ?? null,
    start_date: wire.startDate ?? null,
    end_date: wire.endDate ?? null,
    bookkeeping_account: wire.bookkeepingAccount ?? null,
    localizations: wire.productLocalizations?.length ? JSON.stringify(wire.productLocalizations) : null,
    version,
  };
}

const checkProductShape = compileBodyCheck(Product);
const PRODUCT_IDS = [{ name: 'products', count: 1 }];

/**
 * The product register's rules and reads, as plain reads of the store. The area serves it through its read caches
 * (`cached-reads.ts`); a caller that only writes (the demo seeding) may use it alone.
 */
export class ProductService {
  readonly #ctx: AppContext;
  readonly #ids: IdBlocks;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#ids = new IdBlocks(ctx.changes, { products: 100 });
  }

  get #db(): Db {
    return this.#ctx.db;
  }

  /** The rules a product is checked by without reading anything stored. */
  #ownViolations(product: ProductWire): Violations {
    const violations = new Violations();
    if (product.type !== 'TRAVEL') {
      for (const field of TRAVEL_ONLY)
        if (product[field] !== undefined) violations.add('FIELD_ONLY_FOR_TRAVEL_PRODUCTS', field);
    }
    if (product.startDate && product.endDate && product.startDate > product.endDate)
      violations.add('START_DATE_AFTER_END_DATE', 'endDate');
    const languages = (product.productLocalizations ?? []).flatMap((l) =>
      l.language === undefined ? [] : [l.language],
    );
    if (new Set(languages).size !== languages.length) {
      violations.add('VALIDATION_FAILED', 'productLocalizations', {
        detail: "'productLocalizations' must not name a language twice.",
      });
    }
    return violations;
  }

  /** Whether checking the product reads stored rows (its group, its ledger accounts). */
  #refersToStored(product: ProductWire): boolean {
    return Boolean(
      product.productGroupId || product.defaultAccount || (product.type === 'TRAVEL' && product.bookkeepingAccount),
    );
  }

  async #checkRules(db: Db, companyId: number, product: ProductWire): Promise<void> {
    const violations = this.#ownViolations(product);
    if (product.productGroupId) {
      const group = await store.getGroup(db, companyId, product.productGroupId);
      if (!group) violations.add('PRODUCT_GROUP_NOT_FOUND', 'productGroupId');
      else if (group.type !== product.type) violations.add('PRODUCT_GROUP_TYPE_MISMATCH', 'productGroupId');
    }
    // ledger accounts must be active accounts of the company's chart (bookkeepingAccount only where it is allowed)
    const accounts = [{ field: 'defaultAccount', number: product.defaultAccount }];
    if (product.type === 'TRAVEL') accounts.push({ field: 'bookkeepingAccount', number: product.bookkeepingAccount });
    await checkAccountRefs(db, companyId, accounts, violations);
    violations.throwIfAny();
  }

  async create(companyId: number, body: ProductWire): Promise<ProductAnswer> {
    // from a block reserved in a statement of its own (committed whatever becomes of this product): no statement
    // for most ids, and no lock on the company's sequence held by concurrent creations until they commit
    const [id] = await this.#ids.take(this.#db, companyId, PRODUCT_IDS);
    if (!this.#refersToStored(body)) {
      // nothing to read: the insert is the whole write, committed with those of other creations at the same moment
      this.#ownViolations(body).throwIfAny();
      const row = productToRow(companyId, id, body, nextVersion(this.#ctx.clock.now()));
      await batchedInsert(this.#db, store.productInserts, row);
      return productResponse(row);
    }
    return writeTransaction(this.#db, async (trx) => {
      await this.#checkRules(trx, companyId, body);
      const row = productToRow(companyId, id, body, nextVersion(this.#ctx.clock.now()));
      await store.insertProduct(trx, row);
      return productResponse(row);
    });
  }

  /** The products of these ids that exist, in the order of `ids`. */
  async get(companyId: number, ids: number[], includeLocalizations: boolean): Promise<ProductAnswer[]> {
    if (ids.length === 1) {
      const row = await store.getProduct(this.#db, companyId, ids[0]);
      return row ? [productResponse(row, includeLocalizations)] : [];
    }
    const rows = new Map((await store.getProducts(this.#db, companyId, ids)).map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [productResponse(row, includeLocalizations)] : [];
    });
  }

  async search(
    companyId: number,
    search: store.ProductSearch,
    page: PageRequest,
    includeLocalizations = false,
  ): Promise<Paged<ProductAnswer>> {
    const { rows, total } = await store.searchProducts(this.#db, companyId, search, page);
    return paged(
      rows.map((r) => productResponse(r, includeLocalizations)),
      total,
      page,
    );
  }

  /** PUT: the body replaces the product. */
  async replace(companyId: number, id: number, body: ProductWire): Promise<ProductAnswer> {
    return this.#write(companyId, id, body, () => body);
  }

  /** PATCH: a JSON merge patch over the stored product; the result must still be a valid product. */
  async patch(companyId: number, id: number, body: Record<string, unknown>): Promise<ProductAnswer> {
    return this.#write(companyId, id, body, (stored) => {
      const merged = mergePatch(stored, body) as ProductWire;
      const problems = checkProductShape(merged);
      if (problems.length > 0) throw new ApiError(problems);
      return merged;
    });
  }

  async #write(
    companyId: number,
    id: number,
    body: Record<string, unknown>,
    next: (stored: ProductWire) => ProductWire,
  ): Promise<ProductAnswer> {
    return writeTransaction(this.#db, async (trx) => {
      const row = await store.getProduct(trx, companyId, id);
      if (!row) throw notFound('Product');
      const stored = productToWire(row);
      checkReadOnly(body, stored, READ_ONLY);
      const product = next(stored);
      if (product.type !== stored.type) throw apiError('PRODUCT_TYPE_CANNOT_BE_CHANGED', 'type');
      await this.#checkRules(trx, companyId, product);
      const updated = productToRow(companyId, id, product, nextVersion(this.#ctx.clock.now(), row.version));
      await staleUnlessWritten(store.updateProduct(trx, updated, row.version));
      return productResponse(updated);
    });
  }

  async delete(companyId: number, id: number): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      const row = await store.getProduct(trx, companyId, id);
      if (!row) throw notFound('Product');
      if (row.type === 'TRAVEL') throw apiError('TRAVEL_PRODUCT_CANNOT_BE_DELETED');
      // two deletes at the same moment both read the product on PostgreSQL: the one that deleted nothing is a 404
      if (!(await store.deleteProduct(trx, companyId, id))) throw notFound('Product');
    });
  }

  // product groups

  async listGroups(companyId: number, type?: ProductType): Promise<ProductGroupWire[]> {
    const rows = await store.listGroups(this.#db, companyId, type ? [type] : ['SALES', 'PURCHASE']);
    return rows.map(groupToWire);
  }

  async getGroup(companyId: number, id: number): Promise<ProductGroupWire> {
    const row = await store.getGroup(this.#db, companyId, id);
    if (!row) throw notFound('Product group');
    return groupToWire(row);
  }

  async createGroup(companyId: number, body: ProductGroupWire): Promise<ProductGroupWire> {
    return writeTransaction(this.#db, async (trx) => {
      const id = await allocateId(trx, companyId, 'product_groups');
      const row: store.ProductGroupRow = {
        company_id: companyId,
        id,
        name: body.name,
        type: body.type ?? 'SALES',
        version: nextVersion(this.#ctx.clock.now()),
      };
      await store.insertGroup(trx, row);
      return groupToWire(row);
    });
  }

  async replaceGroup(companyId: number, id: number, body: ProductGroupWire): Promise<ProductGroupWire> {
    return writeTransaction(this.#db, async (trx) => {
      const row = await store.getGroup(trx, companyId, id);
      if (!row) throw notFound('Product group');
      checkReadOnly(body, groupToWire(row), ['id']);
      const type = body.type ?? 'SALES';
      if (type !== row.type && (await store.productIdsInGroup(trx, companyId, id)).length > 0) {
        throw apiError('PRODUCT_GROUP_TYPE_MISMATCH', 'type');
      }
      const updated = { ...row, name: body.name, type, version: nextVersion(this.#ctx.clock.now(), row.version) };
      await staleUnlessWritten(store.updateGroup(trx, updated, row.version));
      return groupToWire(updated);
    });
  }

  async deleteGroup(companyId: number, id: number): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      const row = await store.getGroup(trx, companyId, id);
      if (!row) throw notFound('Product group');
      if (row.type === 'TRAVEL') throw apiError('TRAVEL_PRODUCT_GROUP_CANNOT_BE_DELETED');
      const productIds = await store.productIdsInGroup(trx, companyId, id);
      if (productIds.length > 0)
        throw apiError('PRODUCT_GROUP_HAS_PRODUCTS', 'productIds', { productIds: productIds.join(', ') });
      if (!(await store.deleteGroup(trx, companyId, id))) throw notFound('Product group');
    });
  }
}

function groupToWire(row: store.ProductGroupRow): ProductGroupWire {
  return { id: Number(row.id), name: row.name, type: row.type as ProductType } satisfies Record<
    keyof ProductGroupWire,
    unknown
  >;
}
