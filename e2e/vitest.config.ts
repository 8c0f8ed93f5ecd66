import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one file at a time (each starts a real server and a Chromium), node
 * environment, long timeouts (a cold server seeds its demo content; a sign-up is several pages).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
