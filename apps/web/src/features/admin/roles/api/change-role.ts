import type { z } from 'zod';
import { roleAnswerSchema, type RoleChange } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export type RoleAnswer = z.infer<typeof roleAnswerSchema>;

/**
 * PUT /api/admin/users/{id}/role (admins): staff with the arcades they run, admin, or back to
 * player; 409 `last_admin` when the last admin would lose the role.
 */
export const changeRoleApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    changeRole: build.mutation<RoleAnswer, { userId: string; change: RoleChange }>({
      query: ({ userId, change }) => ({
        url: `api/admin/users/${encodeURIComponent(userId)}/role`,
        method: 'PUT',
        body: change,
      }),
      responseSchema: roleAnswerSchema,
      // The operator's own role may have changed (GET /admin/me), the player's role shows in the
      // players section, and the log has a new entry.
      invalidatesTags: ['AdminOperator', 'AdminAudit', 'AdminPlayers'],
    }),
  }),
});

export const { useChangeRoleMutation } = changeRoleApi;
