// Boundaries between the areas of src/ (see ARCHITECTURE.md), checked by `npm test` (npm run deps).
// An area is a folder of src/ other than the shared layers platform/, domain/ and db/. Other code reaches an
// area only through its index.ts; the shared layers never reach an area; nothing imports in a circle.
const SHARED = '^src/(platform|domain|db)/';
const AREA = '^src/(?!(platform|domain|db)/)[^/]+/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make the evaluation order matter and tie areas together.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'area-internals',
      severity: 'error',
      comment:
        'Another area is reached only through its index.ts (its public face), never its store, service or routes.',
      from: { path: '^src/([^/]+)', pathNot: ['\\.test\\.ts$', '^src/modules\\.ts$'] },
      to: { path: AREA, pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'area-internals-from-the-module-list',
      severity: 'error',
      comment: 'The module list reads areas through their index.ts.',
      from: { path: '^src/modules\\.ts$' },
      to: { path: AREA, pathNot: '^src/[^/]+/index\\.ts$' },
    },
    {
      name: 'shared-layers-stay-below-areas',
      severity: 'error',
      comment: 'platform/, domain/ and db/ are shared by every area and must not depend on one.',
      from: { path: SHARED, pathNot: '\\.test\\.ts$' },
      to: { path: [AREA, '^src/[^/]+\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    parser: 'tsc',
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
