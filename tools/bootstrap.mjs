#!/usr/bin/env node
// Makes a fresh machine ready: installs the npm packages (which bring Node 24 as the `node`
// package, so every npm script runs on Node >= 22 even where the machine has Node 20) and, with
// --test, Debian's Chromium and ffmpeg for the browser tests and nginx for the cluster test.
// Runs on any Node >= 18.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const forTests = process.argv.includes('--test');
const log = (msg) => console.log(`[bootstrap] ${msg}`);

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0) {
    console.error(`[bootstrap] ${cmd} ${args.join(' ')} failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
}

function packagesStale() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!fs.existsSync(marker)) return true;
  const lock = path.join(root, 'package-lock.json');
  return fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs;
}

if (packagesStale()) {
  log('installing npm packages');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const localNode = path.join(root, 'node_modules/.bin/node');
const version = fs.existsSync(localNode)
  ? execFileSync(localNode, ['-v'], { encoding: 'utf8' }).trim()
  : process.version;
if (Number(version.slice(1).split('.')[0]) < 22) {
  console.error(
    `[bootstrap] Node ${version} is too old and the node package did not install Node 24.`,
  );
  process.exit(1);
}

function has(cmd) {
  // nginx lives in /usr/sbin, which is not on every user's PATH.
  return (
    spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0 ||
    fs.existsSync(`/usr/sbin/${cmd}`)
  );
}

// Debian packages the tests need: the browser journeys (Chromium, ffmpeg for the fake camera)
// and the cluster test (nginx in front of three server processes).
const testPackages = ['chromium', 'ffmpeg', 'nginx'];
const missing = forTests ? testPackages.filter((cmd) => !has(cmd)) : [];
if (missing.length > 0) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    log(`installing ${missing.join(', ')} from Debian packages for the browser and cluster tests`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `[bootstrap] The browser and cluster tests need ${missing.join(', ')}: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
}
