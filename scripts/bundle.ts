// The `tase` command as one file: dist/tase-bundle.js (the sources and the pure-JavaScript packages, bundled by
// esbuild) behind dist/tase.js, which turns on Node's compile cache first. Node then resolves and reads a
// couple of hundred files at start instead of ~1400 (measured by bench/sandbox-start.ts). Packages that read
// files of their own at run time (fonts, a WebAssembly module, the documentation page's assets), native ones
// and the ones loaded only when first used stay outside and are loaded from node_modules.
//   node scripts/bundle.ts        (run by `npm run build`)
import { build, type Plugin } from 'esbuild';
import { EXTERNAL } from './bundle-externals.ts';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

/**
 * Node's built-in modules imported with `require` instead of `import`: an ES import of one makes Node build its
 * ES facade, reading every export — lazy ones too, so `node:http` loads the whole web client (undici) and
 * `node:fs` its promises API at start; some 60 ms of a start in all, measured by bench/sandbox-start.ts.
 */
const builtinsByRequire: Plugin = {
  name: 'builtins-by-require',
  setup(bundle) {
    bundle.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'import-statement' ? { path: args.path, namespace: 'builtin' } : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const result = await build({
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
  plugins: [builtinsByRequire],
  // CommonJS packages inside an ES module bundle call require(): give them one
  banner: {
    js: "import { createRequire as tase_createRequire } from 'node:module';\nconst require = tase_createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// What a sandbox's template database is keyed by (src/sandbox/template.ts): the code, and the data files the
// demo seed reads. A new bundle of other code makes other templates.
const fingerprint = createHash('sha256');
for (const file of [
  ...Object.keys(result.metafile.outputs).sort(),
  join(root, 'src', 'currencies', 'sandbox-rates.xml'),
])
  fingerprint.update(readFileSync(file));
writeFileSync(join(dist, 'tase-bundle.fingerprint'), `${fingerprint.digest('hex')}\n`);

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
