// The reads of invoices whose SQL differs by engine, chosen once when the area is built: the rules
// (service.ts and the actions, payments and comments built on it) call them without asking which engine runs.
import type { Db, Engine } from '../db/index.ts';
import type { PageRequest } from '../platform/paging.ts';
import { findInvoices, type InvoiceSearch } from './search.ts';
import { sqliteSearch } from './search-sqlite.ts';
import { postgresSearch } from './search-postgres.ts';
import * as store from './store.ts';

export interface InvoiceQueries {
  /** The invoice, held against concurrent changes until the transaction ends. */
  lock(db: Db, companyId: number, id: number): Promise<store.InvoiceRecord | undefined>;
  /** Invoices in id order, held as `lock` holds one. */
  lockAll(db: Db, companyId: number, ids: number[]): Promise<store.InvoiceRecord[]>;
  /** One page of the invoices a search finds, and their number when it is known cheaply. */
  search(
    db: Db,
    companyId: number,
    search: InvoiceSearch,
    page: PageRequest,
  ): Promise<{ rows: store.InvoiceRecord[]; total: number | undefined }>;
}

export function invoiceQueries(engine: Engine): InvoiceQueries {
  const tactics = engine === 'postgres' ? postgresSearch : sqliteSearch;
  return {
    lock: (db, companyId, id) => store.lockInvoice(db, companyId, id, engine),
    lockAll: (db, companyId, ids) => store.lockInvoices(db, companyId, ids, engine),
    search: (db, companyId, search, page) => findInvoices(db, tactics, companyId, search, page),
  };
}
