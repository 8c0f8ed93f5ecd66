import { z } from 'zod';
import { deviceSegmentSchema } from './device-code';

/**
 * Playing on a device (spec §4, §7). The player-facing calls:
 *
 * - `POST /api/v2/arcadecenter/{arcade}/device/{id}/player` body `{ mail: "" }` or empty
 *   → 200 PlayingDevice. Scope read:arcade, registered player.
 *   Joining the device one is already on answers the same device again (idempotent).
 *   Joining another device MOVES the player there (a player is on at most one device), unless the
 *   device they are on is mid-match: then 409 `already_in_match`.
 *   404 `device_not_found`; 409 `device_full` | `device_offline` | `device_in_match`.
 * - `DELETE /api/arcadecenter/{arcade}/device/{id}/player/{userId}` → 200 `{ success: true }`.
 *   Only one's own userId (403 `forbidden`); 404 `not_playing` when not on that device.
 * - `GET /api/v2/user/me/device` → 200 PlayingDevice, or 200 `{}` when on no device
 *   (the client stores the answer only if it has an id, spec §4).
 */

/** Error codes of the play calls, in `{ error: { code } }`. */
export const PLAY_ERROR_CODES = [
  'device_not_found',
  'device_full',
  'device_offline',
  'device_in_match',
  'already_in_match',
  'not_playing',
] as const;
export type PlayErrorCode = (typeof PLAY_ERROR_CODES)[number];

/** A device that has not sent a heartbeat for this long counts as offline. */
export const DEVICE_OFFLINE_AFTER_SECONDS = 60;
/**
 * A running match whose device has been silent this long is given up: its players may leave or
 * move. Before, they stay (the device may come back and report it, and its report may credit
 * only the players on its roster: one who left would have it refused for everyone).
 */
export const DEVICE_MATCH_ABANDONED_AFTER_SECONDS = 600;
/** Players a device takes unless configured otherwise. */
export const DEVICE_DEFAULT_CAPACITY = 8;
/** The game (catalogue application) of a device created without one. */
export const DEVICE_DEFAULT_APPLICATION = 'commando';

export const playDeviceParamsSchema = z.object({
  arcade: deviceSegmentSchema,
  id: deviceSegmentSchema,
});
export const stopPlayParamsSchema = playDeviceParamsSchema.extend({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
});

/** The body the original client sends: `{ mail: "" }`; an empty body works as well. */
export const startPlayBodySchema = z.object({ mail: z.string().max(254).optional() }).nullish();

/** The Device of spec §3 (arcade, id) with what the app may show besides. */
export const playingDeviceSchema = z.object({
  id: z.string(),
  arcade: z.string(),
  name: z.string(),
  arcadeName: z.string(),
  applicationId: z.string(),
  joinedAt: z.string(),
});
export type PlayingDevice = z.infer<typeof playingDeviceSchema>;

/** GET /api/v2/user/me/device: the device, or `{}` when the player is on none. */
export const currentDeviceSchema = z.union([playingDeviceSchema, z.object({}).strict()]);
export type CurrentDevice = z.infer<typeof currentDeviceSchema>;

/** An arcade (venue) as lists show it. */
export const arcadeSchema = z.object({ id: z.string(), name: z.string(), city: z.string() });
export type Arcade = z.infer<typeof arcadeSchema>;

/** GET /api/arcades */
export const arcadesResponseSchema = z.object({ arcades: z.array(arcadeSchema) });
export type ArcadesResponse = z.infer<typeof arcadesResponseSchema>;
