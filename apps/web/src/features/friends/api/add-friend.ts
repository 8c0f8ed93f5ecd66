import type { Friend } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** The 201 answer of POST /api/user/me/friends. */
export interface FriendAdded {
  success: true;
  friend: Friend;
}

/** POST /api/user/me/friends with `{ friendId }`; 409 when already a friend. */
export const addFriendApi = api.injectEndpoints({
  endpoints: (build) => ({
    addFriend: build.mutation<FriendAdded, string>({
      query: (friendId) => ({ url: 'api/user/me/friends', method: 'POST', body: { friendId } }),
      responseSchema: lazySchema((c) => c.okSchema.extend({ friend: c.friendSchema })),
      invalidatesTags: ['Friends'],
    }),
  }),
});
