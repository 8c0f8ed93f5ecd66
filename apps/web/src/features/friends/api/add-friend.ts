import { friendSchema, okSchema } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** The 201 answer of POST /api/user/me/friends. */
const friendAddedSchema = okSchema.extend({ friend: friendSchema });
export type FriendAdded = ReturnType<typeof friendAddedSchema.parse>;

/** POST /api/user/me/friends with `{ friendId }`; 409 when already a friend. */
export const addFriendApi = api.injectEndpoints({
  endpoints: (build) => ({
    addFriend: build.mutation<FriendAdded, string>({
      query: (friendId) => ({ url: 'api/user/me/friends', method: 'POST', body: { friendId } }),
      responseSchema: friendAddedSchema,
      invalidatesTags: ['Friends'],
    }),
  }),
});
