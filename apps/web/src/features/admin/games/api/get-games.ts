import { adminGamesPageSchema, type AdminGamesPage } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface GamesArgs {
  arcadeId: string;
  /** YYYY-MM-DD, a Europe/Berlin day. */
  day: string;
  /** The `next` of the previous page. */
  before?: string;
}

/** GET /api/admin/arcades/{arcadeId}/games?day=&before=: one day's games, newest first. */
export const getGamesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getGames: build.query<AdminGamesPage, GamesArgs>({
      query: ({ arcadeId, day, before }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/games`,
        params: before ? { day, before } : { day },
      }),
      responseSchema: adminGamesPageSchema,
      providesTags: ['AdminGames'],
    }),
  }),
});

export const { useGetGamesQuery } = getGamesApi;
