import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

const registration = (username: string) => ({
  username,
  mail: `${username.toLowerCase()}@example.test`,
  agb: true,
});

describe('POST /api/v2/user/me/link', () => {
  let t: TestApp;
  const card = async (userName: string) => {
    const [row] = await t.db.insert(users).values({ userName }).returning();
    return row!;
  };
  const identityOf = async (id: string) => {
    const [row] = await t.db
      .select({ sub: users.identitySub, mail: users.mail })
      .from(users)
      .where(eq(users.id, id));
    return row;
  };
  /** Every profile with its identity: proves a refused link wrote nothing. */
  const snapshot = () =>
    t.db
      .select({ id: users.id, sub: users.identitySub, mail: users.mail })
      .from(users)
      .orderBy(asc(users.id));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('links the signed-in identity to an unclaimed profile and answers the own profile', async () => {
    const profile = await card('NeonNova');
    const token = await t.issuer.mint('sub-linker');
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: { userId: profile.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: profile.id, userName: 'NeonNova', name: 'NeonNova' });
    expect(res.body.userStatistics).toBeDefined();
    expect((await identityOf(profile.id))?.sub).toBe('sub-linker');
    const me = await t.request('GET', '/api/v2/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(profile.id);
  });

  it('takes the e-mail from the token when the card profile has none', async () => {
    const profile = await card('MailMia');
    const token = await t.issuer.mint('sub-mail', { extra: { email: 'Mia@Example.test' } });
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: { userId: profile.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.mail).toBe('mia@example.test');
    expect(await identityOf(profile.id)).toEqual({ sub: 'sub-mail', mail: 'mia@example.test' });
  });

  it('answers 409 when another identity already holds the card, and writes nothing', async () => {
    const profile = await card('PixelPirat');
    const first = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-first'),
      body: { userId: profile.id },
    });
    expect(first.status).toBe(200);
    const before = await snapshot();
    const token = await t.issuer.mint('sub-second');
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: { userId: profile.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('card_taken');
    expect(res.body.error.message).toMatch(/already linked to another account/);
    expect(await snapshot()).toEqual(before);
    expect((await t.request('GET', '/api/v2/user/me', { token })).status).toBe(404);
  });

  it('answers 409 when the identity already has a profile, and writes nothing', async () => {
    const token = await t.issuer.mint('sub-registered');
    const registered = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: registration('LaserLuchs'),
    });
    expect(registered.status).toBe(201);
    const profile = await card('BlitzBiene');
    const before = await snapshot();
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: { userId: profile.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_registered');
    expect(res.body.error.message).toMatch(/already has a profile/);
    expect(await snapshot()).toEqual(before);
    expect((await identityOf(profile.id))?.sub).toBeNull();
  });

  it('answers 409 already_registered when the identity scans its own, linked card again', async () => {
    const profile = await card('ArcadeAce');
    const token = await t.issuer.mint('sub-again');
    const body = { userId: profile.id };
    expect((await t.request('POST', '/api/v2/user/me/link', { token, body })).status).toBe(200);
    const res = await t.request('POST', '/api/v2/user/me/link', { token, body });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_registered');
  });

  it('answers 404 for an unknown user, and writes nothing', async () => {
    const before = await snapshot();
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-unknown'),
      body: { userId: randomUUID() },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 with the field for a body that is no user id, and writes nothing', async () => {
    const before = await snapshot();
    const token = await t.issuer.mint('sub-bad');
    for (const body of [{ userId: 'not-a-uuid' }, {}, { userId: 42 }]) {
      const res = await t.request('POST', '/api/v2/user/me/link', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'userId' })]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs a signed-in identity', async () => {
    const profile = await card('TurboTiger');
    const res = await t.request('POST', '/api/v2/user/me/link', { body: { userId: profile.id } });
    expect(res.status).toBe(401);
    expect((await identityOf(profile.id))?.sub).toBeNull();
  });

  it('lets exactly one of two identities racing for one card win', async () => {
    const profile = await card('GlitchGeist');
    const results = await Promise.all(
      ['sub-race-a', 'sub-race-b'].map(async (sub) =>
        t.request('POST', '/api/v2/user/me/link', {
          token: await t.issuer.mint(sub),
          body: { userId: profile.id },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body.id).toBe(profile.id);
    expect(['sub-race-a', 'sub-race-b']).toContain((await identityOf(profile.id))?.sub);
  });

  it('lets one identity racing for two cards claim only one', async () => {
    const [a, b] = [await card('RetroRaptor'), await card('QuantumQi')];
    const token = await t.issuer.mint('sub-greedy');
    const results = await Promise.all(
      [a, b].map((p) =>
        t.request('POST', '/api/v2/user/me/link', { token, body: { userId: p.id } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const claimed = [await identityOf(a.id), await identityOf(b.id)].filter(
      (row) => row?.sub === 'sub-greedy',
    );
    expect(claimed).toHaveLength(1);
  });
});
