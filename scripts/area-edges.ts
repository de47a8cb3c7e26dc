// Counts the import edges between areas of src/ (ARCHITECTURE.md): through an area's index.ts, into its
// internals (of which into a store.ts), the circular import edges between files, and the groups of areas that
// import each other in a circle. Reads dependency-cruiser's JSON on stdin:
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
const areaEdges = new Map<string, Set<string>>();
for (const module of cruised.modules) {
  if (!module.source.startsWith('src/') || module.source.endsWith('.test.ts')) continue;
  for (const dep of module.dependencies) {
    if (dep.circular) circular++;
    const from = areaOf(module.source);
    const to = areaOf(dep.resolved);
    if (!from || !to || from === to) continue;
    areaEdges.set(from, (areaEdges.get(from) ?? new Set()).add(to));
    if (dep.resolved.endsWith('/index.ts')) throughFace++;
    else {
      intoInternals++;
      if (dep.resolved.endsWith('/store.ts')) intoStores++;
    }
  }
}
// strongly connected components of the area graph (Tarjan): each with more than one area is a circle
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const circles: string[][] = [];
const connect = (area: string) => {
  index.set(area, index.size);
  low.set(area, index.get(area)!);
  stack.push(area);
  for (const next of areaEdges.get(area) ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(area, Math.min(low.get(area)!, low.get(next)!));
    } else if (stack.includes(next)) low.set(area, Math.min(low.get(area)!, index.get(next)!));
  }
  if (low.get(area) === index.get(area)) {
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      group.push(member);
      if (member === area) break;
    }
    if (group.length > 1) circles.push(group.sort());
  }
};
for (const area of areaEdges.keys()) if (!index.has(area)) connect(area);
const summary = {
  edgesBetweenAreas: throughFace + intoInternals,
  throughFace,
  intoInternals,
  intoStores,
  circularEdges: circular,
  areaCircles: circles,
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
