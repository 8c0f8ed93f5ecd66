import { ownProfileSchema, type AgbAccept, type OwnProfile } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { meApi } from '../../auth';

/**
 * PUT /api/v2/user/me/agb: accepts the current terms version; the answer (the own profile with
 * the new version) replaces the cached own profile, which closes the question in the shell.
 */
export const acceptAgbApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptAgb: build.mutation<OwnProfile, AgbAccept>({
      query: (body) => ({ url: 'api/v2/user/me/agb', method: 'PUT', body }),
      responseSchema: ownProfileSchema,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(meApi.util.upsertQueryData('getMe', undefined, answer.data));
      },
    }),
  }),
});

export const { useAcceptAgbMutation } = acceptAgbApi;
