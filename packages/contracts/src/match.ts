import { z } from 'zod';
import { ADMIN_GAMES_TIME_ZONE } from './admin-games';
import { gameTypeSchema, localizedTextSchema } from './games';
import { MATCH_SHARE_LANGUAGES } from './match-paths';

export * from './match-paths';

/** GET /api/matches/{id} and its share image: the game's id (400 for anything else). */
export const matchParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a game id' }).toLowerCase(),
});

/**
 * Who a seat of a game was: a registered `player` (with their id), a `guest` (the name the device
 * gave), a player who has since `deleted` their profile (anonymised, no id), or a player whose
 * profile is `hidden` from the viewer (their visibility: no id, named HIDDEN_PLAYER_NAME).
 */
export const MATCH_PLAYER_KINDS = ['player', 'guest', 'deleted', 'hidden'] as const;

export const matchPlayerSchema = z.object({
  id: z.uuid().toLowerCase().nullable(),
  name: z.string(),
  kind: z.enum(MATCH_PLAYER_KINDS),
  teamId: z.number().int().nullable(),
  kills: z.number().int(),
  deaths: z.number().int(),
  score: z.number().int(),
  won: z.boolean(),
});
export type MatchPlayer = z.infer<typeof matchPlayerSchema>;

export const matchTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  won: z.boolean(),
});

/** One game as its public page shows it (`/game/{id}`): readable without signing in. */
export const matchSchema = z.object({
  id: z.uuid().toLowerCase(),
  type: gameTypeSchema,
  /** The mode's name from the game's catalogue. */
  modeName: localizedTextSchema,
  application: z.object({ id: z.string(), name: z.string() }),
  arcade: z.object({ id: z.string(), name: z.string() }),
  device: z.object({ id: z.string(), name: z.string() }),
  map: z.object({ id: z.string(), name: z.string(), iconPath: z.string() }),
  playedAt: z.string(),
  durationSeconds: z.number().int(),
  /** By score, highest first; empty in freeforall. */
  teams: z.array(matchTeamSchema),
  /** By score, highest first. */
  players: z.array(matchPlayerSchema),
});
export type Match = z.infer<typeof matchSchema>;

/** The share image of a match page (Open Graph size). */
export const MATCH_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** `?lang=en`: the share image in English; without it, German. */
export const matchImageQuerySchema = z.object({
  lang: z.enum(MATCH_SHARE_LANGUAGES, { message: 'lang must be de or en' }).default('de'),
});

/**
 * The time zone a match's time is told in, on its page, in its share image and its preview: the
 * arcades' (the console's days are in it too), so a shared game shows the time it was played at
 * the venue wherever it is opened.
 */
export const MATCH_TIME_ZONE = ADMIN_GAMES_TIME_ZONE;
