#!/usr/bin/env node
// `npm start`'s build: the web app (Vite) and the server (esbuild), each only when one of its
// inputs changed since its last build. `--force` builds both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

/** Newest modification time and file count under the given paths (files or folders). */
function inputsOf(paths) {
  let newest = 0;
  let files = 0;
  for (const p of paths.map((p) => path.join(root, p))) {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) continue;
    const list = stat.isDirectory()
      ? fs
          .readdirSync(p, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
          .map((e) => path.join(e.parentPath, e.name))
      : [p];
    for (const file of list) {
      files += 1;
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  }
  return { newest, files };
}

function buildWeb() {
  const stampFile = path.join(root, 'apps/web/dist/.build-inputs.json');
  const inputs = inputsOf([
    'apps/web/src',
    'apps/web/public',
    'apps/web/assets-src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contracts/src',
    'package-lock.json',
  ]);
  let last;
  try {
    last = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    last = undefined;
  }
  if (!force && last && last.newest === inputs.newest && last.files === inputs.files) {
    console.log('[build] web app is up to date');
    return;
  }
  const res = spawnSync('npm', ['run', 'build', '-w', '@arcadia/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  fs.writeFileSync(stampFile, JSON.stringify(inputs));
}

buildWeb();
const server = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/scripts/build.mjs'), ...(force ? ['--force'] : [])],
  { cwd: root, stdio: 'inherit' },
);
process.exit(server.status ?? 1);
