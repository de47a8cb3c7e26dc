// SQL of the dimension register and of default dimensions.
import type { Db } from '../db/index.ts';

export interface DimensionRow {
  company_id: number;
  id: number;
  name: string;
  version: string;
}

export interface DimensionItemRow {
  company_id: number;
  id: number;
  dimension_id: number;
  code_name: string;
  status: string;
  description: string | null;
  version: string;
}

export type DefaultOwnerType = 'PRODUCT' | 'PERSON' | 'PARTNER';

export interface DefaultDimensionRow {
  company_id: number;
  owner_type: string;
  owner_id: number;
  dimension_id: number;
  item_id: number;
  position: number;
  percent: string;
}

declare module '../db/types.ts' {
  interface Database {
    dimensions: DimensionRow;
    dimension_items: DimensionItemRow;
    default_dimensions: DefaultDimensionRow;
  }
}

/** The register lookup other areas validate against (ledger allocations, invoice rows, salary slips). */
export async function findDimensionItems(
  db: Db,
  companyId: number,
  itemIds: number[],
): Promise<{ id: number; dimensionId: number; codeName: string; active: boolean }[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('dimension_items')
    .select(['id', 'dimension_id', 'code_name', 'status'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(itemIds)])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    dimensionId: Number(r.dimension_id),
    codeName: r.code_name,
    active: r.status === 'ACTIVE',
  }));
}

export async function listDimensions(db: Db, companyId: number): Promise<DimensionRow[]> {
  return db.selectFrom('dimensions').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export async function getDimension(db: Db, companyId: number, id: number): Promise<DimensionRow | undefined> {
  return db
    .selectFrom('dimensions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function dimensionByName(db: Db, companyId: number, name: string): Promise<DimensionRow | undefined> {
  return db
    .selectFrom('dimensions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertDimension(db: Db, row: DimensionRow): Promise<void> {
  await db.insertInto('dimensions').values(row).execute();
}

export async function itemsOf(db: Db, companyId: number, dimensionIds: number[]): Promise<DimensionItemRow[]> {
  if (dimensionIds.length === 0) return [];
  return db
    .selectFrom('dimension_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('dimension_id', 'in', dimensionIds)
    .orderBy('dimension_id')
    .orderBy('id')
    .execute();
}

export async function getItem(db: Db, companyId: number, id: number): Promise<DimensionItemRow | undefined> {
  return db
    .selectFrom('dimension_items')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertItem(db: Db, row: DimensionItemRow): Promise<void> {
  await db.insertInto('dimension_items').values(row).execute();
}

export async function updateItem(db: Db, row: DimensionItemRow): Promise<void> {
  const { company_id, id, ...fields } = row;
  await db
    .updateTable('dimension_items')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .execute();
}

export async function defaultsOf(
  db: Db,
  companyId: number,
  ownerType: DefaultOwnerType,
  ownerId: number,
  dimensionId?: number,
): Promise<DefaultDimensionRow[]> {
  let query = db
    .selectFrom('default_dimensions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId);
  if (dimensionId !== undefined) query = query.where('dimension_id', '=', dimensionId);
  return query.orderBy('dimension_id').orderBy('position').execute();
}

export async function replaceDefaults(
  db: Db,
  companyId: number,
  ownerType: DefaultOwnerType,
  ownerId: number,
  dimensionId: number,
  rows: DefaultDimensionRow[],
): Promise<void> {
  await db
    .deleteFrom('default_dimensions')
    .where('company_id', '=', companyId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('dimension_id', '=', dimensionId)
    .execute();
  if (rows.length > 0) await db.insertInto('default_dimensions').values(rows).execute();
}
