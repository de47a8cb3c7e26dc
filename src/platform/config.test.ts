import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';

describe('the production signing secret', () => {
  const production = (secret: string) => () => configFromEnv({ TASE_MODE: 'production', TASE_SIGNING_SECRET: secret });

  it('refuses a secret that is long enough but guessable', () => {
    for (const weak of ['a'.repeat(32), 'abcd'.repeat(10), '01'.repeat(32), 'password'.repeat(4)])
      expect(production(weak), weak).toThrow(/guessable/);
    expect(production('short')).toThrow(/at least 32 bytes/);
  });

  it('takes a random one, hex or base64', () => {
    expect(() =>
      configFromEnv({ TASE_MODE: 'production', TASE_SIGNING_SECRET: '9f86d081884c7d659a2feaa0c55ad015' }),
    ).not.toThrow();
    expect(() =>
      configFromEnv({ TASE_MODE: 'production', TASE_SIGNING_SECRET: 'q3Vx8LmZ0pR7tYb2WcN5dKf9HsJ4gA1e' }),
    ).not.toThrow();
  });
});
