import { z } from 'zod';
import { gameSchema, gameTypeSchema, localizedTextSchema } from './games';

/**
 * `GET /api/games/{applicationId}` — public. The game and the modes it offers (the catalogue,
 * docs/operator-console.md; not retired) explained in de and en, its maps in play with icons; with a bearer token of a registered player also `best`: that player's
 * best results per mode (null without a token or for a player who never played).
 * 404 `not_found` for an unknown applicationId.
 */

export const gameModeSchema = z.object({
  type: gameTypeSchema,
  name: localizedTextSchema,
  description: localizedTextSchema,
  /** Whether players play in teams (elimination, deathmatch). */
  teams: z.boolean(),
});
export type GameMode = z.infer<typeof gameModeSchema>;

export const gameMapSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Served from the web app's origin, e.g. /assets/maps/neon-docks.svg. */
  iconPath: z.string(),
});
export type GameMap = z.infer<typeof gameMapSchema>;

export const modeBestSchema = z.object({
  type: gameTypeSchema,
  gamesPlayed: z.number().int(),
  gamesWon: z.number().int(),
  bestScore: z.number().int(),
  mostKills: z.number().int(),
  /** kills / max(deaths, 1) of the mode's games together, 2 decimals. */
  kd: z.number(),
  /** The game of the best score. */
  bestGameId: z.uuid().toLowerCase().nullable(),
  bestPlayedAt: z.string().nullable(),
});
export type ModeBest = z.infer<typeof modeBestSchema>;

export const gamesOverviewSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  description: localizedTextSchema,
  modes: z.array(gameModeSchema),
  maps: z.array(gameMapSchema),
  /** One entry per mode (in the order of `modes`); null without a signed-in player. */
  best: z.array(modeBestSchema).nullable(),
});
export type GamesOverview = z.infer<typeof gamesOverviewSchema>;

/** `GET /api/user/{id}/games?page=` (scope read:games) — the paged match history, newest first. */
export const matchHistoryPageSchema = z.object({
  games: z.array(gameSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type MatchHistoryPage = z.infer<typeof matchHistoryPageSchema>;
