// SQL of integrations: specification versions, the directory of integration ids, activation requests, customers.
import type { Db } from '../db/index.ts';

export interface IntegrationDirectoryRow {
  integration_id: string;
  company_id: number;
  created_at: string;
}

export interface SpecificationRow {
  company_id: number;
  id: number;
  integration_id: string;
  version_no: number;
  status: string;
  name: string;
  description: string;
  callback_url: string;
  requested_rights: string;
  consent_fields: string;
  partner_val: string | null;
  decline_reason: string | null;
  client_id: string;
  environment: string;
  created_at: string;
  reviewed_at: string | null;
  version: string;
}

export interface IntegrationRequestRow {
  company_id: number;
  id: number;
  integration_id: string;
  version_no: number;
  initiator_user_id: number;
  companies: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** The activation form's ticket that made the request (one request per ticket). */
  ticket_id: string | null;
}

export interface IntegrationCustomerRow {
  company_id: number;
  id: number;
  integration_id: string;
  customer_company_id: number;
  version_no: number;
  status: string;
  reason: string | null;
  technical_user_id: number | null;
  updated_at: string;
}

declare module '../db/types.ts' {
  interface Database {
    integration_directory: IntegrationDirectoryRow;
    integration_specifications: SpecificationRow;
    integration_requests: IntegrationRequestRow;
    integration_customers: IntegrationCustomerRow;
  }
}

export async function ownerOf(db: Db, integrationId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('integration_directory')
    .select('company_id')
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  return row ? Number(row.company_id) : undefined;
}

export async function insertDirectoryEntry(db: Db, row: IntegrationDirectoryRow): Promise<void> {
  await db.insertInto('integration_directory').values(row).execute();
}

/** Every version of an integration, newest first. */
export async function versionsOf(db: Db, companyId: number, integrationId: string): Promise<SpecificationRow[]> {
  return db
    .selectFrom('integration_specifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('integration_id', '=', integrationId)
    .orderBy('version_no', 'desc')
    .execute();
}

/** The newest version of each integration of a company. */
export async function latestVersions(db: Db, companyId: number): Promise<SpecificationRow[]> {
  const rows = await db
    .selectFrom('integration_specifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const latest = new Map<string, SpecificationRow>();
  for (const row of rows) {
    const seen = latest.get(row.integration_id);
    if (!seen || Number(row.version_no) > Number(seen.version_no)) latest.set(row.integration_id, row);
  }
  return [...latest.values()];
}

export async function insertSpecification(db: Db, row: SpecificationRow): Promise<void> {
  await db.insertInto('integration_specifications').values(row).execute();
}

export async function updateSpecification(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<Omit<SpecificationRow, 'company_id' | 'id'>>,
): Promise<void> {
  await db
    .updateTable('integration_specifications')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Specifications waiting for a reviewer, in every company (the review page and `tase admin integration`). */
export async function underReview(db: Db, companyIds: number[]): Promise<SpecificationRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('integration_specifications')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .where('status', '=', 'UNDER_REVIEW')
    .orderBy('created_at')
    .execute();
}

/** Every owner company of an integration (for the reviewer's list). */
export async function directoryCompanies(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('integration_directory').select('company_id').distinct().execute();
  return rows.map((r) => Number(r.company_id));
}

export async function getRequest(db: Db, companyId: number, id: number): Promise<IntegrationRequestRow | undefined> {
  return db
    .selectFrom('integration_requests')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a request; false when a request of the same ticket exists (the form was posted again). */
export async function insertRequest(db: Db, row: IntegrationRequestRow): Promise<boolean> {
  const inserted = await db
    .insertInto('integration_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'ticket_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Marks a request decided; false when another decision came first. */
export async function decideRequest(db: Db, companyId: number, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('integration_requests')
    .set({ decided_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('decided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function customersOf(db: Db, companyId: number, integrationId: string): Promise<IntegrationCustomerRow[]> {
  return db
    .selectFrom('integration_customers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('integration_id', '=', integrationId)
    .orderBy('customer_company_id')
    .execute();
}

export async function findCustomer(
  db: Db,
  companyId: number,
  integrationId: string,
  customerCompanyId: number,
): Promise<IntegrationCustomerRow | undefined> {
  return db
    .selectFrom('integration_customers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('integration_id', '=', integrationId)
    .where('customer_company_id', '=', customerCompanyId)
    .executeTakeFirst();
}

export async function insertCustomer(db: Db, row: IntegrationCustomerRow): Promise<void> {
  await db.insertInto('integration_customers').values(row).execute();
}

export async function updateCustomer(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<Omit<IntegrationCustomerRow, 'company_id' | 'id'>>,
): Promise<void> {
  await db
    .updateTable('integration_customers')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
