import { cardBatchesSchema, type CardBatches } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface CardBatchesArgs {
  arcadeId: string;
  /** The `next` of the page before; none for the newest batches. */
  before?: string;
}

/** GET /api/admin/arcades/{arcadeId}/user-cards/batches: newest first, with claimed counts. */
export const getCardBatchesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCardBatches: build.query<CardBatches, CardBatchesArgs>({
      query: ({ arcadeId, before }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/user-cards/batches`,
        params: before ? { before } : undefined,
      }),
      responseSchema: cardBatchesSchema,
      providesTags: (_result, _error, { arcadeId }) => [{ type: 'AdminCardBatches', id: arcadeId }],
    }),
  }),
});

export const { useGetCardBatchesQuery } = getCardBatchesApi;
