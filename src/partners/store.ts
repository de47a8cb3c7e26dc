// SQL of business partners, persons (partners of type PERSON), partner groups, default products and
// factoring contracts.
import type { Db } from '../db/index.ts';
import { updateIfVersion } from '../db/versioned.ts';
import type { PageRequest } from '../platform/paging.ts';

export type PartnerType = 'CUSTOMER' | 'SUPPLIER' | 'PERSON';

export interface PartnerRow {
  company_id: number;
  id: number;
  type: string;
  name: string;
  active: boolean | number;
  customer_number: string | null;
  identifier: string | null;
  identifier_type: string | null;
  factoring_contract_id: number | null;
  /** Copy of additionalInfo.group, searched by `mainGroup`. */
  main_group: string | null;
  data: string;
  person: string | null;
  default_accounts: string | null;
  version: string;
}

export interface PartnerGroupRow {
  company_id: number;
  id: number;
  name: string;
  type: string;
  active: boolean | number;
  version: string;
}

interface PartnerGroupLinkRow {
  company_id: number;
  partner_id: number;
  group_id: number;
}

export interface DefaultProductRow {
  company_id: number;
  id: number;
  partner_id: number;
  product_id: number;
  position: number;
  settings: string | null;
  validity_periods: string | null;
}

export interface FactoringContractRow {
  company_id: number;
  id: number;
  environment: string;
  contract_number: string;
  status: string;
  /** Copy of financingCompany.id (FI contracts), searched by `financingCompanyId`. */
  financing_company_id: string | null;
  data: string;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    business_partners: PartnerRow;
    partner_groups: PartnerGroupRow;
    business_partner_groups: PartnerGroupLinkRow;
    partner_default_products: DefaultProductRow;
    factoring_contracts: FactoringContractRow;
  }
}

/** For other areas (the ledger's postings): which of these partners exist in the company, in one query. */
export async function existingPartnerIds(db: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('business_partners')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** For other areas (invoices, ledger, payments): does this partner exist in the company? */
export async function partnerExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('business_partners')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row;
}

export async function getPartner(db: Db, companyId: number, id: number): Promise<PartnerRow | undefined> {
  return db
    .selectFrom('business_partners')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getPartners(
  db: Db,
  companyId: number,
  ids: number[],
  types: PartnerType[],
): Promise<PartnerRow[]> {
  if (ids.length === 0 || types.length === 0) return [];
  return db
    .selectFrom('business_partners')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('type', 'in', types)
    .orderBy('id')
    .execute();
}

export interface PartnerSearch {
  types: PartnerType[];
  active?: boolean;
  name?: string;
  identifier?: string;
  identifierType?: string;
  customerNumber?: string;
  groupName?: string;
  mainGroup?: string;
  versionStart?: string;
  versionEnd?: string;
}

export interface PersonSearch {
  personNumber?: string;
  mainGroup?: string;
  groupId?: number;
  includeInactive: boolean;
}

/** Every person matching the search, by id. */
export async function searchPersons(
  db: Db,
  companyId: number,
  search: PersonSearch,
  order: 'asc' | 'desc',
): Promise<PartnerRow[]> {
  let query = db
    .selectFrom('business_partners')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('type', '=', 'PERSON');
  if (!search.includeInactive) query = query.where('active', '=', true);
  if (search.mainGroup) query = query.where('main_group', '=', search.mainGroup);
  if (search.groupId !== undefined) {
    const groupId = search.groupId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('business_partner_groups')
          .select('group_id')
          .where('business_partner_groups.company_id', '=', companyId)
          .whereRef('business_partner_groups.partner_id', '=', 'business_partners.id')
          .where('business_partner_groups.group_id', '=', groupId),
      ),
    );
  }
  return query.orderBy('id', order).execute();
}

export async function searchPartners(
  db: Db,
  companyId: number,
  search: PartnerSearch,
  page: PageRequest,
): Promise<{ rows: PartnerRow[]; total: number }> {
  let query = db
    .selectFrom('business_partners')
    .where('business_partners.company_id', '=', companyId)
    .where('business_partners.type', 'in', search.types);
  if (search.active !== undefined) query = query.where('business_partners.active', '=', search.active);
  if (search.name)
    query = query.where('business_partners.name', 'like', `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (search.identifier) query = query.where('business_partners.identifier', '=', search.identifier);
  if (search.identifierType) query = query.where('business_partners.identifier_type', '=', search.identifierType);
  if (search.customerNumber) query = query.where('business_partners.customer_number', '=', search.customerNumber);
  if (search.mainGroup) query = query.where('business_partners.main_group', '=', search.mainGroup);
  if (search.versionStart) query = query.where('business_partners.version', '>=', search.versionStart);
  if (search.versionEnd) query = query.where('business_partners.version', '<=', search.versionEnd);
  if (search.groupName) {
    const groupName = search.groupName;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('business_partner_groups')
          .innerJoin('partner_groups', (join) =>
            join
              .onRef('partner_groups.id', '=', 'business_partner_groups.group_id')
              .on('partner_groups.company_id', '=', companyId),
          )
          .select('business_partner_groups.group_id')
          .where('business_partner_groups.company_id', '=', companyId)
          .whereRef('business_partner_groups.partner_id', '=', 'business_partners.id')
          .where('partner_groups.name', '=', groupName),
      ),
    );
  }
  const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll('business_partners');
  if (page.previousId !== undefined)
    rows = rows.where('business_partners.id', page.order === 'asc' ? '>' : '<', page.previousId);
  rows = rows.orderBy('business_partners.id', page.order).limit(page.pageSize).offset(page.offset);
  return { rows: await rows.execute(), total: Number(totalRow.total) };
}

export async function insertPartner(db: Db, row: PartnerRow): Promise<void> {
  await db.insertInto('business_partners').values(row).execute();
}

/** Updates the row if its version is still `expectedVersion`; false when someone changed it meanwhile. */
export function updatePartner(db: Db, row: PartnerRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'business_partners', row, expectedVersion);
}

// partner groups

export async function groupsOfPartners(
  db: Db,
  companyId: number,
  partnerIds: number[],
): Promise<(PartnerGroupRow & { partner_id: number })[]> {
  if (partnerIds.length === 0) return [];
  return db
    .selectFrom('business_partner_groups as l')
    .innerJoin('partner_groups as g', (join) =>
      join.onRef('g.id', '=', 'l.group_id').on('g.company_id', '=', companyId),
    )
    .select(['l.partner_id', 'g.company_id', 'g.id', 'g.name', 'g.type', 'g.active', 'g.version'])
    .where('l.company_id', '=', companyId)
    .where('l.partner_id', 'in', partnerIds)
    .orderBy('g.id')
    .execute();
}

export async function setPartnerGroups(
  db: Db,
  companyId: number,
  partnerId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .deleteFrom('business_partner_groups')
    .where('company_id', '=', companyId)
    .where('partner_id', '=', partnerId)
    .execute();
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) {
    await db
      .insertInto('business_partner_groups')
      .values(unique.map((group_id) => ({ company_id: companyId, partner_id: partnerId, group_id })))
      .execute();
  }
}

export async function getGroups(db: Db, companyId: number, ids: number[]): Promise<PartnerGroupRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('partner_groups')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function searchGroups(
  db: Db,
  companyId: number,
  search: { name?: string; types: PartnerType[]; active?: boolean },
  page: PageRequest,
): Promise<{ rows: PartnerGroupRow[]; total: number }> {
  let query = db.selectFrom('partner_groups').where('company_id', '=', companyId).where('type', 'in', search.types);
  if (search.name) query = query.where('name', 'like', `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (search.active !== undefined) query = query.where('active', '=', search.active);
  const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('id').limit(page.pageSize).offset(page.offset).execute();
  return { rows, total: Number(totalRow.total) };
}

export async function insertGroup(db: Db, row: PartnerGroupRow): Promise<void> {
  await db.insertInto('partner_groups').values(row).execute();
}

export async function updateGroup(db: Db, row: PartnerGroupRow): Promise<void> {
  const { company_id, id, ...fields } = row;
  await db
    .updateTable('partner_groups')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .execute();
}

export async function partnerIdsInGroup(db: Db, companyId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('business_partner_groups')
    .select('partner_id')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((r) => Number(r.partner_id));
}

// default products

export async function defaultProducts(db: Db, companyId: number, partnerId: number): Promise<DefaultProductRow[]> {
  return db
    .selectFrom('partner_default_products')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('partner_id', '=', partnerId)
    .orderBy('position')
    .execute();
}

export async function replaceDefaultProducts(
  db: Db,
  companyId: number,
  partnerId: number,
  rows: DefaultProductRow[],
): Promise<void> {
  await db
    .deleteFrom('partner_default_products')
    .where('company_id', '=', companyId)
    .where('partner_id', '=', partnerId)
    .execute();
  if (rows.length > 0) await db.insertInto('partner_default_products').values(rows).execute();
}

// factoring contracts

export async function getFactoringContract(
  db: Db,
  companyId: number,
  id: number,
): Promise<FactoringContractRow | undefined> {
  return db
    .selectFrom('factoring_contracts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function searchFactoringContracts(
  db: Db,
  companyId: number,
  environment: string,
  page: PageRequest,
  financingCompanyId?: string,
): Promise<{ rows: FactoringContractRow[]; total: number }> {
  let query = db
    .selectFrom('factoring_contracts')
    .where('company_id', '=', companyId)
    .where('environment', '=', environment);
  if (financingCompanyId !== undefined) query = query.where('financing_company_id', '=', financingCompanyId);
  const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll();
  if (page.previousId !== undefined) rows = rows.where('id', page.order === 'asc' ? '>' : '<', page.previousId);
  return {
    rows: await rows.orderBy('id', page.order).limit(page.pageSize).offset(page.offset).execute(),
    total: Number(totalRow.total),
  };
}

export async function insertFactoringContract(db: Db, row: FactoringContractRow): Promise<void> {
  await db.insertInto('factoring_contracts').values(row).execute();
}

// the person linked to a user of the company (company_users.partner_id)

export async function partnerIdOfUser(db: Db, companyId: number, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('company_users')
    .select('partner_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.partner_id === null || row?.partner_id === undefined ? null : Number(row.partner_id);
}
