import type { StatisticEntry } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { api } from '../../../lib/api/base';
import { checkAnswer } from '../../../lib/api/lazy-schema';

export const STATISTICS_OPERATION = 'PlayerStatistics';
export const STATISTICS_QUERY = /* GraphQL */ `query ${STATISTICS_OPERATION}($playerId: UUID) {
  statistics(playerId: $playerId) {
    name
    value
    applicationId
  }
}`;

interface GraphqlAnswer {
  data?: { statistics?: unknown } | null;
  errors?: Array<{ message?: string }>;
}

/**
 * POST /graphql with operation name, variables and query text (spec §7). The API client adds the
 * bearer token when it can get one and sends the call without one otherwise (spec §6).
 */
export const getStatisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<StatisticEntry[], string>({
      // A player's statistics belong to their profile: a stored game refreshes both.
      providesTags: (_result, _error, playerId) => [{ type: 'Profile', id: playerId }],
      async queryFn(playerId, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: 'graphql',
          method: 'POST',
          body: {
            operationName: STATISTICS_OPERATION,
            variables: { playerId },
            query: STATISTICS_QUERY,
          },
        });
        if (result.error) return { error: result.error };
        const answer = result.data as GraphqlAnswer;
        if (answer.errors?.length) {
          const error: ApiFailure = {
            status: 'CUSTOM_ERROR',
            code: 'graphql',
            message: answer.errors.map((e) => e.message ?? 'error').join('; '),
          };
          return { error };
        }
        const statistics = answer.data?.statistics;
        const checked = Array.isArray(statistics)
          ? await checkAnswer((c) => c.statisticEntrySchema.array(), statistics)
          : { issues: [{ message: 'statistics: expected an array' }] };
        if (checked.issues) {
          const message = checked.issues.map((issue) => issue.message).join('; ');
          return { error: { status: 'PARSING_ERROR', message } };
        }
        return { data: checked.value };
      },
    }),
  }),
});
