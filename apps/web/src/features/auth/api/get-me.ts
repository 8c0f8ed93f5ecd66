import type { OwnProfile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';
import { STARTUP_PROFILE_TIMEOUT_MS } from '../../../lib/auth/constants';

/** GET /api/v2/user/me: the signed-in player's own profile; 404 means not registered yet. */
export const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<OwnProfile, void>({
      query: () => ({ url: 'api/v2/user/me', timeout: STARTUP_PROFILE_TIMEOUT_MS }),
      responseSchema: lazySchema((c) => c.ownProfileSchema),
      providesTags: ['Me'],
    }),
  }),
});
