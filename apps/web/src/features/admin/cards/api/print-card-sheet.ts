import type { PrintFormat } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';
import type { CardBatchRef } from './get-card-batch';

export interface SheetRequest extends CardBatchRef {
  format: PrintFormat;
  /** One page (PNG always prints one; without it page 1); a PDF without it has every page. */
  page?: number;
}

/**
 * POST …/user-cards/batches/{batchId}/sheet?format=pdf|png&page=N: prints the batch's unclaimed
 * cards with new claim secrets, fetched with the operator's bearer token like every call. The file
 * becomes an object URL (a string, so the cache stays serializable); the caller saves it and
 * revokes it. A failure keeps the server's error body. A print changes the batch (secrets,
 * printedAt) and writes the audit log.
 */
export const printCardSheetApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    printCardSheet: build.mutation<string, SheetRequest>({
      query: ({ arcadeId, batchId, format, page }) => ({
        url: `api/admin/arcades/${encodeURIComponent(arcadeId)}/user-cards/batches/${encodeURIComponent(batchId)}/sheet`,
        method: 'POST',
        params: page === undefined ? { format } : { format, page },
        responseHandler: async (response) => {
          if (response.ok) return URL.createObjectURL(await response.blob());
          const type = response.headers.get('content-type') ?? '';
          return type.includes('json') ? ((await response.json()) as unknown) : response.text();
        },
      }),
      invalidatesTags: (_r, _e, { arcadeId }) => [
        { type: 'AdminCardBatches', id: arcadeId },
        'AdminAudit',
      ],
    }),
  }),
});

export const { usePrintCardSheetMutation } = printCardSheetApi;
