import { adminPlayerSchema, type AdminPlayer } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export const playerPath = (id: string) => `api/admin/players/${encodeURIComponent(id)}`;

/** GET /api/admin/players/{id}: profile, status, recent games (e-mail for admins only). */
export const getPlayerApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getPlayer: build.query<AdminPlayer, string>({
      query: playerPath,
      responseSchema: adminPlayerSchema,
      providesTags: (_r, _e, id) => [{ type: 'AdminPlayers', id }],
      // Gone from the cache once its page closes: a player deleted there is not shown again
      // from it (their deletion refreshes the lists only).
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPlayerQuery } = getPlayerApi;
