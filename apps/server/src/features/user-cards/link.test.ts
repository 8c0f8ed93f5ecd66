import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { newCardSecret } from './card-secret';
import { reprintCard } from './service';

const registration = (username: string) => ({
  username,
  mail: `${username.toLowerCase()}@example.test`,
  agb: true,
});

describe('POST /api/v2/user/me/link', () => {
  let t: TestApp;
  /** An unclaimed profile with a printed card: `link` is the body its scan sends. */
  const card = async (userName: string) => {
    const { secret, hash } = newCardSecret();
    const [row] = await t.db.insert(users).values({ userName, cardSecretHash: hash }).returning();
    return { ...row!, secret, link: { userId: row!.id, secret } };
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
      body: profile.link,
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
      body: profile.link,
    });
    expect(res.status).toBe(200);
    expect(res.body.mail).toBe('mia@example.test');
    expect(await identityOf(profile.id)).toEqual({ sub: 'sub-mail', mail: 'mia@example.test' });
  });

  it("takes the e-mail of the embedded provider's account, whose tokens carry none", async () => {
    const profile = await card('MailMarek');
    const [account] = await t.db
      .insert(accounts)
      .values({ email: 'marek@example.test', passwordHash: 'x', nickname: 'Marek' })
      .returning();
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint(account!.id),
      body: profile.link,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mail: 'marek@example.test', mailVerified: false });
    expect(await identityOf(profile.id)).toEqual({ sub: account!.id, mail: 'marek@example.test' });
  });

  it('answers a card another identity already holds as an unknown card (its secret is spent), and writes nothing', async () => {
    const profile = await card('PixelPirat');
    const first = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-first'),
      body: profile.link,
    });
    expect(first.status).toBe(200);
    const before = await snapshot();
    const token = await t.issuer.mint('sub-second');
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: profile.link,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await unknownCardAnswer());
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
      body: profile.link,
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
    const body = profile.link;
    expect((await t.request('POST', '/api/v2/user/me/link', { token, body })).status).toBe(200);
    const res = await t.request('POST', '/api/v2/user/me/link', { token, body });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_registered');
  });

  /** The answer for a card that points at nobody. */
  const unknownCardAnswer = async () => {
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-unknown'),
      body: { userId: randomUUID(), secret: newCardSecret().secret },
    });
    expect(res.status).toBe(404);
    return res.body;
  };

  it('answers 404 for an unknown user, and writes nothing', async () => {
    const before = await snapshot();
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-unknown'),
      body: { userId: randomUUID(), secret: 'x' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a missing, wrong or spent claim secret exactly as an unknown card, and writes nothing', async () => {
    const profile = await card('SecretSam');
    const unknown = await unknownCardAnswer();
    const before = await snapshot();
    const token = await t.issuer.mint('sub-thief');
    for (const body of [
      { userId: profile.id },
      { userId: profile.id, secret: '' },
      { userId: profile.id, secret: newCardSecret().secret },
      { userId: profile.id, secret: profile.secret.slice(0, -1) },
      { userId: profile.id, secret: profile.secret.toUpperCase() },
    ]) {
      const res = await t.request('POST', '/api/v2/user/me/link', { token, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown);
    }
    expect(await snapshot()).toEqual(before);
    expect((await identityOf(profile.id))?.sub).toBeNull();

    // The holder of the card claims it; the same secret is spent afterwards.
    const owner = await t.issuer.mint('sub-owner');
    const linked = await t.request('POST', '/api/v2/user/me/link', {
      token: owner,
      body: profile.link,
    });
    expect(linked.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, profile.id));
    expect(row!.cardSecretHash).toBeNull();
    const spent = await t.request('POST', '/api/v2/user/me/link', {
      token: await t.issuer.mint('sub-late'),
      body: profile.link,
    });
    expect(spent.status).toBe(404);
    expect(spent.body).toEqual(unknown);
  });

  it('an id read from search, a profile or the card lookup does not claim the profile', async () => {
    const profile = await card('PublicPia');
    const reader = await t.issuer.mint('sub-reader');
    const answers = [
      await t.request('GET', '/api/user?searchterm=PublicPia', { token: reader }),
      await t.request('GET', `/api/user/${profile.id}`, { token: reader }),
      await t.request('GET', `/api/user/${profile.id}/details`, { token: reader }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text).toContain(profile.id);
      expect(text).not.toContain(profile.secret);
      expect(text).not.toContain(profile.cardSecretHash!);
    }
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token: reader,
      body: { userId: profile.id },
    });
    expect(res.status).toBe(404);
    expect((await identityOf(profile.id))?.sub).toBeNull();
  });

  it('a reprinted card has a new secret; the old card no longer claims the profile', async () => {
    const profile = await card('ReprintRex');
    const reprinted = await reprintCard(t.db, profile.id);
    expect(reprinted.secret).toEqual(expect.any(String));
    expect(reprinted.secret).not.toBe(profile.secret);
    const token = await t.issuer.mint('sub-reprint');
    const old = await t.request('POST', '/api/v2/user/me/link', { token, body: profile.link });
    expect(old.status).toBe(404);
    const res = await t.request('POST', '/api/v2/user/me/link', {
      token,
      body: { userId: profile.id, secret: reprinted.secret },
    });
    expect(res.status).toBe(200);
    // A claimed profile's card is printed without a secret: it can only meet the player.
    expect((await reprintCard(t.db, profile.id)).secret).toBeNull();
  });

  it('meeting a player (/visit) still needs only the public id of the card', async () => {
    const profile = await card('VisitVera');
    const token = await t.issuer.mint('sub-visitor');
    const registered = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: registration('Visitor'),
    });
    expect(registered.status).toBe(201);
    const res = await t.request('POST', '/api/visits', { token, body: { userId: profile.id } });
    expect(res.status).toBe(201);
    expect((await identityOf(profile.id))?.sub).toBeNull();
  });

  it('answers 400 with the field for a body that is no user id, and writes nothing', async () => {
    const before = await snapshot();
    const token = await t.issuer.mint('sub-bad');
    for (const body of [{ userId: 'not-a-uuid' }, {}, { userId: 42 }]) {
      const res = await t.request('POST', '/api/v2/user/me/link', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'userId' })]);
    }
    for (const secret of [42, 'k'.repeat(129)]) {
      const res = await t.request('POST', '/api/v2/user/me/link', {
        token,
        body: { userId: randomUUID(), secret },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'secret' })]);
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
          body: profile.link,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body.id).toBe(profile.id);
    expect(['sub-race-a', 'sub-race-b']).toContain((await identityOf(profile.id))?.sub);
  });

  it('lets one identity racing for two cards claim only one', async () => {
    const [a, b] = [await card('RetroRaptor'), await card('QuantumQi')];
    const token = await t.issuer.mint('sub-greedy');
    const results = await Promise.all(
      [a, b].map((p) => t.request('POST', '/api/v2/user/me/link', { token, body: p.link })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const claimed = [await identityOf(a.id), await identityOf(b.id)].filter(
      (row) => row?.sub === 'sub-greedy',
    );
    expect(claimed).toHaveLength(1);
  });
});
