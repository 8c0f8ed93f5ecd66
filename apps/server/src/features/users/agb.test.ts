import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGB_VERSION } from '@arcadia/contracts';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('the accepted terms version (PUT /api/v2/user/me/agb)', () => {
  let t: TestApp;
  let token: string;
  let id: string;
  const stored = async () => {
    const [row] = await t.db
      .select({ version: users.agbVersion, at: users.agbAcceptedAt })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.issuer.mint('agb-sub');
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username: 'Terms', mail: 'terms@example.com', agb: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.agbVersion).toBe(AGB_VERSION);
    id = res.body.id as string;
  });
  afterAll(() => t.close());

  it('registration records the current version and its time', async () => {
    const row = await stored();
    expect(row.version).toBe(AGB_VERSION);
    expect(row.at!.getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('a player on older terms accepts the current ones: version and time recorded', async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    await t.db.update(users).set({ agbVersion: 0, agbAcceptedAt: old }).where(eq(users.id, id));
    expect((await t.request('GET', '/api/v2/user/me', { token })).body.agbVersion).toBe(0);
    const res = await t.request('PUT', '/api/v2/user/me/agb', {
      token,
      body: { version: AGB_VERSION },
    });
    expect(res.status).toBe(200);
    expect(res.body.agbVersion).toBe(AGB_VERSION);
    const row = await stored();
    expect(row.version).toBe(AGB_VERSION);
    expect(row.at!.getTime()).toBeGreaterThan(old.getTime());
  });

  it('refuses any other version, no version and no token, recording nothing', async () => {
    const before = await stored();
    for (const body of [
      { version: AGB_VERSION - 1 },
      { version: AGB_VERSION + 1 },
      {},
      { version: '1' },
    ]) {
      const res = await t.request('PUT', '/api/v2/user/me/agb', { token, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error.details)).toContain('version');
    }
    expect(
      (await t.request('PUT', '/api/v2/user/me/agb', { body: { version: AGB_VERSION } })).status,
    ).toBe(401);
    const stranger = await t.issuer.mint('agb-unregistered');
    const unregistered = await t.request('PUT', '/api/v2/user/me/agb', {
      token: stranger,
      body: { version: AGB_VERSION },
    });
    expect(unregistered.status).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
