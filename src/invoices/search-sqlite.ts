// The embedded engine's search tactics: its planner reads the chain of checks as written, and its statements are
// planned anew each run, so nothing is fenced or forced.
import type { SearchTactics } from './search.ts';

export const sqliteSearch: SearchTactics = {
  intersects: false,
  fenced: (lookup) => lookup,
  planForTheseValues: (db, find) => find(db),
};
