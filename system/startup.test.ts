import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  freePort,
  repoRoot,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from './support/server-process';

const adminUrl = process.env.TEST_DATABASE_URL;
const cli = path.join(repoRoot, 'apps/server/dist/cli.mjs');
const running: ServerProcess[] = [];

/** The admin CLI as an operator runs it, with the given environment. */
function admin(env: Record<string, string>, ...args: string[]) {
  const { DATABASE_URL: _inherited, ...base } = process.env;
  return spawnSync(process.execPath, [cli, ...args], {
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
}

beforeAll(() => buildServer());
afterAll(async () => {
  for (const server of running) server.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
});

describe('PGlite: one process owns the data directory', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('refuses a second server and the admin CLI while the server runs; the CLI works after it stops and its write is kept', async () => {
    const first = await startServerProcess({ DATA_DIR: data.dir, SEED_DEMO: 'false' });
    running.push(first);
    await first.ready();

    const second = await startServerProcess({ DATA_DIR: data.dir, SEED_DEMO: 'false' });
    running.push(second);
    expect((await second.exited).code).toBe(75);
    expect(second.output()).toMatch(/in use by another Arcadia process \(pid \d+/);

    const createArcade = () =>
      admin(
        { DATA_DIR: data.dir },
        'arcade',
        'create',
        '--id',
        'arcadia-hamburg',
        '--name',
        'Arcadia Hamburg',
        '--city',
        'Hamburg',
      );
    const refused = createArcade();
    expect(refused.status).toBe(75);
    expect(refused.stderr).toMatch(/in use by another Arcadia process/);

    first.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const created = createArcade();
    expect(created.status, created.stderr).toBe(0);

    const again = await startServerProcess({ DATA_DIR: data.dir, SEED_DEMO: 'false' });
    running.push(again);
    await again.ready();
    const { arcades } = (await (await fetch(`${again.url}/api/arcades`)).json()) as {
      arcades: Array<{ id: string }>;
    };
    expect(arcades.map((a) => a.id)).toContain('arcadia-hamburg');
    again.kill('SIGTERM');
    await again.exited;
  });
});

describe.runIf(adminUrl)(
  'PostgreSQL: several processes starting at once on an empty database',
  () => {
    const name = `arcadia_startup_${Date.now()}_${randomBytes(3).toString('hex')}`;
    let url: string;

    beforeAll(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const u = new URL(adminUrl!);
      u.pathname = `/${name}`;
      url = u.href;
    });
    afterAll(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });

    it('migrates and seeds once: all three become ready and the demo is there exactly once', async () => {
      const servers = await Promise.all(
        [1, 2, 3].map(() =>
          startServerProcess({ DATABASE_URL: url, SEED_DEMO: 'true', WORKERS: '1' }),
        ),
      );
      running.push(...servers);
      await Promise.all(servers.map((s) => s.ready(120_000)));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const counts = await client.query<{
        games: number;
        news: number;
        users: number;
        migrations: number;
      }>(
        `select (select count(*)::int from games) as games, (select count(*)::int from news) as news,
              (select count(*)::int from users) as users,
              (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
      );
      await client.end();
      expect(counts.rows[0]).toMatchObject({ games: 240, users: 16 });
      expect(counts.rows[0]!.news).toBeGreaterThan(0);
      for (const server of servers) server.kill('SIGTERM');
      const exits = await Promise.all(servers.map((s) => s.exited));
      expect(exits.map((e) => e.code)).toEqual([0, 0, 0]);
    });
  },
);

if (!adminUrl)
  console.warn('[system] SKIPPING the PostgreSQL startup race: TEST_DATABASE_URL is not set');

describe('npm start stops with its launcher', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('SIGTERM to npm (what a supervisor sends) stops the server too', async () => {
    // `npm run serve` is the last step of `npm start` (after the build): npm passes the signal
    // to its script, which must be the server itself, not a shell that dies without passing it on.
    const port = await freePort();
    const npm = process.env.npm_execpath;
    const { DATABASE_URL: _inherited, ...base } = process.env;
    const child = spawn(
      npm ? process.execPath : 'npm',
      [...(npm ? [npm] : []), 'run', 'serve', '-w', '@arcadia/server'],
      {
        cwd: repoRoot,
        env: {
          ...base,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: data.dir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          WEB_DIST: path.join(repoRoot, 'system/support/no-web-build'),
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const answers = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok;
      } catch {
        return false;
      }
    };
    const until = async (wanted: boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if ((await answers()) === wanted) return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    };
    try {
      expect(await until(true, 60_000)).toBe(true);
      child.kill('SIGTERM');
      await exited;
      expect(await until(false, 15_000)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
