import type { AppEventHandler } from '../../events/map';
import {
  FRIEND_ADDED_REPEAT_HOURS,
  friendAddedMessage,
  matchResultMessages,
  matchResultTag,
  newsMessage,
} from './messages';
import { deleteDeliveriesOf, dropPendingTagged, enqueue, enqueueEachStatement } from './outbox';
import { deleteSubscriptionsOf } from './subscriptions';

/** Every registered player of a stored game hears about their own result. */
export const notifyMatchResult: AppEventHandler<'game.stored'> = (statement, game) => {
  const write = enqueueEachStatement(
    'match_result',
    matchResultMessages(game).map((m) => ({ ...m, gameId: game.id })),
  );
  if (write) statement.write(write);
};

/** A voided game's result is not pushed any more where it has not gone out yet. */
export const dropVoidedMatchResult: AppEventHandler<'game.voided'> = async (tx, game) => {
  await dropPendingTagged(tx, 'match_result', matchResultTag(game.gameId), game.userIds);
};

export const notifyFriendAdded: AppEventHandler<'friend.added'> = async (tx, event) => {
  await enqueue(
    tx,
    'friend_added',
    [event.userId],
    friendAddedMessage(event.friendId, event.userName),
    FRIEND_ADDED_REPEAT_HOURS,
  );
};

export const notifyNewsPublished: AppEventHandler<'news.published'> = async (tx, article) => {
  await enqueue(tx, 'news', 'all-subscribers', newsMessage(article.slug, article.titles));
};

/**
 * A deleted player's subscriptions and notifications go, and so do the other players' "X added
 * you as a friend" notifications, which carry the player's name.
 */
export const forgetPushData: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('push_subscriptions', 'push_outbox');
  await deleteDeliveriesOf(tx, user.id);
  await deleteSubscriptionsOf(tx, user.id);
};
