import type { CurrentDevice } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/v2/user/me/device (spec §7): the device the player is on, or `{}` when none. */
export const getCurrentDeviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentDevice: build.query<CurrentDevice, void>({
      query: () => 'api/v2/user/me/device',
      responseSchema: lazySchema((c) => c.currentDeviceSchema),
      providesTags: ['Device'],
    }),
  }),
});
