import { operatorSchema, type OperatorInfo } from '@arcadia/contracts';
import { adminApi } from '../admin-api';

/** GET /api/admin/me: the signed-in operator's role and arcades; 403 for everyone else. */
export const getOperatorApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getOperator: build.query<OperatorInfo, void>({
      query: () => 'api/admin/me',
      responseSchema: operatorSchema,
      providesTags: ['AdminOperator'],
    }),
  }),
});

export const { useGetOperatorQuery } = getOperatorApi;
