// SQL of companies: the tenant register (`companies`: name, business id, country, currency, contract type; the
// table was created by identity's first migration, before ownership was written down) and the details, usage settings and invoice circulation
// settings of a company.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface CompanyRow {
  company_id: number;
  name: string;
  business_id: string | null;
  country: string;
  currency: string;
  contract_type: string;
  created_at: string;
  version: string;
}

export interface CompanySettingsRow {
  company_id: number;
  details: string;
  usage_settings: string | null;
  circulation_settings: string | null;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    companies: CompanyRow;
    company_settings: CompanySettingsRow;
  }
}

export async function getCompany(db: Db, companyId: number) {
  return db.selectFrom('companies').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function companyNames(db: Db, companyIds: readonly number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['company_id', 'name'])
    .where('company_id', 'in', [...new Set(companyIds)])
    .execute();
  return new Map(rows.map((c) => [Number(c.company_id), c.name]));
}

/**
 * Raw SQL naming company_id, which the company-scope guard lets through (as it does the webhook queue's claim):
 * the one statement that reads across companies.
 */
export async function companyIds(db: Db, after: number, limit: number): Promise<number[]> {
  const result = await sql<{
    company_id: number | string;
  }>`select company_id from companies where company_id > ${after} order by company_id limit ${limit}`.execute(db);
  return result.rows.map((r) => Number(r.company_id));
}

export async function lockCompany(trx: Db, companyId: number): Promise<void> {
  await trx.selectFrom('companies').select('company_id').where('company_id', '=', companyId).forUpdate().execute();
}

export async function insertCompany(db: Db, row: CompanyRow): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

export async function updateCompany(
  db: Db,
  companyId: number,
  fields: { name: string; business_id: string | null; version: string },
): Promise<void> {
  await db.updateTable('companies').set(fields).where('company_id', '=', companyId).execute();
}

export async function getSettings(db: Db, companyId: number): Promise<CompanySettingsRow | undefined> {
  return db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: CompanySettingsRow): Promise<void> {
  const { company_id, ...fields } = row;
  await db
    .insertInto('company_settings')
    .values(row)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(fields))
    .execute();
}

export async function memberUserIds(db: Db, companyId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('company_users')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('active', '=', true)
    .execute();
  return new Set(rows.map((r) => Number(r.user_id)));
}

// ---- settings documents, invoice templates and verifier lists ----

export type DocumentKind = 'deliveryTerms' | 'eInvoiceData' | 'collectionsAndPenalExpenses';

export interface CompanyDocumentRow {
  company_id: number;
  kind: DocumentKind;
  /** The settings as JSON (exact decimals). */
  body: string;
  version: string;
}

export interface InvoiceTemplateRow {
  company_id: number;
  id: number;
  name: string;
  is_default: boolean | number;
  version: string;
}

export interface VerifierListRow {
  company_id: number;
  id: number;
  name: string;
  /** User ids, in order, as a JSON array. */
  verifiers: string;
  acceptors: string;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    company_documents: CompanyDocumentRow;
    invoice_templates: InvoiceTemplateRow;
    verifier_lists: VerifierListRow;
  }
}

export async function getDocument(
  db: Db,
  companyId: number,
  kind: DocumentKind,
): Promise<CompanyDocumentRow | undefined> {
  return db
    .selectFrom('company_documents')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function saveDocument(db: Db, row: CompanyDocumentRow): Promise<void> {
  await db
    .insertInto('company_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'kind']).doUpdateSet({ body: row.body, version: row.version }))
    .execute();
}

export async function listInvoiceTemplates(db: Db, companyId: number): Promise<InvoiceTemplateRow[]> {
  return db.selectFrom('invoice_templates').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export async function insertInvoiceTemplate(db: Db, row: InvoiceTemplateRow): Promise<void> {
  await db.insertInto('invoice_templates').values(row).execute();
}

export async function updateInvoiceTemplate(db: Db, row: InvoiceTemplateRow): Promise<void> {
  const { company_id, id, ...fields } = row;
  await db
    .updateTable('invoice_templates')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .execute();
}

/** Makes one template the default and every other not. */
export async function setDefaultInvoiceTemplate(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .updateTable('invoice_templates')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('id', '!=', id)
    .execute();
  await db
    .updateTable('invoice_templates')
    .set({ is_default: true })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

export async function listVerifierLists(db: Db, companyId: number): Promise<VerifierListRow[]> {
  return db.selectFrom('verifier_lists').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export async function getVerifierList(db: Db, companyId: number, id: number): Promise<VerifierListRow | undefined> {
  return db
    .selectFrom('verifier_lists')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertVerifierList(db: Db, row: VerifierListRow): Promise<void> {
  await db.insertInto('verifier_lists').values(row).execute();
}

export async function updateVerifierList(db: Db, row: VerifierListRow): Promise<void> {
  const { company_id, id, ...fields } = row;
  await db
    .updateTable('verifier_lists')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('id', '=', id)
    .execute();
}

export async function deleteVerifierList(db: Db, companyId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('verifier_lists')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** First and last names of users, by id. */
export async function userNames(
  db: Db,
  userIds: number[],
): Promise<Map<number, { first_name: string; last_name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'first_name', 'last_name'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((u) => [Number(u.user_id), u]));
}
