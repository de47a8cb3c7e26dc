// PostgreSQL's search tactics. Reading an entry in a pass over the index costs it a few dozen times less than
// looking one up, so two short gram lists are intersected; OFFSET 0 keeps a lookup from being turned into a hash
// of every entry; and statements are prepared by name, so after a few runs a generic plan may be chosen unless
// the transaction asks for plans made for its own values.
import { sql } from 'kysely';
import type { SearchTactics } from './search.ts';

export const postgresSearch: SearchTactics = {
  intersects: true,
  fenced: (lookup) => lookup.offset(0),
  planForTheseValues: (db, find) =>
    db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
      return find(trx);
    }),
};
