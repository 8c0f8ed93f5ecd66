import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module (`vi.mock`), found by their text. They run in a fresh
 * module graph each (`web:mocks`): a module another file already loaded in the same worker
 * stays unmocked there. Every other file shares its worker's modules with the next file (`web`,
 * `isolate: false`), which saves vitest's start of each file (about 2 s on two cores; the
 * project took 76 s instead of 343). What a file leaves behind is cleaned by
 * `src/testing/setup.ts` after each test.
 */
const MOCKING_TESTS = fs
  .globSync(TESTS, { cwd: root })
  .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('));

const webProject = (test: NonNullable<TestProjectInlineConfiguration['test']>) =>
  defineProject({
    plugins: [react()],
    test: {
      root,
      environment: 'jsdom',
      // A zone far from the venue's (Europe/Berlin): a time shown or read on the browser's clock
      // instead of the venue's is hours off here, where on a machine in UTC or Berlin it would
      // pass unnoticed. New York's summer time also starts and ends on other days than Berlin's.
      env: { TZ: 'America/New_York' },
      setupFiles: ['./src/testing/setup.ts'],
      ...test,
    },
  });

export const webProjects = [
  webProject({
    name: 'web',
    include: [TESTS],
    exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
    isolate: false,
  }),
  webProject({ name: 'web:mocks', include: MOCKING_TESTS }),
];

export default webProjects[0];
