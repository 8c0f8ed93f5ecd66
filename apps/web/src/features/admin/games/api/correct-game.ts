import { adminGameSchema, type AdminGame } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';
import { gamePath, type GameRef } from './get-game';

/**
 * The two corrections of a stored game: void it (`{ reason }`; 409 when voided already) and give
 * a guest's slot to a registered player (`{ userId }`). Both answer the game.
 */
export const correctGameApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    voidGame: build.mutation<AdminGame, GameRef & { reason: string }>({
      query: ({ reason, ...ref }) => ({
        url: `${gamePath(ref)}/void`,
        method: 'POST',
        body: { reason },
      }),
      responseSchema: adminGameSchema,
      invalidatesTags: ['AdminGames', 'AdminAudit'],
    }),
    assignSlot: build.mutation<AdminGame, GameRef & { slotId: number; userId: string }>({
      query: ({ slotId, userId, ...ref }) => ({
        url: `${gamePath(ref)}/slots/${slotId}/assign`,
        method: 'POST',
        body: { userId },
      }),
      responseSchema: adminGameSchema,
      invalidatesTags: ['AdminGames', 'AdminAudit'],
    }),
  }),
});

export const { useVoidGameMutation, useAssignSlotMutation } = correctGameApi;
