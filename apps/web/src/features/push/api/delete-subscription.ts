import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** DELETE /api/push/subscriptions with `{ endpoint }`: forget one of the own subscriptions. */
export const deletePushSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePushSubscription: build.mutation<{ success: true }, string>({
      query: (endpoint) => ({
        url: 'api/push/subscriptions',
        method: 'DELETE',
        body: { endpoint },
      }),
      responseSchema: lazySchema((c) => c.okSchema),
      invalidatesTags: ['Push'],
    }),
  }),
});
