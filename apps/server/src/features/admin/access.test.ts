import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addOperators, checkAccessMatrix, type Operators } from '../../../test/support/operators';
import { staffArcades } from '../../db/schema';

describe('operator routes: roles and arcade scope', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it('GET /api/admin/me: staff and admins, with their arcades', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: '/api/admin/me' }),
      expect: { staff: 200, admin: 200, otherStaff: 200 },
      tables: ['users', 'staff_arcades'],
    });
    const staff = await t.request('GET', '/api/admin/me', { token: ops.staff.token });
    expect(staff.body).toEqual({
      userId: ops.staff.id,
      userName: ops.staff.userName,
      role: 'staff',
      arcades: [ops.arcade],
    });
    const admin = await t.request('GET', '/api/admin/me', { token: ops.admin.token });
    expect(admin.body).toMatchObject({ role: 'admin', arcades: null });
  });

  it('an arcade-scoped route: staff of that arcade and admins only', async () => {
    await checkAccessMatrix(t, ops, {
      call: () => ({ method: 'GET', path: `/api/admin/arcades/${ops.arcade}` }),
      expect: { staff: 200, admin: 200 },
      tables: ['arcades'],
    });
    const other = await t.request('GET', `/api/admin/arcades/${ops.otherArcade}`, {
      token: ops.otherStaff.token,
    });
    expect(other.status).toBe(200);
  });

  it('refuses before reading the input: a player with a malformed id gets 403, an admin 400', async () => {
    const bad = `/api/admin/arcades/${encodeURIComponent('no such arcade!')}`;
    expect((await t.request('GET', bad, { token: ops.player.token })).status).toBe(403);
    expect((await t.request('GET', bad, { token: ops.staff.token })).status).toBe(403);
    expect((await t.request('GET', bad, { token: ops.admin.token })).status).toBe(400);
    expect(
      (await t.request('GET', '/api/admin/arcades/nowhere', { token: ops.admin.token })).status,
    ).toBe(404);
  });

  it("refuses before reading the body: a player's malformed JSON gets 403, an admin's 400", async () => {
    const call = (token: string) =>
      t.request('POST', '/api/admin/news', { token, body: '{"slug": "x",' });
    expect((await call(ops.player.token)).status).toBe(403);
    expect((await call(ops.otherStaff.token)).status).toBe(403);
    const admin = await call(ops.admin.token);
    expect(admin.status).toBe(400);
    expect((await t.request('POST', '/api/admin/news', { body: '{' })).status).toBe(401);
  });

  it('an unregistered sign-in is refused', async () => {
    const stranger = await t.issuer.mint('sub-nobody');
    expect((await t.request('GET', '/api/admin/me', { token: stranger })).status).toBe(403);
  });

  it("deleting a staff member's profile deletes their staff rows", async () => {
    const res = await t.request('DELETE', `/api/v2/user/${ops.staff.id}`, {
      token: ops.staff.token,
    });
    expect(res.status).toBeLessThan(300);
    expect(
      await t.db.select().from(staffArcades).where(eq(staffArcades.userId, ops.staff.id)),
    ).toEqual([]);
  });
});
