import { describe, expect, it } from 'vitest';
import { addressAllowed, guardedLookup, targetPolicy, urlProblem } from './targets.ts';

describe('webhook targets', () => {
  it('production refuses loopback, private and link-local addresses; sandbox only link-local', () => {
    const production = targetPolicy('production', false);
    const sandbox = targetPolicy('sandbox', false);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(addressAllowed(a, production), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(addressAllowed(a, production), a).toBe(true);
    expect(addressAllowed('127.0.0.1', sandbox)).toBe(true);
    expect(addressAllowed('192.168.1.1', sandbox)).toBe(true);
    expect(addressAllowed('169.254.169.254', sandbox)).toBe(false);
    expect(addressAllowed('::ffff:169.254.169.254', sandbox)).toBe(false);
    expect(addressAllowed('169.254.169.254', targetPolicy('production', true))).toBe(true);
  });

  it('reads the IPv4 address inside IPv6 forms that carry one: mapped, compatible, NAT64, 6to4', () => {
    const production = targetPolicy('production', false);
    const sandbox = targetPolicy('sandbox', false);
    for (const a of [
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
    ])
      expect(addressAllowed(a, production), a).toBe(false);
    for (const a of ['::a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1'])
      expect(addressAllowed(a, sandbox), a).toBe(false);
    for (const a of ['64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:808:808'])
      expect(addressAllowed(a, production), a).toBe(true);
    // URLs are normalised by the URL parser first: [::127.0.0.1] arrives as ::7f00:1
    expect(urlProblem('http://[::127.0.0.1]/hook', production)).toEqual({ notAllowed: '::7f00:1' });
    expect(urlProblem('http://[64:ff9b::7f00:1]/hook', production)).toEqual({ notAllowed: '64:ff9b::7f00:1' });
  });

  it('accepts only absolute http(s) URLs without credentials or fragment', () => {
    const policy = targetPolicy('sandbox', false);
    expect(urlProblem('https://hooks.example.com/tase', policy)).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:3000/hook', policy)).toBeUndefined();
    for (const bad of [
      'ftp://example.com/',
      'example.com/hook',
      'https://user:pw@example.com/',
      'https://example.com/#x',
      `https://e.com/${'a'.repeat(2100)}`,
    ]) {
      expect(urlProblem(bad, policy), bad).toBe('invalid');
    }
    const production = targetPolicy('production', false);
    expect(urlProblem('http://127.0.0.1:3000/hook', production)).toEqual({ notAllowed: '127.0.0.1' });
    expect(urlProblem('http://[::1]:3000/hook', production)).toEqual({ notAllowed: '::1' });
    expect(urlProblem('http://localhost:3000/hook', production)).toEqual({ notAllowed: 'localhost' });
    expect(urlProblem('http://169.254.169.254/latest', policy)).toEqual({ notAllowed: '169.254.169.254' });
  });

  it('refuses at connection time a name that resolves to a refused address', async () => {
    const lookup = guardedLookup(targetPolicy('production', false));
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.name).toBe('TargetNotAllowedError');
    const allowed = guardedLookup(targetPolicy('sandbox', false));
    const address = await new Promise<unknown>((resolve) => allowed('localhost', {}, (_err, a) => resolve(a)));
    expect(String(address)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
