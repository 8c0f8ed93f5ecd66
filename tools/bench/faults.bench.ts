// The fault suite in its long form (FAULTS_LONG=1: 12 kills, ten minutes of mixed load, the
// capacity ramp, more restarts and SIGTERM rounds), run as `npm run test:faults` runs it, on
// PGlite and on PostgreSQL when one answers. Prints one markdown section with the figures each
// scenario recorded; docs/reliability.md explains them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BENCH_DATABASE_URL } from './support/database';
import { progress } from './support/report';

const TITLE = '## Fault suite, long run (faults.bench.ts)';
const root = path.resolve(import.meta.dirname, '../..');

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function runSuite(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--config', 'system/vitest.config.ts', 'system/faults'],
      // The suite's output is progress (stderr): stdout carries only this bench's section.
      { cwd: root, env, stdio: ['ignore', 2, 'inherit'] },
    );
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** One line of figures as a markdown list, nested values as JSON. */
function section(figures: Array<Record<string, unknown>>): string {
  return figures
    .map(({ scenario, long: _long, ...rest }) =>
      [
        `### ${typeof scenario === 'string' ? scenario : 'scenario'}`,
        '',
        // Figures are JSON values: numbers and strings as they are, the rest as JSON.
        ...Object.entries(rest).map(([key, value]) =>
          typeof value === 'number' || typeof value === 'string'
            ? `- ${key}: ${value}`
            : `- ${key}: \`${JSON.stringify(value)}\``,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

async function main(): Promise<void> {
  const figuresFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-faults-')),
    'f.jsonl',
  );
  const url = await postgresUrl();
  progress(
    url
      ? 'fault suite on PGlite and PostgreSQL'
      : 'fault suite on PGlite only (no PostgreSQL answers)',
  );
  const code = await runSuite({
    ...process.env,
    FAULTS_LONG: '1',
    FAULTS_FIGURES: figuresFile,
    ...(url ? { TEST_DATABASE_URL: url } : {}),
  });
  const figures = fs.existsSync(figuresFile)
    ? fs
        .readFileSync(figuresFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
  fs.rmSync(path.dirname(figuresFile), { recursive: true, force: true });
  process.stdout.write(
    [
      TITLE,
      '',
      `FAULTS_LONG=1 \`npx vitest run --config system/vitest.config.ts system/faults\`` +
        (url ? '' : ' — PostgreSQL SKIPPED (none answered)') +
        `: ${code === 0 ? 'all scenarios passed' : `**FAILED** (exit code ${code})`}.`,
      'What each scenario does and how to read the figures: docs/reliability.md.',
      '',
      section(figures),
      '',
    ].join('\n'),
  );
  if (code !== 0) process.exit(1);
}

await main();
