import {
  HIDDEN_PLAYER_NAME,
  PROFILE_FRIENDS_ONLY,
  PROFILE_PRIVATE,
  type ProfileVisibility,
} from '@arcadia/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import { isFriend } from '../friends/repository';

/**
 * Visibility (docs/privacy.md "Visibility"): a player's profile, games, statistics and trends are
 * shown to a viewer when the profile is 'everyone's, when the viewer is the player, or when it is
 * 'friends' and the viewer is on the player's own friend list (friendships are one-directional:
 * anyone may add anyone, so it is the owner's list that counts). Anonymous viewers (crawlers, the
 * share image) see only 'everyone' profiles.
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

/** The registered player signed in with this token, or null (anonymous, not registered). */
export async function viewerOf(db: Queryable, auth: AuthContext | null): Promise<string | null> {
  if (!auth) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.identitySub, auth.sub))
    .limit(1);
  return row?.id ?? null;
}

/** The 403 of a profile hidden from the viewer; its code tells the web which message to show. */
export function profileHidden(visibility: ProfileVisibility): AppError {
  return visibility === 'friends'
    ? new AppError(403, PROFILE_FRIENDS_ONLY, 'Only the player’s friends see this profile')
    : new AppError(403, PROFILE_PRIVATE, 'This profile is private');
}

/** Whether the player's profile is shown to the viewer (see above). */
export async function profileShownTo(
  db: Queryable,
  owner: { id: string; profileVisibility: ProfileVisibility },
  viewer: string | null,
): Promise<boolean> {
  if (owner.profileVisibility === 'everyone' || owner.id === viewer) return true;
  if (owner.profileVisibility === 'private' || viewer === null) return false;
  return isFriend(db, owner.id, viewer);
}

/**
 * The player `id` when their profile is shown to the viewer: 404 for no such player, 403
 * (PROFILE_PRIVATE / PROFILE_FRIENDS_ONLY) when it is hidden.
 */
export async function visibleProfile(
  db: Queryable,
  id: string,
  viewer: string | null,
): Promise<{ id: string; profileVisibility: ProfileVisibility }> {
  const [owner] = await db
    .select({ id: users.id, profileVisibility: users.profileVisibility })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!owner) throw notFound('No such user');
  if (!(await profileShownTo(db, owner, viewer))) throw profileHidden(owner.profileVisibility);
  return owner;
}

/** visibleProfile for the signed-in viewer of a request. */
export async function visibleProfileFor(
  db: Queryable,
  id: string,
  auth: AuthContext | null,
): Promise<{ id: string; profileVisibility: ProfileVisibility }> {
  return visibleProfile(db, id, await viewerOf(db, auth));
}
