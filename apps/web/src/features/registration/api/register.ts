import { ownProfileSchema, type OwnProfile, type Registration } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { meApi } from '../../auth';

/**
 * POST /api/v2/user/registration: 201 with the own profile; 409 (details path `username`) when
 * the name is taken, 409 without details when this sign-in already has a profile; 400 per field.
 * Success stores the answer as the own profile (spec §4), so the guards let the player through
 * to /profile/{id} without waiting for a second request.
 */
export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<OwnProfile, Registration>({
      query: (body) => ({ url: 'api/v2/user/registration', method: 'POST', body }),
      responseSchema: ownProfileSchema,
      invalidatesTags: ['Friends'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(meApi.util.upsertQueryData('getMe', undefined, answer.data));
      },
    }),
  }),
});

export const { useRegisterMutation } = registerApi;
