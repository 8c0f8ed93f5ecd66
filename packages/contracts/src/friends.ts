import { z } from 'zod';

export const friendSchema = z.object({ userId: z.uuid(), userName: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const friendsResponseSchema = z.object({ friends: z.array(friendSchema) });
export type FriendsResponse = z.infer<typeof friendsResponseSchema>;

/** POST /api/user/me/friends (first client). */
export const addFriendV1Schema = z.object({
  friendId: z.uuid({ message: 'friendId must be a user id' }),
});
/** POST /api/v2/user/me/friends (second client). */
export const addFriendV2Schema = z.object({
  friendToAddId: z.uuid({ message: 'friendToAddId must be a user id' }),
});
