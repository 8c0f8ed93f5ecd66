import type { Config } from '../config';
import { createEventBus, type AppEventBus } from '../events/map';
import { announceDeletedAccount } from '../plugins/auth';
import { achievementsOfAssignedSlot, awardAchievements, forgetAchievements } from './achievements';
import { forgetStaffRoles } from './admin/events';
import { forgetSeat } from './devices/events';
import { forgetFriendships } from './friends/events';
import { forgetPlayerGames, forgetShareImages } from './games/events';
import { matchImagesDir } from './games/share/cache';
import { forgetIdentity } from './identity/events';
import {
  forgetNotifications,
  listFriendAdded,
  listMatchResult,
  listNewsPublished,
  unlistVoidedMatchResult,
} from './live/events';
import { outboxDir } from './identity/mailer';
import {
  dropVoidedMatchResult,
  forgetPushData,
  notifyFriendAdded,
  notifyMatchResult,
  notifyNewsPublished,
} from './push/events';
import { forgetMarketing } from './marketing/events';
import { forgetRatings } from './ratings/events';
import { forgetCardBatches } from './user-cards/events';
import { forgetVisits } from './visits/events';

/**
 * The event bus of an app (buildApp) or an admin command, with every feature's handlers: which
 * feature reacts to which event, one line each. Handlers run in the order listed here.
 */
export function featureEvents(config: Config): AppEventBus {
  const events = createEventBus();
  // Achievements, unlocked in the transaction that stores the game (docs/achievements.md).
  events.on('games.storing', awardAchievements);
  events.on('game.slot.assigned', achievementsOfAssignedSlot);
  // Push notifications, enqueued in the transaction that causes them.
  events.on('game.stored', notifyMatchResult);
  events.on('friend.added', notifyFriendAdded);
  events.on('news.published', notifyNewsPublished);
  // The in-app notification list (the bell) keeps what push sends.
  events.on('game.stored', listMatchResult);
  events.on('friend.added', listFriendAdded);
  events.on('news.published', listNewsPublished);
  // A voided game's result message goes from the outbox and the bell.
  events.on('game.voided', dropVoidedMatchResult);
  events.on('game.voided', unlistVoidedMatchResult);
  // A deleted player: each feature forgets what it holds of them, then the profile row goes.
  events.on('user.deleted', forgetShareImages(matchImagesDir(config)));
  events.on('user.deleted', forgetPlayerGames);
  events.on('user.deleted', forgetRatings);
  events.on('user.deleted', forgetAchievements);
  events.on('user.deleted', forgetVisits);
  events.on('user.deleted', forgetFriendships);
  events.on('user.deleted', forgetSeat);
  events.on('user.deleted', forgetPushData);
  events.on('user.deleted', forgetNotifications);
  events.on('user.deleted', forgetStaffRoles);
  events.on('user.deleted', forgetCardBatches);
  events.on('user.deleted', forgetMarketing(outboxDir(config)));
  events.on('user.deleted', forgetIdentity(outboxDir(config)));
  events.on('user.deleted', announceDeletedAccount);
  return events;
}
