import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Server tests are told apart by their file name:
 * - `*.unit.test.ts` need no database (pure rules, parsers, a bare Fastify): the `server:unit`
 *   project runs them once, alone in seconds (`npx vitest run --project server:unit`); a test
 *   database opened there fails (TEST_DB=none). The tooling's tests are the `tools` project.
 * - Every other `apps/server/**\/*.test.ts` is a database test: `server:pglite` runs it on
 *   PGlite, and `server:postgres` again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const UNIT_TESTS = 'apps/server/**/*.unit.test.ts';

const serverTests = {
  environment: 'node' as const,
  // A worker keeps the modules it loaded from one file to the next: each server test file builds
  // its own app, database and ports and mocks no module, so only the import of the app (a third
  // of a file's time) is saved. On two cores the server tests took about half as long (the
  // identity folder on PGlite 143 s → 73 s). The web tests do the same but for the files that
  // mock a module (apps/web/vitest.config.ts).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const databaseProject = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    ...serverTests,
    name,
    include: ['apps/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, UNIT_TESTS],
    env,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two cores, where
    // most test time is spent waiting on PostgreSQL, PGlite's start or a socket. Never fewer than
    // two (on two cores: 7.5 min for the step instead of about 29; every test file has its own
    // database, Redis key prefix or client address and ephemeral ports, so files run side by side).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          ...serverTests,
          name: 'server:unit',
          include: [UNIT_TESTS],
          env: { TEST_DB: 'none' },
        },
      },
      {
        // The repository's own tooling: the migration drift check and the lint boundaries run
        // PGlite and ESLint on the whole tree, so they take a minute, apart from the fast tier.
        extends: true,
        test: {
          ...serverTests,
          name: 'tools',
          include: ['tools/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
        },
      },
      databaseProject('server:pglite', { TEST_DB: 'pglite' }),
      ...(postgres
        ? [databaseProject('server:postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres })]
        : []),
      ...webProjects,
    ],
  },
});
