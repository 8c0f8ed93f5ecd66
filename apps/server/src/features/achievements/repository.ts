import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import type { RowsWrite } from '../../events/rows-write';
import { addEachStatement } from '../live';
import { enqueueEachStatement } from '../push';
import { achievementMessage } from './messages';
import { readFacts, type AchievementFacts, type FactGame, type InPlay } from './rules';

/**
 * Locks the facts rows of the given players (creating missing ones, in user id order: the order
 * every ingest, assignment, void and backfill takes them in, after the ratings) and answers each
 * one's facts and unlocked achievement ids. Ids that name no user are skipped.
 */
const lockStatement = preparedStatement<{
  user_id: string;
  facts: unknown;
  unlocked: string[] | null;
}>(`with locked as (
    insert into player_achievement_facts as f (user_id)
    select u.id from users u where u.id = any(string_to_array($1, ',')::uuid[])
    order by u.id
    on conflict (user_id) do update set user_id = f.user_id
    returning f.user_id, f.facts)
  select l.user_id, l.facts,
    (select array_agg(a.achievement_id) from player_achievements a
      where a.user_id = l.user_id) as unlocked
  from locked l`);

export interface LockedFacts {
  facts: AchievementFacts;
  unlocked: Set<string>;
}

export async function lockFacts(
  tx: Queryable,
  userIds: readonly string[],
): Promise<Map<string, LockedFacts>> {
  const result = new Map<string, LockedFacts>();
  if (userIds.length === 0) return result;
  const rows = await lockStatement(tx, [[...new Set(userIds)].sort().join(',')]);
  for (const row of rows)
    result.set(String(row.user_id), {
      facts: readFacts(typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts),
      unlocked: new Set((row.unlocked ?? []).map(String)),
    });
  return result;
}

/** One player's row of the ingest's read (below): `g` is the index of their game. */
type IngestRow = {
  g: number;
  user_id: string;
  facts: unknown;
  unlocked: string[] | null;
  ahead: number | null;
  others: number | null;
  modes: string[] | null;
  maps: string[] | null;
};

/**
 * The ingest's read for the games of one transaction, ONE statement: locks their registered
 * players' facts rows (as lockFacts: created when missing, in user id order) and answers for
 * each player of each game their facts, unlocked ids and place on their game's arcade monthly
 * score board right after the game (their month score there plus this game's; others above
 * counted up to `rank`, others on the board up to `minPlayers`: index range scans of
 * player_stats_periods_score_idx, skipped for a player who holds `topId`), with the modes and
 * maps the game's application offers now. One statement for the whole batch: a round trip per
 * game was a third of the ingest transaction's time waiting between statements with the
 * processes (docs/benchmarks.md).
 *
 * The query is written so that the planner cannot scan a whole board per player: the own month
 * score is found by the primary key (its application compared with IS NOT DISTINCT FROM, which
 * no index serves: the board indexes, led by the application, are out of the planner's reach),
 * and the count of those ahead walks the score index from the top (ORDER BY). Written plainly,
 * a month or arcade not yet in the table's statistics (every month's first days) looked like a
 * board of one row, and both lookups took the wins index and filtered the whole board: about a
 * third of the database's CPU in the arcade bench.
 * $1 players [{g, user_id, score, application_id, month_start, arcade_id}], $2 topId; `rank`
 * and `minPlayers` are in the text.
 *
 * The rule's rank and minimum of players are written into the text as LIMITs, not bound: with
 * LIMIT as a parameter PostgreSQL's generic plan looks dearer than a custom one and the
 * statement was planned again for every game (features/leaderboards/repository.ts found it
 * first). One prepared statement per rule (the catalogue has one such rule).
 */
const ingestStatements = new Map<string, ReturnType<typeof preparedStatement<IngestRow>>>();
function ingestStatementFor(rank: number, minPlayers: number) {
  if (!Number.isSafeInteger(rank) || !Number.isSafeInteger(minPlayers))
    throw new Error(`A monthly-board rule needs whole numbers (rank ${rank}, ${minPlayers})`);
  const key = `${rank}:${minPlayers}`;
  let statement = ingestStatements.get(key);
  if (!statement) {
    statement = preparedStatement<IngestRow>(`with me as (
    select * from jsonb_to_recordset($1::jsonb)
      as m(g integer, user_id uuid, score integer, application_id text, month_start date,
           arcade_id text)),
  locked as (
    insert into player_achievement_facts as f (user_id)
    select distinct u.id from users u join me on me.user_id = u.id
    order by u.id
    on conflict (user_id) do update set user_id = f.user_id
    returning f.user_id, f.facts),
  held as (
    select me.g, l.user_id, l.facts, me.score, me.application_id, me.month_start, me.arcade_id,
      (select array_agg(a.achievement_id) from player_achievements a
        where a.user_id = l.user_id) as unlocked,
      (select o.score_total from player_stats_periods o
        where o.user_id = l.user_id and o.application_id is not distinct from me.application_id
          and o.period_kind = 'month' and o.period_start = me.month_start
          and o.arcade_id = me.arcade_id) as month_score
    from locked l join me on me.user_id = l.user_id),
  catalogue as (
    select a.application_id,
      (select array_agg(id) from game_modes
        where application_id = a.application_id and retired_at is null) as modes,
      (select array_agg(id) from maps
        where application_id = a.application_id and retired_at is null) as maps
    from (select distinct application_id from me) a)
  select h.g, h.user_id, h.facts, h.unlocked, c.modes, c.maps,
    case when $2 <> all(coalesce(h.unlocked, '{}')) then
      (select count(*) from (select 1 from player_stats_periods s
        where s.application_id = h.application_id and s.period_kind = 'month'
          and s.period_start = h.month_start and s.arcade_id = h.arcade_id
          and s.user_id <> h.user_id
          and s.score_total > h.score + coalesce(h.month_score, 0)
        order by s.score_total desc
        limit ${rank}) x)::int end as ahead,
    case when $2 <> all(coalesce(h.unlocked, '{}')) then
      (select count(*) from (select 1 from player_stats_periods s
        where s.application_id = h.application_id and s.period_kind = 'month'
          and s.period_start = h.month_start and s.arcade_id = h.arcade_id
          and s.user_id <> h.user_id
        limit ${minPlayers}) y)::int end as others
  from held h join catalogue c on c.application_id = h.application_id`);
    ingestStatements.set(key, statement);
  }
  return statement;
}

/** One game's part of the ingest's read: its board and its registered players. */
export interface IngestGame {
  board: { applicationId: string; monthStart: string; arcadeId: string };
  players: ReadonlyArray<{ userId: string; score: number }>;
}

export interface IngestRead {
  players: Map<string, LockedFacts & { place: { ahead: number; players: number } | null }>;
  inPlay: InPlay;
}

/** The ingest's read (above) for several games: each game's read, in the order given. */
export async function lockForIngest(
  tx: Queryable,
  games: readonly IngestGame[],
  rule: { rank: number; minPlayers: number; id: string },
): Promise<IngestRead[]> {
  const result: IngestRead[] = games.map(() => ({
    players: new Map(),
    inPlay: { modes: {}, maps: {} },
  }));
  const input = games.flatMap(({ board, players }, g) =>
    players.map((p) => ({
      g,
      user_id: p.userId,
      score: p.score,
      application_id: board.applicationId,
      month_start: board.monthStart,
      arcade_id: board.arcadeId,
    })),
  );
  if (input.length === 0) return result;
  const rows = await ingestStatementFor(rule.rank, rule.minPlayers)(tx, [
    JSON.stringify(input),
    rule.id,
  ]);
  for (const row of rows) {
    const read = result[Number(row.g)];
    const applicationId = games[Number(row.g)]?.board.applicationId;
    if (!read || applicationId === undefined) continue;
    read.inPlay = {
      modes: { [applicationId]: (row.modes ?? []).map(String) },
      maps: { [applicationId]: (row.maps ?? []).map(String) },
    };
    read.players.set(String(row.user_id), {
      facts: readFacts(typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts),
      unlocked: new Set((row.unlocked ?? []).map(String)),
      place:
        row.ahead === null || row.others === null
          ? null
          : { ahead: Number(row.ahead), players: Number(row.others) + 1 },
    });
  }
  return result;
}

const inPlayStatement = preparedStatement<{ kind: string; application_id: string; id: string }>(
  `select 'mode' as kind, application_id, id from game_modes where retired_at is null
  union all
  select 'map' as kind, application_id, id from maps where retired_at is null`,
);

/** Every application's modes and maps in play now. */
export async function inPlay(db: Queryable): Promise<InPlay> {
  const rows = await inPlayStatement(db, []);
  const result: InPlay = { modes: {}, maps: {} };
  for (const row of rows) {
    const sets = row.kind === 'mode' ? result.modes : result.maps;
    (sets[row.application_id] ??= []).push(row.id);
  }
  return result;
}

/** One player's facts and new achievements, to be written. */
export interface AchievementWrite {
  userId: string;
  facts: AchievementFacts;
  earned: string[];
  gameId: string | null;
}

/**
 * The writes of new facts and unlocked achievements (RowsWrite, each row naming its game): the
 * facts rows (locked by lockFacts, so they exist), the achievements (unlocked now, or at
 * `unlockedAt` of each), and unless `notify` is false for each one a notification in the bell
 * list and a push through the outbox, in the player's language.
 */
export function achievementWrites(
  writes: ReadonlyArray<AchievementWrite & { unlockedAt?: Date }>,
  notify = true,
): RowsWrite[] {
  if (writes.length === 0) return [];
  const statements: RowsWrite[] = [
    {
      key: 'player_achievement_facts',
      rows: writes.map((w) => ({ game_id: w.gameId, user_id: w.userId, facts: w.facts })),
      render: (rows, when) => sql`update player_achievement_facts f
        set facts = m.facts, updated_at = now()
        from jsonb_to_recordset(${rows}) as m(game_id uuid, user_id uuid, facts jsonb)
        where f.user_id = m.user_id and ${when}`,
    },
  ];
  const unlocks = writes.flatMap((w) =>
    w.earned.map((id) => ({
      game_id: w.gameId,
      user_id: w.userId,
      achievement_id: id,
      unlocked_at: w.unlockedAt?.toISOString() ?? null,
    })),
  );
  if (unlocks.length === 0) return statements;
  statements.push({
    key: 'player_achievements',
    rows: unlocks,
    render: (rows, when) => sql`insert into player_achievements
        (user_id, achievement_id, game_id, unlocked_at)
      select m.user_id, m.achievement_id, m.game_id, coalesce(m.unlocked_at, now())
      from jsonb_to_recordset(${rows})
        as m(game_id uuid, user_id uuid, achievement_id text, unlocked_at timestamptz)
      where ${when}
      on conflict (user_id, achievement_id) do nothing`,
  });
  if (!notify) return statements;
  const messages = unlocks.map((u) => ({
    userId: u.user_id,
    message: achievementMessage(u.user_id, u.achievement_id),
    gameId: u.game_id,
  }));
  const list = addEachStatement('achievement', messages);
  if (list) statements.push(list);
  const push = enqueueEachStatement('achievement', messages);
  if (push) statements.push(push);
  return statements;
}

/** A player's stored games that count (not voided), oldest first, as the rules see them. */
export async function gamesOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, Array<FactGame & { gameId: string; arcadeId: string; score: number }>>> {
  const byUser = new Map<
    string,
    Array<FactGame & { gameId: string; arcadeId: string; score: number }>
  >();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.execute<{
    user_id: string;
    game_id: string;
    application_id: string;
    type: string;
    map_id: string;
    arcade_id: string;
    played_at: string | Date;
    won: boolean;
    deaths: number;
    score: number;
  }>(sql`
    select gp.user_id, g.id as game_id, g.application_id, g.type, g.map_id, g.arcade_id,
           g.played_at, gp.won, gp.deaths, gp.score
    from game_players gp join games g on g.id = gp.game_id
    where gp.user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and g.voided_at is null
    order by gp.user_id, gp.played_at, gp.id`);
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({
      gameId: row.game_id,
      applicationId: row.application_id,
      mode: row.type,
      mapId: row.map_id,
      arcadeId: row.arcade_id,
      playedAt: new Date(row.played_at),
      won: Boolean(row.won),
      deaths: Number(row.deaths),
      score: Number(row.score),
    });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/**
 * For each player in the top `rank` of a monthly board (player_stats_periods, per arcade) now,
 * the board counting at least `minPlayers`: their last game on the earliest such board (what the
 * backfill awards monthlyTop with, at that game's time).
 */
export async function topMonthlyBoards(
  db: Queryable,
  userIds: readonly string[],
  rule: { rank: number; minPlayers: number },
): Promise<Map<string, { gameId: string; at: Date }>> {
  const result = new Map<string, { gameId: string; at: Date }>();
  if (userIds.length === 0) return result;
  const { rows } = await db.execute<{
    user_id: string;
    game_id: string | null;
    played_at: string | Date | null;
  }>(sql`
    select m.user_id, last.game_id, last.played_at
    from player_stats_periods m
    cross join lateral (
      select g.id as game_id, g.played_at from game_players gp join games g on g.id = gp.game_id
      where gp.user_id = m.user_id and g.application_id = m.application_id
        and g.arcade_id = m.arcade_id and g.voided_at is null
        and g.played_at >= (m.period_start::timestamp at time zone 'UTC')
        and g.played_at < ((m.period_start + interval '1 month') at time zone 'UTC')
      order by g.played_at desc limit 1) last
    where m.user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and m.period_kind = 'month' and m.arcade_id <> ''
      and (select count(*) from (select 1 from player_stats_periods s
            where s.application_id = m.application_id and s.period_kind = 'month'
              and s.period_start = m.period_start and s.arcade_id = m.arcade_id
              and s.score_total > m.score_total limit ${rule.rank}) x) < ${rule.rank}
      and (select count(*) from (select 1 from player_stats_periods s
            where s.application_id = m.application_id and s.period_kind = 'month'
              and s.period_start = m.period_start and s.arcade_id = m.arcade_id
            limit ${rule.minPlayers}) y) >= ${rule.minPlayers}
    order by m.user_id, last.played_at`);
  for (const row of rows)
    if (row.game_id && row.played_at && !result.has(row.user_id))
      result.set(row.user_id, { gameId: row.game_id, at: new Date(row.played_at) });
  return result;
}

/** A player's unlocked achievements and facts (for the profile). */
export async function achievementsOf(db: Queryable, userId: string) {
  const { rows } = await db.execute<{
    facts: unknown;
    unlocked: Array<{ id: string; at: string }> | string | null;
    exists: boolean;
  }>(sql`
    select exists (select 1 from users where id = ${userId}::uuid) as exists,
      (select facts from player_achievement_facts where user_id = ${userId}::uuid) as facts,
      (select json_agg(json_build_object('id', achievement_id, 'at', unlocked_at))
         from player_achievements where user_id = ${userId}::uuid) as unlocked`);
  const row = rows[0];
  if (!row?.exists) return null;
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const unlocked = parse<Array<{ id: string; at: string }> | null>(row.unlocked) ?? [];
  return {
    facts: readFacts(parse(row.facts)),
    unlocked: unlocked.map((u) => ({ id: u.id, unlockedAt: new Date(u.at) })),
  };
}
