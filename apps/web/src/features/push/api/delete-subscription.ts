import { okSchema } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/** DELETE /api/push/subscriptions with `{ endpoint }`: forget one of the own subscriptions. */
export const deletePushSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePushSubscription: build.mutation<{ success: true }, string>({
      query: (endpoint) => ({
        url: 'api/push/subscriptions',
        method: 'DELETE',
        body: { endpoint },
      }),
      responseSchema: okSchema,
      invalidatesTags: ['Push'],
    }),
  }),
});
