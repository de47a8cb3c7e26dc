// SQL of the chart of accounts.
import type { Db } from '../db/index.ts';

export const ACCOUNT_TYPES = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface AccountRow {
  company_id: number;
  /** Account number, e.g. '1910'. */
  number: string;
  name: string;
  type: string;
  active: boolean | number;
  /** Default VAT percent of postings on the account, exact decimal text. */
  vat_percent: string | null;
  vat_status: number | null;
  /** JSON [{languageCode, translation}], or null. */
  translations?: string | null;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    accounts: AccountRow;
  }
}

export async function listAccounts(
  db: Db,
  companyId: number,
  filter: { active?: boolean } = {},
): Promise<AccountRow[]> {
  let query = db.selectFrom('accounts').selectAll().where('company_id', '=', companyId);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  return query.orderBy('number').execute();
}

export async function getAccount(db: Db, companyId: number, number: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The accounts among `numbers` that exist (active or not). */
export async function findAccounts(db: Db, companyId: number, numbers: string[]): Promise<AccountRow[]> {
  if (numbers.length === 0) return [];
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('number', 'in', numbers)
    .execute();
}

/** Languages the company's chart has names in besides its own: those of every account's translations. */
export async function translationLanguages(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('translations')
    .where('company_id', '=', companyId)
    .where('translations', 'is not', null)
    .execute();
  const languages = new Set<string>();
  for (const row of rows)
    for (const t of JSON.parse(row.translations!) as { languageCode: string }[]) languages.add(t.languageCode);
  return [...languages].sort();
}

export async function hasAccounts(db: Db, companyId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('accounts')
      .select('number')
      .where('company_id', '=', companyId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

export async function insertAccounts(db: Db, rows: AccountRow[]): Promise<void> {
  // bounded batches: SQLite limits the number of bound parameters per statement
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('accounts')
      .values(rows.slice(i, i + 50))
      .execute();
}

export async function updateAccount(db: Db, row: AccountRow, expectedVersion: string): Promise<boolean> {
  const { company_id, number, ...fields } = row;
  const result = await db
    .updateTable('accounts')
    .set(fields)
    .where('company_id', '=', company_id)
    .where('number', '=', number)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
