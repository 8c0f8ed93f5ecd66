import { z } from 'zod';
import { deviceSegmentSchema } from './device-code';
import { VENUE_TIME_ZONE } from './limits';

/**
 * The games an arcade has stored, as the operator console reads and corrects them
 * (docs/operator-console.md). Staff of the arcade and admins; every change is audited.
 */

/** The time zone whose calendar day `day` names (an arcade's evening stays one day). */
export const ADMIN_GAMES_TIME_ZONE = VENUE_TIME_ZONE;

export const adminGamesParamsSchema = z.object({
  arcadeId: deviceSegmentSchema,
  gameId: z.uuid({ message: 'gameId must be a game id' }).toLowerCase(),
});

export const adminGameSlotParamsSchema = adminGamesParamsSchema.extend({
  /** game_players.id of the slot. */
  slotId: z.coerce
    .number({ message: 'slotId must be a slot number' })
    .int({ message: 'slotId must be a slot number' })
    .positive({ message: 'slotId must be a slot number' })
    .max(2_147_483_647, { message: 'slotId must be a slot number' }),
});

/**
 * GET /api/admin/arcades/{arcadeId}/games: the games of one day (Europe/Berlin, default today),
 * newest first; `before` = the `next` of the previous page.
 */
export const adminGamesQuerySchema = z.object({
  day: z.iso.date({ message: 'day must be a date (YYYY-MM-DD)' }).optional(),
  before: z.uuid({ message: 'before must be a game id' }).toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminGamesQuery = z.infer<typeof adminGamesQuerySchema>;

/** How many of a game's players the day's list names (best score first); the rest are counted. */
export const ADMIN_GAMES_LIST_PLAYERS = 3;

/**
 * One player a game of the day's list names: a registered player by their current name and id,
 * a guest by the name the device gave, a player who deleted their profile by nothing at all.
 */
export const adminGameListPlayerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), userId: z.uuid().toLowerCase(), name: z.string() }),
  z.object({ kind: z.literal('guest'), userId: z.null(), name: z.string() }),
  z.object({ kind: z.literal('deleted'), userId: z.null(), name: z.null() }),
]);
export type AdminGameListPlayer = z.infer<typeof adminGameListPlayerSchema>;

export const adminGameSummarySchema = z.object({
  id: z.uuid().toLowerCase(),
  arcadeId: z.string(),
  device: z.object({
    id: z.string(),
    /** Null when the device is no longer configured. */
    name: z.string().nullable(),
  }),
  applicationId: z.string(),
  /** The game mode as stored (games.type). */
  type: z.string(),
  map: z.object({ id: z.string(), name: z.string(), iconPath: z.string() }),
  playedAt: z.string(),
  durationSeconds: z.number().int(),
  playerCount: z.number().int(),
  /** When an operator voided the game; null while it counts. */
  voidedAt: z.string().nullable(),
});
export type AdminGameSummary = z.infer<typeof adminGameSummarySchema>;

/** A game of the day's list: the summary and who played, the first few by name. */
export const adminGameListItemSchema = adminGameSummarySchema.extend({
  /**
   * The first ADMIN_GAMES_LIST_PLAYERS players, best score first (the scoreboard's order);
   * `playerCount` minus their number is how many more played.
   */
  players: z.array(adminGameListPlayerSchema).max(ADMIN_GAMES_LIST_PLAYERS),
});
export type AdminGameListItem = z.infer<typeof adminGameListItemSchema>;

export const adminGamesPageSchema = z.object({
  /** The day listed (YYYY-MM-DD, in `timeZone`). */
  day: z.string(),
  timeZone: z.literal(ADMIN_GAMES_TIME_ZONE),
  games: z.array(adminGameListItemSchema),
  /** Pass as `before` for the next (older) page of the same day; null on the last page. */
  next: z.uuid().toLowerCase().nullable(),
});
export type AdminGamesPage = z.infer<typeof adminGamesPageSchema>;

export const adminGameSlotSchema = z.object({
  slotId: z.number().int(),
  /** Null for a guest and for a player who deleted their profile. */
  userId: z.uuid().toLowerCase().nullable(),
  name: z.string(),
  teamId: z.number().int().nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  score: z.number().int(),
  won: z.boolean(),
  /**
   * A guest's result: no user and not an anonymised deleted player. Only such a slot can be
   * given to a registered player (…/slots/{slotId}/assign).
   */
  guest: z.boolean(),
});
export type AdminGameSlot = z.infer<typeof adminGameSlotSchema>;

/** GET /api/admin/arcades/{arcadeId}/games/{gameId}: the whole game. */
export const adminGameSchema = adminGameSummarySchema.extend({
  voidReason: z.string().nullable(),
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), score: z.number().int() })),
  /** Every slot, best score first. */
  players: z.array(adminGameSlotSchema),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** The longest reason a game is voided with. */
export const GAME_VOID_REASON_MAX = 500;

/** POST …/games/{gameId}/void: the game stops counting anywhere. 409 when already voided. */
export const gameVoidRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'reason must not be empty' })
    .max(GAME_VOID_REASON_MAX, {
      message: `reason must be at most ${GAME_VOID_REASON_MAX} characters`,
    }),
});
export type GameVoidRequest = z.infer<typeof gameVoidRequestSchema>;

/** POST …/games/{gameId}/slots/{slotId}/assign: a guest's result goes to a registered player. */
export const gameAssignRequestSchema = z.object({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
});
export type GameAssignRequest = z.infer<typeof gameAssignRequestSchema>;
