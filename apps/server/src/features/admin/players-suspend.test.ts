import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addDevice, addPlayer, seat, type TestPlayer } from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  snapshot,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, pushOutbox, users } from '../../db/schema';

const WRITES = ['users', 'device_players', 'devices', 'audit_log', 'push_outbox'] as const;

describe('operator API: suspend and unsuspend a player', () => {
  let t: TestApp;
  let ops: Operators;
  let rex: TestPlayer;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);
  const join = (player: TestPlayer) =>
    t.request('POST', `/api/v2/arcadecenter/${ops.arcade}/device/${ops.device.id}/player`, {
      token: player.token,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    rex = await addPlayer(t, 'Rex');
    await seat(t, ops.device, [rex.id]);
  });
  afterAll(() => t.close());

  it('POST …/suspend: admins; the player is refused at once and leaves their device; audited', async () => {
    // The token is verified and cached before the suspension: it must stop all the same.
    expect((await t.request('GET', '/api/v2/user/me', { token: rex.token })).status).toBe(200);
    const version = await t.db.execute<{ v: number }>(
      `select roster_version as v from devices where id = '${ops.device.id}'`,
    );
    // A push on its way to Rex (due later: the app's push worker must not take it meanwhile),
    // and one already sent.
    const payload = { endpoint: 'https://push.example/rex', message: { title: 'x', body: 'y' } };
    const later = new Date(Date.now() + 3_600_000);
    await t.db.insert(pushOutbox).values([
      { userId: rex.id, kind: 'news', payload, nextAttemptAt: later },
      { userId: rex.id, kind: 'news', payload, sentAt: new Date() },
    ]);
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'POST',
        path: `/api/admin/players/${rex.id}/suspend`,
        body: { reason: '  Cheated at the Neon Docks  ' },
      }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, rex.id));
    expect(row!.suspendedAt).toBeInstanceOf(Date);
    expect(row!.suspendedReason).toBe('Cheated at the Neon Docks');
    const pushes = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, rex.id));
    expect(pushes.map((p) => p.sentAt === null)).toEqual([false]);
    expect(await lastAudit()).toMatchObject({
      action: 'user.suspend',
      targetType: 'user',
      targetId: rex.id,
      actorUserId: ops.admin.id,
      before: { suspendedAt: null },
      after: {
        reason: 'Cheated at the Neon Docks',
        leftDevice: `${ops.arcade};${ops.device.id}`,
      },
    });
    const me = await t.request('GET', '/api/v2/user/me', { token: rex.token });
    expect(me.status).toBe(403);
    expect(me.body.error).toMatchObject({ code: 'account_suspended' });
    const fresh = await t.request('GET', '/api/v2/user/me', {
      token: await t.issuer.mint(rex.sub),
    });
    expect(fresh.body.error.code).toBe('account_suspended');
    // Off the device (its roster moved on), and joining again is refused.
    const after = await t.db.execute<{ v: number }>(
      `select roster_version as v from devices where id = '${ops.device.id}'`,
    );
    expect(Number(after.rows[0]!.v)).toBeGreaterThan(Number(version.rows[0]!.v));
    expect(await t.counts('device_players')).toEqual({ device_players: 0 });
    const joined = await join(rex);
    expect(joined.status).toBe(403);
    expect(joined.body.error.code).toBe('account_suspended');
    expect(await t.counts('device_players')).toEqual({ device_players: 0 });
  });

  it('shows the status: staff see that, admins also why', async () => {
    await seat(t, ops.device, [ops.player.id]);
    await t.db.execute(
      `insert into visits (user_id, arcade_id) values ('${rex.id}', '${ops.arcade}')`,
    );
    const asAdmin = await t.request('GET', `/api/admin/players/${rex.id}`, {
      token: ops.admin.token,
    });
    expect(asAdmin.body).toMatchObject({ suspendedReason: 'Cheated at the Neon Docks' });
    expect(asAdmin.body.suspendedAt).toEqual(expect.any(String));
    const asStaff = await t.request('GET', `/api/admin/players/${rex.id}`, {
      token: ops.staff.token,
    });
    expect(asStaff.body.suspendedAt).toBe(asAdmin.body.suspendedAt);
    expect(asStaff.body.suspendedReason).toBeNull();
  });

  it('refuses a missing reason (400), a second suspension and an admin (409); nothing written', async () => {
    const before = await snapshot(t, WRITES);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await t.request('POST', `/api/admin/players/${ops.player.id}/suspend`, {
        token: ops.admin.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('reason');
    }
    const again = await t.request('POST', `/api/admin/players/${rex.id}/suspend`, {
      token: ops.admin.token,
      body: { reason: 'again' },
    });
    expect(again.status).toBe(409);
    const anAdmin = await t.request('POST', `/api/admin/players/${ops.admin.id}/suspend`, {
      token: ops.admin.token,
      body: { reason: 'myself' },
    });
    expect(anAdmin.status).toBe(409);
    expect(anAdmin.body.error.code).toBe('operator_account');
    const unknown = await t.request('POST', `/api/admin/players/${crypto.randomUUID()}/suspend`, {
      token: ops.admin.token,
      body: { reason: 'who' },
    });
    expect(unknown.status).toBe(404);
    expect(await snapshot(t, WRITES)).toEqual(before);
  });

  it('POST …/unsuspend: admins; the same tokens work again; audited; 409 when not suspended', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: `/api/admin/players/${rex.id}/unsuspend` }),
      expect: { staff: 403, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'user.unsuspend',
      targetId: rex.id,
      before: { reason: 'Cheated at the Neon Docks' },
      after: { suspendedAt: null },
    });
    expect((await t.request('GET', '/api/v2/user/me', { token: rex.token })).status).toBe(200);
    await addDevice(t, ops.arcade, 'free-device');
    const joined = await t.request(
      'POST',
      `/api/v2/arcadecenter/${ops.arcade}/device/free-device/player`,
      { token: rex.token },
    );
    expect(joined.status).toBe(200);
    const before = await snapshot(t, WRITES);
    const notSuspended = await t.request('POST', `/api/admin/players/${rex.id}/unsuspend`, {
      token: ops.admin.token,
    });
    expect(notSuspended.status).toBe(409);
    expect(await snapshot(t, WRITES)).toEqual(before);
  });

  it('a suspended staff member loses the console with their token', async () => {
    const suspended = await t.request('POST', `/api/admin/players/${ops.staff.id}/suspend`, {
      token: ops.admin.token,
      body: { reason: 'handed out free credits' },
    });
    expect(suspended.status).toBe(200);
    const console = await t.request('GET', '/api/admin/me', { token: ops.staff.token });
    expect(console.status).toBe(403);
    expect(console.body.error.code).toBe('account_suspended');
  });
});
