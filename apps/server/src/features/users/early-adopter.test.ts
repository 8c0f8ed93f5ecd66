import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { EARLY_ADOPTER_LIMIT } from './service';

/** The first EARLY_ADOPTER_LIMIT players to register get the badge; card profiles are no players. */
describe('the early adopter badge', () => {
  let t: TestApp;

  /** `count` profiles at once: unclaimed card profiles, or players linked to a sign-in. */
  const addProfiles = async (prefix: string, count: number, linked: boolean) => {
    await t.db.execute(sql`
      insert into users (user_name, user_name_skeleton, identity_sub)
      select ${prefix} || n, ${prefix} || n, case when ${linked} then ${prefix} || n end
      from generate_series(1, ${count}::int) n`);
  };
  const register = async (username: string) => {
    const res = await t.request('POST', '/api/v2/user/registration', {
      token: await t.issuer.mint(`sub-${username}`),
      body: { username, mail: `${username}@example.com`, agb: true },
    });
    expect(res.status).toBe(201);
    return res.body.earlyAdopter as boolean;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('goes to a player registering after as many unclaimed card profiles as the limit', async () => {
    await addProfiles('card', EARLY_ADOPTER_LIMIT, false);
    expect(await register('Pioneer')).toBe(true);
  });

  it('goes to no one once as many players as the limit registered', async () => {
    // Pioneer is one of them.
    await addProfiles('player', EARLY_ADOPTER_LIMIT - 1, true);
    expect(await register('Latecomer')).toBe(false);
  });
});
