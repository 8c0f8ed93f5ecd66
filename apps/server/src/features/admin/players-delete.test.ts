import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addPlayer,
  report,
  reportPlayed,
  seat,
  type TestPlayer,
} from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  snapshot,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, friendships, pushSubscriptions, visits } from '../../db/schema';

const WRITES = [
  'users',
  'friendships',
  'visits',
  'game_players',
  'device_players',
  'push_subscriptions',
  'audit_log',
] as const;

describe('operator API: delete a player', () => {
  let t: TestApp;
  let ops: Operators;
  let vic: TestPlayer;

  /** Every row of every table that mentions one of the values, as `table: row`. */
  async function traces(...values: string[]): Promise<string[]> {
    const tables = await t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await t.db.execute<{ row: string }>(
        sql`select r::text as row from ${sql.identifier(name)} r`,
      );
      for (const { row } of rows.rows)
        if (values.some((v) => row.toLowerCase().includes(v.toLowerCase())))
          found.push(`${name}: ${row}`);
    }
    return found;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    vic = await addPlayer(t, 'Vic');
    await t.db.insert(friendships).values([
      { userId: vic.id, friendId: ops.player.id },
      { userId: ops.player.id, friendId: vic.id },
    ]);
    await t.db.insert(visits).values([
      { userId: vic.id, arcadeId: ops.arcade, recordedBy: ops.staff.id },
      { userId: ops.player.id, metUserId: vic.id, arcadeId: ops.arcade },
    ]);
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: vic.id, endpoint: 'https://push.example/vic', p256dh: 'k', auth: 'a' });
    const played = await reportPlayed(
      t,
      ops.device,
      report({ players: [{ userId: vic.id, teamId: 1, kills: 2, deaths: 2, score: 200 }] }),
    );
    expect(played.status).toBeLessThan(300);
    await seat(t, ops.device, [vic.id]);
    // Entries about Vic before the deletion: they must lose the name and the reason.
    const renamed = await t.request('PUT', `/api/admin/players/${vic.id}/name`, {
      token: ops.admin.token,
      body: { userName: 'VicTheBad' },
    });
    expect(renamed.status).toBe(200);
    const suspended = await t.request('POST', `/api/admin/players/${vic.id}/suspend`, {
      token: ops.admin.token,
      body: { reason: 'Vic insulted the staff' },
    });
    expect(suspended.status).toBe(200);
  });
  afterAll(() => t.close());

  it('DELETE /api/admin/players/{id}: admins; the erasure of self-deletion; an audit row naming nobody', async () => {
    expect(await traces(vic.id, vic.sub, 'VicTheBad', 'vic@example.test')).not.toEqual([]);
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'DELETE', path: `/api/admin/players/${vic.id}` }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    expect(await traces(vic.id, vic.sub, 'VicTheBad', 'vic@example.test', 'insulted')).toEqual([]);
    const entries = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'user.delete',
      targetType: 'user',
      targetId: 'deleted',
      actorUserId: ops.admin.id,
      arcadeId: null,
      before: null,
      after: null,
    });
    expect(entries.filter((e) => e.action.startsWith('user.'))).toEqual(
      entries
        .filter((e) => e.action.startsWith('user.'))
        .map((e) => ({ ...e, targetId: 'deleted', before: null, after: null })),
    );
    // The game stays for the others, without Vic; the other player's friend list lost him.
    expect(await t.counts('games', 'friendships', 'visits')).toEqual({
      games: 1,
      friendships: 0,
      visits: 0,
    });
    const token = await t.request('GET', '/api/v2/user/me', { token: vic.token });
    expect(token.status).toBe(404);
  });

  it('refuses an admin (409) and an unknown or malformed id; nothing written', async () => {
    const before = await snapshot(t, WRITES);
    const anAdmin = await t.request('DELETE', `/api/admin/players/${ops.admin.id}`, {
      token: ops.admin.token,
    });
    expect(anAdmin.status).toBe(409);
    expect(anAdmin.body.error.code).toBe('operator_account');
    const unknown = await t.request('DELETE', `/api/admin/players/${vic.id}`, {
      token: ops.admin.token,
    });
    expect(unknown.status).toBe(404);
    const bad = await t.request('DELETE', '/api/admin/players/vic', { token: ops.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('id');
    expect(await snapshot(t, WRITES)).toEqual(before);
  });
});
