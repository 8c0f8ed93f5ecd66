import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext } from '../../../test/support/admin-context';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database';
import { auditLog } from '../../db/schema';
import { command as arcade } from './arcade';
import { command as card } from './card';
import { command as device } from './device';
import { command as keys } from './keys';
import { command as news } from './news';

describe('the admin CLI writes what it changes to the audit log (actor cli)', () => {
  let t: TestDatabase;
  let out: string;
  beforeAll(async () => {
    t = await openTestDatabase();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-cli-audit-'));
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('arcade create, device create and device rotate-key', async () => {
    const lines: string[] = [];
    const ctx = adminContext(t.database.db, t.url, lines);
    const run = (cmd: typeof arcade, ...args: string[]) => cmd.run(args, ctx);
    expect(await run(arcade, 'create', '--id', 'cli-town', '--name', 'CLI Town')).toBe(0);
    expect(
      await run(
        device,
        'create',
        '--arcade',
        'cli-town',
        '--id',
        'pod-1',
        '--name',
        'Pod',
        '--out',
        out,
      ),
    ).toBe(0);
    expect(await run(device, 'rotate-key', '--arcade', 'cli-town', '--id', 'pod-1')).toBe(0);
    const entries = await t.database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(
      entries.map((e) => [e.action, e.actorLabel, e.actorUserId, e.targetId, e.arcadeId]),
    ).toEqual([
      ['arcade.create', 'cli', null, 'cli-town', 'cli-town'],
      ['device.create', 'cli', null, 'cli-town;pod-1', 'cli-town'],
      ['device.rotate_key', 'cli', null, 'cli-town;pod-1', 'cli-town'],
    ]);
    expect(entries[1]!.after).toMatchObject({ id: 'pod-1', name: 'Pod' });
    // The device keys the commands printed are in no entry.
    const keys = lines.flatMap(
      (l) => /^device key \(shown only now.*\): (\S+)$/.exec(l)?.[1] ?? [],
    );
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(JSON.stringify(entries)).not.toContain(key);
  });

  it('news publish and delete, card create and reprint, keys rotate', async () => {
    const lines: string[] = [];
    const ctx = adminContext(t.database.db, t.url, lines);
    const from = (await t.database.db.select().from(auditLog)).length;
    const newsArgs = ['--slug', 'cli-news', '--title-de', 'Neu', '--abstract-de', 'Kurz'];
    expect(await news.run(['publish', ...newsArgs, '--body-de', 'Text'], ctx)).toBe(0);
    expect(await news.run(['delete', '--slug', 'cli-news'], ctx)).toBe(0);
    expect(await card.run(['create', '--name', 'KartenKlaus', '--out', out], ctx)).toBe(0);
    const cardId = /\(([0-9a-f-]{36})\)/.exec(lines.find((l) => l.includes('KartenKlaus'))!)![1]!;
    expect(await card.run(['reprint', '--id', cardId, '--out', out], ctx)).toBe(0);
    expect(await keys.run(['rotate'], ctx)).toBe(0);
    const entries = (await t.database.db.select().from(auditLog).orderBy(auditLog.id)).slice(from);
    expect(entries.map((e) => [e.action, e.targetType, e.actorLabel, e.actorUserId])).toEqual([
      ['news.create', 'news', 'cli', null],
      ['news.delete', 'news', 'cli', null],
      ['user_card.create', 'user', 'cli', null],
      ['user_card.reprint', 'user', 'cli', null],
      ['signing_key.rotate', 'signing_key', 'cli', null],
    ]);
    expect(entries[0]!.after).toMatchObject({ slug: 'cli-news', titles: { de: 'Neu' } });
    expect(entries[1]!.targetId).toBe(entries[0]!.targetId);
    expect(entries[2]!.targetId).toBe(cardId);
    const rotated = /^new current key (\S+)$/.exec(
      lines.find((l) => l.startsWith('new current'))!,
    )!;
    expect(entries[4]!.targetId).toBe(rotated[1]);
    // The claim secrets the card URLs carry are in no entry, nor is any key material.
    const secrets = lines.flatMap((l) => /^card URL: .*[?&]k=([^&\s]+)/.exec(l)?.[1] ?? []);
    expect(secrets).toHaveLength(2);
    const written = JSON.stringify(entries);
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(written).not.toMatch(/"(d|p|q|dp|dq|qi)":/);
  });

  it('writes nothing when the command fails', async () => {
    const ctx = adminContext(t.database.db, t.url, []);
    const before = (await t.database.db.select().from(auditLog)).length;
    expect(await arcade.run(['create', '--id', 'cli-town', '--name', 'Again'], ctx)).not.toBe(0);
    expect(
      await device.run(['rotate-key', '--arcade', 'cli-town', '--id', 'no-such-pod'], ctx),
    ).not.toBe(0);
    expect(await news.run(['delete', '--slug', 'no-such-article'], ctx)).not.toBe(0);
    expect(await card.run(['create', '--name', 'a', '--out', out], ctx)).not.toBe(0);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });
});
