import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

const serverProject = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/server/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server:pglite', { TEST_DB: 'pglite' }),
      ...(postgres
        ? [serverProject('server:postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres })]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
