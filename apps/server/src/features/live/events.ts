import type { AppEventHandler } from '../../events/map';
import { signalLive } from '../../events/live-signal';
import { friendAddedMessage, matchResultMessages, newsMessage } from '../push';
import { addEachStatement, addNotification, deleteNotificationsOf } from './notifications';

/**
 * The bell's list: the same messages push sends, kept for every player (with or without a
 * subscription). The stored game's own live hint (sent by arcadia_ingest_game in the game's
 * transaction) tells the players' apps.
 */
export const listMatchResult: AppEventHandler<'game.stored'> = (statement, game) => {
  const write = addEachStatement('match_result', matchResultMessages(game), statement.whenStored);
  if (write) statement.write(write);
};

export const listFriendAdded: AppEventHandler<'friend.added'> = async (tx, event) => {
  await addNotification(
    tx,
    'friend_added',
    event.userId,
    friendAddedMessage(event.friendId, event.userName),
  );
  await signalLive(tx, [{ t: 'notifications', u: event.userId }]);
};

export const listNewsPublished: AppEventHandler<'news.published'> = async (tx, article) => {
  await addNotification(tx, 'news', null, newsMessage(article.slug, article.titles));
  await signalLive(tx, [{ t: 'notifications', u: null }]);
};

/** A deleted player's notifications go, and the others' that name them. */
export const forgetNotifications: AppEventHandler<'user.deleted'> = async (tx, user) => {
  user.vacuumAfterCommit('notifications', 'notification_reads');
  await deleteNotificationsOf(tx, user.id);
};
