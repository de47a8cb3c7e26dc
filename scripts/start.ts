// `npm start`: serves from the bundle (dist/tase.js), bundling first only when a source, the bundling script or
// the installed packages changed since the last bundle — about a second, announced on a line of its own. Types
// are checked by `npm test` (and `npm run build`), not on every start: a start from a built tree is the service's
// own start only (bench/sandbox-start.ts).
//   node scripts/start.ts [serve] [serve options]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bundle = join(root, 'dist', 'tase-bundle.js');

/** The newest modification time of the files under a folder (or of a file). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

const sources = [
  join(root, 'src'),
  join(root, 'scripts', 'bundle.ts'),
  join(root, 'scripts', 'bundle-externals.ts'),
  join(root, 'package-lock.json'),
];
const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
if (sources.some((source) => newest(source) > built)) {
  process.stdout.write('Bundling the service (sources changed since the last build)…\n');
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.ts')], { stdio: 'inherit' });
}

// the command runs in this process: one Node start, not two
const args = process.argv.slice(2);
if (args[0] !== 'serve') args.unshift('serve');
process.argv = [process.argv[0], join(root, 'dist', 'tase.js'), ...args];
await import(join(root, 'dist', 'tase.js'));
