import type { MarkNotificationsRead } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** POST /api/notifications/read: everything up to the id counts as read. */
export const markNotificationsReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    markNotificationsRead: build.mutation<{ success: true }, MarkNotificationsRead>({
      query: (body) => ({ url: 'api/notifications/read', method: 'POST', body }),
      responseSchema: lazySchema((c) => c.okSchema),
    }),
  }),
});
