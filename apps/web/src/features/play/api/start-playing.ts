import type { Device, PlayingDevice } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/**
 * POST /api/v2/arcadecenter/{arcade}/device/{id}/player with `{ mail: '' }` (spec §7): starts
 * playing on the device; 404 device_not_found, 409 device_full | device_offline | device_in_match
 * | already_in_match.
 */
export const startPlayingApi = api.injectEndpoints({
  endpoints: (build) => ({
    startPlaying: build.mutation<PlayingDevice, Device>({
      query: ({ arcade, id }) => ({
        url: `api/v2/arcadecenter/${encodeURIComponent(arcade)}/device/${encodeURIComponent(id)}/player`,
        method: 'POST',
        body: { mail: '' },
      }),
      responseSchema: lazySchema((c) => c.playingDeviceSchema),
      invalidatesTags: ['Device'],
    }),
  }),
});
