#!/usr/bin/env node
// `npm run bench [-- name...]`: runs every tools/bench/*.bench.ts in name order (or only those
// whose file name contains one of the given names), each in its own `npx tsx` process. Each bench
// prints one markdown section on stdout (progress on stderr); this prints the sections and, on a
// full run, writes them under a header describing the machine to docs/benchmarks.md. A failing
// bench gets its error in its section, and the run exits non-zero at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const benchDir = path.join(root, 'tools/bench');
const output = path.join(root, 'docs/benchmarks.md');
const TIMEOUT_MS = 15 * 60_000;
/** Benches that need longer: the long fault suite runs ten minutes of load per database. */
const TIMEOUTS_MS = { 'faults.bench.ts': 90 * 60_000 };
const STDERR_TAIL = 4000;

const only = process.argv.slice(2);
const files = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)));
if (files.length === 0) {
  console.error(
    `[bench] no benchmark in ${benchDir}${only.length ? ` matches ${only.join(', ')}` : ''}`,
  );
  process.exit(1);
}

/** Runs one bench; resolves with its section (its stdout, or its error) and whether it passed. */
function runBench(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.error(`[bench] ${file}`);
    const child = spawn('npx', ['tsx', path.join(benchDir, file)], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const timeoutMs = TIMEOUTS_MS[file] ?? TIMEOUT_MS;
    const timer = setTimeout(() => {
      stderr += `\n[bench] timed out after ${timeoutMs / 60_000} minutes`;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }, timeoutMs);
    const finish = (code, signal, spawnError) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const ok = code === 0 && !spawnError;
      let section = stdout.trim();
      if (!ok) {
        const reason = spawnError
          ? `could not start: ${spawnError.message}`
          : `exited with ${signal ? `signal ${signal}` : `code ${code}`}`;
        section = [
          section || `## ${file}`,
          '',
          `**FAILED** (${reason}). Its error output ends with:`,
          '',
          '```',
          stderr
            .split('\n')
            .filter((line) => !line.startsWith('npm warn'))
            .join('\n')
            .trim()
            .replace(/```/g, "'''"),
          '```',
        ].join('\n');
      }
      if (!section) section = `## ${file}\n\n(printed nothing)`;
      console.error(`[bench] ${file}: ${ok ? 'done' : 'FAILED'} in ${seconds} s`);
      resolve({ ok, section: `${section}\n` });
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('close', (code, signal) => finish(code, signal));
  });
}

function machine() {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} cores (${model}), ${memory} GiB memory, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
// Other work on the machine skews every figure: say how busy it was.
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const loadBefore = load();
const results = [];
for (const file of files) {
  const result = await runBench(file);
  process.stdout.write(`\n${result.section}`);
  results.push({ file, ...result });
}

const failed = results.filter((r) => !r.ok);
const document = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` (tools/bench/run.mjs) on ${date}.`,
  '',
  `Machine: ${machine()}.`,
  `Load average (1, 5, 15 min) before the run: ${loadBefore}; after: ${load()}.`,
  '',
  `Benchmarks run: ${results.map((r) => `${r.file}${r.ok ? '' : ' (FAILED)'}`).join(', ')}.`,
  'Figures are from one run each and noisy; read them beside the baseline measured in the same run.',
  '',
  ...results.map((r) => r.section),
].join('\n');
if (only.length === 0) {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, document);
  console.error(`[bench] wrote ${path.relative(root, output)}`);
} else {
  // A partial run would drop the other sections: only a full run writes the document.
  console.error(
    `[bench] partial run (${only.join(', ')}): ${path.relative(root, output)} left as it was`,
  );
}
if (failed.length > 0) {
  console.error(`[bench] FAILED: ${failed.map((r) => r.file).join(', ')}`);
  process.exit(1);
}
