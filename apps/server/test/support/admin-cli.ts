import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * `npm run admin -- <args>` as an operator runs it, on the database `env` configures (the test
 * process's own DATABASE_URL, DATA_DIR and PUBLIC_URL are not passed on).
 */
export function runAdminCli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, PUBLIC_URL: _public, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args],
    { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  );
}
