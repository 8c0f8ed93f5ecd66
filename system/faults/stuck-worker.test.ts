import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceSkip,
  createFreshDatabase,
  sharedPostgresUrl,
  type FreshDatabase,
} from '../support/postgres';
import {
  buildServer,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from '../support/server-process';

/** The primary's worker processes (its children), from /proc. */
function childrenOf(pid: number): number[] {
  const tasks = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return tasks ? tasks.split(/\s+/).map(Number) : [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A worker whose event loop stops (here: SIGSTOP) keeps its share of the port, so without the
 * primary's watchdog every connection node:cluster gave it hung. The primary kills it once it
 * has not answered for WORKER_WATCHDOG_MS and starts another; then every request is answered.
 */
beforeAll(() => buildServer());

if (!sharedPostgresUrl)
  announceSkip(
    'the stuck-worker scenario (two workers need PostgreSQL)',
    'TEST_DATABASE_URL is not set',
  );
describe.skipIf(!sharedPostgresUrl)('a stuck worker of `npm start` (WORKERS=2)', () => {
  let database: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  const data = tempDataDir();

  afterAll(async () => {
    for (const pid of server?.child.pid ? childrenOf(server.child.pid) : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    server?.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
    data.remove();
  });

  it('is killed and replaced, and requests are answered again', { timeout: 120_000 }, async () => {
    database = await createFreshDatabase(sharedPostgresUrl!);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      WORKERS: '2',
      SEED_DEMO: 'false',
      WORKER_WATCHDOG_MS: '2000',
      LOG_LEVEL: 'info',
    });
    await server.ready(90_000);
    const primary = server.child.pid!;
    let workers: number[] = [];
    for (let i = 0; i < 100 && workers.length < 2; i++) {
      workers = childrenOf(primary);
      await sleep(100);
    }
    expect(workers).toHaveLength(2);
    const [stuck, healthy] = workers as [number, number];
    process.kill(stuck, 'SIGSTOP');

    // Killed within the timeout and a ping's interval, and replaced by a new worker.
    const deadline = Date.now() + 20_000;
    let now = childrenOf(primary);
    while (Date.now() < deadline && !(now.length === 2 && !now.includes(stuck))) {
      await sleep(200);
      now = childrenOf(primary);
    }
    expect(now).toHaveLength(2);
    expect(now).not.toContain(stuck);
    expect(now).toContain(healthy);
    expect(server.output()).toContain('a worker stopped answering; killing it');
    await server.ready(30_000);

    // Every request answered (none handed to a stopped process), each well within a second.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${server!.url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
          (res) => res.status,
          () => 0,
        ),
      ),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(40);
  });
});
