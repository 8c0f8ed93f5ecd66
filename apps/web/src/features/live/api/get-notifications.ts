import type { NotificationList } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';
import { lazySchema } from '../../../lib/api/lazy-schema';

/** GET /api/notifications: the bell's list (what push shows), newest first, and the unread count. */
export const getNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, void>({
      query: () => 'api/notifications',
      responseSchema: lazySchema((c) => c.notificationListSchema),
      providesTags: ['Notifications'],
    }),
  }),
});
