import { profileSchema, type Profile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user/{id}/details: a player's profile with match history and statistics summary. */
export const getProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (id) => `api/user/${encodeURIComponent(id)}/details`,
      responseSchema: profileSchema,
      providesTags: (_result, _error, id) => [{ type: 'Profile', id }],
    }),
  }),
});
