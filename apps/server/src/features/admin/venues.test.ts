import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_PERIOD_SAME_TIME, deviceAuthorization } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addDevice, addPlayer, seat } from '../../../test/support/arcade';
import {
  addOperators,
  checkAccessMatrix,
  type Caller,
  type Operators,
} from '../../../test/support/operators';
import { auditLog, devices } from '../../db/schema';

const WRITES = ['arcades', 'devices', 'device_players', 'audit_log'] as const;
const hours = [{ day: 'mon', opens: '14:00', closes: '23:30' }];

describe('operator API: arcades and devices', () => {
  let t: TestApp;
  let ops: Operators;
  /** A fresh id per caller, for routes that create. */
  const fresh = (caller: Caller) => `new-${caller.toLowerCase()}`;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.id)).at(-1);

  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it('POST /api/admin/arcades: admins create; 400 with fields for bad input', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller) => ({
        method: 'POST',
        path: '/api/admin/arcades',
        body: { id: fresh(caller), name: 'New', city: 'Berlin', openingHours: hours },
      }),
      expect: { staff: 403, admin: 201 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'arcade.create',
      targetId: 'new-admin',
      arcadeId: 'new-admin',
      actorUserId: ops.admin.id,
    });
    const before = await t.counts('arcades', 'audit_log');
    const bad = await t.request('POST', '/api/admin/arcades', {
      token: ops.admin.token,
      body: { id: 'no spaces', name: '', openingHours: [{ day: 'xyz', opens: '25:00' }] },
    });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body.error.details);
    for (const f of ['id', 'name', 'openingHours']) expect(fields).toContain(f);
    expect(await t.counts('arcades', 'audit_log')).toEqual(before);
    const dup = await t.request('POST', '/api/admin/arcades', {
      token: ops.admin.token,
      body: { id: ops.arcade, name: 'Again' },
    });
    expect(dup.status).toBe(409);
  });

  it('PATCH /api/admin/arcades/{id}: staff of it and admins edit; audited with before/after', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller) => ({
        method: 'PATCH',
        path: `/api/admin/arcades/${ops.arcade}`,
        body: { address: `Street of ${caller}`, openingHours: hours },
      }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'arcade.update',
      before: { address: 'Street of staff' },
      after: { address: 'Street of admin', openingHours: hours },
    });
    const bad = await t.request('PATCH', `/api/admin/arcades/${ops.arcade}`, {
      token: ops.staff.token,
      body: { name: '', color: 'red' },
    });
    expect(bad.status).toBe(400);
    // A period that closes when it opens: refused at the period, nothing written.
    const before = await t.counts('audit_log');
    const empty = await t.request('PATCH', `/api/admin/arcades/${ops.arcade}`, {
      token: ops.staff.token,
      body: { openingHours: [{ day: 'tue', opens: '18:00', closes: '18:00' }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([
      { path: 'openingHours.0', message: OPENING_PERIOD_SAME_TIME },
    ]);
    expect(await t.counts('audit_log')).toEqual(before);
  });

  it('an arcade has a logo: a site path (not another site: the CSP blocks it), removed with null', async () => {
    const path = `/api/admin/arcades/${ops.arcade}`;
    const logo = '/api/images/1b0c7a52-5d5c-4d5e-9a40-3f7d2f1f8c11/logo.png';
    const set = await t.request('PATCH', path, {
      token: ops.staff.token,
      body: { logoPath: logo },
    });
    expect(set.status).toBe(200);
    expect(set.body.logoPath).toBe(logo);
    expect((await t.request('GET', path, { token: ops.staff.token })).body.logoPath).toBe(logo);
    expect(await lastAudit()).toMatchObject({
      before: { logoPath: null },
      after: { logoPath: logo },
    });
    const before = await t.counts('audit_log');
    for (const logoPath of ['javascript:alert(1)', 'https://cdn.example/logo.png']) {
      const bad = await t.request('PATCH', path, { token: ops.staff.token, body: { logoPath } });
      expect(bad.status, logoPath).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('logoPath');
    }
    expect(await t.counts('audit_log')).toEqual(before);
    expect((await t.request('GET', path, { token: ops.staff.token })).body.logoPath).toBe(logo);
    const removed = await t.request('PATCH', path, {
      token: ops.staff.token,
      body: { logoPath: null },
    });
    expect(removed.body.logoPath).toBeNull();
  });

  it('POST /api/admin/arcades/{id}/retire: admins; the arcade leaves the public list', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'POST', path: '/api/admin/arcades/new-admin/retire' }),
      expect: { staff: 403, admin: 200, otherStaff: 403 },
      tables: WRITES,
    });
    const list = await t.request('GET', '/api/arcades');
    expect(list.body.arcades.map((a: { id: string }) => a.id)).not.toContain('new-admin');
    expect(await lastAudit()).toMatchObject({ action: 'arcade.retire', targetId: 'new-admin' });
  });

  it('retiring one arcade several times at once: one entry, the first date kept', async () => {
    const created = await t.request('POST', '/api/admin/arcades', {
      token: ops.admin.token,
      body: { id: 'retire-race', name: 'Retire Race', city: 'Berlin', openingHours: hours },
    });
    expect(created.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('POST', '/api/admin/arcades/retire-race/retire', { token: ops.admin.token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((a) => a.body.retiredAt as string)).size).toBe(1);
    const entries = (await t.db.select().from(auditLog)).filter(
      (e) => e.action === 'arcade.retire' && e.targetId === 'retire-race',
    );
    expect(entries).toHaveLength(1);
  });

  it('retiring an arcade disables its devices: no player joins, no report, none comes back', async () => {
    const created = await t.request('POST', '/api/admin/arcades', {
      token: ops.admin.token,
      body: { id: 'closing', name: 'Closing Down', city: 'Berlin', openingHours: hours },
    });
    expect(created.status).toBe(201);
    const pod = await addDevice(t, 'closing', 'pod-1');
    const off = await addDevice(t, 'closing', 'pod-2');
    await t.request('POST', '/api/admin/arcades/closing/devices/pod-2/disable', {
      token: ops.admin.token,
    });
    const player = await addPlayer(t, 'closing-player');
    const retired = await t.request('POST', '/api/admin/arcades/closing/retire', {
      token: ops.admin.token,
    });
    expect(retired.status).toBe(200);
    // One new entry for the device that was still on; the one disabled before keeps its own.
    const entries = (await t.db.select().from(auditLog)).filter((e) => e.arcadeId === 'closing');
    expect(entries.map((e) => `${e.action} ${e.targetId}`)).toEqual([
      'arcade.create closing',
      'device.disable closing;pod-2',
      'arcade.retire closing',
      'device.disable closing;pod-1',
    ]);
    for (const device of [pod, off]) {
      const beat = await t.request('POST', '/api/device/v1/heartbeat', { headers: device.headers });
      expect(beat.status).toBe(403);
    }
    const join = await t.request('POST', '/api/v2/arcadecenter/closing/device/pod-1/player', {
      token: player.token,
    });
    expect(join.status).toBe(409);
    expect(join.body.error.code).toBe('device_offline');

    const before = await t.counts('devices', 'audit_log');
    const enable = await t.request('POST', '/api/admin/arcades/closing/devices/pod-1/enable', {
      token: ops.admin.token,
    });
    expect(enable.status).toBe(409);
    expect(enable.body.error.code).toBe('arcade_retired');
    const add = await t.request('POST', '/api/admin/arcades/closing/devices', {
      token: ops.admin.token,
      body: { id: 'pod-3', name: 'Pod 3' },
    });
    expect(add.status).toBe(409);
    expect(add.body.error.code).toBe('arcade_retired');
    expect(await t.counts('devices', 'audit_log')).toEqual(before);
    expect(
      (await t.request('POST', '/api/device/v1/heartbeat', { headers: pod.headers })).status,
    ).toBe(403);
  });

  it('GET /api/admin/arcades: staff see theirs, admins all', async () => {
    const staff = await t.request('GET', '/api/admin/arcades', { token: ops.staff.token });
    expect(staff.body.arcades.map((a: { id: string }) => a.id)).toEqual([ops.arcade]);
    const admin = await t.request('GET', '/api/admin/arcades', { token: ops.admin.token });
    expect(admin.body.arcades.length).toBeGreaterThanOrEqual(3);
  });

  it('POST …/devices: the key is answered once, only its hash stored, and it works', async () => {
    await checkAccessMatrix(t, ops, {
      call: (caller) => ({
        method: 'POST',
        path: `/api/admin/arcades/${ops.arcade}/devices`,
        body: { id: fresh(caller), name: `Pod of ${caller}`, capacity: 4 },
      }),
      expect: { staff: 201, admin: 201 },
      tables: WRITES,
    });
    const res = await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.staff.token,
      body: { id: 'pod-9', name: 'Pod 9' },
    });
    expect(res.status).toBe(201);
    const key = res.body.key as string;
    expect(res.body.device).toMatchObject({ id: 'pod-9', online: false, disabled: false });
    const [row] = await t.db
      .select()
      .from(devices)
      .where(and(eq(devices.arcadeId, ops.arcade), eq(devices.id, 'pod-9')));
    expect(row!.keyHash).not.toContain(key);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(key);
    const beat = await t.request('POST', '/api/device/v1/heartbeat', {
      headers: { authorization: deviceAuthorization(ops.arcade, 'pod-9', key) },
    });
    expect(beat.status).toBe(200);
    const bad = await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.staff.token,
      body: { id: 'x y', name: '', capacity: 99 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.details)).toContain('capacity');
  });

  it("POST …/devices: a name the arcade's devices have already is refused, whatever its case", async () => {
    const create = (arcade: string, id: string, name: string) =>
      t.request('POST', `/api/admin/arcades/${arcade}/devices`, {
        token: ops.admin.token,
        body: { id, name },
      });
    expect((await create(ops.arcade, 'twin-1', 'Twin Arena')).status).toBe(201);
    const before = await t.db.select().from(devices);
    const audits = (await t.db.select().from(auditLog)).length;
    const twin = await create(ops.arcade, 'twin-2', '  twin ARENA ');
    expect(twin.status).toBe(409);
    expect(twin.body.error).toMatchObject({
      code: 'device_name_taken',
      details: [{ path: 'name' }],
    });
    expect(await t.db.select().from(devices)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits);
    // A taken id is still said as such, not as a taken name.
    const sameId = await create(ops.arcade, 'twin-1', 'Twin Arena');
    expect(sameId.body.error.code).toBe('conflict');
    // Another arcade may have a device of that name.
    expect((await create(ops.otherArcade, 'twin-1', 'Twin Arena')).status).toBe(201);
    // Two at once: one is created, the other told.
    const both = await Promise.all([
      create(ops.arcade, 'race-1', 'Race Pod'),
      create(ops.arcade, 'race-2', 'race pod'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('PATCH …/devices/{id}: renames, audited; a name another device has is refused; bad input 400', async () => {
    await addDevice(t, ops.arcade, 'name-pod');
    await addDevice(t, ops.arcade, 'other-pod');
    const rename = (token: string, id: string, name: unknown) =>
      t.request('PATCH', `/api/admin/arcades/${ops.arcade}/devices/${id}`, {
        token,
        body: { name },
      });
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'PATCH',
        path: `/api/admin/arcades/${ops.arcade}/devices/name-pod`,
        body: { name: 'Laser Dome' },
      }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const renamed = await rename(ops.staff.token, 'name-pod', '  Neon Dome ');
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: 'name-pod', name: 'Neon Dome' });
    expect(await lastAudit()).toMatchObject({
      action: 'device.update',
      targetId: `${ops.arcade};name-pod`,
      actorUserId: ops.staff.id,
      before: { name: 'Laser Dome' },
      after: { name: 'Neon Dome' },
    });
    // Its own name in another case is no clash.
    expect((await rename(ops.staff.token, 'name-pod', 'NEON DOME')).body.name).toBe('NEON DOME');
    const before = await t.db.select().from(devices);
    const audits = (await t.db.select().from(auditLog)).length;
    const taken = await rename(ops.staff.token, 'other-pod', 'neon dome');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'device_name_taken',
      details: [{ path: 'name' }],
    });
    for (const name of ['', '   ', 'x'.repeat(81), 7]) {
      const bad = await rename(ops.staff.token, 'other-pod', name);
      expect(bad.status, String(name)).toBe(400);
      expect(bad.body.error.details[0].path).toBe('name');
    }
    expect((await rename(ops.staff.token, 'no-such-pod', 'Fine')).status).toBe(404);
    expect(await t.db.select().from(devices)).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits);
  });

  it('GET …/devices: online status, last heartbeat, who is on it', async () => {
    const sam = await addPlayer(t, 'SamOnPod');
    await seat(t, ops.device, [sam.id]);
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: `/api/admin/arcades/${ops.arcade}/devices` }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const res = await t.request('GET', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.staff.token,
    });
    const device = res.body.devices.find((d: { id: string }) => d.id === ops.device.id);
    expect(device).toMatchObject({ online: true, disabled: false });
    expect(device.lastHeartbeatAt).toEqual(expect.any(String));
    expect(device.players).toEqual([
      { userId: sam.id, userName: 'SamOnPod', joinedAt: expect.any(String) },
    ]);
  });

  it('DELETE …/players/{userId}: takes a player off the device', async () => {
    const players = await Promise.all(
      ['KickA', 'KickB', 'KickC'].map((name) => addPlayer(t, name)),
    );
    const target = await addDevice(t, ops.arcade, 'kick-pod');
    await seat(
      t,
      target,
      players.map((p) => p.id),
    );
    const order: Caller[] = ['staff', 'admin'];
    let n = 0;
    await checkAccessMatrix(t, ops, {
      call: (caller) => {
        const userId = order.includes(caller) ? players[n++]!.id : players[2]!.id;
        return {
          method: 'DELETE',
          path: `/api/admin/arcades/${ops.arcade}/devices/kick-pod/players/${userId}`,
        };
      },
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const roster = await t.request('GET', `/api/admin/arcades/${ops.arcade}/devices`, {
      token: ops.admin.token,
    });
    const pod = roster.body.devices.find((d: { id: string }) => d.id === 'kick-pod');
    expect(pod.players.map((p: { userId: string }) => p.userId)).toEqual([players[2]!.id]);
    expect(await lastAudit()).toMatchObject({ action: 'device.kick' });
    const again = await t.request(
      'DELETE',
      `/api/admin/arcades/${ops.arcade}/devices/kick-pod/players/${players[0]!.id}`,
      { token: ops.admin.token },
    );
    expect(again.status).toBe(404);
  });

  it('POST …/rotate-key: the old key stops working, the new one works', async () => {
    const pod = await addDevice(t, ops.arcade, 'rotate-pod');
    await checkAccessMatrix(t, ops, {
      call: () => ({
        method: 'POST',
        path: `/api/admin/arcades/${ops.arcade}/devices/rotate-pod/rotate-key`,
      }),
      expect: { staff: 200, admin: 200 },
      tables: WRITES,
    });
    const old = await t.request('POST', '/api/device/v1/heartbeat', { headers: pod.headers });
    expect(old.status).toBe(401);
    const res = await t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/devices/rotate-pod/rotate-key`,
      { token: ops.admin.token },
    );
    const beat = await t.request('POST', '/api/device/v1/heartbeat', {
      headers: { authorization: deviceAuthorization(ops.arcade, 'rotate-pod', res.body.key) },
    });
    expect(beat.status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'device.rotate_key', after: null });
  });

  it('POST …/disable and …/enable: a disabled device is refused', async () => {
    const pod = await addDevice(t, ops.arcade, 'toggle-pod');
    for (const action of ['disable', 'enable'] as const)
      await checkAccessMatrix(t, ops, {
        call: () => ({
          method: 'POST',
          path: `/api/admin/arcades/${ops.arcade}/devices/toggle-pod/${action}`,
        }),
        expect: { staff: 200, admin: 200 },
        tables: WRITES,
      });
    await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices/toggle-pod/disable`, {
      token: ops.staff.token,
    });
    const refused = await t.request('POST', '/api/device/v1/heartbeat', { headers: pod.headers });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('device_disabled');
    expect(await lastAudit()).toMatchObject({
      action: 'device.disable',
      before: { disabled: false },
      after: { disabled: true },
    });
    await t.request('POST', `/api/admin/arcades/${ops.arcade}/devices/toggle-pod/enable`, {
      token: ops.staff.token,
    });
    const back = await t.request('POST', '/api/device/v1/heartbeat', { headers: pod.headers });
    expect(back.status).toBe(200);
    const missing = await t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/devices/nope/disable`,
      { token: ops.admin.token },
    );
    expect(missing.status).toBe(404);
  });
});
