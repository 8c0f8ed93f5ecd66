import { z } from 'zod';
import { playingDeviceSchema } from './arcade';
import { pushMessageSchema } from './push';

/**
 * The signed-in app's live channel (GET /api/live, server-sent events): what the server tells a
 * player as it happens. Each event is `event: <type>` with the JSON below as `data`.
 */

/** How often the stream sends a comment line when nothing else happened (proxies, timeouts). */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How many live streams one player may hold at once; the oldest closes when one more opens. */
export const LIVE_MAX_STREAMS_PER_USER = 5;

/** Where the player stands on the device they joined (null device: on none). */
export const livePlaySchema = z.object({
  device: playingDeviceSchema.nullable(),
  /** The device sent a heartbeat within the last minute (false while none; true without device). */
  online: z.boolean(),
  /** A match is running on the device. */
  matchRunning: z.boolean(),
});
export type LivePlay = z.infer<typeof livePlaySchema>;

/**
 * Why the play state changed (`renamed`: an operator renamed the device or its arcade;
 * `expired`: the seat was kept 30 minutes without a match and a player at the full device took it).
 */
export const livePlayReasonSchema = z.enum([
  'joined',
  'left',
  'removed',
  'expired',
  'match_started',
  'match_cancelled',
  'match_over',
  'device_offline',
  'device_online',
  'renamed',
]);
export type LivePlayReason = z.infer<typeof livePlayReasonSchema>;

/** `event: hello` — first on every (re)connection: the whole current state, so nothing is missed. */
export const liveHelloSchema = z.object({ play: livePlaySchema, unread: z.number().int() });
export type LiveHello = z.infer<typeof liveHelloSchema>;

/** `event: play` — the play state changed. */
export const livePlayEventSchema = z.object({
  reason: livePlayReasonSchema,
  play: livePlaySchema,
  /** The device the change happened on (match_over, removed, expired: the one the player left). */
  at: z.object({ arcade: z.string(), id: z.string() }).nullable(),
  /** The stored game, with match_over. */
  gameId: z.string().nullable(),
});
export type LivePlayEvent = z.infer<typeof livePlayEventSchema>;

/** `event: game` — one of the player's games was stored (profile, statistics, boards changed). */
export const liveGameEventSchema = z.object({ gameId: z.string(), applicationId: z.string() });
export type LiveGameEvent = z.infer<typeof liveGameEventSchema>;

/** `event: notifications` — the notification list changed; the unread count now. */
export const liveNotificationsEventSchema = z.object({ unread: z.number().int() });
export type LiveNotificationsEvent = z.infer<typeof liveNotificationsEventSchema>;

export const liveEventSchemas = {
  hello: liveHelloSchema,
  play: livePlayEventSchema,
  game: liveGameEventSchema,
  notifications: liveNotificationsEventSchema,
} as const;
export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEvent = {
  [K in LiveEventType]: { type: K; data: z.infer<(typeof liveEventSchemas)[K]> };
}[LiveEventType];

/** One entry of the in-app notification list: what push shows, in both languages. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
  message: z.object({ de: pushMessageSchema, en: pushMessageSchema }),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/notifications: the newest notifications first and how many are unread. */
export const notificationListSchema = z.object({
  items: z.array(notificationItemSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read: everything up to this id counts as read. */
export const markNotificationsReadSchema = z.object({
  upTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
