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
    for (const name of LOOK_ALIKES) {
      const res = await register(name);
      expect(res.status, name).toBe(409);
      expect(res.body).toEqual(taken.body);
    }
    expect(await t.counts('users')).toEqual(before);
    expect((await register('NeonNovum')).status).toBe(201);
  });

  it('lets exactly one of two look-alikes registering at once win', async () => {
    const results = await Promise.all([register('PixelPirat'), register('P\u0456xelPirat')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a look-alike for a printed card (admin card create) as well', async () => {
    await expect(createUnclaimedProfile(t.db, 'N\u0435onNova')).rejects.toMatchObject({
      statusCode: 409,
    });
    const card = await createUnclaimedProfile(t.db, 'KartenKai');
    expect(card.profile.userNameSkeleton).toBe('kartenkai');
    expect((await register('KartenK\u0430i')).status).toBe(409);
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
