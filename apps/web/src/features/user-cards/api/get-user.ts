import { userSummarySchema, type UserSummary } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** GET /api/user/{id} (spec §7): the user a scanned card points at; on error scanning resumes. */
export const getUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserSummary: build.query<UserSummary, string>({
      query: (id) => `api/user/${encodeURIComponent(id)}`,
      responseSchema: userSummarySchema,
    }),
  }),
});
