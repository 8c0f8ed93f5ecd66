import { api } from '../../../lib/api/base';

/** DELETE /api/v2/user/{id}: deletes the own account (204). */
export const deleteProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteProfile: build.mutation<null, string>({
      query: (id) => ({ url: `api/v2/user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Me', 'Profile', 'Friends'],
    }),
  }),
});
