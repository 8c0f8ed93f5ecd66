import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  accounts,
  auditLog,
  loginThrottle,
  oidcModels,
  passwordResets,
  pushOutbox,
  pushSubscriptions,
  staffArcades,
  visits,
} from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { DeletedUser } from '../../events/map';
import { pushWorkerOf } from '../push';
import {
  addArcade,
  addDevice,
  report,
  reportPlayed,
  seat,
  type TestDevice,
} from '../../../test/support/arcade';

/**
 * A deletion is every feature forgetting its own rows on 'user.deleted', in the deleting
 * transaction (features/events.ts): each handler does it itself, not the foreign keys' cascades,
 * and a handler that fails takes the whole deletion back.
 */
describe("'user.deleted': each feature forgets the player", () => {
  let t: TestApp;
  let arena: TestDevice;
  let quorra: { id: string; sub: string; token: string };
  let sam: { id: string; sub: string; token: string };
  /** What names Quorra anywhere: her profile id, her sign-in, her name and e-mail. */
  let traces: string[];

  const register = async (sub: string, username: string) => {
    const token = await t.issuer.mint(sub);
    const res = await t.request('POST', '/api/v2/user/registration', {
      token,
      body: {
        username,
        mail: `${username.toLowerCase()}@grid.example`,
        agb: true,
        // A confirmation mail goes out: consent records and mail links name the player.
        marketingConsent: true,
      },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, sub, token };
  };

  const publicTables = async (db: Queryable = t.db) =>
    (
      await db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name);

  /** Per table, the rows that mention Quorra in any column (ids, names, e-mail, JSON). */
  const mentions = async (db: Queryable = t.db) => {
    const found: Record<string, number> = {};
    for (const table of await publicTables(db)) {
      const match = sql.join(
        traces.map((trace) => sql`r::text ilike ${`%${trace}%`}`),
        sql` or `,
      );
      const res = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} r where ${match}`,
      );
      if (Number(res.rows[0]!.n) > 0) found[table] = Number(res.rows[0]!.n);
    }
    return found;
  };

  /** Every row of every table, to prove that a refused deletion changed nothing. */
  const everything = async () => {
    const all: Record<string, unknown> = {};
    for (const table of await publicTables()) {
      const res = await t.db.execute<{ rows: unknown }>(
        sql`select coalesce(json_agg(r order by r::text), '[]') as rows
            from ${sql.identifier(table)} r`,
      );
      all[table] = res.rows[0]!.rows;
    }
    return all;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // The outbox worker would deliver (and reschedule) the friendship's push to Sam whenever it
    // polls, changing push_outbox between two snapshots of "everything": it stays still here,
    // so that a refused deletion is seen to change nothing at all, push_outbox included.
    await pushWorkerOf(t.app)!.stop();
    // Quorra signs in through the embedded provider: her sub is an account id there.
    quorra = await register(randomUUID(), 'Quorra');
    sam = await register('sub-sam', 'Sam');
    traces = [quorra.id, quorra.sub, 'quorra'];

    // identity: the account, a session, a reset token, throttle counters under the e-mail.
    await t.db.insert(accounts).values({
      id: quorra.sub,
      email: 'quorra@grid.example',
      passwordHash: 'not-a-real-hash',
      nickname: 'Quorra',
    });
    await t.db
      .insert(oidcModels)
      .values({ model: 'Session', id: 'quorra-session', payload: { accountId: quorra.sub } });
    await t.db.insert(passwordResets).values({
      tokenHash: 'quorra-reset',
      accountId: quorra.sub,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await t.db.insert(loginThrottle).values([
      { key: 'account:quorra@grid.example', failures: 2 },
      { key: 'reset:quorra@grid.example', failures: 1 },
      { key: 'account:sam@grid.example', failures: 1 },
    ]);
    // push: subscriptions both, so that the friendship below notifies Sam with her name.
    await t.db.insert(pushSubscriptions).values([
      { userId: quorra.id, endpoint: 'https://push.example/quorra', p256dh: 'k1', auth: 'a1' },
      { userId: sam.id, endpoint: 'https://push.example/sam', p256dh: 'k2', auth: 'a2' },
    ]);
    await t.db.insert(pushOutbox).values({ userId: quorra.id, kind: 'news', payload: {} });
    // friends, both ways (the notification to Sam is enqueued by the push feature).
    for (const [who, friendId] of [
      [quorra, sam.id],
      [sam, quorra.id],
    ] as const) {
      const res = await t.request('POST', '/api/user/me/friends', {
        token: who.token,
        body: { friendId },
      });
      expect(res.status).toBe(201);
    }
    // games: a played match (stats, period stats, records), then a seat on the device again.
    await addArcade(t);
    arena = await addDevice(t, 'test-arcade', 'arena-1');
    const played = await reportPlayed(
      t,
      arena,
      report({
        players: [
          { userId: quorra.id, teamId: 1, kills: 3, deaths: 1, score: 30 },
          { userId: sam.id, teamId: 2, kills: 1, deaths: 3, score: 10 },
        ],
      }),
    );
    expect(played.status).toBe(201);
    await seat(t, arena, [quorra.id]);
    // visits: hers, one where she was met, and one she recorded for Sam.
    await t.db.insert(visits).values([
      { userId: quorra.id, metUserId: sam.id, arcadeId: 'test-arcade' },
      { userId: sam.id, metUserId: quorra.id, arcadeId: 'test-arcade' },
      { userId: sam.id, metUserId: sam.id, arcadeId: 'test-arcade', recordedBy: quorra.id },
    ]);
    // admin: she runs the arcade as staff.
    await t.db.insert(staffArcades).values({ userId: quorra.id, arcadeId: 'test-arcade' });
    await t.db.insert(auditLog).values([
      {
        actorUserId: quorra.id,
        actorLabel: 'Quorra',
        action: 'device.create',
        targetType: 'device',
        targetId: 'test-arcade;arena-1',
        arcadeId: 'test-arcade',
      },
      {
        actorLabel: 'cli',
        action: 'user.role',
        targetType: 'user',
        targetId: quorra.id,
        after: { role: 'staff' },
      },
    ]);

    expect(Object.keys(await mentions()).sort()).toEqual([
      'accounts',
      'audit_log',
      'device_players',
      'friendships',
      'game_players',
      'games',
      'login_throttle',
      'marketing_consents',
      'marketing_tokens',
      'notifications',
      'oidc_models',
      'password_resets',
      'player_achievement_facts',
      'player_achievements',
      'player_ratings',
      'player_stats',
      'player_stats_periods',
      'push_outbox',
      'push_subscriptions',
      'staff_arcades',
      'users',
      'visits',
    ]);
  });
  afterAll(() => t.close());

  it('the handlers alone leave nothing of her but the profile row, which goes after them', async () => {
    const rolledBack = new Error('rolled back by the test');
    const vacuum: string[] = [];
    const afterCommit: Array<() => Promise<void>> = [];
    let left: Record<string, number> = {};
    await expect(
      t.db.transaction(async (tx) => {
        const deleted: DeletedUser = {
          id: quorra.id,
          identitySub: quorra.sub,
          vacuumAfterCommit: (...tables) => vacuum.push(...tables),
          afterCommit: (task) => afterCommit.push(task),
        };
        await t.app.events.emit('user.deleted', tx, deleted);
        left = await mentions(tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(left).toEqual({ users: 1 });
    expect(vacuum.sort()).toEqual([
      'accounts',
      'audit_log',
      'device_players',
      'friendships',
      'game_players',
      'games',
      'login_throttle',
      'marketing_consents',
      'marketing_tokens',
      'notification_reads',
      'notifications',
      'oidc_models',
      'password_resets',
      'player_achievement_facts',
      'player_achievements',
      'player_ratings',
      'player_stats',
      'player_stats_periods',
      'push_outbox',
      'push_subscriptions',
      'staff_arcades',
      'user_card_batch_cards',
      'user_card_batches',
      'visits',
    ]);
    // The mail outbox and the share images of her games are folders: emptied of her mail
    // (the account's, the marketing confirmation to her profile's address) and of the images
    // that name her once the deletion committed.
    expect(afterCommit).toHaveLength(3);
  });

  it('a handler that fails takes the whole deletion back', async () => {
    const before = await everything();
    const off = t.app.events.on('user.deleted', () => {
      throw new Error('refused by the test');
    });
    try {
      const res = await t.request('DELETE', `/api/v2/user/${quorra.id}`, { token: quorra.token });
      expect(res.status).toBe(500);
    } finally {
      off();
    }
    expect(await everything()).toEqual(before);
    expect((await t.request('GET', '/api/v2/user/me', { token: quorra.token })).status).toBe(200);
  });

  it('without it, deletes her from every table and leaves the others', async () => {
    // A clean-up after the commit that fails (a file that cannot be removed): the others still
    // run, and the deletion is still answered as done.
    const ran: string[] = [];
    const off = t.app.events.on('user.deleted', (_tx, user) => {
      user.afterCommit(() => Promise.reject(new Error('EBUSY, by the test')));
      user.afterCommit(async () => {
        ran.push('after the failing one');
      });
    });
    let res;
    try {
      res = await t.request('DELETE', `/api/v2/user/${quorra.id}`, { token: quorra.token });
    } finally {
      off();
    }
    expect(ran).toEqual(['after the failing one']);
    expect(res.status).toBe(200);
    expect(await mentions()).toEqual({});
    expect((await t.request('GET', '/api/v2/user/me', { token: sam.token })).status).toBe(200);
    const kept = await t.counts('push_subscriptions', 'login_throttle', 'game_players', 'visits');
    expect(kept).toEqual({
      push_subscriptions: 1,
      login_throttle: 1,
      game_players: 2,
      visits: 1,
    });
  });
});
