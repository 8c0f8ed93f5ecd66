import { z } from 'zod';

/** Statistics summary of spec §3. winrate is a percentage 0..100. */
export const statisticsSummarySchema = z.object({
  gamesPlayed: z.number().int(),
  winrate: z.number(),
  overallKills: z.number().int(),
  overallDeaths: z.number().int(),
  kda: z.number(),
  gamesWon: z.number().int(),
  gamesLost: z.number().int(),
});
export type StatisticsSummary = z.infer<typeof statisticsSummarySchema>;

export const emptyStatistics: StatisticsSummary = {
  gamesPlayed: 0,
  winrate: 0,
  overallKills: 0,
  overallDeaths: 0,
  kda: 0,
  gamesWon: 0,
  gamesLost: 0,
};

/** Statistic entry of the GraphQL statistics query. */
export const statisticEntrySchema = z.object({
  name: z.string(),
  value: z.string(),
  applicationId: z.string(),
});
export type StatisticEntry = z.infer<typeof statisticEntrySchema>;
