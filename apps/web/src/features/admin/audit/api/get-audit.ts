import { auditPageSchema, type AuditPage, type AuditQuery } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** The filters of GET /api/admin/audit as sent (every one optional; `limit` left to the server). */
export type AuditFilters = Partial<Omit<AuditQuery, 'limit'>>;

/** GET /api/admin/audit: newest first; `next` is the `before` of the next (older) page. */
export const getAuditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditPage, AuditFilters>({
      query: (filters) => ({
        url: 'api/admin/audit',
        params: Object.fromEntries(
          Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }),
      responseSchema: auditPageSchema,
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useGetAuditQuery } = getAuditApi;
