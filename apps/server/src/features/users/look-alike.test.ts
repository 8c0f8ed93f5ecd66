import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { backfillUsernameSkeletons, usernameSkeleton } from '../../db/username-skeleton';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { createUnclaimedProfile } from '../user-cards';

/** Names that look like NeonNova (issue 11: they all registered beside it). */
const LOOK_ALIKES = [
  'N\u0435onNova', // Cyrillic е
  'NeonNov\u0430', // Cyrillic а
  '\u039DeonNova', // Greek capital Nu
  'Ne\u03BFnNova', // Greek omicron
  'NeonN0va', // digit zero
  '\uFF2EeonNova', // fullwidth N
  'neonnova', // case only
  '\uFF4E\uFF45\uFF4F\uFF4E\uFF4E\uFF4F\uFF56\uFF41', // all fullwidth
  '\u0274\u1D07\u1D0F\u0274\u0274\u1D0F\u1D20\u1D00', // all small capitals (ɴᴇᴏɴɴᴏᴠᴀ)
  'Ne\u1D0FnNova', // one small capital o
];

/** Of those, the ones in common letters of one script: refused as taken (409). */
const SAME_SCRIPT_LOOK_ALIKES = ['NeonN0va', 'neonnova'];

describe('look-alike user names (Unicode confusables, UTS #39)', () => {
  let t: TestApp;
  let n = 0;
  const register = async (username: string) => {
    n += 1;
    return t.request('POST', '/api/v2/user/registration', {
      token: await t.issuer.mint(`sub-look-${n}`),
      body: { username, mail: `look${n}@example.test`, agb: true },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives every look-alike of NeonNova the skeleton of NeonNova', () => {
    for (const name of LOOK_ALIKES) expect(usernameSkeleton(name)).toBe('neonnova');
    expect(usernameSkeleton('rnegamia')).toBe(usernameSkeleton('MegaMia'));
    expect(usernameSkeleton('NeonNovum')).not.toBe('neonnova');
    // Digits in their compatibility forms meet the plain digit (fullwidth, superscript, subscript).
    for (const two of ['\uFF12', '\u00B2', '\u2082'])
      expect(usernameSkeleton(`alice${two}`)).toBe(usernameSkeleton('alice2'));
  });

  it('refuses each look-alike of a registered name with the 409 of a taken name, and writes nothing', async () => {
    const first = await register('NeonNova');
    expect(first.status).toBe(201);
    const taken = await register('NeonNova');
    expect(taken.status).toBe(409);
    const before = await t.counts('users');
    for (const name of SAME_SCRIPT_LOOK_ALIKES) {
      const res = await register(name);
      expect(res.status, name).toBe(409);
      expect(res.body).toEqual(taken.body);
    }
    // A name of Cyrillic letters alone that looks like a Latin one.
    expect((await register('KOMA')).status).toBe(201);
    expect((await register('\u041A\u041E\u041C\u0410')).status).toBe(409);
    expect(await t.counts('users')).toEqual({ users: (before.users ?? 0) + 1 });
    expect((await register('NeonNovum')).status).toBe(201);
  });

  it('refuses the others before that: letters of two scripts, or uncommon ones (400 with the field)', async () => {
    const before = await t.counts('users');
    for (const name of [
      ...LOOK_ALIKES.filter((n) => !SAME_SCRIPT_LOOK_ALIKES.includes(n)),
      'NeonNov\u1972', // Tai Le letter a (a limited-use script), found by a security review
      '\uA790eonNova', // N with descender (Latin Extended-D)
    ]) {
      const res = await register(name);
      expect(res.status, name).toBe(400);
      expect(res.body.error.details, name).toEqual([
        { path: 'username', message: 'username must use common letters of one script' },
      ]);
    }
    expect(await t.counts('users')).toEqual(before);
  });

  it('lets exactly one of two look-alikes registering at once win', async () => {
    const results = await Promise.all([register('PixelPirat'), register('PixeIPirat')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a look-alike for a printed card (admin card create) as well', async () => {
    await expect(createUnclaimedProfile(t.db, 'NeonN0va')).rejects.toMatchObject({
      statusCode: 409,
    });
    const card = await createUnclaimedProfile(t.db, 'KartenKai');
    expect(card.profile.userNameSkeleton).toBe('kartenkai');
    expect((await register('Kartenkai')).status).toBe(409);
  });

  it('fills the skeletons of rows written before the rule; of two existing look-alikes the older keeps the plain one', async () => {
    const old = new Date('2020-01-01T00:00:00Z');
    const younger = new Date('2021-01-01T00:00:00Z');
    await t.db.insert(users).values([
      { userName: 'GlitchGeist', createdAt: old },
      { userName: 'G1itchGeist', createdAt: younger }, // digit one for l
    ]);
    expect(await backfillUsernameSkeletons(t.db)).toBe(2);
    const rows = await t.db
      .select({ name: users.userName, skeleton: users.userNameSkeleton })
      .from(users)
      .where(sql`${users.userNameSkeleton} like 'glitchgeist%'`)
      .orderBy(users.createdAt);
    expect(rows[0]).toEqual({ name: 'GlitchGeist', skeleton: 'glitchgeist' });
    expect(rows[1]!.skeleton).toMatch(/^glitchgeist#[0-9a-f-]{36}$/);
    expect(await backfillUsernameSkeletons(t.db)).toBe(0);
    expect((await register('GIitchGeist')).status).toBe(409);
  });
});
