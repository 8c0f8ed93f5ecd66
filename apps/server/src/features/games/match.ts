import { HIDDEN_PLAYER_NAME, type Match } from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notFound } from '../../plugins/errors';
import { shownToSql } from '../../db/visibility';

/**
 * One game as its public page shows it, built by PostgreSQL in one statement: the catalogue's
 * names of the application and mode, the arcade's and device's names (their ids when the device
 * row is gone), teams with whether they won, and every seat from game_players — a registered
 * player with their id, a guest by the name the device gave, a player who deleted their profile
 * as the anonymised row the games feature leaves (events.ts: no id, DELETED_PLAYER_NAME).
 * A voided game (features/admin/games.ts) counts nowhere, so it has no page either: null, as
 * for an unknown id. $2: the viewer (a player id, or null for anonymous, the share image and the
 * link preview): a registered player whose profile is hidden from them (features/users
 * visibility.ts) is `hidden`, HIDDEN_PLAYER_NAME without an id; the viewer always sees themself.
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
      select coalesce(json_agg(json_build_object(
               'id', case when not x.hidden then p.user_id end,
               'name', case when x.hidden then '${HIDDEN_PLAYER_NAME}' else p.name end,
               'kind', case when x.hidden then 'hidden' when p.user_id is not null then 'player'
                            when p.anonymised then 'deleted' else 'guest' end,
               'teamId', p.team_id, 'kills', p.kills, 'deaths', p.deaths, 'score', p.score,
               'won', p.won)
             order by p.score desc, p.id), '[]')
      from game_players p
      left join users pu on pu.id = p.user_id
      cross join lateral (select (pu.id is not null
        and not ${shownToSql('pu.id', 'pu.profile_visibility', '$2::uuid')}) as hidden) x
      where p.game_id = g.id))
  from games g
  join maps m on m.id = g.map_id
  left join applications a on a.id = g.application_id
  left join game_modes gm on gm.application_id = g.application_id and gm.id = g.type
  left join arcades ar on ar.id = g.arcade_id
  left join devices d on d.arcade_id = g.arcade_id and d.id = g.device_id
  where g.id = $1 and g.voided_at is null
) as match`);

/**
 * The game as `viewer` (a player id; null: anonymous, as the share image and the link preview
 * show it) may see it, or null when it is unknown or voided.
 */
export async function findMatch(
  db: Queryable,
  id: string,
  viewer: string | null,
): Promise<Match | null> {
  const [row] = await matchStatement(db, [id, viewer]);
  return row?.match ?? null;
}

/** The game as `viewer` may see it, or 404 when it is unknown or voided. */
export async function matchById(db: Queryable, id: string, viewer: string | null): Promise<Match> {
  const match = await findMatch(db, id, viewer);
  if (!match) throw notFound('There is no such game');
  return match;
}
