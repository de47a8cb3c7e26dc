// The built command on a Node older than 24 says in one line which Node it needs (the bundle's syntax would
// otherwise die with a bare SyntaxError). Runs when such a Node is on PATH (as on machines whose system Node is
// older than the one `npm install` brings); skipped otherwise.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** A `node` on PATH older than 24, and its version. */
function olderNode(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'node');
    if (!dir || !existsSync(path)) continue;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim().replace(/^v/, '');
    if (version && Number(version.split('.')[0]) < 24) return { path, version };
  }
  return undefined;
}

const older = olderNode();

describe('the built command on an older Node', () => {
  it.runIf(older)('names the Node it needs in one line and exits with 2', () => {
    if (!existsSync(join(root, 'dist', 'tase.js')))
      execFileSync(process.execPath, [join(root, 'scripts', 'bundle.ts')], { cwd: root, stdio: 'inherit' });
    const run = spawnSync(older!.path, [join(root, 'dist', 'tase.js'), 'serve'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: ':memory:', PORT: '0' },
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `tase: Node 24 or newer is needed, this is Node ${older!.version} (in the repository, \`npm start\` runs the Node 24 it installs)`,
    ]);
  });
});
