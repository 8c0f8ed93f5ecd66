import type { OwnProfile, ProfileUpdate } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** PATCH /api/v2/user/me: the own settings (here: the language notifications are written in). */
export const updateProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateOwnProfile: build.mutation<OwnProfile, ProfileUpdate>({
      query: (body) => ({ url: 'api/v2/user/me', method: 'PATCH', body }),
      responseSchema: lazySchema((c) => c.ownProfileSchema),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useUpdateOwnProfileMutation } = updateProfileApi;
