import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: node environment, long timeouts (a cold server seeds its demo content; a
 * sign-up is several pages). Two files at a time, each with its own server, data directory, port
 * and Chromium: most of a journey is waiting (on a page, a mail, a device's report), so on CI's two
 * cores the 18 files took 9.7 min side by side instead of 21 one after the other. Not more: each
 * file's server and browser need about a core while a page loads.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
