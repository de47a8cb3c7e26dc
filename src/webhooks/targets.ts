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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups). */
function groupsOf(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/**
 * IPv6 forms that carry an IPv4 address the packet really goes to, checked as that address: IPv4-mapped
 * (`::ffff:10.0.0.1`), IPv4-compatible (`::127.0.0.1`, deprecated by RFC 4291 but still routed by some stacks),
 * NAT64 (`64:ff9b::/96`, RFC 6052, and the local-use `64:ff9b:1::/48`, RFC 8215) and 6to4 (`2002::/16`, RFC 3056).
 */
function embeddedIpv4(address: string): string | undefined {
  const g = groupsOf(address);
  if (!g) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7] > 1)))) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return undefined;
}

function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) !== 6) return { address, family: 'ipv4' };
  const inner = embeddedIpv4(address);
  return inner ? { address: inner, family: 'ipv4' } : { address, family: 'ipv6' };
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
        // the address itself is not told: the delivery log is the company's to read, the network is not
        return callback(new TargetNotAllowedError(`${hostname} resolves to an address webhooks may not reach`), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return callback(null, first.address, first.family);
    });
  };
}
