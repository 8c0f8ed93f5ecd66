import type { Achievements } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/user/{id}/achievements: the unlocked achievements and the locked ones' progress. */
export const getAchievementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAchievements: build.query<Achievements, string>({
      query: (playerId) => `api/user/${encodeURIComponent(playerId)}/achievements`,
      responseSchema: lazySchema((c) => c.achievementsSchema),
      // A stored game refreshes the profile, and so what it unlocked.
      providesTags: (_result, _error, playerId) => [{ type: 'Profile', id: playerId }],
    }),
  }),
});
