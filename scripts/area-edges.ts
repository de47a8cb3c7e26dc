// Counts the import edges between areas of src/ (ARCHITECTURE.md): through an area's index.ts, into its
// internals (of which into a store.ts), and the import cycles. Reads dependency-cruiser's JSON on stdin:
//   npx depcruise src -c .dependency-cruiser.cjs -T json | node scripts/area-edges.ts
import { readFileSync } from 'node:fs';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; circular: boolean }[] }[];
}

const SHARED = new Set(['platform', 'domain', 'db']);
const areaOf = (path: string): string | undefined => {
  const match = /^src\/([^/]+)\/[^/]+$/.exec(path);
  return match && !SHARED.has(match[1]) ? match[1] : undefined;
};

const cruised = JSON.parse(readFileSync(0, 'utf8')) as Cruised;
let throughFace = 0;
let intoInternals = 0;
let intoStores = 0;
let circular = 0;
for (const module of cruised.modules) {
  if (!module.source.startsWith('src/') || module.source.endsWith('.test.ts')) continue;
  for (const dep of module.dependencies) {
    if (dep.circular) circular++;
    const from = areaOf(module.source);
    const to = areaOf(dep.resolved);
    if (!from || !to || from === to) continue;
    if (dep.resolved.endsWith('/index.ts')) throughFace++;
    else {
      intoInternals++;
      if (dep.resolved.endsWith('/store.ts')) intoStores++;
    }
  }
}
process.stdout.write(`${JSON.stringify({ edgesBetweenAreas: throughFace + intoInternals, throughFace, intoInternals, intoStores, circularEdges: circular }, null, 2)}\n`);
