import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext } from '../../test/support/admin-context';
import { storeAwkwardText } from '../../test/support/awkward-values';
import { openTestDatabase, testDbKind, type TestDatabase } from '../../test/support/database';
import { databaseFingerprint } from '../../test/support/database-fingerprint';
import { derivedStatistics, playDemoGame } from '../../test/support/demo-game';
import { openDatabase, type Database } from '../db/client';
import { seedDemoIfEmpty } from '../seed';
import { command as backup } from './commands/backup';
import { command as restore } from './commands/restore';

/** How an operator moves from the embedded database to PostgreSQL, and back. */
describe.skipIf(testDbKind !== 'postgres')('moving between PGlite and PostgreSQL', () => {
  let dir: string;
  let pglite: Database;
  let server: TestDatabase;
  let back: Database | undefined;
  let original: Record<string, string>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-backup-cross-'));
    pglite = await openDatabase({});
    await pglite.migrate();
    const ctx = adminContext(pglite.db, undefined);
    await seedDemoIfEmpty({ db: ctx.db, config: ctx.config, log: { info: () => {} } as never });
    await storeAwkwardText(pglite.db);
    original = await databaseFingerprint(pglite.db);
    server = await openTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await pglite?.close();
    await back?.close();
    await server?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('restores a PGlite backup into PostgreSQL with everything equal and working', async () => {
    const file = path.join(dir, 'from-pglite.sql');
    const lines: string[] = [];
    expect(await backup.run(['--out', file], adminContext(pglite.db, undefined, lines))).toBe(0);
    expect(
      await restore.run(['--in', file], adminContext(server.database.db, server.url, lines)),
    ).toBe(0);
    expect(lines[2]).toMatch(/^restored .* into PostgreSQL in /);
    expect(await databaseFingerprint(server.database.db)).toEqual(original);

    await playDemoGame(server.database.db);
    const after = await derivedStatistics(server.database.db);
    expect(after.fromStats).toEqual(after.fromGames);
    expect(after.scoreBucketPlayers).toBe(after.statsRows);
  });

  it('restores a PostgreSQL backup into PGlite with everything equal', async () => {
    const file = path.join(dir, 'from-postgres.sql');
    const lines: string[] = [];
    const serverCtx = adminContext(server.database.db, server.url, lines);
    expect(await backup.run(['--out', file], serverCtx)).toBe(0);
    expect(await fs.readFile(file, 'utf8')).toMatch(/^COPY public\.users /m);
    back = await openDatabase({});
    await back.migrate();
    expect(await restore.run(['--in', file], adminContext(back.db, undefined, lines))).toBe(0);
    expect(lines[2]).toMatch(/^restored .* into PGlite in /);
    expect(await databaseFingerprint(back.db)).toEqual(
      await databaseFingerprint(server.database.db),
    );
  });
});
