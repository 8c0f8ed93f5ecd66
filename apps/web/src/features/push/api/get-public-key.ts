import { pushPublicKeySchema } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

export type PushPublicKey = ReturnType<typeof pushPublicKeySchema.parse>;

/** GET /api/push/public-key: the server's VAPID key for `pushManager.subscribe`. */
export const getPushPublicKeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushPublicKey: build.query<PushPublicKey, void>({
      query: () => 'api/push/public-key',
      responseSchema: pushPublicKeySchema,
    }),
  }),
});
