import { z } from 'zod';

import { GAME_TYPES } from './boards';

export { GAME_TYPES, TEAM_SCORE_UNITS } from './boards';
export const gameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameTypeSchema>;

/** A text in both interface languages (the catalogue's names and descriptions). */
export const localizedTextSchema = z.object({ de: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const gamePlayerSchema = z.object({
  id: z.uuid().toLowerCase().nullable(),
  name: z.string(),
  /**
   * True for a registered player whose profile is hidden from the viewer (docs/privacy.md): no id,
   * named HIDDEN_PLAYER_NAME ('Spieler'; the web shows it translated). Absent otherwise.
   */
  hidden: z.literal(true).optional(),
  kills: z.number().int(),
  deaths: z.number().int(),
  score: z.number().int(),
  teamId: z.number().int().nullable(),
});
export const gameTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
});

/** A game of the match history, spec §3, as seen by one player. */
export const gameSchema = z.object({
  id: z.uuid().toLowerCase(),
  type: gameTypeSchema,
  /** The mode's name from the game's catalogue (the games overview shows the same). */
  modeName: localizedTextSchema,
  map: z.object({ id: z.string(), name: z.string(), iconPath: z.string() }),
  userHasWon: z.boolean(),
  score: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  playedAt: z.string(),
  durationSeconds: z.number().int(),
  arcade: z.string(),
  players: z.array(gamePlayerSchema),
  teamNames: z.array(gameTeamSchema),
  /**
   * The player's displayed skill rating (docs/rating.md) before and after this game, in its
   * mode; null for a game stored before ratings existed.
   */
  rating: z.object({ before: z.number().int(), after: z.number().int() }).nullish(),
});
export type Game = z.infer<typeof gameSchema>;
