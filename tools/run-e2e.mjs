#!/usr/bin/env node
// Browser journeys: playwright-core driving Debian's Chromium against a real server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const specs = fs.existsSync(path.join(root, 'e2e'))
  ? fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.e2e.ts'))
  : [];
if (specs.length === 0) {
  console.log('[e2e] no browser journeys yet');
  process.exit(0);
}
const res = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(res.status ?? 1);
