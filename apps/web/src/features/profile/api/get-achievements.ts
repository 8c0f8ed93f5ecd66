import { achievementsSchema, type Achievements } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user/{id}/achievements: the unlocked achievements and the locked ones' progress. */
export const getAchievementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAchievements: build.query<Achievements, string>({
      query: (playerId) => `api/user/${encodeURIComponent(playerId)}/achievements`,
      responseSchema: achievementsSchema,
      // A stored game refreshes the profile, and so what it unlocked.
      providesTags: (_result, _error, playerId) => [{ type: 'Profile', id: playerId }],
    }),
  }),
});
