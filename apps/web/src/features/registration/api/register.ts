import { ownProfileSchema, type OwnProfile, type Registration } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/**
 * POST /api/v2/user/registration: 201 with the own profile; 409 (details path `username`) when
 * the name is taken, 409 without details when this sign-in already has a profile; 400 per field.
 */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<OwnProfile, Registration>({
      query: (body) => ({ url: 'api/v2/user/registration', method: 'POST', body }),
      responseSchema: ownProfileSchema,
      invalidatesTags: ['Friends'],
    }),
  }),
});
