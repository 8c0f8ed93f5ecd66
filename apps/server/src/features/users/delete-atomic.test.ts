import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships, pushOutbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/support/app';

describe('DELETE /api/v2/user/{id} is all or nothing', () => {
  let t: TestApp;
  let neo: { id: string; token: string };
  let trinity: { id: string; token: string };

  const register = async (sub: string, username: string) => {
    const token = await t.issuer.mint(sub);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: { username, mail: `${username}@example.com`, agb: true, marketingConsent: false },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, token };
  };

  beforeAll(async () => {
    t = await createTestApp();
    neo = await register('atomic-neo', 'Neo');
    trinity = await register('atomic-trinity', 'Trinity');
    expect(
      (
        await t.request('POST', '/api/user/me/friends', {
          token: neo.token,
          body: { friendId: trinity.id },
        })
      ).status,
    ).toBe(201);
    await t.db.insert(pushOutbox).values({
      userId: trinity.id,
      kind: 'friend_added',
      payload: {
        de: {
          title: 'Neuer Freund',
          body: 'Neo hat dich als Freund hinzugefügt.',
          tag: `friend-${neo.id}`,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('leaves every row as it was when the delete fails halfway', async () => {
    // A trigger makes the last step (removing the profile row) fail after the earlier updates ran.
    await t.db.execute(
      sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_delete before delete on users for each row execute function refuse_delete()',
      ),
    );
    const before = await t.counts('users', 'friendships', 'push_outbox');
    const res = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(res.status).toBe(500);
    expect(await t.counts('users', 'friendships', 'push_outbox')).toEqual(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, neo.id));
    expect(row?.mail).toBe('neo@example.com');
    await t.db.execute(sql.raw('drop trigger refuse_delete on users'));
    await t.db.execute(sql.raw('drop function refuse_delete'));
  });

  it('then deletes for real, with the friend notification that carries the name', async () => {
    const res = await t.request('DELETE', `/api/v2/user/${neo.id}`, { token: neo.token });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, neo.id))).toHaveLength(0);
    expect(
      await t.db.select().from(friendships).where(eq(friendships.userId, neo.id)),
    ).toHaveLength(0);
    const notifications = await t.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.userId, trinity.id));
    expect(JSON.stringify(notifications)).not.toContain('Neo');
  });
});
