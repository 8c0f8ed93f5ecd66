import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext } from '../../test/support/admin-context';
import { openTestDatabase, type TestDatabase } from '../../test/support/database';
import { arcades, users } from '../db/schema';
import { seedDemoIfEmpty } from '.';

const silent = { info: () => {} } as never;

describe('the demo data on the first start', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.drop());

  it('is not seeded into a database where a venue set up its arcade before the first start', async () => {
    const ctx = adminContext(t.database.db, t.url, []);
    await ctx.db.insert(arcades).values({ id: 'arcadia-berlin', name: 'Our own Berlin venue' });
    expect(await seedDemoIfEmpty({ db: ctx.db, config: ctx.config, log: silent })).toBe(false);
    expect(await ctx.db.select().from(users)).toEqual([]);
    expect((await ctx.db.select().from(arcades)).map((a) => a.name)).toEqual([
      'Our own Berlin venue',
    ]);
  });
});
