import { HIDDEN_PLAYER_NAME } from '@arcadia/contracts';

/**
 * The SQL of the visibility rule (features/users/visibility.ts, docs/privacy.md "Visibility"),
 * here rather than in a feature because the statements of several features are built from it
 * when their modules load (games' history and match page, the users' profile).
 */

/**
 * SQL: whether the player `owner` (a uuid expression) with `visibility` (their
 * users.profile_visibility) is shown to `viewer` (a uuid expression, null for nobody). Never null.
 */
export const shownToSql = (owner: string, visibility: string, viewer: string) =>
  `(${visibility} = 'everyone' or coalesce(${owner} = ${viewer}, false) or (${visibility} = 'friends'
    and exists (select 1 from friendships vf where vf.user_id = ${owner} and vf.friend_id = ${viewer})))`;

/**
 * SQL: a game's players JSON array (`players`, the Game shape) for `viewer`: every registered
 * player hidden from the viewer loses the id, is named HIDDEN_PLAYER_NAME and marked `hidden`.
 */
export const playersForViewerSql = (players: string, viewer: string) => `(
  select coalesce(json_agg(case when vu.id is not null and not ${shownToSql('vu.id', 'vu.profile_visibility', viewer)}
      then (vp.e::jsonb || jsonb_build_object('id', null, 'name', '${HIDDEN_PLAYER_NAME}', 'hidden', true))::json
      else vp.e end order by vp.n), '[]')
  from json_array_elements(${players}) with ordinality as vp(e, n)
  left join users vu on vu.id = (vp.e->>'id')::uuid)`;
