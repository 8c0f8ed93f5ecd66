import { ownProfileSchema, type LinkCardInput, type OwnProfile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/**
 * POST /api/v2/user/me/link `{ userId, secret }`: links the signed-in identity to the unclaimed
 * profile of a scanned user card (its claim secret is the card URL's `?k=`) and answers it as the
 * own profile. 409 `already_registered` (this sign-in has a profile); 404 for no such player and
 * for a wrong or spent secret alike (a card already linked to another account).
 */
export const linkCardApi = api.injectEndpoints({
  endpoints: (build) => ({
    linkCard: build.mutation<OwnProfile, LinkCardInput>({
      query: (body) => ({ url: 'api/v2/user/me/link', method: 'POST', body }),
      responseSchema: ownProfileSchema,
      // The player is registered from now on: the app's own profile must load again.
      invalidatesTags: ['Me'],
    }),
  }),
});
