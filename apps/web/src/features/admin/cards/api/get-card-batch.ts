import { cardBatchDetailSchema, type CardBatchDetail } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface CardBatchRef {
  arcadeId: string;
  batchId: string;
}

/** GET …/user-cards/batches/{batchId}: the batch and its cards, claimed or not. */
export const getCardBatchApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCardBatch: build.query<CardBatchDetail, CardBatchRef>({
      query: ({ arcadeId, batchId }) =>
        `api/admin/arcades/${encodeURIComponent(arcadeId)}/user-cards/batches/${encodeURIComponent(batchId)}`,
      responseSchema: cardBatchDetailSchema,
      providesTags: (_result, _error, { arcadeId }) => [{ type: 'AdminCardBatches', id: arcadeId }],
    }),
  }),
});

export const { useGetCardBatchQuery } = getCardBatchApi;
