import {
  claimedSchema,
  claimPreviewSchema,
  type Claimed,
  type ClaimPreview,
} from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/**
 * `GET /api/claims/{token}`: what a guest's claim code gives (refused when used, expired, voided
 * or the player is in the game already); `POST` takes it: the result becomes the player's, and
 * their profile, games and the boards load again.
 */
export const claimApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClaim: build.query<ClaimPreview, string>({
      query: (token) => `api/claims/${encodeURIComponent(token)}`,
      responseSchema: claimPreviewSchema,
      keepUnusedDataFor: 0,
    }),
    claimResult: build.mutation<Claimed, string>({
      query: (token) => ({ url: `api/claims/${encodeURIComponent(token)}`, method: 'POST' }),
      responseSchema: claimedSchema,
      invalidatesTags: ['Me', 'Profile', 'Games', 'Leaderboard'],
    }),
  }),
});
