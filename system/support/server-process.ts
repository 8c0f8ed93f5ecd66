import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.mjs');

/** Builds the server once per test run (a no-op when nothing changed), as `npm start` does. */
export function buildServer(): void {
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/scripts/build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('building the server failed');
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when /api/ready answers 200; rejects if the process exits first or after `ms`. */
  ready(ms?: number): Promise<void>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
  /** The process's resident memory now in bytes (Linux /proc); undefined once it has ended. */
  rssBytes(): number | undefined;
}

/** VmRSS of a live process, from /proc (Linux). */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Starts the built server (`node apps/server/dist/server.mjs`, the command the production image
 * runs) with the given environment on a free port, logging to a buffer.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const { DATABASE_URL: _inherited, ...base } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: repoRoot,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      WEB_DIST: path.join(repoRoot, 'system/support/no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    url,
    output: () => log,
    exited,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    rssBytes: () =>
      child.exitCode === null && child.signalCode === null ? residentBytes(child.pid) : undefined,
    ready: async (ms = 60_000) => {
      const deadline = Date.now() + ms;
      let gone = false;
      void exited.then(() => (gone = true));
      while (Date.now() < deadline) {
        if (gone) throw new Error(`the server exited before it was ready:\n${log}`);
        try {
          const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the server was not ready within ${ms} ms:\n${log}`);
    },
  };
}

/** A fresh data directory for PGlite, removed by the returned function. */
export function tempDataDir(prefix = 'arcadia-system-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs one of the built server's commands to its end, as an operator or a deployment does:
 * `migrate` (`node apps/server/dist/migrate.mjs`, what `npm run migrate` runs) or `cli` (the admin
 * commands, `node apps/server/dist/cli.mjs <group> <action> ...`).
 */
export async function runServerCommand(
  command: 'migrate' | 'cli',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _inherited, ...base } = process.env;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, `apps/server/dist/${command}.mjs`), ...args],
    {
      cwd: repoRoot,
      env: { ...base, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': the output is complete once the pipes have closed.
    child.once('close', (exitCode) => resolve(exitCode));
  });
  return { code, output };
}

/** The server processes a test file started, so that afterAll ends every one still running. */
export class ServerProcesses {
  private readonly started: ServerProcess[] = [];

  async start(env: Record<string, string>, options: { port?: number } = {}) {
    const server = await startServerProcess(env, options);
    this.started.push(server);
    return server;
  }

  /** SIGKILL to every one still running; resolves when all have ended. */
  async killAll(): Promise<void> {
    for (const server of this.started) server.kill('SIGKILL');
    await Promise.all(this.started.map((server) => server.exited));
  }
}

/**
 * Resolves true as soon as the process's output matches `pattern`; false when the process ends
 * or `ms` pass first.
 */
export async function waitForOutput(
  server: ServerProcess,
  pattern: RegExp,
  ms: number,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return true;
    if (gone) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return pattern.test(server.output());
}
