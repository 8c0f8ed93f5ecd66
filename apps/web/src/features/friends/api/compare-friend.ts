import type { FriendComparison } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/me/friends/{friendId}/compare: the head-to-head record; 403 for a non-friend. */
export const compareFriendApi = api.injectEndpoints({
  endpoints: (build) => ({
    compareFriend: build.query<FriendComparison, string>({
      query: (friendId) => `api/user/me/friends/${encodeURIComponent(friendId)}/compare`,
      responseSchema: lazySchema((c) => c.friendComparisonSchema),
      // No 'Friends' tag: removing the friend would have it asked again and refused (403) while
      // the tab leaves; the tab asks afresh whenever it opens (refetchOnMountOrArgChange).
    }),
  }),
});
