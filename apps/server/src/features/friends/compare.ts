import { sql } from 'drizzle-orm';
import { FRIEND_COMMON_GAMES_MAX, type FriendComparison } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';

/**
 * The head-to-head record of two players over the games both played (not voided), and the
 * newest of those games, in one statement. On the same team: a team mode and one team id; any
 * other common game they played against each other — the one who won and the other did not
 * takes it, else (both or neither won, as when a third player tops a freeforall) it is a draw.
 */
export async function compareWith(
  db: Queryable,
  me: string,
  friend: string,
): Promise<Omit<FriendComparison, 'friend'>> {
  const { rows } = await db.execute<{ result: Omit<FriendComparison, 'friend'> }>(sql`
    with common as (
      select g.id, g.type, g.played_at, m.name as map_name,
             coalesce(gm.name_de, g.type) as name_de, coalesce(gm.name_en, g.type) as name_en,
             (a.team_id is not null and a.team_id = b.team_id) as together,
             a.score as my_score, b.score as friend_score, a.won as i_won, b.won as friend_won
      from game_players a
      join game_players b on b.game_id = a.game_id and b.user_id = ${friend}
      join games g on g.id = a.game_id and g.voided_at is null
      join maps m on m.id = g.map_id
      left join game_modes gm on gm.application_id = g.application_id and gm.id = g.type
      where a.user_id = ${me}
    ),
    latest as (
      select * from common order by played_at desc, id desc limit ${FRIEND_COMMON_GAMES_MAX}
    )
    select json_build_object(
      'gamesTogether', (select count(*) from common where together),
      'gamesAgainst', (select count(*) from common where not together),
      'myWins', (select count(*) from common where not together and i_won and not friend_won),
      'friendWins', (select count(*) from common where not together and friend_won and not i_won),
      'draws', (select count(*) from common where not together and i_won = friend_won),
      'togetherWins', (select count(*) from common where together and i_won),
      'games', (select coalesce(json_agg(json_build_object(
          'id', id, 'type', type, 'modeName', json_build_object('de', name_de, 'en', name_en),
          'mapName', map_name,
          'playedAt', to_char(played_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'together', together, 'myScore', my_score, 'friendScore', friend_score,
          'iWon', i_won, 'friendWon', friend_won) order by played_at desc, id desc), '[]')
        from latest)
    ) as result`);
  const result = rows[0]!.result;
  // count(*) is a bigint, which PostgreSQL's JSON writes as a number: Number() for PGlite's sake.
  return {
    gamesTogether: Number(result.gamesTogether),
    gamesAgainst: Number(result.gamesAgainst),
    myWins: Number(result.myWins),
    friendWins: Number(result.friendWins),
    draws: Number(result.draws),
    togetherWins: Number(result.togetherWins),
    games: result.games,
  };
}
