import type { Db } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { currentUser, userById, visibleProfile } from '../users';
import { compareWith } from './compare';
import { deleteFriendship, insertFriendship, isFriend, listFriends } from './repository';

export async function ownFriends(db: Db, sub: string) {
  const me = await currentUser(db, sub);
  return listFriends(db, me.id);
}

/**
 * The friend list is only ever shown on one's own profile (spec §6). The second client calls
 * `/api/v2/user/id/friends` with a literal `id` segment, which means its own list.
 */
export async function friendsOf(db: Db, sub: string, id: string) {
  const me = await currentUser(db, sub);
  if (id !== 'id' && id !== 'me' && id !== me.id)
    throw forbidden('You can only see your own friend list');
  return listFriends(db, me.id);
}

/**
 * Adds a friend; 'friend.added' (the "added you as a friend" notification) runs in the same
 * transaction, so what its handlers write commits with the friendship.
 */
export async function addFriend(
  db: Db,
  events: AppEventBus,
  sub: string,
  friendId: string,
  field: string,
) {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    if (friendId === me.id)
      throw badRequest('You cannot add yourself as a friend', [
        { path: field, message: 'is your own id' },
      ]);
    const friend = await userById(tx, friendId);
    if (!(await insertFriendship(tx, me.id, friend.id)))
      throw conflict(`${friend.userName} is already your friend`);
    await events.emit('friend.added', tx, {
      userId: friend.id,
      friendId: me.id,
      userName: me.userName,
    });
    return { userId: friend.id, userName: friend.userName };
  });
}

/**
 * Removes a friend from the own list. A friendship is one row per direction (who added whom,
 * schema/users.ts): this removes the player's own row only, so the other player's list stays
 * theirs. 404 when the player is not on the list (nothing written).
 */
export async function removeFriend(db: Db, sub: string, friendId: string) {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    if (!(await deleteFriendship(tx, me.id, friendId)))
      throw notFound('This player is not on your friend list');
  });
}

/**
 * The head-to-head record with a friend (only with one on the own list: else 403; and only when
 * the friend's profile is shown to the player: else 403 with the visibility's code).
 */
export async function compareWithFriend(db: Db, sub: string, friendId: string) {
  const me = await currentUser(db, sub);
  const friend = await userById(db, friendId);
  if (!(await isFriend(db, me.id, friend.id)))
    throw forbidden('You can only compare yourself with your friends');
  // Their games as their profile's visibility allows: 403 profile_private / profile_friends_only.
  await visibleProfile(db, friend.id, me.id);
  const record = await compareWith(db, me.id, friend.id);
  return { friend: { userId: friend.id, userName: friend.userName }, ...record };
}
