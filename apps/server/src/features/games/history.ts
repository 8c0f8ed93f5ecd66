import {
  emptyStatistics,
  MATCH_HISTORY_PAGE_SIZE,
  type Game,
  type StatisticsSummary,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { playersForViewerSql } from '../../db/visibility';

const PLAYERS = 'coalesce(o.players_json, arcadia_game_players_json(o.id))';

/**
 * One game of the player `o` stands for, in the Game shape of spec §3, built by PostgreSQL; its
 * mode's name from the catalogue (game_modes), as the games overview shows it.
 * Players and teams come as stored with the game (games.players_json / teams_json, migration
 * 0010), or are built from their rows the same way for a game stored without them. `rating`:
 * the player's displayed skill rating before and after the game (docs/rating.md), or null.
 */
const gameJson = (viewer: string | null) => `json_build_object(
  'id', o.id, 'type', o.type,
  'modeName', json_build_object('de', coalesce(gm.name_de, o.type), 'en', coalesce(gm.name_en, o.type)),
  'map', json_build_object('id', m.id, 'name', m.name, 'iconPath', m.icon_path),
  'userHasWon', o.won, 'score', o.score, 'kills', o.kills, 'deaths', o.deaths,
  'playedAt', to_char(o.played_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'durationSeconds', o.duration_seconds, 'arcade', o.arcade_id,
  'players', ${viewer === null ? PLAYERS : playersForViewerSql(PLAYERS, viewer)},
  'teamNames', coalesce(o.teams_json, arcadia_game_teams_json(o.id)),
  'rating', case when o.rating_after is not null
    then json_build_object('before', o.rating_before, 'after', o.rating_after) end)`;

/**
 * SQL for the games of the player `user` (an SQL expression), newest first, `limit` of them
 * after skipping `offset`, as one JSON array: the player's rows come in order from
 * game_players_user_played_idx (read backwards), then one games row each; a voided game
 * (features/admin/games.ts) leaves the history. The other players are shown as `viewer` (an SQL
 * uuid expression, 'null' for nobody) may see them: a hidden one is 'Spieler' without an id
 * (features/users/visibility.ts); `viewer` null (the operator console): all as stored.
 * `arcades` (an SQL text[] expression): only the games played at these arcades (staff).
 */
export const historyJson = (
  user: string,
  limit: string,
  offset: string,
  viewer: string | null,
  arcades: string | null = null,
) => `(
  select coalesce(json_agg(${gameJson(viewer)} order by o.played_at desc, o.id desc), '[]')
  from (
    select g.id, g.type, g.application_id, g.map_id, g.played_at, g.duration_seconds, g.arcade_id,
           g.players_json, g.teams_json, gp.kills, gp.deaths, gp.score, gp.won,
           gp.rating_before, gp.rating_after
    from game_players gp join games g on g.id = gp.game_id
    where gp.user_id = ${user} and g.voided_at is null${arcades ? ` and g.arcade_id = any(${arcades})` : ''}
    order by gp.played_at desc, gp.game_id desc
    limit ${limit} offset ${offset}
  ) o join maps m on m.id = o.map_id
  left join game_modes gm on gm.application_id = o.application_id and gm.id = o.type)`;

/** SQL for the player's totals over every application, as one JSON object for summarize(). */
export const totalsJson = (user: string) => `(
  select json_build_object('gamesPlayed', coalesce(sum(games_played), 0),
    'gamesWon', coalesce(sum(games_won), 0), 'gamesLost', coalesce(sum(games_lost), 0),
    'kills', coalesce(sum(kills), 0), 'deaths', coalesce(sum(deaths), 0))
  from player_stats where user_id = ${user})`;

/** totalsJson over the games played at these arcades (an SQL text[] expression) only. */
const arcadeTotalsJson = (user: string, arcades: string) => `(
  select json_build_object('gamesPlayed', coalesce(sum(games_played), 0),
    'gamesWon', coalesce(sum(games_won), 0), 'gamesLost', coalesce(sum(games_lost), 0),
    'kills', coalesce(sum(kills), 0), 'deaths', coalesce(sum(deaths), 0))
  from player_stats_periods
  where user_id = ${user} and period_kind = 'all' and arcade_id = any(${arcades}))`;

export type Totals = Parameters<typeof summarize>[0];

const historyPage = preparedStatement<{ history: Game[] }>(
  `select ${historyJson('$1', '$2', '$3', '$4::uuid')} as history`,
);

// The first page's size is written into the text, not bound: with LIMIT as a parameter
// PostgreSQL's generic plan looks dearer than a custom one and the statement is planned again on
// every request (as the leaderboards found, features/leaderboards/repository.ts).
const FIRST_PAGE = String(MATCH_HISTORY_PAGE_SIZE);
const profileParts = preparedStatement<{ history: Game[]; totals: Totals }>(
  `select ${historyJson('$1', FIRST_PAGE, '0', '$2::uuid')} as history, ${totalsJson('$1')} as totals`,
);
const operatorProfileParts = preparedStatement<{ history: Game[]; totals: Totals }>(
  `select ${historyJson('$1', FIRST_PAGE, '0', null)} as history, ${totalsJson('$1')} as totals`,
);
// The arcades as a JSON array in $2: PGlite's path binds a JS array as a list, not an array.
const STAFF_ARCADES = 'array(select json_array_elements_text($2::json))';
const staffProfileParts = preparedStatement<{ history: Game[]; totals: Totals }>(
  `select ${historyJson('$1', FIRST_PAGE, '0', null, STAFF_ARCADES)} as history,
          ${arcadeTotalsJson('$1', STAFF_ARCADES)} as totals`,
);

/**
 * A player's first page of games, newest first, and their statistics summary: one query. The
 * other players as `viewer` (a player id, null for nobody) may see them.
 */
export async function historyAndStatistics(
  db: Queryable,
  userId: string,
  viewer: string | null,
): Promise<{ matchHistory: Game[]; userStatistics: StatisticsSummary }> {
  const [row] = await profileParts(db, [userId, viewer]);
  return { matchHistory: row!.history, userStatistics: summarize(row!.totals) };
}

/**
 * historyAndStatistics for the operator console: every player's name as stored (moderation).
 * `arcades`: staff's, whose view is the games played there and the statistics of those only
 * (docs/operator-console.md: staff learn nothing of other arcades); null for an admin (all).
 */
export async function operatorHistoryAndStatistics(
  db: Queryable,
  userId: string,
  arcades: string[] | null,
): Promise<{ matchHistory: Game[]; userStatistics: StatisticsSummary }> {
  const [row] = arcades
    ? await staffProfileParts(db, [userId, JSON.stringify(arcades)])
    : await operatorProfileParts(db, [userId]);
  return { matchHistory: row!.history, userStatistics: summarize(row!.totals) };
}

/** One page of the match history and whether more follow. */
export async function matchHistoryPage(
  db: Queryable,
  userId: string,
  viewer: string | null,
  page: number,
  pageSize = MATCH_HISTORY_PAGE_SIZE,
): Promise<{ games: Game[]; page: number; pageSize: number; hasMore: boolean }> {
  const [row] = await historyPage(db, [userId, pageSize + 1, (page - 1) * pageSize, viewer]);
  const games = row!.history;
  return { games: games.slice(0, pageSize), page, pageSize, hasMore: games.length > pageSize };
}

/** The statistics summary of spec §3 from a player's totals (sums may come as strings). */
export function summarize(totals: {
  gamesPlayed: number | string;
  gamesWon: number | string;
  gamesLost: number | string;
  kills: number | string;
  deaths: number | string;
}): StatisticsSummary {
  const gamesPlayed = Number(totals.gamesPlayed);
  if (gamesPlayed === 0) return { ...emptyStatistics };
  const [gamesWon, kills, deaths] = [totals.gamesWon, totals.kills, totals.deaths].map(Number);
  return {
    gamesPlayed,
    gamesWon: gamesWon!,
    gamesLost: Number(totals.gamesLost),
    overallKills: kills!,
    overallDeaths: deaths!,
    kda: Math.round((kills! / Math.max(deaths!, 1)) * 100) / 100,
    winrate: Math.round((gamesWon! / gamesPlayed) * 1000) / 10,
  };
}
