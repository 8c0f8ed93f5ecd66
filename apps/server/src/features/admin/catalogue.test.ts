import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer, report, reportPlayed } from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  type Caller,
  type Operators,
} from '../../../test/support/operators';

const WRITES = ['maps', 'audit_log'] as const;

describe('operator API: the maps of the game catalogue', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    // SEED_DEMO=false (the test app): only the maps an operator adds exist besides the fixtures.
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it('POST /api/admin/maps: admins add a map; devices can then report games on it', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'POST',
        path: '/api/admin/maps',
        body: {
          id: `grid-${caller.toLowerCase()}`,
          name: 'The Grid',
          iconPath: '/assets/maps/grid.svg',
        },
      }),
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    const player = await addPlayer(t, 'Tron');
    const res = await reportPlayed(
      t,
      ops.device,
      report({
        mapId: 'grid-admin',
        players: [{ userId: player.id, teamId: 1, kills: 2, deaths: 1, score: 20 }],
      }),
    );
    expect(res.status).toBe(201);
    const overview = await t.request('GET', '/api/games/commando');
    expect(overview.body.maps).toContainEqual({
      id: 'grid-admin',
      name: 'The Grid',
      iconPath: '/assets/maps/grid.svg',
    });
  });

  it('bad input is a 400 with the fields; an unknown game too; nothing written', async () => {
    const before = await t.counts('maps', 'audit_log');
    const bad = await t.request('POST', '/api/admin/maps', {
      token: ops.admin.token,
      body: { id: 'Not A Slug', name: '', iconPath: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body.error.details);
    for (const f of ['id', 'name', 'iconPath']) expect(fields).toContain(f);
    const game = await t.request('POST', '/api/admin/maps', {
      token: ops.admin.token,
      body: { id: 'pong-court', applicationId: 'pong', name: 'Court', iconPath: '/a.svg' },
    });
    expect(game.status).toBe(400);
    expect(JSON.stringify(game.body.error.details)).toContain('applicationId');
    expect(await t.counts('maps', 'audit_log')).toEqual(before);
  });

  it('PATCH /api/admin/maps/{id}: admins rename; audited with before/after', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'PATCH',
        path: '/api/admin/maps/grid-admin',
        body: { name: `Grid by ${caller}` },
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const audit = await t.request('GET', '/api/admin/audit?action=map.update', {
      token: ops.admin.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      targetId: 'grid-admin',
      before: { name: 'The Grid' },
      after: { name: 'Grid by admin' },
    });
    const missing = await t.request('PATCH', '/api/admin/maps/nowhere', {
      token: ops.admin.token,
      body: { name: 'X' },
    });
    expect(missing.status).toBe(404);
  });

  it('retire: the map leaves the overview, reports on it are refused; unretire brings it back', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: '/api/admin/maps/grid-admin/retire' }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const overview = await t.request('GET', '/api/games/commando');
    expect(overview.body.maps.map((m: { id: string }) => m.id)).not.toContain('grid-admin');
    const player = await addPlayer(t, 'Yori');
    const played = report({
      mapId: 'grid-admin',
      players: [{ userId: player.id, teamId: 1, kills: 2, deaths: 1, score: 20 }],
    });
    const before = await t.counts('games');
    const refused = await reportPlayed(t, ops.device, played);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'mapId', message: 'retired map' }]);
    expect(await t.counts('games')).toEqual(before);
    // The game Tron played on it before stays in the history, with its map.
    const tron = await t.db.execute<{ id: string }>(
      sql`select id from users where user_name = 'Tron'`,
    );
    const history = await t.request('GET', `/api/user/${tron.rows[0]!.id}/games`, {
      token: player.token,
    });
    expect(history.body.games[0].map).toMatchObject({ id: 'grid-admin', name: 'Grid by admin' });
    const maps = await t.request('GET', '/api/admin/maps', { token: ops.staff.token });
    expect(maps.body.maps.find((m: { id: string }) => m.id === 'grid-admin').retiredAt).toEqual(
      expect.any(String),
    );
    const audit = await t.request('GET', '/api/admin/audit?action=map.retire', {
      token: ops.admin.token,
    });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      targetId: 'grid-admin',
      before: { retiredAt: null },
      after: { retiredAt: expect.any(String) },
    });
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: '/api/admin/maps/grid-admin/unretire' }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    expect((await reportPlayed(t, ops.device, played)).status).toBe(201);
    const missing = await t.request('POST', '/api/admin/maps/nowhere/retire', {
      token: ops.admin.token,
    });
    expect(missing.status).toBe(404);
  });

  it('GET /api/admin/maps: staff and admins read the catalogue', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/maps' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: WRITES,
    });
  });
});
