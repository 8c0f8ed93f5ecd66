import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReportInput } from '@arcadia/contracts';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  report,
  reportPlayed,
  type TestDevice,
  type TestPlayer,
} from '../../../test/support/arcade';
import { addOperators, type Operators } from '../../../test/support/operators';
import { users } from '../../db/schema';

/**
 * The strong test of voiding and assigning: database A stores five games, voids one and gives a
 * guest's result of another to a player; database B stores only the other four, the fifth with
 * that player reported by the device. Everything derived — statistics rows, rank buckets, the
 * public leaderboards, skill ratings, histories, the /games overview, the GraphQL statistics — must be equal.
 */

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee'] as const;
type Name = (typeof NAMES)[number];
/** One clock for both databases: the same games are played at the same instants. */
const NOW = Date.now();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

interface World {
  t: TestApp;
  players: Record<Name, TestPlayer>;
  devices: { home: TestDevice; away: TestDevice };
  /** Game id → label, to compare answers across the two databases. */
  labels: Map<string, string>;
}

/** The games, by label; `g5` has a guest where `Dee` is given the result afterwards (in A). */
function games(p: Record<Name, TestPlayer>, deeInG5: boolean) {
  const teams = [
    { id: 1, name: 'Rot', score: 5 },
    { id: 2, name: 'Blau', score: 2 },
  ];
  const player = (who: Name, teamId: number | null, score: number, kills: number, deaths = 2) => ({
    userId: p[who].id,
    teamId,
    score,
    kills,
    deaths,
  });
  const guest = (guestName: string, teamId: number | null, score: number, kills: number) => ({
    guestName,
    teamId,
    score,
    kills,
    deaths: 3,
  });
  const at = minutesAgo;
  return {
    g1: report({
      idempotencyKey: 'game-one-voided',
      playedAt: at(10),
      teams,
      players: [
        player('Ann', 1, 900, 9, 1),
        player('Bob', 2, 200, 2),
        player('Cid', 1, 300, 3),
        guest('Gus', 2, 50, 1),
      ],
    }),
    g2: report({
      idempotencyKey: 'game-two-ffa',
      type: 'freeforall',
      mapId: 'skyline',
      playedAt: at(20),
      teams: [],
      players: [
        player('Ann', null, 400, 4),
        player('Bob', null, 500, 6, 1),
        guest('Zed', null, 100, 1),
      ],
    }),
    g3: report({
      idempotencyKey: 'game-three-old',
      type: 'deathmatch',
      playedAt: minutesAgo(40 * 24 * 60),
      teams,
      players: [player('Ann', 1, 700, 7), player('Bob', 2, 100, 1, 5), player('Dee', 2, 50, 0)],
    }),
    g5: report({
      idempotencyKey: 'game-five-guest',
      playedAt: at(5),
      teams,
      players: [
        player('Bob', 2, 250, 2),
        deeInG5 ? { ...player('Dee', 1, 800, 8), deaths: 3 } : guest('Walk-in', 1, 800, 8),
      ],
    }),
  } satisfies Record<string, GameReportInput>;
}

const awayGame = (p: Record<Name, TestPlayer>) =>
  report({
    idempotencyKey: 'game-four-away',
    type: 'freeforall',
    playedAt: minutesAgo(30),
    teams: [],
    players: [
      { userId: p.Ann.id, score: 300, kills: 3, deaths: 3 },
      { userId: p.Dee.id, score: 600, kills: 6, deaths: 1 },
    ],
  });

async function store(w: World, label: string, device: TestDevice, body: GameReportInput) {
  const res = await reportPlayed(w.t, device, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  w.labels.set(res.body.id as string, label);
  return res.body.id as string;
}

/** Every answer and row derived from the games, game ids replaced by their labels. */
async function derived(w: World) {
  const { t, players } = w;
  const rows = async (query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows;
  const token = players.Ann.token;
  const answers: Record<string, unknown> = {
    stats: await rows(sql`select user_id, application_id, games_played, games_won, games_lost,
      kills, deaths, score_total, best_score from player_stats order by user_id, application_id`),
    periods: await rows(sql`select * from player_stats_periods
      order by user_id, application_id, period_kind, period_start, arcade_id`),
    buckets: await rows(sql`select application_id, metric, bucket, sum(players)::int as players
      from player_rank_buckets group by 1, 2, 3 having sum(players) <> 0 order by 1, 2, 3`),
    groups: await rows(sql`select application_id, metric, bucket_group, sum(players)::int as n
      from player_rank_bucket_groups group by 1, 2, 3 having sum(players) <> 0 order by 1, 2, 3`),
  };
  // Skill ratings (features/ratings): replayed by the void and the assignment.
  answers.ratings = await rows(sql`select user_id, application_id, mode, mu, sigma, rating, games
    from player_ratings order by user_id, application_id, mode`);
  // Achievement facts (features/achievements): rebuilt by the void and the assignment from the
  // games that count (a player left with none keeps an empty row).
  answers.achievementFacts = await rows(sql`select user_id, facts from player_achievement_facts
    where (facts->>'games')::int > 0 order by user_id`);
  for (const mode of ['elimination', 'freeforall', 'deathmatch']) {
    const res = await t.request('GET', `/api/leaderboards/commando?metric=rating&mode=${mode}`, {
      token,
    });
    expect(res.status).toBe(200);
    answers[`rating board ${mode}`] = res.body;
  }
  for (const metric of ['score', 'kd', 'wins'])
    for (const period of ['all', 'month', 'week'])
      for (const scope of ['global', 'arcade']) {
        const q = `metric=${metric}&period=${period}&scope=${scope}&arcade=ops-arcade`;
        const res = await t.request('GET', `/api/leaderboards/commando?${q}`, { token });
        expect(res.status).toBe(200);
        answers[`board ${q}`] = res.body;
      }
  for (const name of NAMES) {
    const p = players[name];
    const history = await t.request('GET', `/api/user/${p.id}/games`, { token });
    const overview = await t.request('GET', '/api/games/commando', { token: p.token });
    const statistics = await t.request('POST', '/graphql', {
      token,
      body: { query: `{ statistics(playerId: "${p.id}") { name value applicationId } }` },
    });
    expect([history.status, overview.status, statistics.status]).toEqual([200, 200, 200]);
    answers[`${name} history`] = history.body;
    answers[`${name} overview`] = overview.body;
    answers[`${name} statistics`] = statistics.body;
  }
  let text = JSON.stringify(answers);
  for (const [id, label] of w.labels) text = text.replaceAll(id, label);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('voiding a game and giving a guest’s result: as if stored so from the start', () => {
  let a: World;
  let b: World;
  let ops: Operators;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const ta = await createTestApp();
    ops = await addOperators(ta);
    const players = {} as Record<Name, TestPlayer>;
    for (const name of NAMES) players[name] = await addPlayer(ta, name);
    a = {
      t: ta,
      players,
      devices: { home: ops.device, away: await addDevice(ta, ops.otherArcade, 'away-device') },
      labels: new Map(),
    };
    const tb = await createTestApp();
    await addArcade(tb, ops.arcade, 'Ops Arcade');
    await addArcade(tb, ops.otherArcade, 'Other Arcade');
    const same = {} as Record<Name, TestPlayer>;
    for (const name of NAMES) {
      const p = players[name];
      await tb.db.insert(users).values({ id: p.id, userName: name, identitySub: p.sub });
      same[name] = { ...p, token: await tb.issuer.mint(p.sub) };
    }
    b = {
      t: tb,
      players: same,
      devices: {
        home: await addDevice(tb, ops.arcade, 'ops-device'),
        away: await addDevice(tb, ops.otherArcade, 'away-device'),
      },
      labels: new Map(),
    };
    const ga = games(a.players, false);
    for (const [label, body] of Object.entries(ga))
      ids[label] = await store(a, label, a.devices.home, body);
    await store(a, 'g4', a.devices.away, awayGame(a.players));
    const gb = games(b.players, true);
    for (const label of ['g2', 'g3', 'g5'] as const)
      await store(b, label, b.devices.home, gb[label]);
    await store(b, 'g4', b.devices.away, awayGame(b.players));
  }, 300_000);
  afterAll(async () => {
    await a?.t.close();
    await b?.t.close();
  });

  it('void + assign leave A equal to B, which never stored the voided game', async () => {
    const before = await derived(a);
    expect(before).not.toEqual(await derived(b));

    const voided = await a.t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/games/${ids.g1}/void`,
      {
        token: ops.staff.token,
        body: { reason: 'Scoring fault on the vest of player 3' },
      },
    );
    expect(voided.status).toBe(200);
    expect(voided.body.voidedAt).toEqual(expect.any(String));
    expect(voided.body.voidReason).toBe('Scoring fault on the vest of player 3');

    const g5 = await a.t.request('GET', `/api/admin/arcades/${ops.arcade}/games/${ids.g5}`, {
      token: ops.admin.token,
    });
    const slot = (g5.body.players as Array<{ slotId: number; name: string; guest: boolean }>).find(
      (s) => s.name === 'Walk-in',
    );
    expect(slot?.guest).toBe(true);
    const assigned = await a.t.request(
      'POST',
      `/api/admin/arcades/${ops.arcade}/games/${ids.g5}/slots/${slot!.slotId}/assign`,
      { token: ops.admin.token, body: { userId: a.players.Dee.id } },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body.players).toContainEqual(
      expect.objectContaining({ slotId: slot!.slotId, userId: a.players.Dee.id, name: 'Dee' }),
    );

    const after = await derived(a);
    expect(after).toEqual(await derived(b));
    // Real values, not only equality: Cid played only the voided game, Ann's best was in it.
    const stats = after.stats as Array<Record<string, unknown>>;
    expect(stats.map((s) => s.user_id)).not.toContain(a.players.Cid.id);
    expect(stats.find((s) => s.user_id === a.players.Ann.id)).toMatchObject({
      games_played: 3,
      best_score: 700,
    });
    expect(stats.find((s) => s.user_id === a.players.Dee.id)).toMatchObject({
      games_played: 3,
      best_score: 800,
    });
    const history = after['Ann history'] as { games: Array<{ id: string }> };
    expect(history.games.map((g) => g.id)).toEqual(['g2', 'g4', 'g3']);
  }, 300_000);
});
