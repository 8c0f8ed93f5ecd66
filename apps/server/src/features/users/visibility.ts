import { PROFILE_FRIENDS_ONLY, PROFILE_PRIVATE, type ProfileVisibility } from '@arcadia/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { friendships, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';

export { playersForViewerSql, shownToSql } from '../../db/visibility';

/**
 * Visibility (docs/privacy.md "Visibility"): a player's profile, games, statistics and trends are
 * shown to a viewer when the profile is 'everyone's, when the viewer is the player, or when it is
 * 'friends' and the viewer is on the player's own friend list (friendships are one-directional:
 * anyone may add anyone, so it is the owner's list that counts). Anonymous viewers (crawlers, the
 * share image) see only 'everyone' profiles.
 */

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
  // On the owner's own friend list.
  const rows = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, owner.id), eq(friendships.friendId, viewer)))
    .limit(1);
  return rows.length > 0;
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
