// The `tase` command as one file: dist/tase-bundle.js (the sources and the pure-JavaScript packages, bundled by
// esbuild) behind dist/tase.js, which turns on Node's compile cache first. Node then resolves and reads a
// couple of hundred files at start instead of ~1400 (measured by bench/sandbox-start.ts). Packages that read
// files of their own at run time (fonts, a WebAssembly module, the documentation page's assets), native ones
// and the ones loaded only when first used stay outside and are loaded from node_modules.
//   node scripts/bundle.ts        (run by `npm run build`)
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

const EXTERNAL = [
  // native, or reading their own files
  'sharp',
  'pdfkit',
  'fontkit',
  'dejavu-fonts-ttf',
  'xmllint-wasm',
  '@fastify/swagger-ui',
  'pg-native',
  // loaded when first used (a dynamic import or a require at the point of use)
  'pg',
  'file-type',
  'bwip-js',
];

await build({
  // the worker threads that render long documents start from files of their own, beside the bundle
  // (src/platform/render-pool.ts, workerEntry)
  entryPoints: {
    'tase-bundle': join(root, 'src', 'main.ts'),
    'invoice-render-worker': join(root, 'src', 'invoices', 'invoice-render-worker.ts'),
    'payslip-render-worker': join(root, 'src', 'payroll', 'payslip-render-worker.ts'),
    'statements-render-worker': join(root, 'src', 'reports', 'statements-render-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle call require(): give them one
  banner: {
    js: "import { createRequire as tase_createRequire } from 'node:module';\nconst require = tase_createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});

writeFileSync(
  join(dist, 'tase.js'),
  [
    '#!/usr/bin/env node',
    '// an older Node would die on the bundle with a bare SyntaxError: say which Node is needed instead',
    "const major = Number(process.versions.node.split('.')[0]);",
    'if (major < 24) {',
    '  process.stderr.write(',
    '    `tase: Node 24 or newer is needed, this is Node ${process.versions.node}` +',
    "      ' (in the repository, `npm start` runs the Node 24 it installs)\\n',",
    '  );',
    '  process.exit(2);',
    '}',
    '// compiled code of the bundle is kept between starts (in the system temporary folder)',
    "const { enableCompileCache } = await import('node:module');",
    'enableCompileCache();',
    "await import('./tase-bundle.js');",
    '',
  ].join('\n'),
  { mode: 0o755 },
);
