import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { playerStats, playerStatsPeriods } from '../../db/schema';
import {
  addArcade,
  addDevice,
  addPlayer,
  deviceRequest,
  failingWrite,
  report,
  seat,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import type { AppEventHandler, StoredGame } from '../../events/map';
import { rotateDeviceKey, setDeviceDisabled } from '../devices';

const TABLES = [
  'games',
  'game_teams',
  'game_players',
  'player_stats',
  'player_stats_periods',
  'player_rank_buckets',
  'push_outbox',
];

describe('game reports', () => {
  let t: TestApp;
  let arena: TestDevice;
  let anna: TestPlayer;
  let ben: TestPlayer;
  let cleo: TestPlayer;

  const post = (body: unknown, device = arena) => deviceRequest(t, device)('POST', '/games', body);
  const join = (player: TestPlayer, device = arena) =>
    t.request('POST', `/api/v2/arcadecenter/${device.arcade}/device/${device.id}/player`, {
      token: player.token,
      body: { mail: '' },
    });
  const statsOf = async (userId: string) =>
    (await t.db.select().from(playerStats).where(eq(playerStats.userId, userId)))[0];
  const snapshot = async () => {
    const rows = await t.db.execute(
      sql`select (select coalesce(sum(players), 0) from player_rank_buckets)::int as buckets,
                 (select coalesce(sum(score_total), 0) from player_stats)::int as score`,
    );
    return { ...(await t.counts(...TABLES)), ...rows.rows[0] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    arena = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    cleo = await addPlayer(t, 'Cleo');
  });
  afterAll(() => t.close());

  describe('a valid report', () => {
    let body: ReturnType<typeof report>;
    let first: Awaited<ReturnType<typeof post>>;

    beforeAll(async () => {
      await join(anna);
      await join(ben);
      await join(cleo);
      await deviceRequest(t, arena)('POST', '/match/start', {});
      body = report({
        type: 'elimination',
        playedAt: '2026-03-04T18:30:00.000Z', // a Wednesday
        teams: [
          { id: 1, name: 'Rot', score: 5 },
          { id: 2, name: 'Blau', score: 2 },
        ],
        players: [
          { userId: anna.id, teamId: 1, kills: 7, deaths: 2, score: 1200 },
          { guestName: 'Gast 1', teamId: 1, kills: 3, deaths: 4, score: 500 },
          { userId: ben.id, teamId: 2, kills: 4, deaths: 6, score: 800 },
        ],
      });
      first = await post(body);
    });

    it('is stored with 201 and answers the game with who won', async () => {
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        arcade: 'neon-city',
        deviceId: 'arena-1',
        applicationId: 'commando',
        type: 'elimination',
        mapId: 'neon-docks',
        playedAt: '2026-03-04T18:30:00.000Z',
        durationSeconds: 300,
        teams: [
          { id: 1, name: 'Rot', score: 5 },
          { id: 2, name: 'Blau', score: 2 },
        ],
        players: [
          { userId: anna.id, name: 'Anna', teamId: 1, kills: 7, deaths: 2, score: 1200, won: true },
          { userId: null, name: 'Gast 1', teamId: 1, kills: 3, deaths: 4, score: 500, won: true },
          { userId: ben.id, name: 'Ben', teamId: 2, kills: 4, deaths: 6, score: 800, won: false },
        ],
      });
      expect(await t.counts('games', 'game_teams', 'game_players')).toEqual({
        games: 1,
        game_teams: 2,
        game_players: 3,
      });
    });

    it('updates the all-time statistics of the registered players only', async () => {
      expect(await statsOf(anna.id)).toMatchObject({
        applicationId: 'commando',
        gamesPlayed: 1,
        gamesWon: 1,
        gamesLost: 0,
        kills: 7,
        deaths: 2,
        scoreTotal: 1200,
        bestScore: 1200,
      });
      expect(await statsOf(ben.id)).toMatchObject({ gamesPlayed: 1, gamesWon: 0, gamesLost: 1 });
      expect(await statsOf(cleo.id)).toBeUndefined();
    });

    it('updates week, month and per-arcade aggregates', async () => {
      const rows = await t.db
        .select()
        .from(playerStatsPeriods)
        .where(eq(playerStatsPeriods.userId, anna.id))
        .orderBy(
          asc(playerStatsPeriods.periodKind),
          asc(playerStatsPeriods.periodStart),
          asc(playerStatsPeriods.arcadeId),
        );
      expect(rows.map((r) => [r.periodKind, r.periodStart, r.arcadeId, r.scoreTotal])).toEqual([
        ['all', '1970-01-01', 'neon-city', 1200],
        ['month', '2026-03-01', '', 1200],
        ['month', '2026-03-01', 'neon-city', 1200],
        ['week', '2026-03-02', '', 1200],
        ['week', '2026-03-02', 'neon-city', 1200],
      ]);
    });

    it('releases the reported players from the device and ends the match', async () => {
      const roster = await deviceRequest(t, arena)('GET', '/players');
      expect(roster.body.matchStartedAt).toBeNull();
      expect(roster.body.players.map((p: { userId: string }) => p.userId)).toEqual([cleo.id]);
      await t.request('DELETE', `/api/arcadecenter/neon-city/device/arena-1/player/${cleo.id}`, {
        token: cleo.token,
      });
    });

    it('answers the same game with 200 and writes nothing when reported again', async () => {
      const before = await snapshot();
      const again = await post(body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses another game under the same key with 409 naming what differs, writing nothing', async () => {
      const before = await snapshot();
      const other = {
        ...body,
        durationSeconds: body.durationSeconds + 60,
        players: body.players.map((p, i) => (i === 1 ? { ...p, score: p.score + 1 } : p)),
      };
      const res = await post(other);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('idempotency_key_reused');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
        'durationSeconds',
        'players.1',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('shows up in the profile statistics and match history', async () => {
      const res = await t.request('GET', `/api/user/${anna.id}/details`, { token: anna.token });
      expect(res.body.userStatistics).toEqual({
        gamesPlayed: 1,
        gamesWon: 1,
        gamesLost: 0,
        overallKills: 7,
        overallDeaths: 2,
        kda: 3.5,
        winrate: 100,
      });
      expect(res.body.matchHistory[0]).toMatchObject({
        id: first.body.id,
        type: 'elimination',
        userHasWon: true,
        score: 1200,
        map: { iconPath: '/assets/maps/neon-docks.svg' },
      });
    });

    it('stores its players and teams as the history shows them, equal to building them from the rows', async () => {
      const res = await t.db.execute(sql`
        select players_json::text as stored_players,
               arcadia_game_players_json(id)::text as built_players,
               teams_json::text as stored_teams, arcadia_game_teams_json(id)::text as built_teams,
               (select min(gp.played_at) = g.played_at and max(gp.played_at) = g.played_at
                from game_players gp where gp.game_id = g.id) as played_at_copied
        from games g where id = ${first.body.id}`);
      const row = res.rows[0] as Record<string, string | boolean>;
      expect(row.stored_players).toBe(row.built_players);
      expect(row.stored_teams).toBe(row.built_teams);
      expect(row.played_at_copied).toBe(true);
      expect(JSON.parse(row.stored_players as string)).toHaveLength(body.players.length);
    });
  });

  describe('a malformed report', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['no teams in elimination', { teams: [] }, 'teams'],
      ['a team id no team has', { teamId: 9 }, 'players.0.teamId'],
      ['negative kills', { kills: -1 }, 'players.0.kills'],
      ['a fractional score', { score: 1.5 }, 'players.0.score'],
      ['teams in freeforall', { type: 'freeforall' }, 'teams'],
      ['an unknown type', { type: 'capture' }, 'type'],
      ['no players', { players: [] }, 'players'],
      ['a future playedAt', { playedAt: '2999-01-01T00:00:00Z' }, 'playedAt'],
      ['a playedAt of year 1', { playedAt: '0001-01-01T00:00:00Z' }, 'playedAt'],
      ['a playedAt before 2000', { playedAt: '1999-12-31T23:59:59Z' }, 'playedAt'],
      ['a short idempotency key', { idempotencyKey: 'k' }, 'idempotencyKey'],
      [
        'a team name of two lines',
        {
          teams: [
            { id: 1, name: 'Rot\n\\restrict', score: 1 },
            { id: 2, name: 'Blau', score: 0 },
          ],
        },
        'teams.0.name',
      ],
      ['both userId and guestName', { guestName: 'Gast' }, 'players.0.userId'],
      [
        'a guest name turned round by U+202E',
        {
          players: [{ guestName: '\u202eknatKemiDeliA', teamId: 1, kills: 0, deaths: 1, score: 0 }],
        },
        'players.0.guestName',
      ],
      [
        'a guest name of zero-width spaces',
        {
          players: [{ guestName: '\u200b\u200b\u200b', teamId: 1, kills: 0, deaths: 1, score: 0 }],
        },
        'players.0.guestName',
      ],
      [
        'a team name of a filler',
        {
          teams: [
            { id: 1, name: ' \u3164 ', score: 1 },
            { id: 2, name: 'Blau', score: 0 },
          ],
        },
        'teams.0.name',
      ],
    ];
    const build = (change: Record<string, unknown>) => {
      const { teamId, kills, score, guestName, ...top } = change;
      const player = {
        userId: anna.id,
        teamId: teamId ?? 1,
        kills: kills ?? 1,
        deaths: 1,
        score: score ?? 10,
        ...(guestName ? { guestName } : {}),
      };
      return report({
        players: [player, { guestName: 'Gast', teamId: 2, kills: 0, deaths: 1, score: 0 }],
        ...top,
      } as never);
    };

    it.each(cases)(
      'is refused with the fields (%s) and writes nothing',
      async (_, change, path) => {
        const before = await snapshot();
        const res = await post(build(change));
        expect(res.status).toBe(400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
        expect(await snapshot()).toEqual(before);
      },
    );

    it('refuses more than 32 players', async () => {
      const players = Array.from({ length: 33 }, (_, i) => ({
        guestName: `G${i}`,
        teamId: 1 + (i % 2),
        kills: 0,
        deaths: 0,
        score: 0,
      }));
      const res = await post(report({ players }));
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('players');
    });

    it('refuses a player listed twice', async () => {
      const p = { userId: ben.id, teamId: 1, kills: 0, deaths: 0, score: 0 };
      const res = await post(report({ players: [p, { ...p, teamId: 2 }] }));
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('players.1.userId');
      // The same id in capitals is the same player (a 500 from the achievements' lock before).
      const shouted = { ...p, teamId: 2, userId: ben.id.toUpperCase() };
      const again = await post(report({ players: [p, shouted] }));
      expect(again.status).toBe(400);
      expect(again.body.error.details[0].path).toBe('players.1.userId');
    });

    it('refuses an unknown user and an unknown map with their fields', async () => {
      const before = await snapshot();
      const ghost = '00000000-0000-4000-8000-000000000000';
      const unknownUser = await post(
        report({
          players: [
            { userId: anna.id, teamId: 1, kills: 0, deaths: 0, score: 0 },
            { userId: ghost, teamId: 2, kills: 0, deaths: 0, score: 0 },
          ],
        }),
      );
      expect(unknownUser.status).toBe(400);
      expect(unknownUser.body.error).toMatchObject({
        code: 'unknown_user',
        details: [{ path: 'players.1.userId' }],
      });
      const unknownMap = await post(
        report({
          mapId: 'atlantis',
          players: [{ guestName: 'G', teamId: 1, kills: 0, deaths: 0, score: 0 }],
        }),
      );
      expect(unknownMap.status).toBe(400);
      expect(unknownMap.body.error).toMatchObject({
        code: 'unknown_map',
        details: [{ path: 'mapId' }],
      });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the roster rule', () => {
    let other: TestDevice;
    beforeAll(async () => {
      other = await addDevice(t, 'neon-city', 'arena-2');
    });
    const duel = () =>
      report({
        players: [
          { userId: anna.id, teamId: 1, kills: 4, deaths: 1, score: 400 },
          { guestName: 'Gast', teamId: 1, kills: 0, deaths: 0, score: 0 },
          { userId: ben.id, teamId: 2, kills: 1, deaths: 4, score: 100 },
        ],
      });
    const roster = async (device = arena) =>
      (await deviceRequest(t, device)('GET', '/players')).body.players.map(
        (p: { userId: string }) => p.userId,
      );

    it('refuses a registered player who never joined the device, with the field, and writes nothing', async () => {
      expect((await join(anna)).status).toBe(200);
      const before = await snapshot();
      const res = await post(duel());
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'not_on_roster',
        details: [{ path: 'players.2.userId', message: 'did not join this device for the match' }],
      });
      expect(await snapshot()).toEqual(before);
      // Nothing released either: Anna is still on the device.
      expect(await roster()).toContain(anna.id);
    });

    it('refuses a player who joined another device', async () => {
      expect((await join(ben, other)).status).toBe(200);
      const before = await snapshot();
      const res = await post(duel());
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
        'players.2.userId',
      ]);
      expect(await snapshot()).toEqual(before);
      expect(await roster(other)).toEqual([ben.id]);
      await t.request(
        'DELETE',
        `/api/arcadecenter/${other.arcade}/device/${other.id}/player/${ben.id}`,
        { token: ben.token },
      );
    });

    it('stores the game once both joined; a new report of the released players is refused, a repeat of the stored one is answered', async () => {
      expect((await join(ben)).status).toBe(200);
      const body = duel();
      const res = await post(body);
      expect(res.status).toBe(201);
      expect(await roster()).not.toContain(anna.id);
      expect(await roster()).not.toContain(ben.id);
      const before = await snapshot();
      const again = await post({ ...duel(), idempotencyKey: `key-${randomUUID()}` });
      expect(again.status).toBe(400);
      expect(again.body.error.details.map((d: { path: string }) => d.path)).toEqual([
        'players.0.userId',
        'players.2.userId',
      ]);
      const replay = await post(body);
      expect(replay.status).toBe(200);
      expect(replay.body.id).toBe(res.body.id);
      expect(await snapshot()).toEqual(before);
    });

    it('takes guests without a roster', async () => {
      const res = await post(
        report({
          players: [
            { guestName: 'Gast 1', teamId: 1, kills: 1, deaths: 0, score: 10 },
            { guestName: 'Gast 2', teamId: 2, kills: 0, deaths: 1, score: 0 },
          ],
        }),
      );
      expect(res.status).toBe(201);
    });
  });

  describe("the device's key", () => {
    const guests = () =>
      report({
        players: [
          { guestName: 'Gast 1', teamId: 1, kills: 1, deaths: 0, score: 10 },
          { guestName: 'Gast 2', teamId: 2, kills: 0, deaths: 1, score: 0 },
        ],
      });

    // The route trusts a key it verified a few seconds ago without reading the device again; the
    // store checks the key and the device under the device's row lock.
    it('refuses a report with a key verified just before it was replaced, writing nothing', async () => {
      const spare = await addDevice(t, 'neon-city', 'spare-key');
      expect((await post(guests(), spare)).status).toBe(201);
      const before = await snapshot();
      const { key } = await rotateDeviceKey(t.db, 'neon-city', 'spare-key');
      const old = await post(guests(), spare);
      expect(old.status).toBe(401);
      expect(old.body.error.code).toBe('device_auth_failed');
      expect(await snapshot()).toEqual(before);
      const renewed = {
        ...spare,
        headers: { authorization: deviceAuthorization('neon-city', 'spare-key', key) },
      };
      expect((await post(guests(), renewed)).status).toBe(201);
      // Refused again at once: not trusted from the cache after the store said no.
      expect((await post(guests(), spare)).status).toBe(401);
    });

    it('refuses a report of a device disabled after its key was verified, writing nothing', async () => {
      const spare = await addDevice(t, 'neon-city', 'spare-off');
      expect((await post(guests(), spare)).status).toBe(201);
      const before = await snapshot();
      await setDeviceDisabled(t.db, 'neon-city', 'spare-off', true);
      const res = await post(guests(), spare);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('device_disabled');
      expect(await snapshot()).toEqual(before);
      await setDeviceDisabled(t.db, 'neon-city', 'spare-off', false);
      expect((await post(guests(), spare)).status).toBe(201);
    });
  });

  describe('atomicity', () => {
    let seen: StoredGame[] = [];
    beforeEach(() => {
      seen = [];
    });
    /** Runs `run` with one more 'game.stored' handler on the app's bus, after the push one. */
    const withHook = async <T>(
      hook: AppEventHandler<'game.stored'>,
      run: () => Promise<T>,
    ): Promise<T> => {
      const unsubscribe = t.app.events.on('game.stored', hook);
      try {
        return await run();
      } finally {
        unsubscribe();
      }
    };
    const freeForAll = (score = 100) =>
      report({
        type: 'freeforall',
        teams: [],
        players: [
          { userId: cleo.id, kills: 3, deaths: 1, score: 300 },
          { guestName: 'Gast', kills: 1, deaths: 3, score },
        ],
      });

    it("leaves nothing behind when a hook's write fails after the inserts", async () => {
      await join(cleo);
      await deviceRequest(t, arena)('POST', '/match/start', {});
      const before = await snapshot();
      // A write for a user that does not exist: a foreign-key violation at the very end.
      const res = await withHook(
        (statement, game) => {
          seen.push(game);
          statement.write(failingWrite(game.id));
        },
        () => post(freeForAll()),
      );
      expect(res.status).toBe(500);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.players[0]).toMatchObject({ userId: cleo.id, won: true, score: 300 });
      expect(await snapshot()).toEqual(before);
      const roster = await deviceRequest(t, arena)('GET', '/players');
      expect(roster.body.matchStartedAt).not.toBeNull();
      expect(roster.body.players.map((p: { userId: string }) => p.userId)).toEqual([cleo.id]);
      await deviceRequest(t, arena)('POST', '/match/cancel', {});
    });

    it('stores nothing when a hook throws before anything is written', async () => {
      const before = await snapshot();
      const res = await withHook(
        () => {
          throw new Error('push service exploded');
        },
        () => post(freeForAll()),
      );
      expect(res.status).toBe(500);
      expect(await snapshot()).toEqual(before);
    });

    it("writes the hooks' rows with the game, and not again for a repeated report", async () => {
      const hook: AppEventHandler<'game.stored'> = (statement, game) => {
        seen.push(game);
        statement.write({
          key: 'test',
          rows: [{ game_id: game.id, user_id: cleo.id }],
          render: (rows, when) => sql`insert into push_outbox (user_id, kind, payload)
            select m.user_id, 'test', jsonb_build_object('game', m.game_id::text)
            from jsonb_to_recordset(${rows}) as m(game_id uuid, user_id uuid) where ${when}`,
        });
      };
      const body = freeForAll(300);
      const res = await withHook(hook, () => post(body));
      expect(res.status).toBe(201);
      // A tie for the top score shares the win.
      expect(res.body.players.map((p: { won: boolean }) => p.won)).toEqual([true, true]);
      expect(seen.map((g) => [g.id, g.type])).toEqual([[res.body.id, 'freeforall']]);
      const written = async () =>
        (
          await t.db.execute(
            sql`select payload->>'game' as game from push_outbox where kind = 'test'`,
          )
        ).rows;
      expect(await written()).toEqual([{ game: res.body.id }]);

      const again = await withHook(hook, () => post(body));
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(res.body.id);
      expect(await written()).toEqual([{ game: res.body.id }]);
    });
  });

  describe('concurrency', () => {
    it('stores two reports of one device sent at once, each once, with the stats of both', async () => {
      await seat(t, arena, [anna.id, ben.id, cleo.id]);
      const before = await statsOf(anna.id);
      const a = report({
        players: [
          { userId: anna.id, teamId: 1, kills: 2, deaths: 1, score: 100 },
          { userId: ben.id, teamId: 2, kills: 1, deaths: 2, score: 50 },
        ],
      });
      const b = report({
        teams: [
          { id: 1, name: 'Rot', score: 0 },
          { id: 2, name: 'Blau', score: 4 },
        ],
        players: [
          { userId: cleo.id, teamId: 1, kills: 5, deaths: 5, score: 400 },
          { guestName: 'Gast', teamId: 2, kills: 3, deaths: 0, score: 350 },
        ],
      });
      const [ra, rb, ra2] = await Promise.all([post(a), post(b), post(a)]);
      expect([ra.status, ra2.status].sort()).toEqual([200, 201]);
      expect(rb.status).toBe(201);
      expect(ra.body.id).toBe(ra2.body.id);
      const after = await statsOf(anna.id);
      expect(after).toMatchObject({
        gamesPlayed: before!.gamesPlayed + 1,
        gamesWon: before!.gamesWon + 1,
        kills: before!.kills + 2,
        deaths: before!.deaths + 1,
        scoreTotal: before!.scoreTotal + 100,
      });
      const keys = await t.db.execute(
        sql`select count(*)::int as n from games where idempotency_key in (${a.idempotencyKey}, ${b.idempotencyKey})`,
      );
      expect(keys.rows[0]).toEqual({ n: 2 });
    });

    it('of two reports of one device sent at once for the same roster, stores only one', async () => {
      await seat(t, arena, [anna.id, ben.id]);
      const before = await snapshot();
      const game = () =>
        report({
          players: [
            { userId: anna.id, teamId: 1, kills: 1, deaths: 1, score: 10 },
            { userId: ben.id, teamId: 2, kills: 1, deaths: 1, score: 5 },
          ],
        });
      const answers = await Promise.all([post(game()), post(game())]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.status === 400)!.body.error.code).toBe('not_on_roster');
      expect((await t.counts('games')).games).toBe(Number(before.games) + 1);
    });

    it('keeps the rank buckets equal to the players per metric', async () => {
      const rows = await t.db.execute(sql`
        select metric, sum(players)::int as n from player_rank_buckets group by metric order by metric`);
      const players = (await t.counts('player_stats')).player_stats;
      const byMetric = Object.fromEntries(rows.rows.map((r: any) => [r.metric, r.n]));
      expect(byMetric.score).toBe(players);
      expect(byMetric.wins).toBe(players);
    });
  });
});
