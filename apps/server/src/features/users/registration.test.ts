import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGB_VERSION, emptyStatistics } from '@arcadia/contracts';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

const URL = '/api/v2/user/registration';
let mails = 0;
const valid = (username: string) => ({
  username,
  mail: `player${++mails}@example.com`,
  agb: true,
  marketingConsent: false,
});
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('POST /api/v2/user/registration', () => {
  let t: TestApp;
  let n = 0;
  /** A fresh sign-in identity with a token carrying the default scopes. */
  const identity = async () => {
    const sub = `reg-${++n}`;
    return { sub, token: await t.issuer.mint(sub) };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Posts a body that must be refused with 400 naming `field`, and proves nothing was written. */
  async function rejects(body: unknown, field: string) {
    const { token } = await identity();
    const before = await t.counts('users', 'friendships');
    const res = await t.request('POST', URL, { token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([{ path: field, message: expect.any(String) }]),
    );
    expect(await t.counts('users', 'friendships')).toEqual(before);
    return res;
  }

  it('registers a profile and answers it with an id; /me answers it from then on', async () => {
    const { sub, token } = await identity();
    const before = await t.request('GET', '/api/v2/user/me', { token });
    expect(before.status).toBe(404);
    expect(before.body.error.code).toBe('not_registered');

    const res = await t.request('POST', URL, {
      token,
      body: {
        username: 'Neo_1',
        mail: 'Neo.One@Example.com',
        birthday: '1999-12-31',
        instagram: 'neo.one',
        agb: true,
        marketingConsent: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userName: 'Neo_1',
      name: 'Neo_1',
      earlyAdopter: true,
      matchHistory: [],
      userStatistics: emptyStatistics,
      mail: 'neo.one@example.com',
      birthday: '1999-12-31',
      instagram: 'neo.one',
      // Double opt-in: asked for, not consented until the mail's link is followed.
      marketingConsent: false,
      marketingPending: true,
      marketingAwaitsParent: null,
      // Not the verified account e-mail, and no link to it followed yet.
      mailVerified: false,
      language: 'de',
      agbVersion: AGB_VERSION,
      role: 'player',
      profileVisibility: 'everyone',
      leaderboardVisible: true,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row?.identitySub).toBe(sub);
    expect(row?.agbAcceptedAt).toBeInstanceOf(Date);

    const me = await t.request('GET', '/api/v2/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('ignores fields it does not know: no role, badge or identity from the body', async () => {
    const { sub, token } = await identity();
    const res = await t.request('POST', URL, {
      token,
      body: {
        ...valid('Sneaky'),
        id: '00000000-0000-4000-8000-000000000000',
        role: 'admin',
        identitySub: 'someone-else',
        language: 'xx',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row).toMatchObject({ role: 'player', identitySub: sub, language: 'de' });
  });

  it('takes the optional fields as optional: absent, empty or null', async () => {
    const a = await identity();
    const minimal = await t.request('POST', URL, {
      token: a.token,
      body: { username: 'Minimal', mail: 'min@example.com', agb: true },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({
      birthday: null,
      instagram: null,
      marketingConsent: false,
      marketingPending: false,
    });

    const b = await identity();
    const empty = await t.request('POST', URL, {
      token: b.token,
      body: { ...valid('Empties'), birthday: '', instagram: '' },
    });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ birthday: null, instagram: null });

    const c = await identity();
    const nulls = await t.request('POST', URL, {
      token: c.token,
      body: { ...valid('Nulls'), birthday: null, instagram: null },
    });
    expect(nulls.status).toBe(201);
    expect(nulls.body).toMatchObject({ birthday: null, instagram: null });
  });

  it('accepts user names of 3 and of 12 characters, letters of any script, and trims', async () => {
    for (const [given, stored] of [
      ['abc', 'abc'],
      ['abcdefghijkl', 'abcdefghijkl'],
      ['Jürgen-ß.9', 'Jürgen-ß.9'],
      ['  Trim_me  ', 'Trim_me'],
    ] as const) {
      const { token } = await identity();
      const res = await t.request('POST', URL, { token, body: { ...valid('x'), username: given } });
      expect(res.status, given).toBe(201);
      expect(res.body.userName).toBe(stored);
    }
  });

  it.each([
    ['missing', undefined],
    ['2 characters', 'ab'],
    ['13 characters', 'abcdefghijklm'],
    ['2 characters after trimming', '  ab  '],
    ['a space', 'bad name'],
    ['markup', '<b>x</b>'],
    ['an @', 'a@bcd'],
    ['a number instead of a string', 12345],
  ])('refuses a user name that is %s', async (_, username) => {
    await rejects({ ...valid('x'), username }, 'username');
  });

  it('refuses a user name taken by another player, ignoring case, with 409 and nothing written', async () => {
    const first = await identity();
    expect(
      (await t.request('POST', URL, { token: first.token, body: valid('Trinity') })).status,
    ).toBe(201);
    for (const name of ['trinity', 'TRINITY', ' Trinity ']) {
      const other = await identity();
      const before = await t.counts('users', 'friendships');
      const res = await t.request('POST', URL, { token: other.token, body: valid(name) });
      expect(res.status, name).toBe(409);
      expect(res.body.error).toEqual({
        code: 'conflict',
        message: 'This user name is already taken',
        details: [{ path: 'username', message: 'This user name is already taken' }],
      });
      expect(await t.counts('users', 'friendships')).toEqual(before);
    }
  });

  it('refuses a second registration for the same sign-in', async () => {
    const { token } = await identity();
    expect((await t.request('POST', URL, { token, body: valid('Once') })).status).toBe(201);
    const before = await t.counts('users');
    const again = await t.request('POST', URL, { token, body: valid('Twice') });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already registered/);
    expect(await t.counts('users')).toEqual(before);
  });

  it('lets only one of two concurrent registrations of one name through', async () => {
    const [a, b] = await Promise.all([identity(), identity()]);
    const before = await t.counts('users');
    const results = await Promise.all([
      t.request('POST', URL, { token: a.token, body: valid('Racer') }),
      t.request('POST', URL, { token: b.token, body: valid('RACER') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.error.details).toEqual([
      { path: 'username', message: 'This user name is already taken' },
    ]);
    expect((await t.counts('users')).users).toBe(Number(before.users) + 1);
  });

  it('lets only one of two concurrent registrations of one sign-in through', async () => {
    const { token } = await identity();
    const before = await t.counts('users');
    const results = await Promise.all([
      t.request('POST', URL, { token, body: valid('SameSubA') }),
      t.request('POST', URL, { token, body: valid('SameSubB') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)?.body.error.message).toMatch(/already registered/);
    expect((await t.counts('users')).users).toBe(Number(before.users) + 1);
  });

  it.each([
    ['missing', undefined],
    ['without an @', 'not-an-email'],
    ['without a domain', 'neo@'],
    ['with spaces', 'neo @example.com'],
    ['too long', `${'a'.repeat(250)}@example.com`],
  ])('refuses a mail address %s', async (_, mail) => {
    await rejects({ ...valid('MailCase'), mail }, 'mail');
  });

  it.each([
    ['false', false],
    ['missing', undefined],
    ['the string "true"', 'true'],
  ])('refuses agb that is %s', async (_, agb) => {
    await rejects({ ...valid('AgbCase'), agb }, 'agb');
  });

  it.each([
    ['not a date', 'yesterday'],
    ['in German notation', '31.12.1999'],
    ['an impossible month', '2000-13-01'],
    ['an impossible day', '2001-02-29'],
    ['a number', 19991231],
  ])('refuses a birthday that is %s', async (_, birthday) => {
    await rejects({ ...valid('BdayCase'), birthday }, 'birthday');
  });

  it('refuses a birthday in the future or before 1900 and accepts today and a leap day', async () => {
    const res = await rejects({ ...valid('Future'), birthday: tomorrow() }, 'birthday');
    expect(res.body.error.details[0].message).toMatch(/future/);
    // Year 1 would make anyone an adult (the under-16 defaults): before 1900 is refused.
    const early = await rejects({ ...valid('Ancient'), birthday: '0001-01-01' }, 'birthday');
    expect(early.body.error.details[0].message).toMatch(/1900/);
    for (const [name, birthday] of [
      ['BornToday', today()],
      ['LeapDay', '2000-02-29'],
    ]) {
      const { token } = await identity();
      const ok = await t.request('POST', URL, { token, body: { ...valid(name!), birthday } });
      expect(ok.status, birthday).toBe(201);
      expect(ok.body.birthday).toBe(birthday);
    }
  });

  it('refuses an instagram handle that is too long or not a string', async () => {
    await rejects({ ...valid('InstaLong'), instagram: 'x'.repeat(31) }, 'instagram');
    await rejects({ ...valid('InstaNum'), instagram: 42 }, 'instagram');
  });

  it('refuses a marketingConsent that is not a boolean', async () => {
    await rejects({ ...valid('Consent'), marketingConsent: 'yes' }, 'marketingConsent');
    await rejects({ ...valid('Consent'), marketingConsent: 1 }, 'marketingConsent');
  });

  it('lists every offending field at once', async () => {
    const res = await rejects(
      { username: 'x', mail: 'nope', agb: false, birthday: '2999-01-01', marketingConsent: 'no' },
      'username',
    );
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['agb', 'birthday', 'mail', 'marketingConsent', 'username']);
    expect(res.body.error.message).toMatch(/username/);
  });

  it('refuses a body that is not an object', async () => {
    const { token } = await identity();
    const before = await t.counts('users');
    for (const body of ['[]', '"text"', 'null']) {
      const res = await t.request('POST', URL, { token, body });
      expect(res.status, body).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
    }
    expect(await t.counts('users')).toEqual(before);
  });
});
