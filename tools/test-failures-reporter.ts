import fs from 'node:fs';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes what failed a vitest run besides its tests to the file in `TEST_FAILURES_FILE`: modules
 * that failed to load, hooks (`beforeAll`, `afterAll`) that threw, and errors outside any test.
 * Such a run exits 1 with every test passed, and its message is far above the end of a long log;
 * `tools/run-tests.mjs` repeats these at the end.
 */
export default class TestFailuresReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const file = process.env.TEST_FAILURES_FILE;
    if (!file) return;
    const lines: string[] = [];
    const describe = (error: SerializedError) =>
      `${error.name ?? 'Error'}: ${error.message}${
        error.stack
          ? `\n${error.stack
              .split('\n')
              .slice(1, 4)
              .map((line) => `      ${line.trim()}`)
              .join('\n')}`
          : ''
      }`;
    for (const module of testModules) {
      for (const error of module.errors())
        lines.push(`${module.relativeModuleId}: ${describe(error)}`);
      for (const suite of module.children.allSuites())
        for (const error of suite.errors())
          lines.push(`${module.relativeModuleId} > ${suite.fullName}: ${describe(error)}`);
    }
    for (const error of unhandledErrors) lines.push(`outside any test: ${describe(error)}`);
    fs.writeFileSync(file, lines.join('\n'));
  }
}
