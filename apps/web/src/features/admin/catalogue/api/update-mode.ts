import {
  adminModeSchema,
  type AdminMode,
  type GameType,
  type ModeUpdate,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface ModeChange {
  applicationId: string;
  modeId: GameType;
  /** The fields to change, or `retire` / `unretire`. */
  change: ModeUpdate | 'retire' | 'unretire';
}

/**
 * PATCH /api/admin/applications/{applicationId}/modes/{modeId}, or POST …/retire | …/unretire
 * (admins).
 */
export const updateModeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    updateCatalogueMode: build.mutation<AdminMode, ModeChange>({
      query: ({ applicationId, modeId, change }) => {
        const url = `api/admin/applications/${encodeURIComponent(applicationId)}/modes/${modeId}`;
        return typeof change === 'string'
          ? { url: `${url}/${change}`, method: 'POST' }
          : { url, method: 'PATCH', body: change };
      },
      responseSchema: adminModeSchema,
      invalidatesTags: (_r, _e, { applicationId }) => [
        'AdminAudit',
        { type: 'AdminCatalogue', id: 'applications' },
        { type: 'Games', id: applicationId },
      ],
    }),
  }),
});
export const { useUpdateCatalogueModeMutation } = updateModeApi;
