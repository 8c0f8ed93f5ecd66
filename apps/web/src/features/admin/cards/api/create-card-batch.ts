import {
  cardBatchDetailSchema,
  type CardBatchCreate,
  type CardBatchDetail,
} from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** POST …/user-cards/batches: `count` new unclaimed profiles as one batch (201, the batch). */
export const createCardBatchApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    createCardBatch: build.mutation<CardBatchDetail, { arcadeId: string; batch: CardBatchCreate }>({
      query: ({ arcadeId, batch }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/user-cards/batches`,
        method: 'POST',
        body: batch,
      }),
      responseSchema: cardBatchDetailSchema,
      invalidatesTags: (_r, _e, { arcadeId }) => [
        { type: 'AdminCardBatches', id: arcadeId },
        'AdminAudit',
      ],
    }),
  }),
});

export const { useCreateCardBatchMutation } = createCardBatchApi;
