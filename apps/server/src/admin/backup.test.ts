import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { adminContext as contextOn } from '../../test/support/admin-context';
import { storeAwkwardText } from '../../test/support/awkward-values';
import { databaseFingerprint } from '../../test/support/database-fingerprint';
import { derivedStatistics, playDemoGame } from '../../test/support/demo-game';
import { openDatabase } from '../db/client';
import { newsTranslations } from '../db/schema';
import { seedDemoIfEmpty } from '../seed';
import { command as backup } from './commands/backup';
import { command as restore } from './commands/restore';
import { backupDatabase } from './dump/backup-database';

const silent = { info: () => {} } as never;
const adminContext = (t: TestDatabase, lines: string[] = []) =>
  contextOn(t.database.db, t.url, lines);

describe(`backup and restore on ${testDbKind}`, () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let file: string;
  let original: Record<string, string>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-backup-'));
    file = path.join(dir, 'arcadia.sql');
    source = await openTestDatabase();
    const ctx = adminContext(source);
    await seedDemoIfEmpty({ db: ctx.db, config: ctx.config, log: silent });
    await storeAwkwardText(ctx.db);
    original = await databaseFingerprint(source.database.db);
    target = await openTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes the whole database to a file only its owner may read, with size and row counts', async () => {
    const lines: string[] = [];
    expect(await backup.run(['--out', file], adminContext(source, lines))).toBe(0);
    const { mode, size } = await fs.stat(file);
    expect(mode & 0o777).toBe(0o600);
    expect(lines[0]).toMatch(new RegExp(`^wrote ${file} \\(\\d+\\.\\d MiB\\) from \\w+ in `));
    expect(lines[1]).toMatch(/^rows: users 16, .*games 240, game_players \d+/);
    expect(size).toBeGreaterThan(100_000);
    const script = await fs.readFile(file, 'utf8');
    for (const part of [
      'CREATE SCHEMA drizzle;',
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      'CREATE FUNCTION public.arcadia_ingest_game',
      'CREATE TRIGGER player_stats_rank_insert',
    ]) {
      expect(script).toContain(part);
    }
    // pg_dump loads data before it creates triggers: a restore cannot count a row twice.
    const statsData = Math.max(
      script.lastIndexOf('COPY public.player_stats ('),
      script.lastIndexOf('INSERT INTO public.player_stats VALUES'),
    );
    expect(statsData).toBeGreaterThan(0);
    expect(script.indexOf('CREATE TRIGGER')).toBeGreaterThan(statsData);
    expect(await fs.readdir(dir)).toEqual(['arcadia.sql']);
    // The database goes on as before (PGlite's pg_dump shares its session): it still takes writes.
    await storeAwkwardText(source.database.db);
    expect(await databaseFingerprint(source.database.db)).toEqual(original);
  });

  it('restores into an empty database: every table, sequence, function and trigger equal', async () => {
    const lines: string[] = [];
    expect(await restore.run(['--in', file], adminContext(target, lines))).toBe(0);
    expect(lines[0]).toMatch(/^restored .*arcadia\.sql \(.*\) into \w+ in /);
    expect(await databaseFingerprint(target.database.db)).toEqual(original);
  });

  it('keeps the statistics triggers and the ingest function working after the restore', async () => {
    const before = await derivedStatistics(target.database.db);
    expect(before.scoreBucketPlayers).toBe(before.statsRows);
    await playDemoGame(target.database.db);
    const after = await derivedStatistics(target.database.db);
    expect(after.games).toBe(before.games + 1);
    expect(after.fromStats).toEqual(after.fromGames);
    expect(after.fromStats.played).toBe(before.fromStats.played + 4);
    expect(after.scoreBucketPlayers).toBe(after.statsRows);
  });

  it('refuses a database that holds data without --force and changes nothing', async () => {
    const before = await databaseFingerprint(target.database.db);
    const lines: string[] = [];
    expect(await restore.run(['--in', file], adminContext(target, lines))).toBe(1);
    expect(lines.join('\n')).toMatch(/already holds data .*restore --force/);
    expect(await databaseFingerprint(target.database.db)).toEqual(before);
  });

  it('rolls a restore that fails half way back: the database stays as it was', async () => {
    const before = await databaseFingerprint(target.database.db);
    const broken = path.join(dir, 'broken.sql');
    const sealed = await fs.readFile(file, 'utf8');
    // The backup's seal would refuse the changed file before it runs (next test): without it,
    // as a backup of an older Arcadia has none, the failing statement is what stops the restore.
    const script = sealed.replace(/-- arcadia backup sha256:\w+ bytes:\d+\n$/, '');
    expect(script).not.toBe(sealed);
    const end = script.indexOf('CREATE TRIGGER');
    await fs.writeFile(broken, `${script.slice(0, end)}SELECT 1/0;\n${script.slice(end)}`);
    // Without the checksum line it is refused unless asked for (--unsealed).
    const refused: string[] = [];
    expect(await restore.run(['--in', broken, '--force'], adminContext(target, refused))).toBe(1);
    expect(refused.join('\n')).toMatch(/has no checksum line .*nothing was changed.*--unsealed/);
    expect(await databaseFingerprint(target.database.db)).toEqual(before);
    const lines: string[] = [];
    const args = ['--in', broken, '--force', '--unsealed'];
    expect(await restore.run(args, adminContext(target, lines))).toBe(1);
    expect(lines.join('\n')).toMatch(/division by zero/);
    expect(await databaseFingerprint(target.database.db)).toEqual(before);
  });

  it('refuses a file with lines missing in the middle by its seal, before touching the database', async () => {
    const before = await databaseFingerprint(target.database.db);
    const holed = path.join(dir, 'holed.sql');
    const script = await fs.readFile(file, 'utf8');
    // A game's row gone from the middle of its COPY block (PostgreSQL's pg_dump) or multi-row
    // INSERT (PGlite's), as a bad copy or disk could do: the rest would still load.
    const lines = script.split('\n');
    const copy = lines.findIndex((line) => /^(COPY|INSERT INTO) public\.games\b/.test(line));
    expect(copy).toBeGreaterThan(0);
    lines.splice(copy + 2, 1);
    await fs.writeFile(holed, lines.join('\n'));
    const out: string[] = [];
    expect(await restore.run(['--in', holed, '--force'], adminContext(target, out))).toBe(1);
    expect(out).toEqual([
      `error: ${holed} is damaged: its contents do not match the checksum the backup wrote (lines missing or changed)`,
    ]);
    expect(await databaseFingerprint(target.database.db)).toEqual(before);
  });

  it('refuses a cut-off file before touching the database', async () => {
    const cut = path.join(dir, 'cut.sql');
    const script = await fs.readFile(file, 'utf8');
    await fs.writeFile(cut, script.slice(0, script.length / 2));
    const lines: string[] = [];
    expect(await restore.run(['--in', cut, '--force'], adminContext(target, lines))).toBe(1);
    expect(lines).toEqual([`error: ${cut} is incomplete: pg_dump's closing line is missing`]);
  });

  it.runIf(testDbKind === 'postgres')(
    'refuses while another Arcadia process is connected to the database, even with --force',
    async () => {
      // A server process's connection, as its pool names it (db/client.ts).
      const server = new pg.Client({
        connectionString: target.url,
        application_name: 'arcadia:4242',
      });
      await server.connect();
      try {
        const before = await databaseFingerprint(target.database.db);
        const lines: string[] = [];
        expect(await restore.run(['--in', file, '--force'], adminContext(target, lines))).toBe(1);
        expect(lines.join('\n')).toContain(
          'Arcadia processes are connected to this database: pid 4242 (1 connections); stop the servers first',
        );
        expect(await databaseFingerprint(target.database.db)).toEqual(before);
      } finally {
        await server.end();
      }
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'names a server connection arcadia:<pid> even when DATABASE_URL sets application_name',
    async () => {
      // pg lets the URL's parameters win over the pool's options, so such a server was invisible
      // to the check above and a restore --force replaced its database under it.
      const url = new URL(target.url!);
      url.searchParams.set('application_name', 'arcadia-prod');
      const server = await openDatabase({ url: url.href, poolSize: 1 });
      try {
        const { rows } = await server.db.execute<{ name: string }>(
          sql`select current_setting('application_name') as name`,
        );
        expect(rows[0]?.name).toBe(`arcadia:${process.pid}`);
      } finally {
        await server.close();
      }
    },
  );

  it('with --force replaces the data with the backup', async () => {
    const lines: string[] = [];
    expect(await restore.run(['--in', file, '--force'], adminContext(target, lines))).toBe(0);
    expect(lines[1]).toMatch(/^replaced the data of \d+ tables that held rows$/);
    expect(await databaseFingerprint(target.database.db)).toEqual(original);
  });

  it('tells how to use it when --out or --in is missing or a flag is unknown', async () => {
    const lines: string[] = [];
    expect(await backup.run([], adminContext(source, lines))).toBe(2);
    expect(await restore.run(['--in', file, '--wipe'], adminContext(source, lines))).toBe(2);
    expect(lines).toEqual(['error: use: backup --out <file.sql>', expect.stringMatching(/--wipe/)]);
  });

  it.runIf(testDbKind === 'postgres')(
    'needs a pg_dump at least as new as the server, and names it when it is missing',
    async () => {
      const old = path.join(dir, 'old-pg_dump');
      await fs.writeFile(old, '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
      const out = path.join(dir, 'never.sql');
      const ctx = adminContext(source);
      await expect(backupDatabase(ctx, out, { pgDump: old, psql: 'psql' })).rejects.toThrow(
        /^pg_dump 9 cannot dump PostgreSQL \d+: install pg_dump \d+ or newer/,
      );
      await expect(
        backupDatabase(ctx, out, { pgDump: path.join(dir, 'no-such-pg_dump'), psql: 'psql' }),
      ).rejects.toThrow(/no-such-pg_dump not found: install the PostgreSQL client tools/);
      await expect(fs.access(out)).rejects.toThrow();
    },
  );

  it.runIf(testDbKind === 'pglite')(
    "refuses text that PGlite's pg_dump would cut, rather than lose it",
    async () => {
      await target.database.db
        .update(newsTranslations)
        .set({ abstract: 'Hinweis:\n\\restrict bleibt' })
        .where(eq(newsTranslations.locale, 'de'));
      const out = path.join(dir, 'cut-by-pg_dump.sql');
      const lines: string[] = [];
      expect(await backup.run(['--out', out], adminContext(target, lines))).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(
          /^error: news_translations hold text with a line starting with \\restrict or \\unrestrict/,
        ),
      ]);
      await expect(fs.access(out)).rejects.toThrow();
    },
  );
});
