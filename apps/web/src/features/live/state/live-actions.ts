import { createAction } from '@reduxjs/toolkit';
import type {
  LiveGameEvent,
  LiveHello,
  LiveNotificationsEvent,
  LivePlayEvent,
} from '@arcadia/contracts';

/**
 * What the live channel (GET /api/live) tells the app, as actions: the slices that care (play,
 * the bell) and the listeners (refreshing the player's profile, statistics and boards) react.
 */
export const liveHello = createAction<LiveHello>('live/hello');
export const livePlay = createAction<LivePlayEvent>('live/play');
export const liveGameStored = createAction<LiveGameEvent>('live/gameStored');
export const liveNotifications = createAction<LiveNotificationsEvent>('live/notifications');
