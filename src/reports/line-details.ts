// The text of general-ledger lines found by their keys (receipt and line), whose SQL differs by engine
// (line-details-{postgres,sqlite}.ts), chosen once when the area is built (index.ts): the store's page reads call
// it without asking which engine runs.
//
// The keys of a page are pairs. Asked as two lists (`receipt_id in (…) and id in (…)`), PostgreSQL 15 would
// look up every receipt × line combination in the primary key (40 000 for a page of 200), so it reads every line
// of the company instead: a page of the general ledger took 1.6 s at a million receipts against 60 ms at 10 000.
// Asked as pairs, each engine looks up each line once in the primary key `(company_id, receipt_id, id)`.
import type { Db } from '../db/index.ts';

interface LineRef {
  receipt_id: number;
  id: number;
}

export interface LineDetail extends LineRef {
  description: string | null;
  partner_id: number | null;
  vat_percent: string | null;
  vat_status: number | null;
}

/** The details of the lines with these keys (in no particular order; a key of no line is left out). */
export type LineDetails = (db: Db, companyId: number, keys: readonly LineRef[]) => Promise<LineDetail[]>;
