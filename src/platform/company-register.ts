// The tenant register as the areas below the company area and the shared layers read it. The `companies`
// table is the company area's: it alone reads and writes it. Areas that company itself builds on (identity,
// the registers, accounts, VAT) and platform/ cannot import company's index.ts without a circle or a layer
// breach, so the company area provides this reader in its descriptor (`companyRegister`) and the app hands it to
// every area as `ctx.companies`. Areas above company import its `getCompany` instead; both are the same reads.
import type { Db } from '../db/index.ts';
import type { Database } from '../db/types.ts';

/** A company's row of the tenant register: name, business id, country, currency, contract type. */
type CompanyRecord = Database['companies'];

export interface CompanyRegister {
  /** The company's row, or undefined for no such company. */
  company(db: Db, companyId: number): Promise<CompanyRecord | undefined>;
  /**
   * The ids of the companies after `after`, at most `limit`, in order: the one read across companies, of the ids
   * only (housekeeping, the company-setup backfill, the sandbox's reset).
   */
  ids(db: Db, after: number, limit: number): Promise<number[]>;
  /** The names of the companies of these ids that exist (one read, however many ids). */
  names(db: Db, companyIds: readonly number[]): Promise<Map<number, string>>;
  /**
   * Locks the company's row until the transaction ends (PostgreSQL only: SQLite's one writer needs no lock), so
   * concurrent setups of one company queue.
   */
  lock(trx: Db, companyId: number): Promise<void>;
}
