import { adminGameSchema, type AdminGame } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface GameRef {
  arcadeId: string;
  gameId: string;
}

export const gamePath = ({ arcadeId, gameId }: GameRef) =>
  `api/admin/arcades/${encodeURIComponent(arcadeId)}/games/${encodeURIComponent(gameId)}`;

/** GET /api/admin/arcades/{arcadeId}/games/{gameId}: the whole game, every slot. */
export const getGameApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getGame: build.query<AdminGame, GameRef>({
      query: gamePath,
      responseSchema: adminGameSchema,
      providesTags: (_r, _e, { gameId }) => [{ type: 'AdminGames', id: gameId }],
    }),
  }),
});

export const { useGetGameQuery } = getGameApi;
