import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // Passwords hashed at the least cost the setting takes (scrypt N=2^14) in the tests and the `tase` processes
    // they start: the suite hashes thousands. The default (2^17) is tested in test/password-hashing.test.ts.
    env: { TASE_PASSWORD_COST: '14' },
  },
});
