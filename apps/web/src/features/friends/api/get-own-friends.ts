import type { FriendsResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/me/friends: the signed-in player's friends, under `friends`. */
export const getOwnFriendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnFriends: build.query<FriendsResponse, void>({
      query: () => 'api/user/me/friends',
      responseSchema: lazySchema((c) => c.friendsResponseSchema),
      providesTags: ['Friends'],
    }),
  }),
});
