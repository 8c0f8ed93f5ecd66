import { friendsResponseSchema, type FriendsResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user/me/friends: the signed-in player's friends, under `friends`. */
export const getOwnFriendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnFriends: build.query<FriendsResponse, void>({
      query: () => 'api/user/me/friends',
      responseSchema: friendsResponseSchema,
      providesTags: ['Friends'],
      // The feature's slice (spec §3) is the one store of the answer: the cache keeps no copy.
      keepUnusedDataFor: 0,
    }),
  }),
});
