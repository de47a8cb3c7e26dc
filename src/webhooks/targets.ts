// Where webhooks may be delivered. A webhook URL is an absolute http(s) URL. To keep deliveries from reaching
// the service's own network by accident (SSRF), addresses are checked when the webhook is saved (literal IPs
// and `localhost`) and again on every connection, against the address the name resolved to (so a DNS answer
// that changes later cannot point a delivery inside):
//   - production mode refuses loopback, private, shared, link-local and other special-purpose addresses;
//   - sandbox mode allows loopback and private addresses (local development) but still refuses link-local
//     ones (169.254.0.0/16 holds cloud metadata services);
//   - TASE_WEBHOOK_ALLOW_PRIVATE=1 allows every address.
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { Mode } from '../platform/config.ts';

export const MAX_URL_LENGTH = 2048;

export type TargetPolicy = 'all' | 'public-and-local' | 'public-only';

export function targetPolicy(mode: Mode, allowPrivate: boolean | undefined): TargetPolicy {
  if (allowPrivate) return 'all';
  return mode === 'production' ? 'public-only' : 'public-and-local';
}

function list(entries: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const blocked = new BlockList();
  for (const [network, prefix, family] of entries) blocked.addSubnet(network, prefix, family);
  return blocked;
}

const LINK_LOCAL = list([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
]);

const NOT_PUBLIC = list([
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === 'all') return true;
  if (!isIP(address)) return false;
  const { address: plain, family } = unmapped(address);
  return !(policy === 'public-only' ? NOT_PUBLIC : LINK_LOCAL).check(plain, family);
}

/** Strips the brackets of an IPv6 URL host. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks a webhook URL when it is saved. Answers the problem, or undefined when the URL is acceptable. */
export function urlProblem(text: string, policy: TargetPolicy): 'invalid' | { notAllowed: string } | undefined {
  if (text.length > MAX_URL_LENGTH) return 'invalid';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.hostname ||
    url.username ||
    url.password ||
    url.hash
  )
    return 'invalid';
  const host = hostOf(url);
  if (policy === 'all') return undefined;
  if (isIP(host)) return addressAllowed(host, policy) ? undefined : { notAllowed: host };
  if (policy === 'public-only' && (host === 'localhost' || host.endsWith('.localhost'))) return { notAllowed: host };
  return undefined;
}

class TargetNotAllowedError extends Error {
  override name = 'TargetNotAllowedError';
  readonly code = 'ETARGETNOTALLOWED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses a name resolving to a refused address: the check applies to the
 * address actually connected to.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !addressAllowed(a.address, policy));
      if (refused)
        return callback(
          new TargetNotAllowedError(`${hostname} resolves to ${refused.address}, which webhooks may not reach`),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return callback(null, first.address, first.family);
    });
  };
}
