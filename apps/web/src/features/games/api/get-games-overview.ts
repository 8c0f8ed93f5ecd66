import { gamesOverviewSchema, type GamesOverview } from '@arcadia/contracts';
import { api } from '../../../lib/api/base';

/**
 * GET /api/games/{applicationId}: the game, its modes (de/en), its maps; with a registered
 * player's token also their best results per mode.
 */
export const getGamesOverviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGamesOverview: build.query<GamesOverview, string>({
      query: (applicationId) => `api/games/${encodeURIComponent(applicationId)}`,
      responseSchema: gamesOverviewSchema,
      providesTags: (_result, _error, applicationId) => [{ type: 'Games', id: applicationId }],
    }),
  }),
});
