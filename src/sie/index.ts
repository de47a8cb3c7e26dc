// SIE 4 export of a fiscal year: a read model over the ledger's tables (no table of its own).
import { defineArea } from '../platform/area.ts';
import { sieRoutes } from './routes.ts';
import { SieService } from './service.ts';
import { snapshotReads } from './export-reads-postgres.ts';
import { sharedReads } from './export-reads-sqlite.ts';
import { sieExamples } from './examples.ts';

export { SieService } from './service.ts';

export const sieArea = defineArea({
  name: 'sie',
  examples: sieExamples,
  rights: ['accounting.reports'],
  tags: [{ name: 'SIE', description: 'SIE 4 export of a fiscal year (CP437, streamed).' }],
  create: (ctx) => new SieService(ctx, ctx.engine === 'postgres' ? snapshotReads : sharedReads),
  routes: (sie) => sieRoutes(sie),
});
