import { z } from 'zod';
import { gameTypeSchema, localizedTextSchema } from './games';

export const friendSchema = z.object({ userId: z.uuid().toLowerCase(), userName: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const friendsResponseSchema = z.object({ friends: z.array(friendSchema) });
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

/** POST /api/user/me/friends (first client). */
export const addFriendV1Schema = z.object({
  friendId: z.uuid({ message: 'friendId must be a user id' }).toLowerCase(),
});
/** POST /api/v2/user/me/friends (second client). */
export const addFriendV2Schema = z.object({
  friendToAddId: z.uuid({ message: 'friendToAddId must be a user id' }).toLowerCase(),
});

/** DELETE /api/user/me/friends/{friendId} and GET …/{friendId}/compare. */
export const friendParamsSchema = z.object({
  friendId: z.uuid({ message: 'friendId must be a user id' }).toLowerCase(),
});

/** A game both players played, as the comparison lists it (newest first). */
export const commonGameSchema = z.object({
  id: z.uuid().toLowerCase(),
  type: gameTypeSchema,
  modeName: localizedTextSchema,
  mapName: z.string(),
  playedAt: z.string(),
  /** Same team (a team mode and one team id); else they played against each other. */
  together: z.boolean(),
  myScore: z.number().int(),
  friendScore: z.number().int(),
  iWon: z.boolean(),
  friendWon: z.boolean(),
});
export type CommonGame = z.infer<typeof commonGameSchema>;

/**
 * GET /api/user/me/friends/{friendId}/compare: the head-to-head record over the games both
 * played. Against each other: who won (`draws` when both or neither won, as in a freeforall
 * neither topped); on the same team: how many, and how many of those they won.
 */
export const friendComparisonSchema = z.object({
  friend: friendSchema,
  gamesTogether: z.number().int(),
  gamesAgainst: z.number().int(),
  myWins: z.number().int(),
  friendWins: z.number().int(),
  draws: z.number().int(),
  togetherWins: z.number().int(),
  /** The newest common games (at most FRIEND_COMMON_GAMES_MAX). */
  games: z.array(commonGameSchema),
});
export type FriendComparison = z.infer<typeof friendComparisonSchema>;

export const FRIEND_COMMON_GAMES_MAX = 50;
