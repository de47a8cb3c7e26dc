// SQL of products and product groups.
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { updateIfVersion } from '../db/versioned.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { PageRequest } from '../platform/paging.ts';
import type { ProductType } from './schemas.ts';

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

function matching(db: Db, companyId: number, search: ProductSearch) {
  let query = db.selectFrom('products').where('company_id', '=', companyId).where('type', 'in', search.types);
  if (search.name) query = query.where('name', 'like', `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (search.code) query = query.where('code', '=', search.code);
  if (search.groupIds)
    query = query.where('product_group_id', 'in', search.groupIds.length > 0 ? search.groupIds : [0]);
  if (search.active !== undefined) query = query.where('active', '=', search.active);
  const { validFrom, validTo } = search;
  if (validFrom) query = query.where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', validFrom)]));
  if (validTo) query = query.where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', validTo)]));
  if (search.versionStart) query = query.where('version', '>=', search.versionStart);
  if (search.versionEnd) query = query.where('version', '<=', search.versionEnd);
  return query;
}

async function countProducts(db: Db, companyId: number, search: ProductSearch): Promise<number> {
  const row = await matching(db, companyId, search)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

function pageOf<O>(query: SelectQueryBuilder<Database, 'products', O>, search: ProductSearch, page: PageRequest) {
  if (page.previousId !== undefined) query = query.where('id', page.order === 'asc' ? '>' : '<', page.previousId);
  if (search.orderByVersion) query = query.orderBy('version', search.orderByVersion);
  return query.orderBy('id', page.order).limit(page.pageSize).offset(page.offset);
}

/** One page of the products that match, and how many match. */
export async function searchProducts(
  db: Db,
  companyId: number,
  search: ProductSearch,
  page: PageRequest,
): Promise<{ rows: ProductRow[]; total: number }> {
  // together: on PostgreSQL two statements in flight at once, not one after the other
  const [total, rows] = await Promise.all([
    countProducts(db, companyId, search),
    pageOf(matching(db, companyId, search).selectAll(), search, page).execute(),
  ]);
  return { rows, total };
}

/** The ids of one page of the products that match (read from an index), and how many match. */
export async function searchProductIds(
  db: Db,
  companyId: number,
  search: ProductSearch,
  page: PageRequest,
): Promise<{ ids: number[]; total: number }> {
  const [total, rows] = await Promise.all([
    countProducts(db, companyId, search),
    pageOf(matching(db, companyId, search).select('id'), search, page).execute(),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total };
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

/** Updates the row if its version is still `expectedVersion`; false when someone changed it meanwhile. */
export function updateProduct(db: Db, row: ProductRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'products', row, expectedVersion);
}

export async function deleteProduct(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('products').where('company_id', '=', companyId).where('id', '=', id).execute();
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

export async function deleteGroup(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('product_groups').where('company_id', '=', companyId).where('id', '=', id).execute();
}
