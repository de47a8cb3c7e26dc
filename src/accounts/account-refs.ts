// Ledger account numbers that registers refer to (a product's default and bookkeeping account, a partner's
// default accounts, a bank account's ledger account, a factoring contract's counter account) must name an
// active account of the company's chart. Each failure names its field; the caller reports all of them together.
import type { Db } from '../db/index.ts';
import type { Violations } from '../platform/errors.ts';
import { findAccounts } from './store.ts';

export interface AccountRef {
  /** The request field holding the number, e.g. `defaultAccount` or `salesInvoiceAccounts.debitAccount.code`. */
  field: string;
  number: string | null | undefined;
}

/** Adds ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE for every reference to an unknown or inactive account. */
export async function checkAccountRefs(
  db: Db,
  companyId: number,
  refs: AccountRef[],
  violations: Violations,
): Promise<void> {
  const given = refs.filter(
    (r): r is { field: string; number: string } => typeof r.number === 'string' && r.number !== '',
  );
  if (given.length === 0) return;
  const numbers = [...new Set(given.map((r) => r.number))];
  const active = new Set(
    (await findAccounts(db, companyId, numbers)).filter((a) => Boolean(a.active)).map((a) => a.number),
  );
  for (const ref of given)
    if (!active.has(ref.number)) violations.add('ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE', ref.field);
}

/** The names of the company's accounts among `numbers` (active or not). */
export async function accountNames(db: Db, companyId: number, numbers: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(numbers.filter((n) => n !== ''))];
  if (unique.length === 0) return new Map();
  return new Map((await findAccounts(db, companyId, unique)).map((a) => [a.number, a.name]));
}
