// The `tase` command as one npm package file, to run a sandbox without cloning the repository:
//   node scripts/pack.ts            (npm run pack) → dist/tase-<version>.tgz
//   npx --yes ./tase-<version>.tgz serve
// The package holds the bundle (dist/, built first), the data files the service reads at run time (the XML
// schemas, the sandbox's exchange rates) and, inside it (bundleDependencies), the packages the bundle leaves
// outside with everything they need: installing it asks the registry for nothing. The native image library
// (sharp) is the one of the platform it was packed on.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { EXTERNAL } from './bundle-externals.ts';

const root = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  description: string;
  license: string;
  engines: Record<string, string>;
};

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

execFileSync(process.execPath, [join(root, 'scripts', 'bundle.ts')], { stdio: 'inherit' });
const staging = mkdtempSync(join(tmpdir(), 'tase-pack-'));
try {
  mkdirSync(join(staging, 'dist'));
  for (const file of [
    'tase.js',
    'tase-bundle.js',
    'tase-bundle.fingerprint',
    'invoice-render-worker.js',
    'payslip-render-worker.js',
    'statements-render-worker.js',
  ])
    cpSync(join(root, 'dist', file), join(staging, 'dist', file));
  // found upwards from the bundle, as in the repository (src/domain/xsd.ts, src/currencies/service.ts)
  cpSync(join(root, 'schemas'), join(staging, 'schemas'), { recursive: true });
  cpSync(join(root, 'src', 'currencies', 'sandbox-rates.xml'), join(staging, 'src', 'currencies', 'sandbox-rates.xml'));

  // the outside packages and what they depend on, in node_modules' own layout (a dependency a package keeps in
  // a node_modules of its own comes with the package's folder)
  const carried = new Map<string, string>();
  const carry = (name: string, from: string) => {
    // Node's resolution: the node_modules of the requiring package's folder and of each folder above it
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        if (carried.has(candidate)) return;
        const pkg = readPackage(candidate);
        carried.set(candidate, pkg.version);
        cpSync(candidate, join(staging, relative(root, candidate)), { recursive: true, dereference: true });
        for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) carry(dep, candidate);
        return;
      }
      if (dir === root) return; // an optional one of another platform
    }
  };
  const dependencies: Record<string, string> = {};
  for (const name of EXTERNAL) {
    if (!existsSync(join(root, 'node_modules', name, 'package.json'))) continue; // pg-native: never installed
    carry(name, root);
    dependencies[name] = readPackage(join(root, 'node_modules', name)).version;
  }

  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify(
      {
        name: manifest.name,
        version: manifest.version,
        description: manifest.description,
        license: manifest.license,
        type: 'module',
        bin: { tase: 'dist/tase.js' },
        engines: manifest.engines,
        dependencies,
        bundleDependencies: Object.keys(dependencies),
      },
      null,
      2,
    )}\n`,
  );
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', join(root, 'dist')], {
    cwd: staging,
    encoding: 'utf8',
  }).trim();
  process.stdout.write(`${join('dist', packed)} (${carried.size} packages inside)\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
