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
    // Two test files at a time even on two cores (vitest's default is one fewer than the cores): most of a file's
    // time is spent waiting on the servers it starts, PostgreSQL and Redis. On 1 December 2026 the whole suite took
    // 865 s this way, 1,601 s one file at a time (with a benchmark beside it); docs/hardening.md, "The test command's time".
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The search deadline guards a production server's one thread; the tests of it run on a clock they control
    // (tests/places/location-counts.test.ts), so every other search in the suite may take as long as a loaded machine needs.
    env: { PLACES_SEARCH_DEADLINE_MS: '60000' },
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
