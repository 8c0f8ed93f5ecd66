import { defineConfig } from 'vitest/config';

/**
 * System tests: the built server as real processes (several behind a reverse proxy, killed,
 * restarted, under load), on PGlite and on the local PostgreSQL and Redis. One file at a time:
 * they own ports, processes and the machine's two cores.
 */
export default defineConfig({
  test: {
    name: 'system',
    include: ['system/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
