import type { AppEventHandler } from '../../events/map';
import { deleteFriendshipsOf } from './repository';

/** A deleted player's friendships go, both ways. */
export const forgetFriendships: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('friendships');
  await deleteFriendshipsOf(tx, user.id);
};
