import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // `server-only` throws outside React's server bundles; under test every module is server code.
      'server-only': path.resolve(__dirname, 'tests/support/empty-module.ts'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-postgres.ts', 'tests/support/global-redis.ts'],
    setupFiles: ['tests/support/clean-temp-dirs.ts', 'tests/support/event-loop-watch.ts'],
    pool: 'forks',
    // Two files at a time even on two cores: a file spends most of its time waiting on the servers it starts
    // (PostgreSQL, Redis), so two nearly halve the suite's time. A file must not hold its thread for long
    // (tests/support/wait.ts, nextTurn): vitest's worker fails the run when it misses its RPC replies for 60 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    minWorkers: 1,
    // The search deadline guards a production server's one thread; the tests of it run on a clock they control
    // (tests/places/location-counts.test.ts), so every other search in the suite may take as long as a loaded machine needs.
    env: { PLACES_SEARCH_DEADLINE_MS: '60000' },
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
