import {
  adminVisitSchema,
  adminVisitsPageSchema,
  type AdminVisit,
  type AdminVisitsPage,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface VisitsArgs {
  arcadeId: string;
  /** YYYY-MM-DD, a Europe/Berlin day. */
  day: string;
  /** The `next` of the previous page. */
  before?: string;
}

const visitsPath = (arcadeId: string) => `api/admin/arcades/${encodeURIComponent(arcadeId)}/visits`;

/**
 * GET /api/admin/arcades/{arcadeId}/visits?day=&before=: one day's visits, newest first;
 * POST the same path `{ userId }`: a player visited now (staff of the arcade, admins).
 */
export const visitsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getArcadeVisits: build.query<AdminVisitsPage, VisitsArgs>({
      query: ({ arcadeId, day, before }) => ({
        url: visitsPath(arcadeId),
        params: before ? { day, before } : { day },
      }),
      responseSchema: adminVisitsPageSchema,
      providesTags: ['AdminVisits'],
    }),
    recordArcadeVisit: build.mutation<AdminVisit, { arcadeId: string; userId: string }>({
      query: ({ arcadeId, userId }) => ({
        url: visitsPath(arcadeId),
        method: 'POST',
        body: { userId },
      }),
      responseSchema: adminVisitSchema,
      invalidatesTags: ['AdminVisits', 'AdminPlayers', 'AdminAudit'],
    }),
  }),
});

export const { useGetArcadeVisitsQuery, useRecordArcadeVisitMutation } = visitsApi;
