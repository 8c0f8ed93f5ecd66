import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { serverSettings } from '../db/schema';
import { recordPublicUrl, recordedPublicUrl } from '../db/server-settings';
import { runAdminCli } from '../../test/support/admin-cli';

/** The card URL a `card create` printed. */
const cardUrl = (output: string) => /^card URL: (\S+)$/m.exec(output)?.[1] ?? '';

describe("the admin CLI's links are the server's PUBLIC_URL", () => {
  let dir: string;
  const env = () => ({ DATA_DIR: dir });

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arcadia-cli-url-'));
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    await database.migrate();
    expect(await recordedPublicUrl(database.db)).toBeNull();
    // What a server started with PUBLIC_URL=https://arena.example records (server.ts).
    await recordPublicUrl(database.db, 'https://old.example');
    await recordPublicUrl(database.db, 'https://arena.example');
    expect(await recordedPublicUrl(database.db)).toBe('https://arena.example');
    // Every worker of a start records it: the same address again leaves the row as it was.
    const updatedAt = async () =>
      (await database.db.select({ at: serverSettings.updatedAt }).from(serverSettings))[0]?.at;
    const before = await updatedAt();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordPublicUrl(database.db, 'https://arena.example');
    expect(await updatedAt()).toEqual(before);
    await database.close();
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('as the last server recorded it, when the shell does not set one', async () => {
    const out = path.join(dir, 'cards');
    const { code, output } = await runAdminCli(
      ['card', 'create', '--name', 'KarlKarte', '--out', out],
      env(),
    );
    expect(code, output).toBe(0);
    expect(cardUrl(output)).toMatch(/^https:\/\/arena\.example\/u\/[0-9a-f-]{36}\?k=/);
  });

  it("the shell's own PUBLIC_URL wins", async () => {
    const out = path.join(dir, 'cards');
    const { code, output } = await runAdminCli(
      ['card', 'create', '--name', 'KimKarte', '--out', out],
      { ...env(), PUBLIC_URL: 'https://other.example' },
    );
    expect(code, output).toBe(0);
    expect(cardUrl(output)).toMatch(/^https:\/\/other\.example\/u\//);
  });
});
