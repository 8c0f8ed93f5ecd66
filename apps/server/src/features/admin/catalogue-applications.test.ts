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
import { deviceAuthorization } from '@arcadia/contracts';

const WRITES = ['applications', 'game_modes', 'audit_log'] as const;
const description = { de: 'Ein Spiel.', en: 'A game.' };

describe('operator API: the applications and modes of the game catalogue', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    // SEED_DEMO=false (the test app): the catalogue is what migration 0022 installed.
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it('a fresh server has commando and its three modes without the demo seed', async () => {
    const res = await t.request('GET', '/api/admin/applications', { token: ops.staff.token });
    expect(res.status).toBe(200);
    const commando = res.body.applications.find((a: { id: string }) => a.id === 'commando');
    expect(commando).toMatchObject({ name: 'Commando', iconPath: null });
    expect(commando.modes.map((m: { id: string; teams: boolean }) => [m.id, m.teams])).toEqual([
      ['freeforall', false],
      ['elimination', true],
      ['deathmatch', true],
    ]);
  });

  it('GET /api/admin/applications: staff and admins read', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/applications' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: WRITES,
    });
  });

  it('POST /api/admin/applications: admins add a game; audited; its overview answers', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'POST',
        path: '/api/admin/applications',
        body: { id: `pong-${caller.toLowerCase()}`, name: 'Pong', description },
      }),
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    const audit = await t.request('GET', '/api/admin/audit?action=application.create', {
      token: ops.admin.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      targetType: 'application',
      targetId: 'pong-admin',
      actorUserId: ops.admin.id,
      after: { id: 'pong-admin', name: 'Pong', description, iconPath: null },
    });
    const overview = await t.request('GET', '/api/games/pong-admin');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ name: 'Pong', description, modes: [], maps: [] });
    const board = await t.request('GET', '/api/leaderboards/pong-admin');
    expect(board.status).toBe(200);
    const again = await t.request('POST', '/api/admin/applications', {
      token: ops.admin.token,
      body: { id: 'pong-admin', name: 'Pong', description },
    });
    expect(again.status).toBe(409);
  });

  it('bad input is a 400 with the fields; nothing written', async () => {
    const before = await t.counts(...WRITES);
    const bad = await t.request('POST', '/api/admin/applications', {
      token: ops.admin.token,
      body: { id: 'Not A Slug', name: '', description: { de: '' }, iconPath: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body.error.details);
    for (const f of ['id', 'name', 'description', 'iconPath']) expect(fields).toContain(f);
    const mode = await t.request('POST', '/api/admin/applications/pong-admin/modes', {
      token: ops.admin.token,
      body: { id: 'capture-the-flag', name: { de: '', en: 'x' }, description },
    });
    expect(mode.status).toBe(400);
    expect(JSON.stringify(mode.body.error.details)).toContain('name');
    const empty = await t.request('PATCH', '/api/admin/applications/commando', {
      token: ops.admin.token,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(await t.counts(...WRITES)).toEqual(before);
  });

  it('PATCH /api/admin/applications/{id}: admins change; audited with before/after', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'PATCH',
        path: '/api/admin/applications/pong-admin',
        body: { name: `Pong by ${caller}`, iconPath: '/api/assets/7/pong.png' },
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const audit = await t.request('GET', '/api/admin/audit?action=application.update', {
      token: ops.admin.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      targetId: 'pong-admin',
      before: { name: 'Pong', iconPath: null },
      after: { name: 'Pong by admin', iconPath: '/api/assets/7/pong.png' },
    });
    const missing = await t.request('PATCH', '/api/admin/applications/nowhere', {
      token: ops.admin.token,
      body: { name: 'X' },
    });
    expect(missing.status).toBe(404);
  });

  it('POST …/modes: admins add a mode, last by default; the overview shows it', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'POST',
        path: '/api/admin/applications/pong-admin/modes',
        body: {
          id: caller === 'admin' ? 'freeforall' : 'deathmatch',
          name: { de: 'Einzel', en: 'Singles' },
          description,
        },
      }),
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    const duel = await t.request('POST', '/api/admin/applications/pong-admin/modes', {
      token: ops.admin.token,
      body: { id: 'elimination', name: { de: 'Doppel', en: 'Doubles' }, description },
    });
    expect(duel.status).toBe(201);
    expect(duel.body).toMatchObject({ position: 1, teams: true, retiredAt: null });
    const again = await t.request('POST', '/api/admin/applications/pong-admin/modes', {
      token: ops.admin.token,
      body: { id: 'elimination', name: { de: 'X', en: 'X' }, description },
    });
    expect(again.status).toBe(409);
    const nowhere = await t.request('POST', '/api/admin/applications/nowhere/modes', {
      token: ops.admin.token,
      body: { id: 'elimination', name: { de: 'X', en: 'X' }, description },
    });
    expect(nowhere.status).toBe(404);
    const audit = await t.request('GET', '/api/admin/audit?action=mode.create', {
      token: ops.admin.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      targetType: 'mode',
      targetId: 'pong-admin;elimination',
    });
    const overview = await t.request('GET', '/api/games/pong-admin');
    expect(overview.body.modes).toEqual([
      { type: 'freeforall', name: { de: 'Einzel', en: 'Singles' }, description, teams: false },
      { type: 'elimination', name: { de: 'Doppel', en: 'Doubles' }, description, teams: true },
    ]);
  });

  it('PATCH …/modes/{id}: admins rename and reorder; audited', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller: Caller) => ({
        method: 'PATCH',
        path: '/api/admin/applications/pong-admin/modes/elimination',
        body: { position: 0, name: { de: `Doppel ${caller}`, en: 'Doubles' } },
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const audit = await t.request('GET', '/api/admin/audit?action=mode.update', {
      token: ops.admin.token,
    });
    expect(audit.body.entries[0]).toMatchObject({
      before: { position: 1, name: { de: 'Doppel' } },
      after: { position: 0, name: { de: 'Doppel admin' } },
    });
    const missing = await t.request(
      'PATCH',
      '/api/admin/applications/pong-admin/modes/deathmatch',
      {
        token: ops.admin.token,
        body: { position: 3 },
      },
    );
    expect(missing.status).toBe(404);
  });

  it('retire/unretire a mode: it leaves the overview and reports in it are refused', async () => {
    // A game stored before the retirement: its repeated report is still answered from it.
    const earlier = await addPlayer(t, 'Sark');
    const stored = report({
      type: 'deathmatch',
      players: [{ userId: earlier.id, teamId: 1, kills: 3, deaths: 1, score: 30 }],
    });
    expect((await reportPlayed(t, ops.device, stored)).status).toBe(201);
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'POST',
        path: '/api/admin/applications/commando/modes/deathmatch/retire',
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const overview = await t.request('GET', '/api/games/commando');
    expect(overview.body.modes.map((m: { type: string }) => m.type)).toEqual([
      'freeforall',
      'elimination',
    ]);
    const player = await addPlayer(t, 'Quorra');
    const refused = await reportPlayed(
      t,
      ops.device,
      report({
        type: 'deathmatch',
        players: [{ userId: player.id, teamId: 1, kills: 1, deaths: 0, score: 10 }],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('unknown_mode');
    expect(refused.body.error.details).toEqual([
      { path: 'type', message: 'mode not offered by this game' },
    ]);
    const repeated = await t.request('POST', '/api/device/v1/games', {
      headers: ops.device.headers,
      body: stored,
    });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toMatchObject({ type: 'deathmatch' });
    // Retiring again changes nothing and is not audited again.
    const twice = await t.request(
      'POST',
      '/api/admin/applications/commando/modes/deathmatch/retire',
      {
        token: ops.admin.token,
      },
    );
    expect(twice.status).toBe(200);
    const retires = await t.request('GET', '/api/admin/audit?action=mode.retire', {
      token: ops.admin.token,
    });
    expect(retires.body.entries).toHaveLength(1);
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'POST',
        path: '/api/admin/applications/commando/modes/deathmatch/unretire',
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const accepted = await reportPlayed(
      t,
      ops.device,
      report({
        type: 'deathmatch',
        players: [{ userId: player.id, teamId: 1, kills: 1, deaths: 0, score: 10 }],
      }),
    );
    expect(accepted.status).toBe(201);
  });

  it('a device for a game the catalogue does not know is refused at the field, nothing written', async () => {
    const before = await t.counts('devices', 'audit_log');
    const created = await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.admin.token,
      body: { id: 'pinball-1', name: 'Pinball', applicationId: 'pinball' },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('unknown_application');
    expect(created.body.error.details[0].path).toBe('applicationId');
    expect(await t.counts('devices', 'audit_log')).toEqual(before);

    // One made before this check (its game since gone from the catalogue): its reports are refused.
    const made = await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.admin.token,
      body: { id: 'pinball-2', name: 'Pinball' },
    });
    expect(made.status).toBe(201);
    await t.db.execute(sql`update devices set application_id = 'pinball' where id = 'pinball-2'`);
    const games = await t.counts('games', 'game_players');
    const res = await t.request('POST', '/api/device/v1/games', {
      headers: {
        authorization: deviceAuthorization(ops.arcade, 'pinball-2', made.body.key as string),
      },
      body: report({ players: [{ guestName: 'Gast', teamId: 1, kills: 0, deaths: 0, score: 1 }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_application');
    expect(res.body.error.details[0].path).toBe('applicationId');
    expect(await t.counts('games', 'game_players')).toEqual(games);
  });
});
