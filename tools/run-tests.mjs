#!/usr/bin/env node
// The one test command: unit, component and integration tests (on PGlite, and on PostgreSQL when
// one answers), then the browser journeys against a built app. Ends with one summary line.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-output');
fs.mkdirSync(out, { recursive: true });
const env = { ...process.env };

if (!env.TEST_DATABASE_URL) {
  const found = execFileSync(process.execPath, [path.join(root, 'tools/postgres-probe.mjs')], {
    encoding: 'utf8',
    cwd: root,
  }).trim();
  if (found) env.TEST_DATABASE_URL = found;
}
if (env.TEST_DATABASE_URL) {
  console.log(
    `[test] database tests run on PGlite and on PostgreSQL (${env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
  );
} else {
  console.log(
    '[test] SKIPPING the PostgreSQL run: no server answers and TEST_DATABASE_URL is not set; PGlite only.',
  );
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];

function step(name, cmd, args, report) {
  console.log(`\n[test] ${name}`);
  const failures = report?.replace(/\.json$/, '.failures.txt');
  if (report) fs.rmSync(report, { force: true });
  if (failures) fs.rmSync(failures, { force: true });
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    env: failures ? { ...env, TEST_FAILURES_FILE: failures } : env,
  });
  if (report && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    for (const file of json.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failedTests.push(`${path.relative(root, file.name)} > ${test.fullName}`);
  }
  if (res.status !== 0) {
    console.error(`[test] ${name} failed`);
    // What failed besides the tests (a module that did not load, a hook, an error outside any
    // test) is far above the end of the log: repeated in the summary.
    const besides = failures && fs.existsSync(failures) ? fs.readFileSync(failures, 'utf8') : '';
    failedSteps.push(
      `${name}: exit ${res.status ?? res.signal}${besides ? `\n    ${besides.replaceAll('\n', '\n    ')}` : ''}`,
    );
  }
  return res.status === 0;
}

const vitestArgs = (report, ...rest) => [
  'vitest',
  'run',
  ...rest,
  '--reporter=default',
  '--reporter=json',
  `--reporter=${path.join(root, 'tools/test-failures-reporter.ts')}`,
  `--outputFile.json=${report}`,
];

if (step('building the web app', 'npm', ['run', 'build', '-w', '@arcadia/web'])) {
  const unit = path.join(out, 'vitest.json');
  step('unit, component and integration tests', 'npx', vitestArgs(unit), unit);
  const system = path.join(out, 'system.json');
  step(
    'system tests (built server processes: proxy, cluster, faults)',
    'npx',
    vitestArgs(system, '--config', 'system/vitest.config.ts', '--passWithNoTests'),
    system,
  );
  const e2e = path.join(out, 'e2e.json');
  step(
    'browser journeys (Chromium)',
    'npx',
    vitestArgs(e2e, '--config', 'e2e/vitest.config.ts'),
    e2e,
  );
}

if (failedTests.length > 0) console.log(`\n[test] failed tests:\n  ${failedTests.join('\n  ')}`);
if (failedSteps.length > 0) console.log(`\n[test] failed steps:\n  ${failedSteps.join('\n  ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
