import type { Profile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/{id}/details: a player's profile with match history and statistics summary. */
export const getProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (id) => `api/user/${encodeURIComponent(id)}/details`,
      responseSchema: lazySchema((c) => c.profileSchema),
      providesTags: (_result, _error, id) => [{ type: 'Profile', id }],
    }),
  }),
});
