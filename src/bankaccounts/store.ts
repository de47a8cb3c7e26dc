// SQL of the company's bank accounts.
import type { Db } from '../db/index.ts';
import { updateIfVersion } from '../db/versioned.ts';

export interface BankAccountRow {
  company_id: number;
  id: number;
  iban: string;
  currency: string;
  status: string;
  default_for_invoice: boolean | number;
  default_for_payment: boolean | number;
  connection: string;
  data: string;
  created: string;
  version: string;
}

declare module '../db/types.ts' {
  interface Database {
    bank_accounts: BankAccountRow;
  }
}

export async function getAccount(db: Db, companyId: number, id: number): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function accountByIban(db: Db, companyId: number, iban: string): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('iban', '=', iban)
    .executeTakeFirst();
}

export async function listAccounts(db: Db, companyId: number): Promise<BankAccountRow[]> {
  return db.selectFrom('bank_accounts').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export async function insertAccount(db: Db, row: BankAccountRow): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

/** Updates the row if its version is still `expectedVersion`; false when someone changed it meanwhile. */
export function updateAccount(db: Db, row: BankAccountRow, expectedVersion: string): Promise<boolean> {
  return updateIfVersion(db, 'bank_accounts', row, expectedVersion);
}

/** Only one account is the default for invoices (or payments): clears the flag on the others. */
export async function clearDefault(
  db: Db,
  companyId: number,
  exceptId: number,
  column: 'default_for_invoice' | 'default_for_payment',
): Promise<void> {
  await db
    .updateTable('bank_accounts')
    .set({ [column]: false })
    .where('company_id', '=', companyId)
    .where('id', '!=', exceptId)
    .execute();
}
