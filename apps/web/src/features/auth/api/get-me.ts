import type { OwnProfile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { parseWith } from '../../../lib/api/lazy-parse';
import { STARTUP_PROFILE_TIMEOUT_MS } from '../../../lib/auth/constants';

/** GET /api/v2/user/me: the signed-in player's own profile; 404 means not registered yet. */
export const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<OwnProfile, void>({
      query: () => ({ url: 'api/v2/user/me', timeout: STARTUP_PROFILE_TIMEOUT_MS }),
      transformResponse: parseWith((c) => c.ownProfileSchema),
      providesTags: ['Me'],
    }),
  }),
});
