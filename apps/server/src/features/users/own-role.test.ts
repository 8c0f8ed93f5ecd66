import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProfileSchema } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addOperators, type Operators } from '../../../test/support/operators';

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
