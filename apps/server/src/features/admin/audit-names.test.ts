import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestPlayer,
} from '../../../test/support/arcade';
import { addOperators, type Operators } from '../../../test/support/operators';
import { recordAudit } from './audit';

describe('GET /api/admin/audit: the names of what each entry mentions', () => {
  let t: TestApp;
  let ops: Operators;
  let gone: TestPlayer;
  const device = () => `${ops.arcade};${ops.device.id}`;
  const asOperator = (p: TestPlayer, role: 'staff' | 'admin') => ({
    userId: p.id,
    userName: p.userName,
    role,
    arcades: role === 'admin' ? null : [ops.arcade],
  });

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    gone = await addPlayer(t, 'Gone9');
  });
  afterAll(() => t.close());

  const page = async (token = ops.admin.token): Promise<AuditPage> => {
    const res = await t.request('GET', '/api/admin/audit?limit=100', { token });
    expect(res.status).toBe(200);
    return res.body as AuditPage;
  };
  const entry = (p: AuditPage, action: string): AuditEntry => {
    const found = p.entries.find((e) => e.action === action);
    expect(found, action).toBeDefined();
    return found!;
  };

  it('answers the current names of the actor, the target, the arcade and the ids in the change', async () => {
    const role = await t.request('PUT', `/api/admin/users/${ops.player.id}/role`, {
      token: ops.admin.token,
      body: { role: 'staff', arcades: [ops.arcade, ops.otherArcade] },
    });
    expect(role.status).toBe(200);
    const disable = await t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/devices/${ops.device.id}/disable`,
      { token: ops.staff.token },
    );
    expect(disable.status).toBe(200);
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, asOperator(ops.staff, 'staff'), {
        action: 'device.kick',
        targetType: 'device',
        targetId: device(),
        arcadeId: ops.arcade,
        before: { userId: ops.player.id },
      });
      await recordAudit(tx, asOperator(ops.admin, 'admin'), {
        action: 'mode.update',
        targetType: 'mode',
        targetId: 'commando;deathmatch',
        before: { position: 1 },
        after: { position: 2 },
      });
    });
    // Renamed after the change: the log says who they are now.
    const rename = await t.request('PUT', `/api/admin/players/${ops.player.id}/name`, {
      token: ops.admin.token,
      body: { userName: 'Renamed7' },
    });
    expect(rename.status).toBe(200);

    const p = await page();
    const player = { name: 'Renamed7', deleted: false };
    const roleEntry = entry(p, 'user.role');
    expect(roleEntry.names).toEqual({
      [`user:${ops.admin.id}`]: { name: ops.admin.userName, deleted: false },
      [`user:${ops.player.id}`]: player,
      [`arcade:${ops.arcade}`]: { name: 'Ops Arcade', deleted: false },
      [`arcade:${ops.otherArcade}`]: { name: 'Other Arcade', deleted: false },
    });
    expect(entry(p, 'device.disable').names).toEqual({
      [`user:${ops.staff.id}`]: { name: ops.staff.userName, deleted: false },
      [`device:${device()}`]: { name: `Device ${ops.device.id}`, deleted: false },
      [`arcade:${ops.arcade}`]: { name: 'Ops Arcade', deleted: false },
    });
    expect(entry(p, 'device.kick').names[`user:${ops.player.id}`]).toEqual(player);
    expect(entry(p, 'user.rename').names[`user:${ops.player.id}`]).toEqual(player);
    const mode = await t.db.execute<{ de: string; en: string }>(
      sql`select name_de as de, name_en as en from game_modes
          where application_id = 'commando' and id = 'deathmatch'`,
    );
    expect(entry(p, 'mode.update').names).toMatchObject({
      'mode:commando;deathmatch': {
        name: mode.rows[0]!.de,
        names: { de: mode.rows[0]!.de, en: mode.rows[0]!.en },
        deleted: false,
      },
      'application:commando': { name: 'Commando', deleted: false },
    });

    // Staff read their arcade's entries with the same names, and nothing of other entries.
    const staff = await page(ops.staff.token);
    expect(staff.entries.map((e) => e.action).sort()).toEqual(['device.disable', 'device.kick']);
    expect(entry(staff, 'device.kick').names[`user:${ops.player.id}`]).toEqual(player);
  });

  it('names a game by its device and when it was played, and the player given a result', async () => {
    const table = await addDevice(t, ops.arcade, 'names-table');
    const playedAt = new Date(Date.now() - 60_000);
    const played = await reportPlayed(
      t,
      table,
      report({
        playedAt: playedAt.toISOString(),
        players: [
          { guestName: 'Gus', teamId: 1, kills: 3, deaths: 2, score: 300 },
          { guestName: 'Zoe', teamId: 2, kills: 2, deaths: 3, score: 200 },
        ],
      }),
    );
    expect(played.status).toBe(201);
    const game = `/api/admin/arcades/${ops.arcade}/games/${played.body.id as string}`;
    const slots = (await t.request('GET', game, { token: ops.staff.token })).body.players as Array<{
      slotId: string;
      name: string;
    }>;
    const gus = slots.find((s) => s.name === 'Gus')!.slotId;
    const assigned = await t.request('POST', `${game}/slots/${gus}/assign`, {
      token: ops.staff.token,
      body: { userId: gone.id },
    });
    expect(assigned.status).toBe(200);
    const voided = await t.request('POST', `${game}/void`, {
      token: ops.staff.token,
      body: { reason: 'Test' },
    });
    expect(voided.status).toBe(200);
    const p = await page(ops.staff.token);
    const named = { name: `Device ${table.id}`, deleted: false };
    const voidNames = entry(p, 'game.void').names[`game:${played.body.id as string}`]!;
    expect(voidNames).toMatchObject(named);
    // When it was played (as stored: the report's time, to the precision the database keeps).
    expect(Math.abs(Date.parse(voidNames.at!) - playedAt.getTime())).toBeLessThan(1000);
    expect(entry(p, 'game.assign').names).toEqual({
      [`user:${ops.staff.id}`]: { name: ops.staff.userName, deleted: false },
      [`arcade:${ops.arcade}`]: { name: 'Ops Arcade', deleted: false },
      [`game:${played.body.id as string}`]: voidNames,
      [`user:${gone.id}`]: { name: gone.userName, deleted: false },
    });
  });

  it('says an article is deleted, with the title the log recorded', async () => {
    const created = await t.request('POST', '/api/admin/news', {
      token: ops.admin.token,
      body: {
        slug: 'names-test',
        translations: {
          de: { title: 'Sommerfest', abstract: 'Kurz', markdown: 'Text' },
          en: { title: 'Summer party', abstract: 'Short', markdown: 'Text' },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const live = entry(await page(), 'news.create');
    expect(live.names[`news:${id}`]).toEqual({
      name: 'Sommerfest',
      names: { de: 'Sommerfest', en: 'Summer party' },
      deleted: false,
    });
    const deleted = await t.request('DELETE', `/api/admin/news/${id}`, { token: ops.admin.token });
    expect(deleted.status).toBe(204);
    const p = await page();
    for (const action of ['news.create', 'news.delete'])
      expect(entry(p, action).names[`news:${id}`]).toEqual({
        name: 'Sommerfest',
        names: { de: 'Sommerfest', en: 'Summer party' },
        deleted: true,
      });
  });

  it('names a deleted player nowhere: their entries say deleted, without name or id', async () => {
    const role = await t.request('PUT', `/api/admin/users/${gone.id}/role`, {
      token: ops.admin.token,
      body: { role: 'staff', arcades: [ops.arcade] },
    });
    expect(role.status).toBe(200);
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, asOperator(gone, 'staff'), {
        action: 'device.enable',
        targetType: 'device',
        targetId: device(),
        arcadeId: ops.arcade,
        before: { disabled: true },
        after: { disabled: false },
      });
      await recordAudit(tx, asOperator(ops.staff, 'staff'), {
        action: 'visit.create',
        targetType: 'visit',
        targetId: '00000000-0000-4000-8000-000000000001',
        arcadeId: ops.arcade,
        after: { userId: gone.id, visitedAt: new Date().toISOString() },
      });
    });
    const before = await page();
    expect(entry(before, 'device.enable').names[`user:${gone.id}`]).toEqual({
      name: gone.userName,
      deleted: false,
    });
    expect(entry(before, 'visit.create').names[`user:${gone.id}`]).toMatchObject({
      name: gone.userName,
    });
    expect(
      (
        await t.request('PUT', `/api/admin/users/${gone.id}/role`, {
          token: ops.admin.token,
          body: { role: 'player' },
        })
      ).status,
    ).toBe(200);
    const erase = await t.request('DELETE', `/api/admin/players/${gone.id}`, {
      token: ops.admin.token,
    });
    expect(erase.status).toBe(200);

    const p = await page();
    const text = JSON.stringify(p);
    expect(text).not.toContain(gone.id);
    expect(text).not.toContain(gone.userName);
    expect(entry(p, 'device.enable')).toMatchObject({
      actorUserId: null,
      actorLabel: 'deleted player',
    });
    const about = p.entries.filter((e) => e.targetType === 'user' && e.targetId === 'deleted');
    expect(about.map((e) => e.action).sort()).toEqual(['user.delete', 'user.role', 'user.role']);
    for (const e of about) expect(e.names['user:deleted']).toEqual({ name: null, deleted: true });
  });
});
