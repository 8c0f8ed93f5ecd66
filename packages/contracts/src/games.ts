import { z } from 'zod';

export const GAME_TYPES = ['freeforall', 'elimination', 'deathmatch'] as const;
export const gameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameTypeSchema>;

export const gamePlayerSchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
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
  id: z.uuid(),
  type: gameTypeSchema,
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
});
export type Game = z.infer<typeof gameSchema>;
