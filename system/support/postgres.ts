import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/** The shared PostgreSQL of the suite (as in the server tests), or undefined: PGlite only. */
export const sharedPostgresUrl = process.env.TEST_DATABASE_URL;

/** Says loudly that a PostgreSQL part did not run, so a green run is not read as covering it. */
export function announceSkip(what: string, why: string): void {
  console.warn(`\n[system] SKIPPING ${what}: ${why}\n`);
}

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database with a random name on the server at `adminUrl` (servers keep what earlier runs
 * left, so a name is never reused), dropped with `drop` (connections still open are ended).
 */
export async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `arcadia_system_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The directory of initdb and pg_ctl: POSTGRES_BIN_DIR, the newest /usr/lib/postgresql, PATH. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, 'bin'));
  }
  try {
    const initdb = execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim();
    if (initdb) candidates.push(path.dirname(initdb));
  } catch {
    // not on PATH
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

/**
 * A PostgreSQL cluster of this test's own (initdb in a temporary directory, on a free loopback
 * port), to stop and restart without disturbing anyone else's tests on the shared server.
 * PostgreSQL refuses to run as root: as root, every command runs as the `postgres` user.
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string | undefined,
  ) {}

  /** The superuser URL of database `name` on this cluster. */
  url(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  static async create(bin: string): Promise<ThrowawayPostgres> {
    const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-pg-'));
    if (asUser) execFileSync('chown', [asUser, dir]);
    const cluster = new ThrowawayPostgres(bin, dir, await freePort(), asUser);
    await cluster.run('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    return cluster;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** Runs a PostgreSQL tool without blocking this process (its load keeps running). */
  private run(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, tool);
    const [file, argv] = this.asUser
      ? ['runuser', ['-u', this.asUser, '--', command, ...args]]
      : [command, args];
    return new Promise((resolve, reject) => {
      execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${tool} ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
        else resolve();
      });
    });
  }

  private serverOptions(): string {
    // Loopback only; the socket in our directory; fsync off (a restart here is a clean one).
    return [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c max_connections=100',
      '-c shared_buffers=32MB',
    ].join(' ');
  }

  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void> {
    return this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      this.serverOptions(),
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** Stops the server: `fast` ends every session at once (admin_shutdown), as a restart does. */
  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    return this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** Stops it if it runs (errors ignored) and deletes the cluster. */
  async remove(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's log so far (for failure messages). */
  log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }
}
