import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A child process that takes the lock, says so, and waits to be killed. */
function holdInChild(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.join(import.meta.dirname, 'data-dir-lock.ts')}').then(({ lockDataDir }) => { lockDataDir(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const held = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { child, held };
}

/** Each child's end: 'held' (it took the lock) or 'refused' (it exited with the error). */
function outcomesOf(children: ReturnType<typeof holdInChild>[]): Promise<string[]> {
  return Promise.all(
    children.map(
      ({ child, held }) =>
        new Promise<string>((resolve) => {
          void held.then(() => resolve('held'));
          child.once('exit', () => resolve('refused'));
        }),
    ),
  );
}

describe('the PGlite data directory lock', () => {
  it('refuses a second process while the first one lives, naming the holder', async () => {
    const dataDir = tempDataDir();
    const { child, held } = holdInChild(dataDir);
    try {
      await held;
      let error: unknown;
      try {
        lockDataDir(dataDir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).holder.pid).toBe(child.pid);
      expect((error as Error).message).toMatch(/in use by another Arcadia process \(pid \d+/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over at once the lock of a process killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const { child, held } = holdInChild(dataDir);
    await held;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('takes over the lock of a killed process not reaped yet (a zombie)', async () => {
    // `sleep 0` ends at once; its parent became `sleep 5` by exec, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(`${d}`))),
      );
      const stat = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      for (let i = 0; i < 100 && !/\) Z /.test(stat()); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stat()).toMatch(/\) Z /);
      const dataDir = tempDataDir();
      fs.writeFileSync(
        `${dataDir}.lock`,
        JSON.stringify({
          pid,
          host: os.hostname(),
          since: new Date().toISOString(),
          command: 'server.mjs',
          boot: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
          started: stat()
            .slice(stat().lastIndexOf(')') + 2)
            .split(' ')[19],
        }),
      );
      // Before, a signal to the zombie succeeded and the restart was refused as "in use".
      lockDataDir(dataDir)();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now names another process, or that was written before a reboot', async () => {
    // A live process that is no Arcadia server: the lock's pid was reused after a restart.
    const other = spawn('sleep', ['30']);
    try {
      const dataDir = tempDataDir();
      const foreign = {
        pid: other.pid,
        host: os.hostname(),
        since: new Date(0).toISOString(),
        command: 'server.mjs',
        boot: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
        started: '1',
      };
      fs.writeFileSync(`${dataDir}.lock`, JSON.stringify(foreign));
      lockDataDir(dataDir)();
      // The same process, but the lock is from an earlier boot.
      fs.writeFileSync(
        `${dataDir}.lock`,
        JSON.stringify({ ...foreign, boot: 'an-earlier-boot', started: undefined }),
      );
      lockDataDir(dataDir)();
      // Without those marks (a lock of an older version), a live pid still counts as the holder.
      const { boot: _b, started: _s, ...old } = foreign;
      fs.writeFileSync(`${dataDir}.lock`, JSON.stringify(old));
      expect(() => lockDataDir(dataDir)).toThrow(/remove .*\.lock/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('refuses a second open in the same process and frees the directory on close', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const second = await openDatabase({ dataDir });
    await second.ping();
    await second.close();
  });

  it('lets exactly one of several processes starting at once take it', async () => {
    const dataDir = tempDataDir();
    const children = Array.from({ length: 4 }, () => holdInChild(dataDir));
    try {
      // Those that lost exit with an error; the winner says "held".
      const outcomes = await outcomesOf(children);
      expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
    } finally {
      for (const { child } of children) child.kill('SIGKILL');
    }
  });

  it('lets exactly one of several processes take over a stale lock at once, again and again', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = tempDataDir();
      // Left by a process that is gone (kill -9).
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      fs.writeFileSync(
        `${dataDir}.lock`,
        JSON.stringify({ pid: dead, host: os.hostname(), since: new Date().toISOString() }),
      );
      const children = Array.from({ length: 5 }, () => holdInChild(dataDir));
      try {
        const outcomes = await outcomesOf(children);
        expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
        // The lock names the one that holds it, and no takeover is left behind.
        const holder = JSON.parse(fs.readFileSync(`${dataDir}.lock`, 'utf8')) as { pid: number };
        const winner = children[outcomes.indexOf('held')]!.child;
        expect(holder.pid).toBe(winner.pid);
        expect(fs.existsSync(`${dataDir}.lock.takeover`)).toBe(false);
      } finally {
        for (const { child } of children) child.kill('SIGKILL');
      }
    }
  });

  it('makes the admin CLI refuse with the message and exit code 75 while a server holds it', async () => {
    const dataDir = tempDataDir();
    const { child, held } = holdInChild(dataDir);
    try {
      await held;
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../admin/cli.ts'), 'device', 'list'],
        {
          env: { ...env, DATA_DIR: path.dirname(dataDir) },
          encoding: 'utf8',
        },
      );
      expect(cli.status).toBe(75);
      expect(cli.stderr).toMatch(/is in use by another Arcadia process/);
      expect(cli.stdout).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
