import { adminPlayerSchema, okSchema, type AdminPlayer } from '@arcadia/contracts';
import { adminApi, PLAYER_LISTS } from '../../shell/admin-api';
import { playerPath } from './get-player';

/**
 * Every list of the console that shows players by name: the games (list and page), the devices
 * (who is on each, to kick) and the visits. A rename or a deletion changes what they show.
 */
const NAMED = ['AdminGames', 'AdminDevices', 'AdminVisits'] as const;

/**
 * An admin's changes to a player: rename (`{ userName }`, 409 when taken), suspend
 * (`{ reason }`), unsuspend, delete. Each answers the player (delete: `{ success }`).
 */
export const changePlayerApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    renamePlayer: build.mutation<AdminPlayer, { id: string; userName: string }>({
      query: ({ id, userName }) => ({
        url: `${playerPath(id)}/name`,
        method: 'PUT',
        body: { userName },
      }),
      responseSchema: adminPlayerSchema,
      invalidatesTags: ['AdminPlayers', 'AdminAudit', ...NAMED],
    }),
    suspendPlayer: build.mutation<AdminPlayer, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `${playerPath(id)}/suspend`,
        method: 'POST',
        body: { reason },
      }),
      responseSchema: adminPlayerSchema,
      invalidatesTags: ['AdminPlayers', 'AdminAudit', 'AdminDevices'],
    }),
    unsuspendPlayer: build.mutation<AdminPlayer, string>({
      query: (id) => ({ url: `${playerPath(id)}/unsuspend`, method: 'POST' }),
      responseSchema: adminPlayerSchema,
      invalidatesTags: ['AdminPlayers', 'AdminAudit'],
    }),
    deletePlayer: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: playerPath(id), method: 'DELETE' }),
      responseSchema: okSchema,
      invalidatesTags: [PLAYER_LISTS, 'AdminAudit', ...NAMED],
    }),
  }),
});

export const {
  useRenamePlayerMutation,
  useSuspendPlayerMutation,
  useUnsuspendPlayerMutation,
  useDeletePlayerMutation,
} = changePlayerApi;
