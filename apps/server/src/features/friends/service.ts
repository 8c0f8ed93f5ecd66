import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../plugins/errors';
import { currentUser, userById } from '../users/service';
import { insertFriendship, listFriends } from './repository';

/** Hooks other features attach to (push notifications on a new friend). */
export const friendEvents = {
  listeners: [] as Array<
    (event: { userId: string; friendId: string; userName: string }) => Promise<void>
  >,
};

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

export async function addFriend(db: Db, sub: string, friendId: string, field: string) {
  const added = await db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    if (friendId === me.id)
      throw badRequest('You cannot add yourself as a friend', [
        { path: field, message: 'is your own id' },
      ]);
    const friend = await userById(tx, friendId);
    if (!(await insertFriendship(tx, me.id, friend.id)))
      throw conflict(`${friend.userName} is already your friend`);
    return { userId: friend.id, userName: friend.userName, me };
  });
  for (const listener of friendEvents.listeners) {
    await listener({ userId: added.userId, friendId: added.me.id, userName: added.me.userName });
  }
  return { userId: added.userId, userName: added.userName };
}
