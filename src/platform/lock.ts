// The optimistic lock of versioned resources. `version` is the datetime of a resource's last change; a change is
// applied only over the version it was computed from. Every versioned resource checks it here, so a stale
// version is always STALE_VERSION and a missing one VERSION_REQUIRED, with one wording each.
import { apiError, errorItem, type ApiError, type ErrorItem } from './errors.ts';

/**
 * Declared per route (`RouteDef.version`) for a PUT or PATCH of a versioned resource: 'required' when the request
 * must carry the current `version` (checked with the other input, before the resource is read), 'optional' when
 * a `version` is checked only if sent.
 */
export type VersionRule = 'required' | 'optional';

/** The error item of a stale version, for checks that report several problems at once. */
export function staleVersionItem(): ErrorItem {
  return errorItem('STALE_VERSION', 'version');
}

function staleVersion(): ApiError {
  return apiError('STALE_VERSION', 'version');
}

/** Refuses a request without `version` on a route whose rule is 'required'. */
export function requireVersion(sent: unknown, rule: VersionRule | undefined): void {
  if (rule === 'required' && (sent === undefined || sent === null)) throw apiError('VERSION_REQUIRED', 'version');
}

/** Checks the version a request sent (if any) against the stored one, before anything is written. */
export function checkVersion(sent: unknown, current: string): void {
  if (sent !== undefined && sent !== null && sent !== current) throw staleVersion();
}

/**
 * Awaits a write guarded by the stored version (src/db/versioned.ts): false means someone else changed the
 * resource between the read and the write, which is answered as a stale version.
 */
export async function staleUnlessWritten(written: Promise<boolean>): Promise<void> {
  if (!(await written)) throw staleVersion();
}
