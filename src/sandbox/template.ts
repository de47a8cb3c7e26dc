// The template of a sandbox on an in-memory database: the database as it stands after migrating and seeding the
// demo company, kept as a file so that the next start copies it into memory instead of doing that work again
// (the password hash alone is a fraction of a second of scrypt). It is keyed by what made it: the build (a
// fingerprint of the bundle and the data files the seed reads, written beside the bundle by scripts/bundle.ts;
// run from the sources there is none, so no template), the day (the seed's dates, VAT rate and fiscal year
// follow the clock), the password cost and SQLite's version. The folder and file are the user's alone: the
// template holds the demo credentials.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Config } from '../platform/config.ts';
import { isoDate } from '../platform/clock.ts';

const FINGERPRINT = 'tase-bundle.fingerprint';
const TEMPLATE_FILE = /^sandbox-[0-9a-f]{32}\.sqlite$/;

export interface SandboxTemplate {
  /** The template's bytes, or undefined when there is none (or none to trust). */
  read(): Uint8Array | undefined;
  /** Keeps `image` as the template (and drops templates of other builds and days); a failure is only a slower next start. */
  write(image: Uint8Array): void;
}

/** The system's folder for caches (XDG on Linux and the like). */
function systemCacheDir(): string | undefined {
  try {
    if (process.platform === 'win32')
      return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'tase');
    if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'tase');
    const xdg = process.env.XDG_CACHE_HOME;
    return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'tase');
  } catch {
    return undefined; // no home folder
  }
}

function buildFingerprint(): string | undefined {
  try {
    // beside the bundle this module is part of; beside the sources there is none
    return readFileSync(new URL(FINGERPRINT, import.meta.url), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The template of this start, when the service is a sandbox on an in-memory embedded database run from a build. */
export function sandboxTemplate(config: Config, now: Date): SandboxTemplate | undefined {
  if (config.mode !== 'sandbox' || !/^(sqlite:(\/\/)?)?:memory:$/.test(config.databaseUrl)) return undefined;
  const dir = config.cacheDir === false ? undefined : (config.cacheDir ?? systemCacheDir());
  const fingerprint = buildFingerprint();
  if (!dir || !fingerprint) return undefined;
  const key = createHash('sha256')
    .update([fingerprint, isoDate(now), config.passwordCost ?? '', process.versions.sqlite].join('\n'))
    .digest('hex')
    .slice(0, 32);
  const name = `sandbox-${key}.sqlite`;
  const path = join(dir, name);
  return {
    read() {
      let fd: number;
      try {
        fd = openSync(path, 'r');
      } catch {
        return undefined;
      }
      try {
        // one the user did not write, or others could have, is not loaded
        const stat = fstatSync(fd);
        if (!stat.isFile() || (stat.mode & 0o077) !== 0) return undefined;
        if (process.getuid && stat.uid !== process.getuid()) return undefined;
        return readFileSync(fd);
      } catch {
        return undefined;
      } finally {
        closeSync(fd);
      }
    },
    write(image) {
      // written whole under a name of its own, then renamed: a start never reads half a template
      const partial = join(dir, `${name}.${process.pid}.partial`);
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(partial, image, { mode: 0o600, flag: 'wx' });
        renameSync(partial, path);
        for (const entry of readdirSync(dir))
          if (TEMPLATE_FILE.test(entry) && entry !== name) rmSync(join(dir, entry), { force: true });
      } catch {
        // a folder that cannot be written (a read-only home in a container): every start seeds, as without one
        rmSync(partial, { force: true });
      }
    },
  };
}
