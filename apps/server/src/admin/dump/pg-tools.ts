import { spawn, type StdioOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { BackupError } from './backup-error';

/** The PostgreSQL client programs, found on PATH unless a test names others. */
export interface PgTools {
  pgDump: string;
  psql: string;
}
export const PG_TOOLS: PgTools = { pgDump: 'pg_dump', psql: 'psql' };

export class PgToolError extends BackupError {}

/**
 * How a child process connects: the URL without its password (it shows in `ps` and in error
 * messages), the password in PGPASSWORD, which libpq reads and nobody else sees.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'arcadia-admin' };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.href, env };
}

export interface ToolRun {
  /** Where the program's stdout goes: a file descriptor, or kept and returned. */
  stdout?: number | 'keep';
  /** Fed to the program's stdin, then closed. */
  stdin?: AsyncIterable<string>;
  env?: NodeJS.ProcessEnv;
}

/** Resolves when the stream wants more, or is closed (the program stopped reading). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Writes the lines into the program's stdin and closes it. A failure to produce the lines is
 * thrown (after closing); a program that stops reading just ends the feed, its exit code says why.
 */
async function feed(lines: AsyncIterable<string>, into: Writable): Promise<void> {
  try {
    for await (const line of lines) {
      if (into.destroyed) return;
      if (!into.write(line)) await drained(into);
    }
  } finally {
    into.end();
  }
}

/** Runs a program to its end; a program that cannot start is a PgToolError. */
export async function runTool(
  program: string,
  args: string[],
  run: ToolRun = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdio: StdioOptions = [
    run.stdin ? 'pipe' : 'ignore',
    run.stdout === 'keep' ? 'pipe' : (run.stdout ?? 'ignore'),
    'pipe',
  ];
  const child = spawn(program, args, { stdio, env: run.env ?? process.env });
  const output = { stdout: '', stderr: '' };
  const keep = (stream: Readable | null, key: keyof typeof output) =>
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      if (output[key].length < 65_536) output[key] += chunk;
    });
  keep(child.stdout, 'stdout');
  keep(child.stderr, 'stderr');
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new PgToolError(
              `${program} not found: install the PostgreSQL client tools (Debian: apt install postgresql-client) or put them on PATH`,
            )
          : error,
      ),
    );
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  // psql stops reading when it stops on an error: its closed stdin (EPIPE) is no failure of ours.
  child.stdin?.on('error', () => {});
  const fed = run.stdin && child.stdin ? feed(run.stdin, child.stdin) : Promise.resolve();
  const [code, feedError] = await Promise.all([
    exited,
    fed.then(
      () => null,
      (e: unknown) => e,
    ),
  ]);
  if (feedError) throw feedError;
  return { code, ...output };
}

/** The major version of a client program, from `<program> --version`. */
export async function toolMajor(program: string): Promise<number> {
  const { code, stdout } = await runTool(program, ['--version'], { stdout: 'keep' });
  const major = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
  if (code !== 0 || !major) throw new PgToolError(`${program} --version did not say its version`);
  return Number(major);
}

/**
 * The lines of a program's stderr worth showing: errors and hints, never DETAIL or CONTEXT
 * lines, which can quote row values (names, e-mail addresses).
 */
export function errorLines(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => /\b(ERROR|FATAL|HINT|error|fatal):/.test(line))
    .slice(0, 5);
  return lines.join('\n') || stderr.split('\n')[0] || '(no message)';
}
