import { ownProfileSchema, type OwnProfile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/**
 * POST /api/v2/user/me/link `{ userId }`: links the signed-in identity to the unclaimed profile
 * of a scanned user card and answers it as the own profile. 409 `card_taken` (another account
 * holds the card), 409 `already_registered` (this sign-in has a profile), 404 (no such player).
 */
export const linkCardApi = api.injectEndpoints({
  endpoints: (build) => ({
    linkCard: build.mutation<OwnProfile, string>({
      query: (userId) => ({ url: 'api/v2/user/me/link', method: 'POST', body: { userId } }),
      responseSchema: ownProfileSchema,
      // The player is registered from now on: the app's own profile must load again.
      invalidatesTags: ['Me'],
    }),
  }),
});
