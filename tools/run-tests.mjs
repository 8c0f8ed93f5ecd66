#!/usr/bin/env node
// The one test command: unit, component and integration tests (on PGlite, and on PostgreSQL when
// one answers), then the browser journeys against a built app.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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

function step(name, cmd, args) {
  console.log(`\n[test] ${name}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env });
  if (res.status !== 0) {
    console.error(`[test] ${name} failed`);
    process.exit(res.status ?? 1);
  }
}

step('building the web app', 'npm', ['run', 'build', '-w', '@arcadia/web']);
step('unit, component and integration tests', 'npx', ['vitest', 'run']);
step('browser journeys (Chromium)', process.execPath, [path.join(root, 'tools/run-e2e.mjs')]);
