// Where an export reads the books, chosen once when the area is built (index.ts): on PostgreSQL one snapshot for
// the whole export (export-reads-postgres.ts); on the embedded engine, whose one connection a long transaction
// would block, the shared connection chunk by chunk (export-reads-sqlite.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** The reads of one export, open until `close` (after its last read) or `fail` (when it stops early). */
interface ExportReading {
  db: Kysely<Database>;
  close(): Promise<void>;
  fail(): Promise<void>;
}

export interface ExportReads {
  open(readDb: Kysely<Database>): Promise<ExportReading>;
}
