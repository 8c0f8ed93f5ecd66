import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** DELETE /api/user/me/friends/{friendId}: off the own list; 404 when not on it. */
export const removeFriendApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeFriend: build.mutation<{ success: true }, string>({
      query: (friendId) => ({
        url: `api/user/me/friends/${encodeURIComponent(friendId)}`,
        method: 'DELETE',
      }),
      responseSchema: lazySchema((c) => c.okSchema),
      invalidatesTags: ['Friends'],
    }),
  }),
});
