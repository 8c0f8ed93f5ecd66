import type { Match } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../plugins/errors';

/**
 * One game as its public page shows it, built by PostgreSQL in one statement: the catalogue's
 * names of the application and mode, the arcade's and device's names (their ids when the device
 * row is gone), teams with whether they won, and every seat from game_players — a registered
 * player with their id, a guest by the name the device gave, a player who deleted their profile
 * as the anonymised row the games feature leaves (events.ts: no id, DELETED_PLAYER_NAME).
 * A voided game (features/admin/games.ts) counts nowhere, so it has no page either: null, as
 * for an unknown id.
 */
const matchStatement = preparedStatement<{ match: Match | null }>(`select (
  select json_build_object(
    'id', g.id, 'type', g.type,
    'modeName', json_build_object('de', coalesce(gm.name_de, g.type), 'en', coalesce(gm.name_en, g.type)),
    'application', json_build_object('id', g.application_id, 'name', coalesce(a.name, g.application_id)),
    'arcade', json_build_object('id', g.arcade_id, 'name', coalesce(ar.name, g.arcade_id)),
    'device', json_build_object('id', g.device_id, 'name', coalesce(d.name, g.device_id)),
    'map', json_build_object('id', m.id, 'name', m.name, 'iconPath', m.icon_path),
    'playedAt', to_char(g.played_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'durationSeconds', g.duration_seconds,
    'teams', (
      select coalesce(json_agg(json_build_object('id', t.team_id, 'name', t.name, 'score', t.score,
               'won', coalesce((select bool_or(p.won) from game_players p
                                where p.game_id = g.id and p.team_id = t.team_id), false))
             order by t.score desc, t.team_id), '[]')
      from game_teams t where t.game_id = g.id),
    'players', (
      select coalesce(json_agg(json_build_object('id', p.user_id, 'name', p.name,
               'kind', case when p.user_id is not null then 'player'
                            when p.anonymised then 'deleted' else 'guest' end,
               'teamId', p.team_id, 'kills', p.kills, 'deaths', p.deaths, 'score', p.score,
               'won', p.won)
             order by p.score desc, p.id), '[]')
      from game_players p where p.game_id = g.id))
  from games g
  join maps m on m.id = g.map_id
  left join applications a on a.id = g.application_id
  left join game_modes gm on gm.application_id = g.application_id and gm.id = g.type
  left join arcades ar on ar.id = g.arcade_id
  left join devices d on d.arcade_id = g.arcade_id and d.id = g.device_id
  where g.id = $1 and g.voided_at is null
) as match`);

/** The game, or null when it is unknown or voided. */
export async function findMatch(db: Queryable, id: string): Promise<Match | null> {
  const [row] = await matchStatement(db, [id]);
  return row?.match ?? null;
}

/** The game, or 404 when it is unknown or voided. */
export async function matchById(db: Queryable, id: string): Promise<Match> {
  const match = await findMatch(db, id);
  if (!match) throw notFound('There is no such game');
  return match;
}
