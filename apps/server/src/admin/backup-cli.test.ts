import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { storeAwkwardText } from '../../test/support/awkward-values';
import { databaseFingerprint } from '../../test/support/database-fingerprint';
import { openDatabase, type Database } from '../db/client';
import { seedNews } from '../seed/news';
import { seedPlayers } from '../seed/players';
import { loadConfig } from '../config';
import { runAdminCli } from '../../test/support/admin-cli';

const admin = runAdminCli;

/** A database with players, friendships and news stored by the seeders, closed afterwards. */
async function seeded(database: Database): Promise<Record<string, string>> {
  const ctx = {
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    log: { info: () => {} } as never,
  };
  await seedPlayers(ctx);
  await seedNews(ctx);
  await storeAwkwardText(database.db);
  return databaseFingerprint(database.db);
}

describe(`the admin CLI backs up and restores ${testDbKind}`, () => {
  let dir: string;
  let source: TestDatabase | undefined;
  let target: TestDatabase | undefined;
  /** The environment that points the CLI at the source and at the target database. */
  let sourceEnv: Record<string, string>;
  let targetEnv: Record<string, string>;
  let original: Record<string, string>;
  /** The target's contents, read after the CLI is done with it. */
  let targetFingerprint: () => Promise<Record<string, string>>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-backup-cli-'));
    if (testDbKind === 'pglite') {
      sourceEnv = { DATA_DIR: path.join(dir, 'source') };
      targetEnv = { DATA_DIR: path.join(dir, 'target') };
      const database = await openDatabase({ dataDir: path.join(dir, 'source', 'pglite') });
      await database.migrate();
      original = await seeded(database);
      await database.close();
      targetFingerprint = async () => {
        const database = await openDatabase({ dataDir: path.join(dir, 'target', 'pglite') });
        try {
          return await databaseFingerprint(database.db);
        } finally {
          await database.close();
        }
      };
    } else {
      source = await openTestDatabase();
      target = await openTestDatabase();
      sourceEnv = { DATABASE_URL: source.url! };
      targetEnv = { DATABASE_URL: target.url! };
      original = await seeded(source.database);
      targetFingerprint = () => databaseFingerprint(target!.database.db);
    }
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('names the setting to fix when the database cannot be reached', async () => {
    for (const args of [
      ['backup', path.join(dir, 'unreachable.dump')],
      ['arcade', 'list'],
    ]) {
      const { code, output } = await admin(args, {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:9/arcadia',
        DATA_DIR: dir,
      });
      expect(code).toBe(1);
      expect(output).toContain(
        'DATABASE_URL: cannot connect to the PostgreSQL server at 127.0.0.1:9 (ECONNREFUSED)',
      );
    }
  });

  it('lists both commands in its help', async () => {
    const { code, output } = await admin(['help'], {});
    expect(code).toBe(0);
    expect(output).toContain('backup --out <file.sql>');
    expect(output).toContain('restore --in <file.sql> [--force]');
  });

  it.runIf(testDbKind === 'pglite')(
    'refuses to back up a DATA_DIR that holds no database, and creates none there',
    async () => {
      const nowhere = path.join(dir, 'no-such-data-dir');
      const out = path.join(dir, 'backups', 'empty.sql');
      const { code, output } = await admin(['backup', '--out', out], { DATA_DIR: nowhere });
      expect(code).toBe(1);
      expect(output).toContain(`there is no database in DATA_DIR=${nowhere}`);
      const exists = (file: string) =>
        fs.stat(file).then(
          () => true,
          () => false,
        );
      expect(await exists(nowhere)).toBe(false);
      expect(await exists(out)).toBe(false);
    },
  );

  it.runIf(testDbKind === 'pglite')(
    'refuses to back up a PGlite folder that holds no schema (a first start killed early)',
    async () => {
      const early = path.join(dir, 'killed-early');
      const empty = await openDatabase({ dataDir: path.join(early, 'pglite') });
      await empty.close();
      const out = path.join(dir, 'backups', 'early.sql');
      const { code, output } = await admin(['backup', '--out', out], { DATA_DIR: early });
      expect(code).toBe(1);
      expect(output).toContain('holds no Arcadia schema');
      await expect(fs.stat(out)).rejects.toThrow();
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'backs up the schema as it is: no pending migration is applied first',
    async () => {
      const db = source!.database.db;
      const last = sql`(select max(id) from drizzle.__drizzle_migrations)`;
      const [row] = (
        await db.execute<Record<string, unknown>>(
          sql`select * from drizzle.__drizzle_migrations where id = ${last}`,
        )
      ).rows;
      // The newest migration as if it were still to come (newer code beside an older database).
      await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row!.id}`);
      try {
        const out = path.join(dir, 'backups', 'before-upgrade.sql');
        const { code, output } = await admin(['backup', '--out', out], sourceEnv);
        expect(code, output).toBe(0);
        const { rows } = await db.execute(
          sql`select 1 from drizzle.__drizzle_migrations where hash = ${row!.hash}`,
        );
        expect(rows).toHaveLength(0);
      } finally {
        await db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
              values (${row!.id}, ${row!.hash}, ${row!.created_at})`,
        );
      }
    },
  );

  it('backs up, restores into an empty database, and refuses to overwrite it', async () => {
    const file = path.join(dir, 'backups', 'arcadia.sql');
    const backup = await admin(['backup', '--out', file], sourceEnv);
    expect(backup.output).toMatch(
      /^wrote .*arcadia\.sql \(\d+\.\d [KM]iB\) from \w+ in [\d.]+ s\n/,
    );
    expect(backup.output).toMatch(/\nrows: users 16, accounts 0, friendships 48, /);
    expect(backup.code).toBe(0);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    const restore = await admin(['restore', '--in', file], targetEnv);
    expect(restore.output).toMatch(/^restored .*arcadia\.sql .* in [\d.]+ s\nrows: users 16, /);
    expect(restore.code).toBe(0);
    expect(await targetFingerprint()).toEqual(original);

    const again = await admin(['restore', '--in', file], targetEnv);
    expect(again.output).toMatch(/^error: the database already holds data .*--force/);
    expect(again.code).toBe(1);
  }, 120_000);
});
