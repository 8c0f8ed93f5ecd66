import type { FriendComparison } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/me/friends/{friendId}/compare: the head-to-head record; 403 for a non-friend. */
export const compareFriendApi = api.injectEndpoints({
  endpoints: (build) => ({
    compareFriend: build.query<FriendComparison, string>({
      query: (friendId) => `api/user/me/friends/${encodeURIComponent(friendId)}/compare`,
      responseSchema: lazySchema((c) => c.friendComparisonSchema),
      providesTags: ['Friends'],
    }),
  }),
});
