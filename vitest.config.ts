import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // At least two files at once: much of a file's time is spent waiting on the processes, browser and database
    // server it drives, so on a 2-core machine (where the default would be one) two nearly halve the wall time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // Passwords hashed at the least cost the setting takes (scrypt N=2^14) in the tests and the `tase` processes
    // they start: the suite hashes thousands. The default (2^17) is tested in test/password-hashing.test.ts.
    env: { TASE_PASSWORD_COST: '14' },
  },
});
