import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProfileSchema } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addPlayer } from '../../../test/support/arcade';
import { addOperators, setRole, type Operators } from '../../../test/support/operators';

/** The own profile names the operator role, so the web shows the console's link only to operators. */
describe('GET /api/v2/user/me: role', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it.each([
    ['player', 'player'],
    ['staff', 'staff'],
    ['admin', 'admin'],
  ] as const)('answers %s for a %s', async (caller, role) => {
    const res = await t.request('GET', '/api/v2/user/me', { token: ops[caller].token });
    expect(res.status).toBe(200);
    expect(ownProfileSchema.parse(res.body).role).toBe(role);
  });

  it('is not part of another player’s public profile', async () => {
    const res = await t.request('GET', `/api/user/${ops.admin.id}/details`, {
      token: ops.player.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('role');
  });
});

describe('DELETE /api/v2/user/{id}: the last admin', () => {
  let t: TestApp;
  let ops: Operators;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await addOperators(t);
  });
  afterAll(() => t.close());

  it('cannot delete the own profile while no other admin is left (409 last_admin, nothing changes)', async () => {
    const res = await t.request('DELETE', `/api/v2/user/${ops.admin.id}`, {
      token: ops.admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('last_admin');
    const me = await t.request('GET', '/api/v2/user/me', { token: ops.admin.token });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe('admin');
  });

  it('can once another admin is there', async () => {
    const second = await addPlayer(t, 'Yori');
    await setRole(t, second.id, 'admin');
    const res = await t.request('DELETE', `/api/v2/user/${ops.admin.id}`, {
      token: ops.admin.token,
    });
    expect(res.status).toBe(200);
    // And now the other one is the last.
    const last = await t.request('DELETE', `/api/v2/user/${second.id}`, { token: second.token });
    expect(last.status).toBe(409);
  });
});
