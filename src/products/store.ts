// SQL of products and product groups.
import { sql, type SelectQueryBuilder } from 'kysely';
import { unnestInsert, type Db, type RowInserts } from '../db/index.ts';
import { deleteRow } from '../db/rows.ts';
import type { Database } from '../db/types.ts';
import { updateIfVersion } from '../db/versioned.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { PageRequest } from '../platform/paging.ts';
import type { ProductType } from './schemas.ts';
import { joinedIds, splitIds, splitIdsInOrder } from './page-ids.ts';

export interface ProductRow {
  company_id: number;
  id: number;
  type: string;
  name: string;
  code: string | null;
  unit: string | null;
  price: string;
  discount: string;
  vat: string | null;
  vat_status: number | null;
  currency: string;
  active: boolean | number;
  default_account: string | null;
  product_group_id: number | null;
  start_date: string | null;
  end_date: string | null;
  bookkeeping_account: string | null;
  localizations: string | null;
  version: string;
}

export interface ProductGroupRow {
  company_id: number;
  id: number;
  name: string;
  type: string;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    products: ProductRow;
    product_groups: ProductGroupRow;
  }
}

const productById = preparedQuery<{ companyId: number; id: number }, ProductRow>((db, param) =>
  db.selectFrom('products').selectAll().where('company_id', '=', param('companyId')).where('id', '=', param('id')),
);

export async function getProduct(db: Db, companyId: number, id: number): Promise<ProductRow | undefined> {
  return (await productById(db, { companyId, id }))[0];
}

export async function getProducts(db: Db, companyId: number, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 1) {
    const row = await getProduct(db, companyId, ids[0]);
    return row ? [row] : [];
  }
  return db
    .selectFrom('products')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export interface ProductSearch {
  types: ProductType[];
  /** Part of the name. */
  name?: string;
  code?: string;
  groupIds?: number[];
  active?: boolean;
  /** Validity overlapping [validFrom, validTo] (TRAVEL products have one; the others are always valid). */
  validFrom?: string;
  validTo?: string;
  versionStart?: string;
  versionEnd?: string;
  orderByVersion?: 'asc' | 'desc';
}

/**
 * The search's values by the names of their placeholders, and the shape of its SQL: which filters it has, the
 * lengths of its lists, its order. Searches of one shape share one query built and compiled once.
 */
function searchValues(companyId: number, search: ProductSearch, page?: PageRequest) {
  const values: Record<string, unknown> = { companyId };
  search.types.forEach((type, i) => (values[`type${i}`] = type));
  if (search.name) values.name = `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (search.code) values.code = search.code;
  const groups = search.groupIds && (search.groupIds.length > 0 ? search.groupIds : [0]);
  groups?.forEach((id, i) => (values[`group${i}`] = id));
  if (search.active !== undefined) values.active = search.active;
  if (search.validFrom) values.validFrom = search.validFrom;
  if (search.validTo) values.validTo = search.validTo;
  if (search.versionStart) values.versionStart = search.versionStart;
  if (search.versionEnd) values.versionEnd = search.versionEnd;
  if (page) {
    if (page.previousId !== undefined) values.previousId = page.previousId;
    values.limit = page.pageSize;
    values.offset = page.offset;
  }
  const shape = [
    search.types.length,
    groups?.length ?? -1,
    ...['name', 'code', 'active', 'validFrom', 'validTo', 'versionStart', 'versionEnd', 'previousId'].map((k) =>
      k in values ? 1 : 0,
    ),
    search.orderByVersion ?? '',
    page?.order ?? '',
  ].join(',');
  return { values, shape, groups: groups?.length ?? -1 };
}

type Placeholder = (name: string) => never;

function matching(db: Db, search: ProductSearch, groups: number, has: (name: string) => boolean, param: Placeholder) {
  let query = db
    .selectFrom('products')
    .where('company_id', '=', param('companyId'))
    .where(
      'type',
      'in',
      search.types.map((_, i) => param(`type${i}`)),
    );
  if (has('name')) query = query.where('name', 'like', param('name'));
  if (has('code')) query = query.where('code', '=', param('code'));
  if (groups >= 0)
    query = query.where(
      'product_group_id',
      'in',
      Array.from({ length: groups }, (_, i) => param(`group${i}`)),
    );
  if (has('active')) query = query.where('active', '=', param('active'));
  if (has('validFrom'))
    query = query.where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', param('validFrom'))]));
  if (has('validTo'))
    query = query.where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', param('validTo'))]));
  if (has('versionStart')) query = query.where('version', '>=', param('versionStart'));
  if (has('versionEnd')) query = query.where('version', '<=', param('versionEnd'));
  return query;
}

function pageOf<O>(
  db: Db,
  query: SelectQueryBuilder<Database, 'products', O>,
  search: ProductSearch,
  page: PageRequest,
  param: Placeholder,
) {
  if (page.previousId !== undefined) query = query.where('id', page.order === 'asc' ? '>' : '<', param('previousId'));
  if (search.orderByVersion) query = query.orderBy('version', search.orderByVersion);
  return query.orderBy('id', page.order).limit(param('limit')).offset(param('offset'));
}

type Statement = (db: Db, values: Record<string, unknown>) => Promise<unknown[]>;
const SEARCH_SHAPES_KEPT = 500;
const searchStatements = new Map<string, Statement>();

/** The search's statement of `kind`, built and compiled once per shape (see searchValues). */
function searchStatement(
  kind: 'count' | 'ids' | 'rows',
  companyId: number,
  search: ProductSearch,
  page?: PageRequest,
): { run: Statement; values: Record<string, unknown> } {
  const { values, shape, groups } = searchValues(companyId, search, page);
  const key = `${kind}:${shape}`;
  let run = searchStatements.get(key);
  if (!run) {
    run = preparedQuery<Record<string, unknown>, unknown>((db, param) => {
      const query = matching(db, search, groups, (name) => name in values, param);
      if (kind === 'count') return query.select((eb) => eb.fn.countAll<number>().as('total'));
      if (kind === 'rows') return pageOf(db, query.selectAll(), search, page!, param);
      // only what the order needs: the ids alone come from an index, without the rows
      const ids = pageOf(db, query.select(search.orderByVersion ? ['id', 'version'] : ['id']), search, page!, param).as(
        'page',
      );
      // in id order the list is put in order after reading (splitIdsInOrder)
      const order = search.orderByVersion && sql.raw(`version ${search.orderByVersion}, id ${page!.order}`);
      return db.selectFrom(ids).select(joinedIds(db, order || undefined).as('ids'));
    });
    if (searchStatements.size >= SEARCH_SHAPES_KEPT) searchStatements.clear();
    searchStatements.set(key, run);
  }
  return { run, values };
}

/** How many products match the search. */
export async function countProducts(db: Db, companyId: number, search: ProductSearch): Promise<number> {
  const { run, values } = searchStatement('count', companyId, search);
  const [row] = (await run(db, values)) as { total: number | string }[];
  return Number(row.total);
}

/** One page of the products that match, and how many match. */
export async function searchProducts(
  db: Db,
  companyId: number,
  search: ProductSearch,
  page: PageRequest,
): Promise<{ rows: ProductRow[]; total: number }> {
  const { run, values } = searchStatement('rows', companyId, search, page);
  // together: on PostgreSQL two statements in flight at once, not one after the other
  const [total, rows] = await Promise.all([countProducts(db, companyId, search), run(db, values)]);
  return { rows: rows as ProductRow[], total };
}

/** The ids of one page of the products that match (read from an index). */
export async function searchProductIds(
  db: Db,
  companyId: number,
  search: ProductSearch,
  page: PageRequest,
): Promise<number[]> {
  const { run, values } = searchStatement('ids', companyId, search, page);
  const [row] = (await run(db, values)) as { ids: string | null }[];
  const list = row?.ids ?? null;
  return search.orderByVersion ? splitIds(list) : splitIdsInOrder(list, page.order);
}

// every column named (a column added to ProductRow fails to compile until it is here); built and compiled once
const insertProductRow = preparedQuery<{ [K in keyof ProductRow]: ProductRow[K] }, never>((db, param) =>
  db.insertInto('products').values({
    company_id: param('company_id'),
    id: param('id'),
    type: param('type'),
    name: param('name'),
    code: param('code'),
    unit: param('unit'),
    price: param('price'),
    discount: param('discount'),
    vat: param('vat'),
    vat_status: param('vat_status'),
    currency: param('currency'),
    active: param('active'),
    default_account: param('default_account'),
    product_group_id: param('product_group_id'),
    start_date: param('start_date'),
    end_date: param('end_date'),
    bookkeeping_account: param('bookkeeping_account'),
    localizations: param('localizations'),
    version: param('version'),
  } satisfies Record<keyof ProductRow, never>),
);

export async function insertProduct(db: Db, row: ProductRow): Promise<void> {
  await insertProductRow(db, row);
}

/** A product's insert alone, and those of many in one statement (PostgreSQL's group commit, src/db/insert-batches.ts). */
export const productInserts: RowInserts<ProductRow> = {
  one: insertProduct,
  // every column with its type (a column added to ProductRow fails to compile until it is here)
  many: unnestInsert<ProductRow>('products', {
    company_id: 'bigint',
    id: 'bigint',
    type: 'text',
    name: 'text',
    code: 'text',
    unit: 'text',
    price: 'text',
    discount: 'text',
    vat: 'text',
    vat_status: 'integer',
    currency: 'text',
    active: 'boolean',
    default_account: 'text',
    product_group_id: 'bigint',
    start_date: 'text',
    end_date: 'text',
    bookkeeping_account: 'text',
    localizations: 'text',
    version: 'text',
  }),
};

/** Updates the row if its version is still `expectedVersion`; false when someone changed it meanwhile. */
export function updateProduct(db: Db, row: ProductRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'products', row, expectedVersion);
}

/** Deletes the product; false when there was none (another request deleted it first). */
export function deleteProduct(db: Db, companyId: number, id: number): Promise<boolean> {
  return deleteRow(db, 'products', companyId, id);
}

/** Deletes the product group; false when there was none (another request deleted it first). */
export function deleteGroup(db: Db, companyId: number, id: number): Promise<boolean> {
  return deleteRow(db, 'product_groups', companyId, id);
}

export async function productIdsInGroup(db: Db, companyId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('product_group_id', '=', groupId)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function getGroup(db: Db, companyId: number, id: number): Promise<ProductGroupRow | undefined> {
  return db
    .selectFrom('product_groups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listGroups(db: Db, companyId: number, types: ProductType[]): Promise<ProductGroupRow[]> {
  return db
    .selectFrom('product_groups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('type', 'in', types)
    .orderBy('id')
    .execute();
}

export async function insertGroup(db: Db, row: ProductGroupRow): Promise<void> {
  await db.insertInto('product_groups').values(row).execute();
}

export async function updateGroup(db: Db, row: ProductGroupRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'product_groups', row, expectedVersion);
}
