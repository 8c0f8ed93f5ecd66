import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addPlayer,
  report,
  reportPlayed,
  seat,
  type TestPlayer,
} from '../../../test/support/arcade';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { auditLog, pushOutbox, users, visits } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';

const WRITES = ['users', 'audit_log'] as const;

describe('operator API: players (search, one player, rename)', () => {
  let t: TestApp;
  let ops: Operators;
  /** Played at the staff's arcade; visited it; sits on its device; none of these. */
  let gamer: TestPlayer;
  let visitor: TestPlayer;
  let seated: TestPlayer;
  let stranger: TestPlayer;
  /** The name the rename test gave `visitor` (with its skeleton stored). */
  let renamedTo = '';
  /** The game `gamer` played at the staff's arcade. */
  let gamerGame = '';
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    gamer = await addPlayer(t, 'ZedGamer');
    visitor = await addPlayer(t, 'ZedVisit');
    seated = await addPlayer(t, 'ZedSeat');
    stranger = await addPlayer(t, 'ZedAway');
    const played = await reportPlayed(
      t,
      ops.device,
      report({ players: [{ userId: gamer.id, teamId: 1, kills: 4, deaths: 1, score: 400 }] }),
    );
    expect(played.status).toBeLessThan(300);
    gamerGame = played.body.id as string;
    await t.db.insert(visits).values({ userId: visitor.id, arcadeId: ops.arcade });
    await t.db.insert(visits).values({ userId: stranger.id, arcadeId: ops.otherArcade });
    await seat(t, ops.device, [seated.id]);
  });
  afterAll(() => t.close());

  const names = (body: { players: Array<{ userName: string }> }) =>
    body.players.map((p) => p.userName);

  it('GET /api/admin/players: admins search everyone, staff the players of their arcades', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/players?q=zed' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: WRITES,
    });
    const asAdmin = await t.request('GET', '/api/admin/players?q=ZED', { token: ops.admin.token });
    expect(names(asAdmin.body).sort()).toEqual(['ZedAway', 'ZedGamer', 'ZedSeat', 'ZedVisit']);
    expect(asAdmin.body.players[0]).toMatchObject({
      role: 'player',
      claimed: true,
      suspendedAt: null,
    });
    const asStaff = await t.request('GET', '/api/admin/players?q=zed', { token: ops.staff.token });
    expect(names(asStaff.body).sort()).toEqual(['ZedGamer', 'ZedSeat', 'ZedVisit']);
    const asOther = await t.request('GET', '/api/admin/players?q=zed', {
      token: ops.otherStaff.token,
    });
    expect(names(asOther.body)).toEqual(['ZedAway']);
  });

  it('matches anywhere in the name, names starting with the term first, and pages', async () => {
    const res = await t.request('GET', '/api/admin/players?q=seat', { token: ops.admin.token });
    expect(names(res.body)).toEqual(['ZedSeat']);
    const first = await t.request('GET', '/api/admin/players?q=zed&limit=3', {
      token: ops.admin.token,
    });
    expect(first.body).toMatchObject({ page: 1, hasMore: true });
    const second = await t.request('GET', '/api/admin/players?q=zed&limit=3&page=2', {
      token: ops.admin.token,
    });
    expect(second.body).toMatchObject({ page: 2, hasMore: false });
    expect([...names(first.body), ...names(second.body)].sort()).toEqual(
      ['ZedAway', 'ZedGamer', 'ZedSeat', 'ZedVisit'].sort(),
    );
    const like = await t.request('GET', '/api/admin/players?q=%25', { token: ops.admin.token });
    expect(like.body.players).toEqual([]);
    const all = await t.request('GET', '/api/admin/players?limit=100', { token: ops.admin.token });
    expect(all.body.players.length).toBe(await t.counts('users').then((c) => c.users));
    for (const query of ['page=0', 'limit=101', `q=${'x'.repeat(65)}`, 'page=x']) {
      const bad = await t.request('GET', `/api/admin/players?${query}`, { token: ops.admin.token });
      expect(bad.status, query).toBe(400);
    }
  });

  it('GET /api/admin/players/{id}: profile, status, recent games; e-mail for admins only', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: `/api/admin/players/${gamer.id}` }),
      // Staff of another arcade: the player is not theirs, so not found.
      expect: { staff: 200, admin: 200, otherStaff: 404 },
      tables: WRITES,
    });
    const asAdmin = await t.request('GET', `/api/admin/players/${gamer.id}`, {
      token: ops.admin.token,
    });
    expect(asAdmin.body).toMatchObject({
      id: gamer.id,
      userName: 'ZedGamer',
      mail: 'zedgamer@example.test',
      suspendedReason: null,
      device: null,
      statistics: { gamesPlayed: 1, overallKills: 4 },
    });
    expect(asAdmin.body.recentGames).toHaveLength(1);
    expect(asAdmin.body.recentGames[0].arcade).toBe(ops.arcade);
    const asStaff = await t.request('GET', `/api/admin/players/${gamer.id}`, {
      token: ops.staff.token,
    });
    expect(asStaff.body).toMatchObject({ mail: null, signInEmail: null, suspendedReason: null });
    const onDevice = await t.request('GET', `/api/admin/players/${seated.id}`, {
      token: ops.staff.token,
    });
    expect(onDevice.body.device).toEqual({ arcadeId: ops.arcade, deviceId: ops.device.id });
    const staffProfile = await t.request('GET', `/api/admin/players/${ops.staff.id}`, {
      token: ops.admin.token,
    });
    expect(staffProfile.body).toMatchObject({ role: 'staff', arcades: [ops.arcade] });
    const notTheirs = await t.request('GET', `/api/admin/players/${stranger.id}`, {
      token: ops.staff.token,
    });
    expect(notTheirs.status).toBe(404);
    const bad = await t.request('GET', '/api/admin/players/nope', { token: ops.admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('id');
    const unknown = await t.request('GET', `/api/admin/players/${crypto.randomUUID()}`, {
      token: ops.admin.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('a visit recorded at another arcade shows its staff only what happened there', async () => {
    // The other arcade's staff record visits of players who play at ops.arcade, which puts them
    // in their scope; where they are and what they played elsewhere stays hidden.
    for (const player of [gamer, seated]) {
      const visit = await t.request('POST', `/api/admin/arcades/${ops.otherArcade}/visits`, {
        token: ops.otherStaff.token,
        body: { userId: player.id },
      });
      expect(visit.status).toBe(201);
    }
    const games = await t.request('GET', `/api/admin/players/${gamer.id}`, {
      token: ops.otherStaff.token,
    });
    expect(games.status).toBe(200);
    expect(games.body.recentGames).toEqual([]);
    expect(games.body.statistics).toMatchObject({ gamesPlayed: 0, overallKills: 0 });
    const where = await t.request('GET', `/api/admin/players/${seated.id}`, {
      token: ops.otherStaff.token,
    });
    expect(where.status).toBe(200);
    expect(where.body.device).toBeNull();
    // Their own arcade's staff and admins see as before.
    const own = await t.request('GET', `/api/admin/players/${gamer.id}`, {
      token: ops.staff.token,
    });
    expect(own.body.recentGames).toHaveLength(1);
    expect(own.body.statistics).toMatchObject({ gamesPlayed: 1, overallKills: 4 });
    const admin = await t.request('GET', `/api/admin/players/${seated.id}`, {
      token: ops.admin.token,
    });
    expect(admin.body.device).toEqual({ arcadeId: ops.arcade, deviceId: ops.device.id });
    // Back as before for the tests below: the other arcade knows only its own visitor.
    await t.db.delete(visits).where(eq(visits.arcadeId, ops.otherArcade));
    await t.db.insert(visits).values({ userId: stranger.id, arcadeId: ops.otherArcade });
  });

  it('PUT /api/admin/players/{id}/name: admins rename, audited with before/after', async () => {
    let n = 0;
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'PUT',
        path: `/api/admin/players/${visitor.id}/name`,
        body: { userName: `Renamed${++n}` },
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, visitor.id));
    renamedTo = `Renamed${n}`;
    expect(row).toMatchObject({
      userName: renamedTo,
      userNameSkeleton: usernameSkeleton(renamedTo),
    });
    expect(await lastAudit()).toMatchObject({
      action: 'user.rename',
      targetType: 'user',
      targetId: visitor.id,
      arcadeId: null,
      actorUserId: ops.admin.id,
      before: { userName: 'ZedVisit' },
      after: { userName: `Renamed${n}` },
    });
  });

  it('a renamed player has the new name in the games they played, and their old one nowhere', async () => {
    const before = await t.request('GET', `/api/matches/${gamerGame}`);
    expect(before.body.players[0]).toMatchObject({ id: gamer.id, name: 'ZedGamer' });
    const image = await fetch(`${t.url}/api/matches/${gamerGame}/image.png`);
    expect(image.status).toBe(200);
    // Someone they added as a friend has it in the bell: 'ZedGamer hat dich … hinzugefügt'.
    const added = await t.request('POST', '/api/user/me/friends', {
      token: gamer.token,
      body: { friendId: stranger.id },
    });
    expect(added.status).toBe(201);
    const bell = () => t.request('GET', '/api/notifications', { token: stranger.token });
    expect(JSON.stringify((await bell()).body)).toContain('ZedGamer');
    const res = await t.request('PUT', `/api/admin/players/${gamer.id}/name`, {
      token: ops.admin.token,
      body: { userName: 'ZedPlayer' },
    });
    expect(res.status).toBe(200);
    expect(res.body.recentGames[0].players[0]).toMatchObject({ id: gamer.id, name: 'ZedPlayer' });
    const after = await t.request('GET', `/api/matches/${gamerGame}`);
    expect(after.body.players[0]).toMatchObject({ id: gamer.id, name: 'ZedPlayer' });
    expect(JSON.stringify(after.body)).not.toContain('ZedGamer');
    const history = await t.request('GET', `/api/user/${gamer.id}/games`, { token: gamer.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('ZedPlayer');
    expect(JSON.stringify(history.body)).not.toContain('ZedGamer');
    expect(JSON.stringify((await bell()).body)).not.toContain('ZedGamer');
    expect(JSON.stringify(await t.db.select().from(pushOutbox))).not.toContain('ZedGamer');
    // The image is drawn anew with the new name (the old file left the disk).
    const redrawn = await fetch(`${t.url}/api/matches/${gamerGame}/image.png`);
    expect(redrawn.headers.get('x-image-cache')).toBe('miss');
    await t.request('PUT', `/api/admin/players/${gamer.id}/name`, {
      token: ops.admin.token,
      body: { userName: 'ZedGamer' },
    });
  });

  it('renames with the rules of registration: 400 with the field, 409 when taken; nothing written', async () => {
    const path = `/api/admin/players/${gamer.id}/name`;
    const before = await t.counts('audit_log');
    const rows = await t.db.select().from(users).orderBy(users.id);
    for (const [userName, message] of [
      ['ab', 'at least 3'],
      ['way-too-long-name', 'at most 12'],
      ['bad name!', 'letters, digits'],
    ] as const) {
      const res = await t.request('PUT', path, { token: ops.admin.token, body: { userName } });
      expect(res.status, userName).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ path: 'userName' });
      expect(res.body.error.details[0].message).toContain(message);
    }
    // The same name ignoring case, and a look-alike ('rn' for 'm'), are taken; a name mixing
    // scripts (a Cyrillic е) is refused as registration refuses it.
    const mixed = await t.request('PUT', path, {
      token: ops.admin.token,
      body: { userName: renamedTo.replace('e', '\u0435') },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details[0].message).toContain('one script');
    for (const userName of ['zedseat', renamedTo.replace('m', 'rn')]) {
      const res = await t.request('PUT', path, { token: ops.admin.token, body: { userName } });
      expect(res.status, userName).toBe(409);
      expect(res.body.error.details).toEqual([
        { path: 'userName', message: 'This user name is already taken' },
      ]);
    }
    expect(await t.counts('audit_log')).toEqual(before);
    expect(await t.db.select().from(users).orderBy(users.id)).toEqual(rows);
    // Its own name in another case is no clash; the same name is no change (no entry).
    const recased = await t.request('PUT', path, {
      token: ops.admin.token,
      body: { userName: 'zedgamer' },
    });
    expect(recased.status).toBe(200);
    expect(recased.body.userName).toBe('zedgamer');
    const same = await t.request('PUT', path, {
      token: ops.admin.token,
      body: { userName: 'zedgamer' },
    });
    expect(same.status).toBe(200);
    expect(await t.counts('audit_log')).toEqual({ audit_log: before.audit_log! + 1 });
    const unknown = await t.request('PUT', `/api/admin/players/${crypto.randomUUID()}/name`, {
      token: ops.admin.token,
      body: { userName: 'Nobody' },
    });
    expect(unknown.status).toBe(404);
  });
});
