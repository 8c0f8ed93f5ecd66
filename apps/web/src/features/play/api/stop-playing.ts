import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

export interface StopPlayingArgs {
  arcade: string;
  id: string;
  /** The signed-in player's own profile id (only oneself can be taken off a device). */
  userId: string;
}

/** DELETE /api/arcadecenter/{arcade}/device/{id}/player/{userId} (spec §7): stops playing. */
export const stopPlayingApi = api.injectEndpoints({
  endpoints: (build) => ({
    stopPlaying: build.mutation<{ success: true }, StopPlayingArgs>({
      query: ({ arcade, id, userId }) => ({
        url: `api/arcadecenter/${encodeURIComponent(arcade)}/device/${encodeURIComponent(id)}/player/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      responseSchema: lazySchema((c) => c.okSchema),
      invalidatesTags: ['Device'],
    }),
  }),
});
