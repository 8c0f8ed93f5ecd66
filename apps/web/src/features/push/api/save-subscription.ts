import type { PushSubscriptionInput } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** POST /api/push/subscriptions: this browser's subscription for the signed-in player. */
export const savePushSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePushSubscription: build.mutation<{ success: true }, PushSubscriptionInput>({
      query: (body) => ({ url: 'api/push/subscriptions', method: 'POST', body }),
      responseSchema: lazySchema((c) => c.okSchema),
      invalidatesTags: ['Push'],
    }),
  }),
});
