import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  leaderboardParamsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
} from '@arcadia/contracts';
import { leaderboard } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/leaderboards/:applicationId', {
    config: { scope: 'public' },
    schema: {
      tags: ['leaderboards'],
      summary: 'A leaderboard page; with a token also the caller’s own entry (me)',
      params: leaderboardParamsSchema,
      querystring: leaderboardQuerySchema,
      response: { 200: leaderboardSchema, ...errors },
    },
    handler: async (request) =>
      leaderboard(db, request.params.applicationId, request.query, request.auth?.sub ?? null),
  });
};
