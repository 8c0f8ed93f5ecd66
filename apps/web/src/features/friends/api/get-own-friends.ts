import { friendsResponseSchema, type FriendsResponse } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user/me/friends: the signed-in player's friends, under `friends`. */
export const getOwnFriendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnFriends: build.query<FriendsResponse, void>({
      query: () => 'api/user/me/friends',
      responseSchema: friendsResponseSchema,
      providesTags: ['Friends'],
    }),
  }),
});
