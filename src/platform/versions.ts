// API versions are data: each has a path, a release date and an end of support. A route declares the version
// it appeared in (and optionally the one that removed it); older versions answer 404 for it.

export interface ApiVersion {
  /** `YY.MM` */
  id: string;
  /** Path segment, `vYYMM`. */
  path: string;
  released: string;
  /** Last day of support; past it the version answers 410. Null while it is the latest release. */
  supportEnds: string | null;
}

export const API_VERSIONS: readonly ApiVersion[] = [
  { id: '26.02', path: 'v2602', released: '2026-02-16', supportEnds: '2026-11-15' },
  { id: '26.05', path: 'v2605', released: '2026-05-18', supportEnds: '2027-02-15' },
  { id: '26.08', path: 'v2608', released: '2026-08-17', supportEnds: '2027-05-15' },
  { id: '26.10', path: 'v2610', released: '2026-10-19', supportEnds: null },
];

/** Moving paths: `/latest` is the newest release, `/supported` the newest numbered supported version. */
export const VERSION_ALIASES: Record<string, string> = {
  latest: '26.10',
  supported: '26.08',
};

export const LATEST_VERSION = VERSION_ALIASES.latest;

function versionById(id: string): ApiVersion {
  const v = API_VERSIONS.find((x) => x.id === id);
  if (!v) throw new Error(`unknown API version ${id}`);
  return v;
}

// one collator for every comparison: localeCompare with options builds one per call, a noticeable part of a
// start (each route is compared against every version when it is registered)
const numeric = new Intl.Collator('en', { numeric: true });

export function compareVersions(a: string, b: string): number {
  return numeric.compare(a, b);
}

export function routeInVersion(version: string, since = '26.02', removedIn?: string): boolean {
  return compareVersions(version, since) >= 0 && (removedIn === undefined || compareVersions(version, removedIn) < 0);
}

/**
 * Maps an incoming URL to the canonical `/vYYMM/api/...` form: `/api/...`, `/latest/api/...` and
 * `/supported/api/...` are aliases resolved here, before routing.
 */
export function canonicalUrl(url: string): string {
  if (url === '/status' || url.startsWith('/status?') || url === '/openapi.json')
    return `/${versionById(LATEST_VERSION).path}/api${url}`;
  if (url.startsWith('/api/') || url === '/api') return `/${versionById(LATEST_VERSION).path}${url}`;
  const match = /^\/(latest|supported)(\/api(?:\/|$|\?).*)$/.exec(url);
  if (match) return `/${versionById(VERSION_ALIASES[match[1]]).path}${match[2]}`;
  return url;
}

const VERSIONS_BY_PATH = new Map(API_VERSIONS.map((v) => [v.path, v]));

/** The version of a canonical URL, `/vYYMM/api` followed by `/`, `?` or its end (every request asks). */
export function versionOfUrl(url: string): ApiVersion | undefined {
  if (url.charCodeAt(0) !== 0x2f || !url.startsWith('/api', 6)) return undefined;
  const after = url.length === 10 ? '' : url[10];
  if (after !== '' && after !== '/' && after !== '?') return undefined;
  return VERSIONS_BY_PATH.get(url.slice(1, 6));
}

/** Deprecation (RFC 9745) and Sunset (RFC 8594) headers for a version with an end of support. */
export function lifecycleHeaders(version: ApiVersion): Record<string, string> | undefined {
  if (!version.supportEnds) return undefined;
  const successor = API_VERSIONS.find((v) => compareVersions(v.id, version.id) > 0);
  const deprecatedAt = new Date(`${successor?.released ?? version.released}T00:00:00Z`);
  const sunset = new Date(`${version.supportEnds}T23:59:59Z`);
  return {
    deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    sunset: sunset.toUTCString(),
    link: `</${versionById(LATEST_VERSION).path}/api/openapi.json>; rel="successor-version"`,
  };
}

export function isPastSupport(version: ApiVersion, now: Date): boolean {
  return version.supportEnds !== null && now.getTime() > new Date(`${version.supportEnds}T23:59:59Z`).getTime();
}
