import { adminPlayersPageSchema, type AdminPlayersPage } from '@arcadia/contracts';
import { adminApi, PLAYER_LISTS } from '../../shell/admin-api';

export interface PlayersArgs {
  /** Part of the user name; empty: the newest profiles. */
  q: string;
  page: number;
}

/** GET /api/admin/players?q=&page=: admins every player, staff those of their arcades. */
export const getPlayersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getPlayers: build.query<AdminPlayersPage, PlayersArgs>({
      query: ({ q, page }) => ({
        url: 'api/admin/players',
        params: q ? { q, page } : { page },
      }),
      responseSchema: adminPlayersPageSchema,
      providesTags: [PLAYER_LISTS],
    }),
  }),
});

export const { useGetPlayersQuery } = getPlayersApi;
