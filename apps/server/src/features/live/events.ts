import type { AppEventHandler } from '../../events/map';
import { signalLive } from '../../events/live-signal';
import {
  FRIEND_ADDED_REPEAT_HOURS,
  friendAddedMessage,
  matchResultMessages,
  matchResultTag,
  newsMessage,
} from '../push';
import {
  addEachStatement,
  addNotification,
  addNotificationUnlessRecent,
  deleteNotificationsOf,
  deleteTagged,
} from './notifications';

/**
 * The bell's list: the same messages push sends, kept for every player (with or without a
 * subscription). The stored game's own live hint (sent by arcadia_ingest_game in the game's
 * transaction) tells the players' apps.
 */
export const listMatchResult: AppEventHandler<'game.stored'> = (statement, game) => {
  const write = addEachStatement(
    'match_result',
    matchResultMessages(game).map((m) => ({ ...m, gameId: game.id })),
  );
  if (write) statement.write(write);
};

/** A voided game's result leaves its players' bells; their open apps hear of it. */
export const unlistVoidedMatchResult: AppEventHandler<'game.voided'> = async (tx, game) => {
  const gone = await deleteTagged(tx, 'match_result', matchResultTag(game.gameId), game.userIds);
  if (gone > 0)
    await signalLive(
      tx,
      game.userIds.map((u) => ({ t: 'notifications', u })),
    );
};

export const listFriendAdded: AppEventHandler<'friend.added'> = async (tx, event) => {
  const added = await addNotificationUnlessRecent(
    tx,
    'friend_added',
    event.userId,
    friendAddedMessage(event.friendId, event.userName),
    FRIEND_ADDED_REPEAT_HOURS,
  );
  if (added) await signalLive(tx, [{ t: 'notifications', u: event.userId }]);
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
