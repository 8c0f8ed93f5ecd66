import { ownProfileSchema } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

export type NotificationLanguage = 'de' | 'en';

/**
 * PATCH /api/v2/user/me with `{ language }`: the language the server writes the player's
 * notifications in (the push feature sets it to the app's language when notifications go on).
 */
export const updateNotificationLanguageApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateNotificationLanguage: build.mutation<
      ReturnType<typeof ownProfileSchema.parse>,
      NotificationLanguage
    >({
      query: (language) => ({ url: 'api/v2/user/me', method: 'PATCH', body: { language } }),
      responseSchema: ownProfileSchema,
      invalidatesTags: ['Me'],
    }),
  }),
});
