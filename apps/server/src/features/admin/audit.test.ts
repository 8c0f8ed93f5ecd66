import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { recordAudit } from './audit';

describe('GET /api/admin/audit', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
    const admin = {
      userId: ops.admin.id,
      userName: ops.admin.userName,
      role: 'admin' as const,
      arcades: null,
    };
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++)
        await recordAudit(tx, admin, {
          action: 'device.update',
          targetType: 'device',
          targetId: `${ops.arcade};d${i}`,
          arcadeId: ops.arcade,
          before: { name: `old ${i}` },
          after: { name: `new ${i}` },
        });
      await recordAudit(tx, admin, {
        action: 'arcade.update',
        targetType: 'arcade',
        targetId: ops.otherArcade,
        arcadeId: ops.otherArcade,
      });
      await recordAudit(
        tx,
        { label: 'cli' },
        {
          action: 'user.role',
          targetType: 'user',
          targetId: ops.admin.id,
          after: { role: 'admin' },
        },
      );
    });
  });
  afterAll(() => t.close());

  it('answers staff and admins only', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/audit' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: ['audit_log'],
    });
  });

  it('an admin reads everything, newest first, a page at a time', async () => {
    const first = await t.request('GET', '/api/admin/audit?limit=4', { token: ops.admin.token });
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.role',
      'arcade.update',
      'device.update',
      'device.update',
    ]);
    expect(first.body.entries[0]).toMatchObject({ actorUserId: null, actorLabel: 'cli' });
    expect(first.body.entries[2]).toMatchObject({
      actorUserId: ops.admin.id,
      actorLabel: ops.admin.userName,
      targetId: `${ops.arcade};d5`,
      before: { name: 'old 5' },
      after: { name: 'new 5' },
    });
    const second = await t.request('GET', `/api/admin/audit?limit=4&before=${first.body.next}`, {
      token: ops.admin.token,
    });
    expect(second.body.entries.map((e: { targetId: string }) => e.targetId)).toEqual([
      `${ops.arcade};d3`,
      `${ops.arcade};d2`,
      `${ops.arcade};d1`,
    ]);
    expect(second.body.next).toBeNull();
  });

  it('filters by action, target, actor, arcade and time', async () => {
    const get = async (query: string) =>
      (await t.request('GET', `/api/admin/audit?${query}`, { token: ops.admin.token })).body.entries
        .length as number;
    expect(await get('action=device.update')).toBe(5);
    expect(await get(`targetType=device&targetId=${ops.arcade};d2`)).toBe(1);
    expect(await get(`actor=${ops.admin.id}`)).toBe(6);
    expect(await get(`arcade=${ops.otherArcade}`)).toBe(1);
    expect(await get(`from=${new Date(Date.now() + 60_000).toISOString()}`)).toBe(0);
    expect(await get(`to=${new Date(Date.now() + 60_000).toISOString()}`)).toBe(7);
  });

  it('staff read the entries of their arcades only', async () => {
    const res = await t.request('GET', '/api/admin/audit', { token: ops.staff.token });
    expect(res.body.entries).toHaveLength(5);
    expect(new Set(res.body.entries.map((e: { arcadeId: string }) => e.arcadeId))).toEqual(
      new Set([ops.arcade]),
    );
    const other = await t.request('GET', `/api/admin/audit?arcade=${ops.otherArcade}`, {
      token: ops.staff.token,
    });
    expect(other.status).toBe(403);
  });

  it('bad filters are a 400 with the fields', async () => {
    const res = await t.request('GET', '/api/admin/audit?limit=0&actor=nobody&from=yesterday', {
      token: ops.admin.token,
    });
    expect(res.status).toBe(400);
    const fields = JSON.stringify(res.body.error.details);
    for (const field of ['limit', 'actor', 'from']) expect(fields).toContain(field);
  });
});
