import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** A vitest run of one test file with the reporter, in a folder of its own under test-output. */
async function runWithReporter(source: string) {
  fs.mkdirSync(path.join(root, 'test-output'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'test-output', 'reporter-fixture-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'fixture.test.ts'), source);
  const failures = path.join(dir, 'failures.txt');
  const args = [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--root',
    dir,
    '--reporter=dot',
    `--reporter=${path.join(root, 'tools/test-failures-reporter.ts')}`,
  ];
  const env = { ...process.env, TEST_FAILURES_FILE: failures };
  let code = 0;
  try {
    await run(process.execPath, args, { cwd: root, env });
  } catch (error) {
    code = (error as { code: number }).code;
  }
  return { code, written: fs.readFileSync(failures, 'utf8') };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the test failures reporter (tools/run-tests.mjs repeats its file at the end)', () => {
  it('writes a hook that threw and an error after a test ended, in a run whose tests all passed', async () => {
    const { code, written } = await runWithReporter(
      "import { afterAll, describe, expect, it } from 'vitest';\n" +
        "describe('suite', () => {\n" +
        "  afterAll(() => { throw new Error('the hook broke'); });\n" +
        "  it('passes', () => { expect(1).toBe(1); setTimeout(() => { throw new Error('thrown late'); }, 10); });\n" +
        "  it('waits', async () => { await new Promise((r) => setTimeout(r, 50)); });\n" +
        '});\n',
    );
    expect(code).toBe(1);
    expect(written).toMatch(/^fixture\.test\.ts > suite: Error: the hook broke$/m);
    expect(written).toMatch(/^outside any test: Error: thrown late$/m);
  }, 60_000);

  it('writes nothing for a run that passed', async () => {
    const { code, written } = await runWithReporter(
      "import { expect, it } from 'vitest';\nit('passes', () => expect(1).toBe(1));\n",
    );
    expect(code).toBe(0);
    expect(written).toBe('');
  }, 60_000);
});
